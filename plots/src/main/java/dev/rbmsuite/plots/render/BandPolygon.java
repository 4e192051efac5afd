package dev.rbmsuite.plots.render;

/**
 * The closed outline of a shaded band between two curves, as XChart's {@code PolygonArea} series expects it
 * (TOOLCHAIN.md, XChart section): the upper curve forward (x ascending in input order), then the lower curve
 * backward, so the path walks once around the band without crossing itself.
 *
 * <p>Used for the 10th-90th percentile bands of Fig 9 (docs/methods.md section 6).
 *
 * @param x the outline's x coordinates, {@code 2n} values
 * @param y the outline's y coordinates, {@code 2n} values
 */
public record BandPolygon(double[] x, double[] y) {

    /**
     * Builds the outline: {@code (x[0],upper[0]) .. (x[n-1],upper[n-1]), (x[n-1],lower[n-1]) .. (x[0],lower[0])}.
     *
     * @param x abscissae, {@code n >= 1} values
     * @param lower lower curve, {@code n} values
     * @param upper upper curve, {@code n} values
     * @return the outline with {@code 2n} vertices
     * @throws IllegalArgumentException on empty input or mismatched lengths
     */
    public static BandPolygon of(double[] x, double[] lower, double[] upper) {
        int n = x.length;
        if (n == 0) {
            throw new IllegalArgumentException("band: empty x");
        }
        if (lower.length != n || upper.length != n) {
            throw new IllegalArgumentException("band: x has " + n + " values, lower " + lower.length + ", upper "
                    + upper.length);
        }
        double[] px = new double[2 * n];
        double[] py = new double[2 * n];
        for (int i = 0; i < n; i++) {
            px[i] = x[i];
            py[i] = upper[i];
            px[2 * n - 1 - i] = x[i];
            py[2 * n - 1 - i] = lower[i];
        }
        return new BandPolygon(px, py);
    }

    /** Copies the arrays so the outline is immutable. */
    public BandPolygon {
        if (x.length != y.length) {
            throw new IllegalArgumentException("band: " + x.length + " x but " + y.length + " y vertices");
        }
        x = x.clone();
        y = y.clone();
    }

    /** @return a copy of the vertices' x coordinates */
    @Override
    public double[] x() {
        return x.clone();
    }

    /** @return a copy of the vertices' y coordinates */
    @Override
    public double[] y() {
        return y.clone();
    }

    /** @return the number of vertices ({@code 2n}) */
    public int size() {
        return x.length;
    }
}
