package dev.rbmsuite.experiments.replication;

import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendEntry;
import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The replication's figures (issue 36, item 5): each paper figure's panels with one curve per seed,
 * so that the spread between seeds (trained models) shows beside the effects: mean learning curves
 * (figures 2, 6, 7), median TV curves (figure 9) and the per-start means of figure 8's statistics
 * against the seed. Read from the seeds' raw CSVs only.
 */
final class ReplicationFigures {
    private static final String FIG6 = "replication-fig6";
    private static final String FIG7 = "replication-fig7";
    private static final String FIG9 = "replication-fig9";
    private static final String FIG8 = "replication-fig8";
    /** The names of the figures {@link #all} may draw, without extension, in its order. */
    static final List<String> NAMES = List.of(FIG6, FIG7, FIG9, FIG8);
    private static final int WIDTH = 1500;
    private static final Pattern DEPTH = Pattern.compile("L(\\d)");

    private ReplicationFigures() {
    }

    /**
     * @param seeds each seed's label and figures folder
     * @return the figures by file name (without extension), in order; a figure no seed has is left out
     * @throws IOException on read failure
     */
    static Map<String, Figure> all(Map<String, Path> seeds) throws IOException {
        Map<String, Figure> out = new LinkedHashMap<>();
        learning(seeds, "fig6", "fig6-trials.csv", "mean log-likelihood per seed, GenRBM").ifPresent(f ->
                out.put(FIG6, f));
        learning(seeds, "fig7", "fig7-trials.csv", "mean log-likelihood per seed").ifPresent(f ->
                out.put(FIG7, f));
        Figure f9 = tv(seeds);
        if (f9 != null) {
            out.put(FIG9, f9);
        }
        Figure f8 = chains(seeds);
        if (f8 != null) {
            out.put(FIG8, f8);
        }
        return out;
    }

    /** Mean curves per configuration: one panel per data set or depth (the part of the config before the kernel). */
    private static Optional<Figure> learning(Map<String, Path> seeds, String fig, String csv, String title)
            throws IOException {
        Map<String, Map<String, List<Series>>> panels = new TreeMap<>();
        for (Map.Entry<String, Path> s : seeds.entrySet()) {
            Path file = s.getValue().resolve(fig).resolve(csv);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            CsvTable t = CsvTable.read(file);
            Map<String, TreeMap<Double, double[]>> sums = new LinkedHashMap<>();
            String[] config = t.strings("config").toArray(new String[0]);
            double[] epoch = t.doubles("epoch");
            double[] ll = t.doubles("logLikelihood");
            for (int i = 0; i < config.length; i++) {
                if (Double.isFinite(ll[i])) {
                    double[] acc = sums.computeIfAbsent(config[i], k -> new TreeMap<>())
                            .computeIfAbsent(epoch[i], k -> new double[2]);
                    acc[0] += ll[i];
                    acc[1]++;
                }
            }
            sums.forEach((c, byEpoch) -> {
                String kernel = kernel(c);
                double[] x = byEpoch.keySet().stream().mapToDouble(Double::doubleValue).toArray();
                double[] y = byEpoch.values().stream().mapToDouble(a -> a[0] / a[1]).toArray();
                for (String panel : panels(fig, c, kernel)) {
                    panels.computeIfAbsent(panel, k -> new LinkedHashMap<>()).computeIfAbsent(c, k -> new ArrayList<>())
                            .add(Series.line(BestModels.label(kernel) + ", " + s.getKey(), kernel, x, y));
                }
            });
        }
        if (panels.isEmpty()) {
            return Optional.empty();
        }
        Figure.Builder fb = Figure.grid((panels.size() + 2) / 3, Math.min(3, panels.size())).size(WIDTH,
                400 * ((panels.size() + 2) / 3)).title(fig + " over seeds: " + title);
        panels.forEach((p, byConfig) -> {
            XyPanel.Builder b = XyPanel.builder().title(p).xLabel("epoch").yLabel("log-likelihood")
                    .legend(LegendPosition.NONE);
            byConfig.values().forEach(b::addAll);
            fb.panel(b.build());
        });
        fb.sharedLegend(legend());
        return Optional.of(fb.build());
    }

