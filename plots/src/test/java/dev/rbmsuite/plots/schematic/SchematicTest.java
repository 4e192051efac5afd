package dev.rbmsuite.plots.schematic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rbmsuite.plots.render.Drawing;
import dev.rbmsuite.plots.render.DrawingWriter;

class SchematicTest {

    @TempDir
    Path dir;

    @Test
    void schematicsRenderAtTheirSizeAndAreNotBlank() throws IOException {
        List<Drawing> all = List.of(new RbmSchematic(), new DeepTemperingSchematic(), new RoundTripSchematic(),
                new RoundTripSchematic(0.5));
        int k = 0;
        for (Drawing d : all) {
            Path png = dir.resolve("s" + k++ + ".png");
            Files.write(png, DrawingWriter.png(d));
            BufferedImage img = ImageIO.read(png.toFile());
            assertThat(img.getWidth()).isEqualTo(d.width());
            assertThat(img.getHeight()).isEqualTo(d.height());
            long ink = 0;
            for (int y = 0; y < img.getHeight(); y += 2) {
                for (int x = 0; x < img.getWidth(); x += 2) {
                    if ((img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                        ink++;
                    }
                }
            }
            assertThat(ink).as(d.getClass().getSimpleName()).isGreaterThan(img.getWidth() * img.getHeight() / 400);
        }
        assertThat(new RoundTripSchematic(0.5).width()).isEqualTo(980);
        assertThatThrownBy(() -> new RbmSchematic(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
