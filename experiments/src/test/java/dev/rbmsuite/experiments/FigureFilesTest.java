package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A figure's images: a PNG and an SVG named after the figure, in a folder created as needed. */
class FigureFilesTest {
    private static final Figure FIGURE = Figure.single(XyPanel.builder().title("t").xLabel("x").yLabel("y")
            .add(Series.line("a", "bgs", new double[] {0, 1, 2}, new double[] {1, 0, 2})).build(), 320, 240);

    @Test
    void writesAReadablePngAndAnSvgIntoANewFolder(@TempDir Path tmp) throws Exception {
        Figure figure = FIGURE;
        Path dir = tmp.resolve("fig0");
        List<String> files = FigureFiles.render(figure, dir, "fig0");
        assertThat(files).containsExactly("fig0.png", "fig0.svg");
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Files.readAllBytes(dir.resolve("fig0.png"))));
        assertThat(png).isNotNull();
        assertThat(png.getWidth()).isPositive();
        assertThat(Files.readString(dir.resolve("fig0.svg"), StandardCharsets.UTF_8)).contains("<svg");
        try (var listing = Files.list(dir)) {
            assertThat(listing.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("fig0.png", "fig0.svg");
        }
    }
}
