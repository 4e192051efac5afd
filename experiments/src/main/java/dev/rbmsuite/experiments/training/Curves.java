package dev.rbmsuite.experiments.training;

import dev.rbmsuite.experiments.Trials;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.core.io.CsvTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Learning curves of several configurations: means over trials, plot series that skip the epochs
 * where a metric was not computed (NaN), summary numbers for the report, and the long-format CSV of
 * every trial.
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

    /**
     * Summary of a mean log-likelihood curve.
     *
     * @param peak the highest value
     * @param peakEpoch where it was reached
     * @param last the final value
     */
    public record Summary(double peak, double peakEpoch, double last) {
        /** @return how far the curve fell from its peak by the end (0 if it ended at its peak) */
        public double drop() {
            return peak - last;
        }
    }

    /**
     * @param trials trials of one configuration
     * @return peak, epoch of the peak and final value of the mean log-likelihood
     */
    public static Summary summary(List<CsvTable> trials) {
        double[] ll = mean(trials, "logLikelihood");
        double[] epochs = trials.get(0).doubles("epoch");
        int best = 0;
        for (int k = 1; k < ll.length; k++) {
            if (ll[k] > ll[best]) {
                best = k;
            }
        }
        return new Summary(ll[best], epochs[best], ll[ll.length - 1]);
    }

    /**
     * Writes every trial of every configuration in long format: config, trial, then the columns.
     *
     * @param runs trials per configuration, in legend order
     * @param file destination
     * @throws IOException on write failure
     */
    public static void writeLong(Map<RunConfig, List<CsvTable>> runs, Path file) throws IOException {
        List<String> metrics = new ArrayList<>();
        for (List<CsvTable> trials : runs.values()) {
            for (String c : trials.get(0).header()) {
                if (!metrics.contains(c)) {
                    metrics.add(c);
                }
            }
        }
        List<String> header = new ArrayList<>(List.of("config", "trial"));
        header.addAll(metrics);
        CsvTable.Builder b = CsvTable.builder(header.toArray(new String[0]));
        for (Map.Entry<RunConfig, List<CsvTable>> e : runs.entrySet()) {
            for (int r = 0; r < e.getValue().size(); r++) {
                CsvTable t = e.getValue().get(r);
                double[][] cols = new double[metrics.size()][];
                for (int c = 0; c < metrics.size(); c++) {
                    cols[c] = t.header().contains(metrics.get(c)) ? t.doubles(metrics.get(c)) : null;
                }
                for (int k = 0; k < t.size(); k++) {
                    Object[] row = new Object[header.size()];
                    row[0] = e.getKey().name();
                    row[1] = r;
                    for (int c = 0; c < metrics.size(); c++) {
                        row[2 + c] = cols[c] == null ? Double.NaN : cols[c][k];
                    }
                    b.row(row);
                }
            }
        }
        b.build().write(file);
    }
}
