package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.io.CsvTable;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every figure at smoke scale: its PNG, CSV and manifest appear, the CSVs hold sane numbers, the
 * report lists every figure, a second run resumes from the kept trials and reproduces the same bytes.
 */
class FiguresSmokeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void everyFigureRegeneratesAtSmokeScale() throws Exception {
        Path root = tmp.resolve("figures");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        FigureRunner.run(Figures.select("all"), root, Scale.SMOKE, 7, 2, quiet);
        assertThat(Figures.ids()).containsExactly("fig1", "fig2", "fig3", "fig4", "fig5", "fig6", "fig7", "fig8", "fig9");
        for (String id : Figures.ids()) {
            JsonNode m = JSON.readTree(root.resolve(id).resolve("manifest.json").toFile());
            assertThat(m.path("figure").asText()).isEqualTo(id);
            assertThat(m.path("seed").asLong()).isEqualTo(7);
            assertThat(m.path("suiteVersion").asText()).isNotBlank();
            assertThat(m.path("wallSeconds").asDouble()).isPositive();
            for (JsonNode f : m.path("files")) {
                Path file = root.resolve(id).resolve(f.asText());
                assertThat(file).isRegularFile();
                if (f.asText().endsWith(".png")) {
                    BufferedImage img = ImageIO.read(file.toFile());
                    assertThat(img.getWidth()).isGreaterThan(400);
                    assertThat(img.getHeight()).isGreaterThan(300);
                }
                if (f.asText().endsWith(".csv")) {
                    assertSane(CsvTable.read(file), file);
                }
            }
        }
        String report = Files.readString(root.resolve("REPORT.md"));
        for (String id : Figures.ids()) {
            assertThat(report).contains("## " + id + ":");
        }
        assertThat(Files.readString(root.resolve("index.html"))).contains("<img src=\"fig9/fig9.png\"");

        // the log-likelihood of every kept GenRBM trial is a finite, negative number of nats
        CsvTable curve = CsvTable.read(root.resolve("training/genrbm-bgs-lambda2/trial-0.csv"));
        for (double ll : curve.doubles("logLikelihood")) {
            assertThat(ll).isNegative().isGreaterThan(-10 * Math.log(2) - 1e-9);
        }

        // figures 2 and 6 share the GenRBM BGS runs instead of overwriting each other's
        assertThat(root.resolve("training")).isDirectoryNotContaining("glob:**/genrbm-bgs");

        // a second run resumes from the kept trials and writes the same numbers
        byte[] before = Files.readAllBytes(root.resolve("fig6/fig6-trials.csv"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        FigureRunner.run(Figures.select("fig6"), root, Scale.SMOKE, 7, 2,
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("resumed 2 kept trial(s)")
                .doesNotContain("discarding");
        assertThat(Files.readAllBytes(root.resolve("fig6/fig6-trials.csv"))).isEqualTo(before);
    }

    @Test
    void sameSeedGivesIdenticalCsvInAFreshFolder() throws Exception {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        for (String dir : List.of("a", "b")) {
            FigureRunner.run(Figures.select("fig5"), tmp.resolve(dir), Scale.SMOKE, 3, 2, quiet);
        }
        for (String f : List.of("islands.csv", "islands-pca.csv", "pentagon.csv", "pentagon-pca.csv")) {
            assertThat(Files.readAllBytes(tmp.resolve("a/fig5").resolve(f)))
                    .isEqualTo(Files.readAllBytes(tmp.resolve("b/fig5").resolve(f)));
        }
        JsonNode a = JSON.readTree(tmp.resolve("a/fig5/manifest.json").toFile());
        assertThat(a.path("claims")).hasSize(2);
        assertThat(a.path("settings").path("islands").path("columns").asInt()).isEqualTo(25);
        assertThat(a.path("claims").get(0).path("verdict").asText()).isEqualTo("HOLDS");
    }

    private static void assertSane(CsvTable t, Path file) {
        assertThat(t.size()).as(file.toString()).isPositive();
        for (String col : t.header()) {
            List<String> cells = t.strings(col);
            for (String c : cells) {
                if (c.equals("NaN")) {
                    continue;
                }
                try {
                    double v = Double.parseDouble(c);
                    assertThat(v).as(file + " column " + col).isFinite();
                } catch (NumberFormatException e) {
                    assertThat(c).as(file + " column " + col).isNotBlank();
                }
            }
        }
    }
}
