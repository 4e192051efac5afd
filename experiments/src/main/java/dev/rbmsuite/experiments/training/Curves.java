package dev.rbmsuite.experiments.training;

import dev.rbmsuite.experiments.Trials;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.core.io.CsvTable;
import java.util.List;

/**
 * Learning curves: means over trials and plot series that skip the epochs where a metric was not
 * computed (NaN). Per-trial summaries are in {@link CurveStats}, the long-format CSV in {@link Run}.
 */
public final class Curves {
    private Curves() {
    }

    /**
     * The mean over trials of one column, row by row (NaN where any trial lacks the value); the same
     * arithmetic as {@link Trials#mean}, to which it delegates.
     *
     * @param trials trial tables with equal epochs
     * @param column column name
     * @return the mean curve
     */
    public static double[] mean(List<CsvTable> trials, String column) {
        return Trials.mean(trials, column);
    }

    /**
     * A line of the mean of one column against epoch, NaN points dropped.
     *
     * @param cfg the configuration (label and colour)
     * @param trials its trials
     * @param column the metric
     * @return the series, or null if the column has no finite value
     */
    public static Series line(RunConfig cfg, List<CsvTable> trials, String column) {
        return line(cfg.label(), cfg.styleKey(), trials.get(0).doubles("epoch"), mean(trials, column));
    }

    /**
     * @param label legend label
     * @param styleKey palette key
     * @param x x values
     * @param y y values (NaN points dropped)
     * @return the series, or null if no point is finite
     */
    public static Series line(String label, String styleKey, double[] x, double[] y) {
        int count = 0;
        for (int k = 0; k < y.length; k++) {
            count += Double.isFinite(y[k]) ? 1 : 0;
        }
        if (count == 0) {
            return null;
        }
        double[] xs = new double[count];
        double[] ys = new double[count];
        int j = 0;
        for (int k = 0; k < y.length; k++) {
            if (Double.isFinite(y[k])) {
                xs[j] = x[k];
                ys[j++] = y[k];
            }
        }
        return Series.line(label, styleKey, xs, ys);
    }
}
