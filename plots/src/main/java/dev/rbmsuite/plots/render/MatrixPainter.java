package dev.rbmsuite.plots.render;

import java.util.ArrayList;
import java.util.List;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;

import dev.rbmsuite.plots.MatrixPanel;
import dev.rbmsuite.plots.style.Theme;

/**
 * Paints a {@link MatrixPanel} with Java2D: a black-and-white image of a 0/1 matrix (rows = data points from
 * the top, columns = variables from the left), framed, with 1-based tick labels spaced so they never overlap,
 * axis labels and a title row in the same fonts as the XChart panels (Fig 5(a)/(c)).
 */
public final class MatrixPainter {

    private MatrixPainter() {
    }

    /**
     * Paints the panel into the rectangle {@code (0, 0, width, height)} of {@code g}.
     *
     * @param g target graphics, origin at the panel's top-left corner
     * @param p the matrix panel
     * @param width panel width in pixels
     * @param height panel height in pixels
     * @param t fonts and sizes
     * @param reserveTitleRow keep a title row even without a title (room for a panel letter)
     */
    public static void paint(Graphics2D g, MatrixPanel p, int width, int height, Theme t, boolean reserveTitleRow) {
        int pad = t.px(14);
        int tick = t.px(6);
        Font titleFont = t.panelTitleFont();
        Font axisFont = t.axisTitleFont();
        Font tickFont = t.tickFont();
        FontMetrics tm = g.getFontMetrics(titleFont);
        FontMetrics am = g.getFontMetrics(axisFont);
        FontMetrics km = g.getFontMetrics(tickFont);

        int top = pad;
        if (!p.title().isEmpty() || reserveTitleRow) {
            top += tm.getHeight() + t.px(10);
        }
        String maxRowLabel = Integer.toString(p.rows());
        int left = pad + (p.yLabel().isEmpty() ? 0 : am.getHeight() + t.px(10)) + km.stringWidth(maxRowLabel)
                + t.px(6) + tick;
        int bottom = pad + (p.xLabel().isEmpty() ? 0 : am.getHeight() + t.px(10)) + km.getHeight() + t.px(6) + tick;
        int right = pad + km.stringWidth(Integer.toString(p.cols())) / 2;
        int pw = width - left - right;
        int ph = height - top - bottom;
        if (pw < 1 || ph < 1) {
            throw new IllegalArgumentException("matrix panel '" + p.title() + "': " + width + " x " + height
                    + " pixels is too small");
        }

        g.setColor(Theme.INK);
        if (!p.title().isEmpty()) {
            g.setFont(titleFont);
            g.drawString(p.title(), left + (pw - tm.stringWidth(p.title())) / 2, pad + tm.getAscent());
        }

        // cells on integer pixel boundaries: no seams between neighbours
        g.setColor(Color.WHITE);
        g.fillRect(left, top, pw, ph);
        g.setColor(Color.BLACK);
        for (int i = 0; i < p.rows(); i++) {
            int y0 = top + (int) Math.round((double) i * ph / p.rows());
            int y1 = top + (int) Math.round((double) (i + 1) * ph / p.rows());
            for (int j = 0; j < p.cols(); j++) {
                if (p.get(i, j)) {
                    int x0 = left + (int) Math.round((double) j * pw / p.cols());
                    int x1 = left + (int) Math.round((double) (j + 1) * pw / p.cols());
                    g.fillRect(x0, y0, x1 - x0, y1 - y0);
                }
            }
        }
        g.setColor(Theme.FRAME);
        g.setStroke(new BasicStroke(Math.max(1f, (float) t.scale())));
        g.drawRect(left, top, pw, ph);

        // ticks: 1-based indices at cell centres, step chosen so labels keep a gap
        g.setFont(tickFont);
        g.setColor(Theme.INK);
        double cellW = (double) pw / p.cols();
        int colStep = niceStep(p.cols(), cellW, km.stringWidth(Integer.toString(p.cols())) * 3.0);
        for (int k : ticks(p.cols(), colStep)) {
            int cx = left + (int) Math.round((k - 0.5) * cellW);
            g.setColor(Theme.FRAME);
            g.drawLine(cx, top + ph, cx, top + ph + tick);
            g.setColor(Theme.INK);
            String s = Integer.toString(k);
            g.drawString(s, cx - km.stringWidth(s) / 2, top + ph + tick + t.px(4) + km.getAscent());
        }
        double cellH = (double) ph / p.rows();
        int rowStep = niceStep(p.rows(), cellH, km.getHeight() * 2.0);
        for (int k : ticks(p.rows(), rowStep)) {
            int cy = top + (int) Math.round((k - 0.5) * cellH);
            g.setColor(Theme.FRAME);
            g.drawLine(left - tick, cy, left, cy);
            g.setColor(Theme.INK);
            String s = Integer.toString(k);
            g.drawString(s, left - tick - t.px(4) - km.stringWidth(s), cy + km.getAscent() / 2 - t.px(2));
        }

        g.setFont(axisFont);
        if (!p.xLabel().isEmpty()) {
            g.drawString(p.xLabel(), left + (pw - am.stringWidth(p.xLabel())) / 2, height - pad - am.getDescent());
        }
        if (!p.yLabel().isEmpty()) {
            AffineTransform saved = g.getTransform();
            g.translate(pad + am.getAscent(), top + (ph + am.stringWidth(p.yLabel())) / 2.0);
            g.rotate(-Math.PI / 2);
            g.drawString(p.yLabel(), 0, 0);
            g.setTransform(saved);
        }
    }

    /**
     * The smallest step from 1, 2, 5, 10, 20, 50, ... whose pixel spacing is at least {@code minGap}.
     *
     * @param n number of cells
     * @param cell pixel size of one cell
     * @param minGap smallest pixel distance between labels
     * @return the step
     */
    static int niceStep(int n, double cell, double minGap) {
        int[] mult = {1, 2, 5};
        for (long base = 1; base <= Math.max(1, n); base *= 10) {
            for (int m : mult) {
                long step = base * m;
                if (step * cell >= minGap) {
                    return (int) step;
                }
            }
        }
        return Math.max(1, n);
    }

    /**
     * Tick indices: every {@code step}-th index counted from 1 for steps below 5 (1, 3, 5, ...), otherwise
     * 1 followed by the multiples of the step (1, 5, 10, ...).
     *
     * @param n number of cells
     * @param step label step
     * @return 1-based indices
     */
    static int[] ticks(int n, int step) {
        List<Integer> out = new ArrayList<>();
        if (step < 5) {
            for (int k = 1; k <= n; k += Math.max(1, step)) {
                out.add(k);
            }
        } else {
            out.add(1);
            for (int k = step; k <= n; k += step) {
                out.add(k);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
