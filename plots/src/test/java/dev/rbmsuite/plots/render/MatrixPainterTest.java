package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

import org.junit.jupiter.api.Test;

import dev.rbmsuite.plots.MatrixPanel;
import dev.rbmsuite.plots.style.Theme;

class MatrixPainterTest {

    @Test
    void tickStepKeepsLabelsApart() {
        assertThat(MatrixPainter.niceStep(25, 30, 20)).isEqualTo(1);
        assertThat(MatrixPainter.niceStep(25, 30, 45)).isEqualTo(2);
        assertThat(MatrixPainter.niceStep(25, 10, 45)).isEqualTo(5);
        assertThat(MatrixPainter.niceStep(100, 4, 45)).isEqualTo(20);
        for (int n : new int[] {7, 25, 100, 999}) {
            for (double cell : new double[] {0.5, 3, 17}) {
                int step = MatrixPainter.niceStep(n, cell, 40);
                assertThat(step * cell >= 40 || step >= n).isTrue();
            }
        }
    }

    @Test
    void ticksAreOneBasedAndInRange() {
        assertThat(MatrixPainter.ticks(25, 5)).containsExactly(1, 5, 10, 15, 20, 25);
        assertThat(MatrixPainter.ticks(9, 2)).containsExactly(1, 3, 5, 7, 9);
        assertThat(MatrixPainter.ticks(3, 1)).containsExactly(1, 2, 3);
        assertThat(MatrixPainter.ticks(100, 20)).containsExactly(1, 20, 40, 60, 80, 100);
    }

    /**
     * Issue 41: figure 5's matrices had no key for their two colours. An all-zero matrix paints no black cell,
     * so every pure black pixel is the key's "1" swatch: one square, in the title row, at the right end over the
     * matrix.
     */
    @Test
    void theTitleRowEndsWithAKeyOfTheTwoColours() {
        int w = 800;
        int h = 600;
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_OFF);
        MatrixPainter.paint(g, MatrixPanel.of("islands samples", "variable i", "data point", new double[4][5]), w, h,
                Theme.PUBLICATION, false);
        g.dispose();
        int minX = w;
        int maxX = -1;
        int maxY = -1;
        int black = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) == 0) {
                    black++;
                    minX = Math.min(minX, x);
                    maxX = Math.max(maxX, x);
                    maxY = Math.max(maxY, y);
                }
            }
        }
        assertThat(black).isBetween(100, 400);
        assertThat(minX).isGreaterThan(w / 2);
        assertThat(maxX - minX).isLessThan(30);
        assertThat(maxY).isLessThan(60);
    }
}
