package dev.rbmsuite.plots.render;

import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;

/**
 * Resolves {@link LegendPosition#AUTO}: the legend goes into the inside corner whose neighbourhood covers the
 * fewest data points, so it hides as little data as possible.
 *
 * <p>Lines are densified (ten points per segment) so a steep line crossing a corner counts even where it has
 * few vertices. The corner region is sized from the number of legend entries. Ties go to the first of
 * north-east, north-west, south-east, south-west.
 */
final class LegendPlacer {

    private static final LegendPosition[] ORDER = {
        LegendPosition.NORTH_EAST, LegendPosition.NORTH_WEST, LegendPosition.SOUTH_EAST, LegendPosition.SOUTH_WEST
    };

    private LegendPlacer() {
    }

    /**
     * @param p the panel
     * @param entries number of legend entries
     * @return a concrete corner (never {@code AUTO}; {@code NONE} only if the panel asks for it)
     */
    static LegendPosition resolve(XyPanel p, int entries) {
        if (p.legend() != LegendPosition.AUTO) {
            return p.legend();
        }
        double[] range = range(p);
        double w = 0.42;
        double h = Math.min(0.85, 0.07 + 0.085 * entries);
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
        double fx = frac(p.logX() ? Math.log(x) : x, range[0], range[1]);
        double fy = frac(p.logY() ? Math.log(y) : y, range[2], range[3]);
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

    /** @return {xlo, xhi, ylo, yhi} in axis units (log for log axes) */
    private static double[] range(XyPanel p) {
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
            xlo = Math.log(xlo);
            xhi = Math.log(xhi);
        }
        if (p.logY()) {
            ylo = Math.log(ylo);
            yhi = Math.log(yhi);
        }
        return new double[] {xlo, xhi, ylo, yhi};
    }
}
