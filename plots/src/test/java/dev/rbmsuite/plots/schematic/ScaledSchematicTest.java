package dev.rbmsuite.plots.schematic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;

import org.junit.jupiter.api.Test;

import dev.rbmsuite.plots.render.DrawingWriter;

/** The common frame of the schematics: scale checks, rounded canvas size, drawing in base coordinates. */
class ScaledSchematicTest {

    /** A 101 x 51 schematic with one black square at (10, 10)-(30, 30) in base coordinates. */
    private static final class Probe extends ScaledSchematic {
        double inkScale = Double.NaN;

        Probe(double scale) {
            super(101, 51, scale);
        }

        @Override
        void draw(Ink u) {
            inkScale = u.px(1);
            u.box(10, 10, 20, 20, 0, Color.BLACK, null, 0f);
        }
    }

    @Test
    void theScaleMustLieInZeroToEight() {
        for (double bad : new double[] {0, -0.5, 8.001, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> new Probe(bad)).as("scale %s", bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("scale must be in (0, 8], got " + bad);
        }
        assertThat(new Probe(8).width()).isEqualTo(808);
        // a scale that rounds the canvas to no pixels is refused here, not later by the image encoder
        assertThatThrownBy(() -> new Probe(1e-3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scale 0.001").hasMessageContaining("empty canvas");
        assertThat(new Probe(0.01).width()).isEqualTo(1);
        assertThatThrownBy(() -> new Probe(0.0098)).hasMessageContaining("empty canvas");  // rounds to 1 x 0 pixels
    }

    @Test
    void theCanvasIsTheBaseSizeTimesTheScaleRounded() {
        Probe half = new Probe(0.5);     // 50.5 and 25.5 round up
        assertThat(half.width()).isEqualTo(51);
        assertThat(half.height()).isEqualTo(26);
        Probe one = new Probe(1);
        assertThat(one.width()).isEqualTo(101);
        assertThat(one.height()).isEqualTo(51);
        Probe odd = new Probe(1.3);      // 131.3 and 66.3
        assertThat(odd.width()).isEqualTo(131);
        assertThat(odd.height()).isEqualTo(66);
    }

    @Test
    void drawingHappensInBaseCoordinatesScaledOnce() {
        Probe p = new Probe(2);
        BufferedImage img = DrawingWriter.toImage(p);
        // the Ink works in base units (the graphics carry the scale), so lengths are not scaled twice
        assertThat(p.inkScale).isEqualTo(1.0);
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                boolean inside = x >= 21 && x < 59 && y >= 21 && y < 59;
                boolean outside = x < 19 || x > 61 || y < 19 || y > 61;
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                if (inside) {
                    assertThat(rgb).as("(%d, %d)", x, y).isZero();
                } else if (outside) {
                    assertThat(rgb).as("(%d, %d)", x, y).isEqualTo(0xFFFFFF);
                }
            }
        }
    }

    @Test
    void paintRestoresTheCallersTransform() {
        BufferedImage img = new BufferedImage(300, 300, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.translate(17, 5);
        g.rotate(0.1);
        AffineTransform before = g.getTransform();
        new Probe(3).paint(g);
        assertThat(g.getTransform()).isEqualTo(before);
        g.dispose();
    }
}
