package dev.rbmsuite.plots;

import java.util.Arrays;
import java.util.Objects;

/**
 * One named numeric curve of an {@link XyPanel}: x and y values, an optional shaded band, and a style key.
 *
 * <p>Immutable: the arrays are copied on the way in and on the way out. The <em>style key</em> (for
 * example {@code "bgs"}, {@code "dt-L2"}, {@code "roundtrip"}, {@code "rao-blackwell"}) picks colour, dash and
 * marker from {@link dev.rbmsuite.plots.style.Palette}, so every figure draws the same kernel in the same
 * colour (issue 7: "consistent colours per kernel across all figures"). The {@link #name() name} is the
 * legend label.
 *
 * <p>The three {@link Kind kinds} cover the curves of the paper (docs/methods.md section 6): lines against epoch or
 * step (Figs 2, 6, 7, 9; a line may carry a 10th-90th percentile band, Fig 9), scatter clouds (the PCA
 * projections of the data in Figs 5 and 8) and trajectories (a connected path with start and end markers,
 * Fig 8).
 *
 * <p>All values must be finite; {@code x} and {@code y} (and the band arrays) must have the same, non-zero
 * length. Violations throw {@link IllegalArgumentException} naming the series and the offending index.
 */
public final class Series {

    /** How a series is drawn. */
    public enum Kind {
        /** A connected line without markers; may carry a shaded band. */
        LINE,
        /** Unconnected markers only (a point cloud). */
        SCATTER,
        /** A connected line with a start marker (circle) and an end marker (square). */
        TRAJECTORY
    }

    private final String name;
    private final String styleKey;
    private final Kind kind;
    private final double[] x;
    private final double[] y;
    private final double[] lower;
    private final double[] upper;
    private final boolean inLegend;

