package dev.rbmsuite.experiments.schematics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.FigureOutcome;
import dev.rbmsuite.experiments.Scale;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three schematics: ids and titles of the paper's figures 1, 3 and 4, each written as a PNG
 * that is not blank and an SVG, with a plain outcome (no claims, no trials).
 */
class SchematicFigureTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @TempDir
    Path tmp;

    @Test
    void eachSchematicWritesAPngWithInkAndAnSvg() throws Exception {
        for (SchematicFigure f : List.of(SchematicFigure.figure1(), SchematicFigure.figure3(), SchematicFigure.figure4())) {
            Path dir = Files.createDirectories(tmp.resolve(f.id()));
            FigureOutcome o = f.run(new ExperimentContext(f.id(), dir, Scale.SMOKE, 1, 1, QUIET));
            assertThat(o.files()).containsExactly(f.id() + ".png", f.id() + ".svg");
            assertThat(o.claims()).isEmpty();
            assertThat(o.settings()).isEqualTo(Map.of("kind", "schematic"));
            assertThat(o.caption()).startsWith("Figure " + f.id().substring(3) + ". ");
            BufferedImage img = ImageIO.read(dir.resolve(f.id() + ".png").toFile());
            assertThat(img.getWidth()).isGreaterThan(100);
            int dark = 0;
            for (int y = 0; y < img.getHeight(); y += 2) {
                for (int x = 0; x < img.getWidth(); x += 2) {
                    dark += (img.getRGB(x, y) & 0xff) < 128 ? 1 : 0;
                }
            }
            assertThat(dark).as(f.id() + " draws something").isGreaterThan(50);
            assertThat(Files.readString(dir.resolve(f.id() + ".svg"))).contains("<svg");
            assertThat(f.trialGroups(Scale.PAPER)).isEmpty();
        }
    }

    @Test
    void idsAndTitlesAreThePapersFigures() {
        assertThat(SchematicFigure.figure1().id()).isEqualTo("fig1");
        assertThat(SchematicFigure.figure3().id()).isEqualTo("fig3");
        assertThat(SchematicFigure.figure4().id()).isEqualTo("fig4");
        assertThat(SchematicFigure.figure1().title()).isEqualTo("A restricted Boltzmann machine");
        assertThat(SchematicFigure.figure3().title()).contains("deep tempering");
        assertThat(SchematicFigure.figure4().title()).contains("round-trip");
    }
}