    private static Figure tv(Map<String, Path> seeds) throws IOException {
        Map<String, XyPanel.Builder> panels = new LinkedHashMap<>();
        for (Map.Entry<String, Path> s : seeds.entrySet()) {
            Path file = s.getValue().resolve("fig9").resolve("fig9-tv.csv");
            if (!Files.isRegularFile(file)) {
                continue;
            }
            CsvTable t = CsvTable.read(file);
            List<String> dataset = t.strings("dataset");
            List<String> kernel = t.strings("kernel");
            double[] step = t.doubles("step");
            double[] median = t.doubles("median");
            Map<String, List<double[]>> curves = new LinkedHashMap<>();
            for (int i = 0; i < step.length; i++) {
                if (step[i] >= 1) {
                    curves.computeIfAbsent(dataset.get(i) + "|" + kernel.get(i), k -> new ArrayList<>())
                            .add(new double[] {step[i], median[i]});
                }
            }
            curves.forEach((key, pts) -> {
                String d = key.split("\\|")[0];
                String k = key.split("\\|")[1];
                panels.computeIfAbsent(d, x -> XyPanel.builder().title(d).xLabel("step").yLabel("median TV").logX(true)
                                .legend(LegendPosition.NONE))
                        .add(Series.line(BestModels.label(k) + ", " + s.getKey(), k,
                                pts.stream().mapToDouble(p -> p[0]).toArray(), pts.stream().mapToDouble(p -> p[1]).toArray()));
            });
        }
        if (panels.isEmpty()) {
            return null;
        }
        Figure.Builder fb = Figure.grid(2, 2).size(WIDTH, 900).title("fig9 over seeds: the median TV curve of each seed (one line per seed and kernel)");
        panels.values().forEach(b -> fb.panel(b.build()));
        fb.sharedLegend(legend());
        return fb.build();
    }

    private static Figure chains(Map<String, Path> seeds) throws IOException {
        // per data set and kernel, the mean over starts of moves (clustered sets) or distinct states, per seed
        Map<String, double[]> byPanel = new LinkedHashMap<>();
        List<String> labels = new ArrayList<>(seeds.keySet());
        for (int si = 0; si < labels.size(); si++) {
            Path file = seeds.get(labels.get(si)).resolve("fig8").resolve("fig8-chains.csv");
            if (!Files.isRegularFile(file)) {
                continue;
            }
            CsvTable t = CsvTable.read(file);
            List<String> dataset = t.strings("dataset");
            List<String> kernel = t.strings("kernel");
            double[] moves = t.doubles("moves");
            double[] distinct = t.doubles("distinctStates");
            Map<String, double[]> sums = new LinkedHashMap<>();
            for (int i = 0; i < moves.length; i++) {
                boolean clustered = Double.isFinite(moves[i]);
                String key = dataset.get(i) + (clustered ? ": moves between clusters in 100 steps"
                        : ": distinct states in 100 steps") + "|" + kernel.get(i);
                double[] acc = sums.computeIfAbsent(key, k -> new double[2]);
                acc[0] += clustered ? moves[i] : distinct[i];
                acc[1]++;
            }
            final int seedIndex = si;
            sums.forEach((key, acc) -> byPanel.computeIfAbsent(key, k -> new double[labels.size()])[seedIndex] =
                    acc[0] / acc[1]);
        }
        if (byPanel.isEmpty()) {
            return null;
        }
        Map<String, XyPanel.Builder> panels = new LinkedHashMap<>();
        double[] x = new double[labels.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = i + 1;
        }
        byPanel.forEach((key, y) -> {
            String p = key.split("\\|")[0];
            String k = key.split("\\|")[1];
            panels.computeIfAbsent(p, t -> XyPanel.builder().title(p).xLabel("seed (" + String.join(", ", labels)
                    + ")").yLabel("mean over starts").legend(LegendPosition.NONE)).add(Series.line(BestModels.label(k), k, x, y));
        });
        Figure.Builder fb = Figure.grid((panels.size() + 2) / 3, 3).size(WIDTH, 400 * ((panels.size() + 2) / 3))
                .title("fig8 over seeds: per-start means of each seed (one trained model per seed)");
        panels.values().forEach(b -> fb.panel(b.build()));
        fb.sharedLegend(legend());
        return fb.build();
    }

    private static List<LegendEntry> legend() {
        List<LegendEntry> out = new ArrayList<>();
        for (String k : BestModels.KERNELS) {
            out.add(LegendEntry.line(BestModels.label(k), k));
        }
        return out;
    }

    /** "islands-dt-L3" has kernel "dt"; "genrbm-bgs-lambda2" "bgs". */
    static String kernel(String config) {
        for (String k : List.of("roundtrip", "dt", "bgs")) {
            if (config.contains("-" + k)) {
                return k;
            }
        }
        return "bgs";
    }

    /**
     * The panels a configuration's curve goes into: figure 7 one per data set; figure 6 one per depth
     * L, BGS (which has no upper layers) in each.
     */
    private static List<String> panels(String fig, String config, String kernel) {
        String d = config.substring(0, config.indexOf("-" + kernel));
        if (!fig.equals("fig6")) {
            return List.of(d);
        }
        Matcher m = DEPTH.matcher(config.substring(config.indexOf("-" + kernel)));
        return m.find() && !kernel.equals("bgs") ? List.of(d + ", L = " + m.group(1))
                : List.of(d + ", L = 1", d + ", L = 2", d + ", L = 3");
    }

}