    private Series(String name, String styleKey, Kind kind, double[] x, double[] y, double[] lower,
                   double[] upper, boolean inLegend) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("series name must not be blank");
        }
        if (styleKey == null || styleKey.isBlank()) {
            throw new IllegalArgumentException("series '" + name + "': style key must not be blank");
        }
        Objects.requireNonNull(kind, "kind");
        if (x == null || y == null) {
            throw new IllegalArgumentException("series '" + name + "': x and y must not be null");
        }
        if (x.length == 0) {
            throw new IllegalArgumentException("series '" + name + "': empty series (no points)");
        }
        if (x.length != y.length) {
            throw new IllegalArgumentException("series '" + name + "': x has " + x.length
                    + " values but y has " + y.length);
        }
        requireFinite(name, "x", x);
        requireFinite(name, "y", y);
        if ((lower == null) != (upper == null)) {
            throw new IllegalArgumentException("series '" + name + "': a band needs both lower and upper");
        }
        if (lower != null) {
            if (kind != Kind.LINE) {
                throw new IllegalArgumentException("series '" + name + "': only LINE series can carry a band");
            }
            if (lower.length != x.length || upper.length != x.length) {
                throw new IllegalArgumentException("series '" + name + "': band has " + lower.length + " lower and "
                        + upper.length + " upper values but x has " + x.length);
            }
            requireFinite(name, "lower", lower);
            requireFinite(name, "upper", upper);
            for (int i = 0; i < lower.length; i++) {
                if (lower[i] > upper[i]) {
                    throw new IllegalArgumentException("series '" + name + "': band lower[" + i + "] = " + lower[i]
                            + " exceeds upper[" + i + "] = " + upper[i]);
                }
            }
        }
        this.name = name;
        this.styleKey = styleKey;
        this.kind = kind;
        this.x = x.clone();
        this.y = y.clone();
        this.lower = lower == null ? null : lower.clone();
        this.upper = upper == null ? null : upper.clone();
        this.inLegend = inLegend;
    }

    private static void requireFinite(String series, String what, double[] values) {
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("series '" + series + "': " + what + "[" + i + "] = " + values[i]
                        + " is not finite");
            }
        }
    }

    /**
     * A line (for example a log-likelihood or MAE curve against epoch).
     *
     * @param name legend label
     * @param styleKey palette key such as {@code "bgs"} or {@code "dt-L2"}
     * @param x abscissae (epoch, step, ...)
     * @param y ordinates, same length as {@code x}
     * @return the series
     * @throws IllegalArgumentException on empty, mismatched or non-finite input
     */
    public static Series line(String name, String styleKey, double[] x, double[] y) {
        return new Series(name, styleKey, Kind.LINE, x, y, null, null, true);
    }

    /**
     * A point cloud (for example the PCA projection of a data set, style key {@code "data"}).
     *
     * @param name legend label
     * @param styleKey palette key
     * @param x first coordinates
     * @param y second coordinates, same length as {@code x}
     * @return the series
     * @throws IllegalArgumentException on empty, mismatched or non-finite input
     */
    public static Series scatter(String name, String styleKey, double[] x, double[] y) {
        return new Series(name, styleKey, Kind.SCATTER, x, y, null, null, true);
    }

    /**
     * A trajectory in a plane: the points joined in order, with a circle at the start and a square at the end
     * (Fig 8: 100 steps of a chain in the PCA plane).
     *
     * @param name legend label
     * @param styleKey palette key (the kernel)
     * @param x first coordinates in visiting order
     * @param y second coordinates, same length as {@code x}
     * @return the series
     * @throws IllegalArgumentException on empty, mismatched or non-finite input
     */
    public static Series trajectory(String name, String styleKey, double[] x, double[] y) {
        return new Series(name, styleKey, Kind.TRAJECTORY, x, y, null, null, true);
    }

    /**
     * This line with a shaded band between {@code lower} and {@code upper} (Fig 9: the 10th-90th percentile
     * range around the median). The band is drawn translucent, under the line, in the line's colour.
     *
     * @param lower lower edge, one value per x, each at most the matching {@code upper}
     * @param upper upper edge
     * @return a new series
     * @throws IllegalArgumentException if this is not a LINE series or the band does not match x
     */
    public Series withBand(double[] lower, double[] upper) {
        if (lower == null || upper == null) {
            throw new IllegalArgumentException("series '" + name + "': band arrays must not be null");
        }
        return new Series(name, styleKey, kind, x, y, lower, upper, inLegend);
    }

    /**
     * This series without a legend entry (for example a light-grey data cloud behind trajectories).
     *
     * @return a new series
     */
    public Series hiddenFromLegend() {
        return new Series(name, styleKey, kind, x, y, lower, upper, false);
    }

    /** @return the legend label */
    public String name() {
        return name;
    }

    /** @return the palette key */
    public String styleKey() {
        return styleKey;
    }

    /** @return how the series is drawn */
    public Kind kind() {
        return kind;
    }

    /** @return the number of points */
    public int size() {
        return x.length;
    }

    /** @return a copy of the x values */
    public double[] x() {
        return x.clone();
    }

    /** @return a copy of the y values */
    public double[] y() {
        return y.clone();
    }

    /** @return whether a band is attached */
    public boolean hasBand() {
        return lower != null;
    }

    /** @return a copy of the lower band edge, or {@code null} without a band */
    public double[] lower() {
        return lower == null ? null : lower.clone();
    }

    /** @return a copy of the upper band edge, or {@code null} without a band */
    public double[] upper() {
        return upper == null ? null : upper.clone();
    }

    /** @return whether the series has a legend entry */
    public boolean inLegend() {
        return inLegend;
    }

    /** @return the smallest x */
    public double xMin() {
        return Arrays.stream(x).min().orElseThrow();
    }

    /** @return the largest x */
    public double xMax() {
        return Arrays.stream(x).max().orElseThrow();
    }

    @Override
    public String toString() {
        return "Series[" + name + ", " + styleKey + ", " + kind + ", " + x.length + " points"
                + (lower != null ? ", band" : "") + "]";
    }
}
