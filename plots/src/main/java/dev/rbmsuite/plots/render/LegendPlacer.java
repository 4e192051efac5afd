package dev.rbmsuite.plots.render;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.util.List;

import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.plots.style.Theme;

/**
 * Resolves {@link LegendPosition#AUTO}: the legend goes into the inside corner whose neighbourhood covers the
 * fewest data points, so it hides as little data as possible.
 *
 * <p>Lines are densified (ten points per segment) so a steep line crossing a corner counts even where it has
 * few vertices. A point of a line or trajectory weighs three times a scatter point; a point of a band's lower or
 * upper edge (densified too) weighs once, like a scatter point, since the translucent band hides less than a
 * curve. The corner region is the estimated legend box ({@link #legendFraction}). Ties go to the first of
 * north-east, north-west, south-east, south-west.
 */
final class LegendPlacer {

    private static final LegendPosition[] ORDER = {
        LegendPosition.NORTH_EAST, LegendPosition.NORTH_WEST, LegendPosition.SOUTH_EAST, LegendPosition.SOUTH_WEST
    };

    private LegendPlacer() {
    }

    /**
     * Picks the corner.
     *
     * @param p the panel
     * @param labels the legend labels
     * @param width chart width in pixels
     * @param height chart height in pixels
     * @param t the chart's theme (fonts and paddings)
     * @return a concrete corner (never {@code AUTO}; {@code NONE} only if the panel asks for it)
     */
    static LegendPosition resolve(XyPanel p, List<String> labels, int width, int height, Theme t) {
        if (p.legend() != LegendPosition.AUTO) {
            return p.legend();
        }
        double[] frac = legendFraction(labels, width, height, t);
        double w = frac[0];
        double h = frac[1];
        double[] range = range(p);
        int[] counts = new int[4];
        for (Series s : p.series()) {
            double[] x = s.x();
            double[] y = s.y();
            int weight = s.kind() == Series.Kind.SCATTER ? 1 : 3;
            visit(p, x, y, s.kind() != Series.Kind.SCATTER, range, w, h, counts, weight);
            if (s.hasBand()) {
                visit(p, x, s.lower(), true, range, w, h, counts, 1);
                visit(p, x, s.upper(), true, range, w, h, counts, 1);
            }
        }
        int best = 0;
        for (int k = 1; k < 4; k++) {
            if (counts[k] < counts[best]) {
                best = k;
            }
        }
        return ORDER[best];
    }

    /**
     * Estimates the legend box as a fraction of the data range, with a small margin: XChart's legend is
     * padding + line sample + padding + widest label + padding wide and one text line plus padding per entry
     * tall; the plot area is the chart minus axis labels and paddings; data fill the middle 92 % of the plot
     * area (XChart's default plot content size).
     *
     * @return {width fraction, height fraction}
     */
    static double[] legendFraction(List<String> labels, int width, int height, Theme t) {
        FontRenderContext frc = new FontRenderContext(null, true, true);
        Font f = t.legendFont();
        double text = 0;
        for (String l : labels) {
            text = Math.max(text, f.getStringBounds(l, frc).getWidth());
        }
        double lineH = f.getLineMetrics("Ag", frc).getHeight();
        double pad = t.px(8);
        double legendW = 3 * pad + t.px(40) + text + t.px(16);
        double legendH = pad + labels.size() * (lineH + pad) + t.px(16);
        double plotW = Math.max(1, width - t.px(150));
        double plotH = Math.max(1, height - t.px(170));
        double fw = Math.min(1, (legendW / plotW - 0.04) / 0.92);
        double fh = Math.min(1, (legendH / plotH - 0.04) / 0.92);
        return new double[] {Math.max(0.05, fw), Math.max(0.05, fh)};
    }

    private static void visit(XyPanel p, double[] x, double[] y, boolean connected, double[] range, double w,
                              double h, int[] counts, int weight) {
        for (int i = 0; i < x.length; i++) {
            count(p, x[i], y[i], range, w, h, counts, weight);
            if (connected && i + 1 < x.length) {
                for (int k = 1; k < 10; k++) {
                    double t = k / 10.0;
                    count(p, x[i] + t * (x[i + 1] - x[i]), y[i] + t * (y[i + 1] - y[i]), range, w, h, counts, weight);
                }
            }
        }
    }

    private static void count(XyPanel p, double x, double y, double[] range, double w, double h, int[] counts,
                              int weight) {
        double fx = frac(p.logX() ? StrictMath.log(x) : x, range[0], range[1]);
        double fy = frac(p.logY() ? StrictMath.log(y) : y, range[2], range[3]);
        boolean east = fx >= 1 - w;
        boolean west = fx <= w;
        boolean north = fy >= 1 - h;
        boolean south = fy <= h;
        if (north && east) {
            counts[0] += weight;
        }
        if (north && west) {
            counts[1] += weight;
        }
        if (south && east) {
            counts[2] += weight;
        }
        if (south && west) {
            counts[3] += weight;
        }
    }

    private static double frac(double v, double lo, double hi) {
        return hi > lo ? (v - lo) / (hi - lo) : 0.5;
    }

    /**
     * @param p a panel
     * @return {xlo, xhi, ylo, yhi} in axis units (log for log axes): the fixed limits where set, else the
     *     data's extent, bands included
     */
    static double[] range(XyPanel p) {
        double xlo = Double.POSITIVE_INFINITY;
        double xhi = Double.NEGATIVE_INFINITY;
        double ylo = Double.POSITIVE_INFINITY;
        double yhi = Double.NEGATIVE_INFINITY;
        for (Series s : p.series()) {
            for (double v : s.x()) {
                xlo = Math.min(xlo, v);
                xhi = Math.max(xhi, v);
            }
            for (double v : s.y()) {
                ylo = Math.min(ylo, v);
                yhi = Math.max(yhi, v);
            }
            if (s.hasBand()) {
                for (double v : s.lower()) {
                    ylo = Math.min(ylo, v);
                }
                for (double v : s.upper()) {
                    yhi = Math.max(yhi, v);
                }
            }
        }
        if (p.xMin() != null) {
            xlo = p.xMin();
        }
        if (p.xMax() != null) {
            xhi = p.xMax();
        }
        if (p.yMin() != null) {
            ylo = p.yMin();
        }
        if (p.yMax() != null) {
            yhi = p.yMax();
        }
        if (p.logX()) {
            xlo = StrictMath.log(xlo);
            xhi = StrictMath.log(xhi);
        }
        if (p.logY()) {
            ylo = StrictMath.log(ylo);
            yhi = StrictMath.log(yhi);
        }
        return new double[] {xlo, xhi, ylo, yhi};
    }
}
