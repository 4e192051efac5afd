package dev.rbmsuite.plots;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An x-y chart: a list of {@link Series} with axis labels and options. Immutable; build with
 * {@link #builder()}.
 *
 * <p>Covers the chart panels of the paper (docs/methods.md section 6): log-likelihood, MAE and lambda2 against
 * epoch (Figs 2, 6, 7), TV distance against step with a percentile band and optional log-x axis (Fig 9),
 * and PCA planes with point clouds and trajectories (Figs 5, 8). Axis labels should carry units, e.g.
 * {@code "log-likelihood (nats per sample)"}.
 *
 * @param title title above the plot area (may be empty)
 * @param xLabel x-axis label
 * @param yLabel y-axis label
 * @param series the curves, drawn in order (later ones on top)
 * @param logX logarithmic x axis (all x must be positive)
 * @param logY logarithmic y axis (all y and band values must be positive)
 * @param xMin fixed lower x limit, or {@code null} for automatic
 * @param xMax fixed upper x limit, or {@code null}
 * @param yMin fixed lower y limit, or {@code null}
 * @param yMax fixed upper y limit, or {@code null}
 * @param legend legend placement
 */
public record XyPanel(String title, String xLabel, String yLabel, List<Series> series, boolean logX, boolean logY,
                      Double xMin, Double xMax, Double yMin, Double yMax, LegendPosition legend) implements Panel {

    /**
     * Validates and freezes the panel.
     *
     * @throws IllegalArgumentException on no series, duplicate series names, inverted ranges, or
     *         non-positive values on a log axis
     */
    public XyPanel {
        title = title == null ? "" : title;
        xLabel = xLabel == null ? "" : xLabel;
        yLabel = yLabel == null ? "" : yLabel;
        Objects.requireNonNull(legend, "legend");
        if (series == null || series.isEmpty()) {
            throw new IllegalArgumentException("panel '" + title + "': needs at least one series");
        }
        series = List.copyOf(series);
        Set<String> names = new HashSet<>();
        for (Series s : series) {
            if (!names.add(s.name())) {
                throw new IllegalArgumentException("panel '" + title + "': duplicate series name '" + s.name() + "'");
            }
        }
        checkRange(title, "x", xMin, xMax);
        checkRange(title, "y", yMin, yMax);
        if (logX) {
            for (Series s : series) {
                requirePositive(title, s, "x", s.x());
            }
            if (xMin != null && xMin <= 0) {
                throw new IllegalArgumentException("panel '" + title + "': log-x axis needs xMin > 0, got " + xMin);
            }
        }
        if (logY) {
            for (Series s : series) {
                requirePositive(title, s, "y", s.y());
                if (s.hasBand()) {
                    requirePositive(title, s, "lower", s.lower());
                }
            }
            if (yMin != null && yMin <= 0) {
                throw new IllegalArgumentException("panel '" + title + "': log-y axis needs yMin > 0, got " + yMin);
            }
        }
    }

    private static void checkRange(String title, String axis, Double min, Double max) {
        if (min != null && !Double.isFinite(min) || max != null && !Double.isFinite(max)) {
            throw new IllegalArgumentException("panel '" + title + "': " + axis + " limits must be finite");
        }
        if (min != null && max != null && !(min < max)) {
            throw new IllegalArgumentException("panel '" + title + "': " + axis + " range [" + min + ", " + max
                    + "] is empty");
        }
    }

    private static void requirePositive(String title, Series s, String what, double[] v) {
        for (int i = 0; i < v.length; i++) {
            if (!(v[i] > 0)) {
                throw new IllegalArgumentException("panel '" + title + "': log axis needs positive values; series '"
                        + s.name() + "' has " + what + "[" + i + "] = " + v[i]);
            }
        }
    }

    /** @return a builder with automatic ranges, linear axes and {@link LegendPosition#AUTO} */
    public static Builder builder() {
        return new Builder();
    }

    /** Mutable builder for {@link XyPanel}. */
    public static final class Builder {
        private String title = "";
        private String xLabel = "";
        private String yLabel = "";
        private final List<Series> series = new ArrayList<>();
        private boolean logX;
        private boolean logY;
        private Double xMin;
        private Double xMax;
        private Double yMin;
        private Double yMax;
        private LegendPosition legend = LegendPosition.AUTO;

        private Builder() {
        }

        /** @param title title above the plot area @return this */
        public Builder title(String title) {
            this.title = title;
            return this;
        }

        /** @param xLabel x-axis label, with units @return this */
        public Builder xLabel(String xLabel) {
            this.xLabel = xLabel;
            return this;
        }

        /** @param yLabel y-axis label, with units @return this */
        public Builder yLabel(String yLabel) {
            this.yLabel = yLabel;
            return this;
        }

        /** @param s a series, drawn after those added before @return this */
        public Builder add(Series s) {
            series.add(Objects.requireNonNull(s, "series"));
            return this;
        }

        /** @param all series to add in order @return this */
        public Builder addAll(List<Series> all) {
            all.forEach(this::add);
            return this;
        }

        /** @param on logarithmic x axis (Fig 9 option) @return this */
        public Builder logX(boolean on) {
            this.logX = on;
            return this;
        }

        /** @param on logarithmic y axis @return this */
        public Builder logY(boolean on) {
            this.logY = on;
            return this;
        }

        /** @param min lower x limit @param max upper x limit @return this */
        public Builder xRange(double min, double max) {
            this.xMin = min;
            this.xMax = max;
            return this;
        }

        /** @param min lower y limit @param max upper y limit @return this */
        public Builder yRange(double min, double max) {
            this.yMin = min;
            this.yMax = max;
            return this;
        }

        /** @param position legend placement @return this */
        public Builder legend(LegendPosition position) {
            this.legend = position;
            return this;
        }

        /**
         * @return the validated panel
         * @throws IllegalArgumentException see {@link XyPanel#XyPanel}
         */
        public XyPanel build() {
            return new XyPanel(title, xLabel, yLabel, series, logX, logY, xMin, xMax, yMin, yMax, legend);
        }
    }
}
