package dev.rbmsuite.experiments.training;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.plots.Series;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The learning curves of one training configuration, one table per trial, named as
 * {@link RunConfig#name()} ("genrbm-dt-L1", "islands-bgs", "genrbm-bgs-lambda2"): the result the
 * learning-curve figures keep, write in long format and read back for {@code rbm report --from}.
 *
 * @param name the configuration's name
 * @param kernel "bgs", "dt" or "roundtrip"
 * @param upperLayers L
 * @param trials the trials' curves (epoch and the monitored columns)
 */
public record Run(String name, String kernel, int upperLayers, List<CsvTable> trials) {
    /**
     * @param cfg a configuration
     * @param trials its curves
     * @return the run
     */
    public static Run of(RunConfig cfg, List<CsvTable> trials) {
        return new Run(cfg.name(), cfg.kernel(), cfg.upperLayers(), trials);
    }

    /**
     * @param name a configuration name as written by {@link RunConfig#name()}
     * @param trials its curves
     * @return the run, kernel and L parsed from the name
     */
    public static Run parse(String name, List<CsvTable> trials) {
        String rest = name.endsWith("-lambda2") ? name.substring(0, name.length() - "-lambda2".length()) : name;
        Matcher m = Pattern.compile("-L(\\d+)$").matcher(rest);
        int l = 0;
        if (m.find()) {
            l = Integer.parseInt(m.group(1));
            rest = rest.substring(0, m.start());
        }
        int dash = rest.indexOf('-');
        String kernel = dash < 0 ? "bgs" : rest.substring(dash + 1);
        return new Run(name, kernel, l, trials);
    }

    /** @return the legend label, for example "BGS" or "proposed (L = 3)" */
    public String label() {
        return RunConfig.label(kernel, upperLayers);
    }

    /** @return the palette key, for example "bgs" or "roundtrip-L3" */
    public String styleKey() {
        return RunConfig.styleKey(kernel, upperLayers);
    }

    /**
     * @param column a metric
     * @return the mean curve's line (NaN points dropped), null if nothing is finite
     */
    public Series line(String column) {
        return Curves.line(label(), styleKey(), trials.get(0).doubles("epoch"), Curves.mean(trials, column));
    }

    /**
     * @param column a metric
     * @return the mean curve's line with the band from the lowest to the highest trial at each
     *     evaluation (epochs where any trial is not finite dropped), null if nothing is finite
     */
    public Series lineWithRange(String column) {
        double[] x = trials.get(0).doubles("epoch");
        double[][] range = range(column);
        int[] keep = IntStream.range(0, x.length).filter(k -> Double.isFinite(range[0][k])).toArray();
        if (keep.length == 0) {
            return null;
        }
        return Series.line(label(), styleKey(), pick(x, keep), pick(range[0], keep))
                .withBand(pick(range[1], keep), pick(range[2], keep));
    }

    /**
     * @param column a metric
     * @return per evaluation: the mean over trials, the lowest and the highest trial
     */
    public double[][] range(String column) {
        int size = trials.get(0).size();
        double[] lo = new double[size];
        double[] hi = new double[size];
        Arrays.fill(lo, Double.POSITIVE_INFINITY);
        Arrays.fill(hi, Double.NEGATIVE_INFINITY);
        for (CsvTable t : trials) {
            double[] y = t.doubles(column);
            for (int k = 0; k < size; k++) {
                lo[k] = Math.min(lo[k], y[k]);
                hi[k] = Math.max(hi[k], y[k]);
            }
        }
        return new double[][] {Curves.mean(trials, column), lo, hi};
    }

    private static double[] pick(double[] a, int[] keep) {
        double[] out = new double[keep.length];
        for (int i = 0; i < keep.length; i++) {
            out[i] = a[keep[i]];
        }
        return out;
    }

    /**
     * @param column a metric
     * @param stat a per-trial summary
     * @return the summary of every trial
     */
    public double[] perTrial(String column, CurveStats.Stat stat) {
        double[] out = new double[trials.size()];
        for (int r = 0; r < out.length; r++) {
            out[r] = stat.of(trials.get(r).doubles("epoch"), trials.get(r).doubles(column));
        }
        return out;
    }

    /**
     * Writes runs in long format: config, trial, then every metric of any run (NaN where a run lacks it).
     *
     * @param runs the runs
     * @param file destination
     * @throws IOException on write failure
     */
    public static void writeLong(List<Run> runs, Path file) throws IOException {
        List<String> metrics = new ArrayList<>();
        for (Run run : runs) {
            for (String c : run.trials().get(0).header()) {
                if (!metrics.contains(c)) {
                    metrics.add(c);
                }
            }
        }
        List<String> header = new ArrayList<>(List.of("config", "trial"));
        header.addAll(metrics);
        CsvTable.Builder b = CsvTable.builder(header.toArray(new String[0]));
        for (Run run : runs) {
            for (int r = 0; r < run.trials().size(); r++) {
                CsvTable t = run.trials().get(r);
                double[][] cols = new double[metrics.size()][];
                for (int c = 0; c < metrics.size(); c++) {
                    cols[c] = t.header().contains(metrics.get(c)) ? t.doubles(metrics.get(c)) : null;
                }
                for (int k = 0; k < t.size(); k++) {
                    Object[] row = new Object[header.size()];
                    row[0] = run.name();
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

    /**
     * Writes the per-trial summaries of the log-likelihood curves: config, trial, the mean over the
     * last quarter of the epochs, the final value, the drop from the peak and the rise over the last
     * tenth ({@link CurveStats}).
     *
     * @param runs the runs
     * @param file destination
     * @throws IOException on write failure
     */
    public static void writeSummary(List<Run> runs, Path file) throws IOException {
        CsvTable.Builder summary = CsvTable.builder("config", "trial", "lastQuarterLogLikelihood", "finalLogLikelihood",
                "drop", "lastTenthRise");
        for (Run run : runs) {
            double[] lq = run.perTrial("logLikelihood", CurveStats.LAST_QUARTER);
            double[] fin = run.perTrial("logLikelihood", CurveStats.FINAL);
            double[] drop = run.perTrial("logLikelihood", CurveStats.DROP_FROM_PEAK);
            double[] rise = run.perTrial("logLikelihood", CurveStats.LAST_TENTH_RISE);
            for (int t = 0; t < lq.length; t++) {
                summary.row(run.name(), t, lq[t], fin[t], drop[t], rise[t]);
            }
        }
        summary.build().write(file);
    }

    /**
     * Writes a learning-curve figure's raw numbers: {@link #writeSummary} and {@link #writeLong}.
     *
     * @param runs the runs
     * @param dir the figure's folder
     * @param longCsv the long-format file's name
     * @param summaryCsv the summary file's name
     * @return the two names, summary first
     * @throws IOException on write failure
     */
    public static List<String> writeAll(List<Run> runs, Path dir, String longCsv, String summaryCsv) throws IOException {
        writeLong(runs, dir.resolve(longCsv));
        writeSummary(runs, dir.resolve(summaryCsv));
        return List.of(summaryCsv, longCsv);
    }

    /**
     * @param manifest a figure's manifest
     * @return its settings by name, as recorded
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> settings(JsonNode manifest) {
        return new ObjectMapper().convertValue(manifest.path("settings"), LinkedHashMap.class);
    }

    /**
     * Reads runs written by {@link #writeLong}.
     *
     * @param file the long-format CSV
     * @return the runs, in file order, trials in trial order
     * @throws IOException on read failure
     */
    public static List<Run> readLong(Path file) throws IOException {
        CsvTable t = CsvTable.read(file);
        // the columns are read by position below: check their names and every cell first, so that a
        // renamed column or a cell that is not a number is the file's error (file and line), not a crash
        if (t.header().size() < 3 || !t.header().get(0).equals("config") || !t.header().get(1).equals("trial")) {
            throw new InputException(file + ": line 1: the header must begin with config,trial and "
                    + "name at least one metric (found " + String.join(",", t.header()) + ")");
        }
        for (String column : t.header().subList(1, t.header().size())) {
            t.doubles(column);
        }
        double[] trial = t.doubles("trial");
        for (int i = 0; i < trial.length; i++) {
            if (Double.isNaN(trial[i])) {
                throw new InputException(file + ": line " + (i + 2) + ", column 'trial': NaN is not a "
                        + "trial number");
            }
        }
        List<String> metrics = t.header().subList(2, t.header().size());
        Map<String, Map<Integer, List<List<String>>>> rows = new LinkedHashMap<>();
        for (List<String> row : t.rows()) {
            rows.computeIfAbsent(row.get(0), k -> new TreeMap<>())
                    .computeIfAbsent((int) Double.parseDouble(row.get(1)), k -> new ArrayList<>()).add(row.subList(2, row.size()));
        }
        List<Run> runs = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, List<List<String>>>> e : rows.entrySet()) {
            List<CsvTable> trials = new ArrayList<>();
            for (List<List<String>> trialRows : e.getValue().values()) {
                CsvTable.Builder b = CsvTable.builder(metrics.toArray(new String[0]));
                for (List<String> r : trialRows) {
                    b.row(r.stream().map(s -> (Object) Double.parseDouble(s)).toArray());
                }
                trials.add(b.build());
            }
            runs.add(parse(e.getKey(), trials));
        }
        return runs;
    }

    /**
     * @param runs runs
     * @param name a configuration name
     * @return the run of that name
     * @throws IllegalArgumentException if there is none
     */
    public static Run named(List<Run> runs, String name) {
        for (Run r : runs) {
            if (r.name().equals(name)) {
                return r;
            }
        }
        throw new IllegalArgumentException("no run named " + name);
    }
}
