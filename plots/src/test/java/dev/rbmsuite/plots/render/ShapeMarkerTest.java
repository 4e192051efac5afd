package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

import org.junit.jupiter.api.Test;

import dev.rbmsuite.plots.style.MarkerShape;

/** Marker outlines (centre, extent, orientation) and painting (fill, edge, own size, colour restored). */
class ShapeMarkerTest {

    private static final double EPS = 1e-9;

    @Test
    void noneHasNoOutline() {
        assertThat(ShapeMarker.shape(MarkerShape.NONE, 5, 5, 10)).isNull();
    }

    @Test
    void everyShapeIsCentredAndAsWideAsItsSize() {
        double cx = 40;
        double cy = 30;
        double size = 12;
        for (MarkerShape m : MarkerShape.values()) {
            if (m == MarkerShape.NONE) {
                continue;
            }
            Shape s = ShapeMarker.shape(m, cx, cy, size);
            Rectangle2D b = s.getBounds2D();
            assertThat(s.contains(cx, cy)).as(m.name()).isTrue();
            assertThat(b.getCenterX()).as(m.name()).isCloseTo(cx, within(EPS));
            double expectedWidth = m == MarkerShape.SQUARE ? 0.9 * size : size;
            assertThat(b.getWidth()).as(m.name()).isCloseTo(expectedWidth, within(EPS));
        }
        Rectangle2D circle = ShapeMarker.shape(MarkerShape.CIRCLE, cx, cy, size).getBounds2D();
        assertThat(circle.getHeight()).isCloseTo(size, within(EPS));
        assertThat(circle.getCenterY()).isCloseTo(cy, within(EPS));
        Rectangle2D diamond = ShapeMarker.shape(MarkerShape.DIAMOND, cx, cy, size).getBounds2D();
        assertThat(diamond.getMinY()).isCloseTo(cy - 6, within(EPS));
        assertThat(diamond.getMaxY()).isCloseTo(cy + 6, within(EPS));
        // a diamond does not hold the corners of its bounding box; a square does
        assertThat(ShapeMarker.shape(MarkerShape.DIAMOND, cx, cy, size).contains(cx + 5, cy + 5)).isFalse();
        assertThat(ShapeMarker.shape(MarkerShape.SQUARE, cx, cy, size).contains(cx + 5, cy + 5)).isTrue();
    }

    @Test
    void trianglesPointUpAndDownOnScreen() {
        double cx = 0;
        double cy = 0;
        double r = 10;
        Shape up = ShapeMarker.shape(MarkerShape.TRIANGLE_UP, cx, cy, 2 * r);
        Shape down = ShapeMarker.shape(MarkerShape.TRIANGLE_DOWN, cx, cy, 2 * r);
        // screen y grows downwards: an upward triangle has its apex at cy - r and its base at cy + 0.8 r
        assertThat(up.getBounds2D().getMinY()).isCloseTo(cy - r, within(EPS));
        assertThat(up.getBounds2D().getMaxY()).isCloseTo(cy + 0.8 * r, within(EPS));
        assertThat(up.contains(cx + 0.8 * r, cy + 0.7 * r)).isTrue();    // wide near the base
        assertThat(up.contains(cx + 0.8 * r, cy - 0.7 * r)).isFalse();   // narrow near the apex
        assertThat(down.getBounds2D().getMinY()).isCloseTo(cy - 0.8 * r, within(EPS));
        assertThat(down.getBounds2D().getMaxY()).isCloseTo(cy + r, within(EPS));
        assertThat(down.contains(cx + 0.8 * r, cy - 0.7 * r)).isTrue();
        assertThat(down.contains(cx + 0.8 * r, cy + 0.7 * r)).isFalse();
    }

    private static BufferedImage paint(ShapeMarker m, int chartSize) {
        BufferedImage img = new BufferedImage(60, 60, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 60, 60);
        g.setColor(Color.MAGENTA);
        m.paint(g, 30, 30, chartSize);
        assertThat(g.getColor()).isEqualTo(Color.MAGENTA);
        g.dispose();
        return img;
    }

    @Test
    void paintFillsWithItsOwnSizeAndDrawsTheEdge() {
        Color fill = new Color(0x0072B2);
        BufferedImage small = paint(new ShapeMarker(MarkerShape.SQUARE, 20, fill, null, 0f), 4);
        BufferedImage big = paint(new ShapeMarker(MarkerShape.SQUARE, 20, fill, null, 0f), 40);
        // the chart's marker size is ignored: both paint the same 18 x 18 square (0.9 x 20) around (30, 30)
        for (int y = 0; y < 60; y++) {
            for (int x = 0; x < 60; x++) {
                assertThat(small.getRGB(x, y)).isEqualTo(big.getRGB(x, y));
                boolean inside = x >= 22 && x < 38 && y >= 22 && y < 38;
                boolean outside = x < 20 || x > 40 || y < 20 || y > 40;
                if (inside) {
                    assertThat(small.getRGB(x, y) & 0xFFFFFF).isEqualTo(fill.getRGB() & 0xFFFFFF);
                } else if (outside) {
                    assertThat(small.getRGB(x, y) & 0xFFFFFF).isEqualTo(0xFFFFFF);
                }
            }
        }
        BufferedImage edged = paint(new ShapeMarker(MarkerShape.SQUARE, 20, fill, Color.BLACK, 3f), 4);
        assertThat(edged.getRGB(21, 30) & 0xFFFFFF).isEqualTo(0);     // on the left edge at x = 21
        assertThat(edged.getRGB(30, 30) & 0xFFFFFF).isEqualTo(fill.getRGB() & 0xFFFFFF);
        BufferedImage none = paint(new ShapeMarker(MarkerShape.NONE, 20, fill, Color.BLACK, 3f), 4);
        for (int y = 0; y < 60; y++) {
            for (int x = 0; x < 60; x++) {
                assertThat(none.getRGB(x, y) & 0xFFFFFF).isEqualTo(0xFFFFFF);
            }
        }
    }
}
