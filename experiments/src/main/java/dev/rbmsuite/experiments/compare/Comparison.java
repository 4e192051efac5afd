package dev.rbmsuite.experiments.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.Margins;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.ResultFigure;
import dev.rbmsuite.experiments.sampling.TvPanel;
import dev.rbmsuite.experiments.training.LearningClaims;
import dev.rbmsuite.experiments.training.Run;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.TrainingRuns;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code rbm compare}'s result: every kernel of a {@link CompareSpec} trained T times with the
 * paper's protocol (the trials of the figures, {@link TrainingRuns}, kept under
 * {@code DIR/training/}), the learning curves (mean over trials, band from the lowest to the
 * highest trial), and for every kernel after the first the claim "comparable to or better than the
 * baseline" on the per-trial mean log-likelihood over the last quarter of the epochs (Welch, margin
 * {@link Margins#LOGLIK_NATS}, as figure 7), plus the convergence check of every run. All claims are
 * the suite's own comparisons on the user's data (kind beyond).
 */
public final class Comparison extends ResultFigure<Comparison.Result> {
    /** The figure id of every row of the comparison's claims.csv. */
    public static final String ID = "compare";
    static final String CSV = "compare-trials.csv";
    static final String SUMMARY_CSV = "compare-summary.csv";
    static final String CURVES_CSV = "compare-curves.csv";

    private final CompareSpec spec;

    /**
     * @param runs one run per kernel, baseline first
     * @param settings the comparison's settings
     * @param tv every kernel's TV curves on the best trained model, null where none were computed
     *     (and when read back: the comparison keeps no per-start TV table of its own)
     */
    public record Result(List<Run> runs, Map<String, Object> settings, TvPanel tv) {
    }

    /** @param spec what to compare (null for reading a result back only) */
    public Comparison(CompareSpec spec) {
        this.spec = spec;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Kernel comparison: log-likelihood over training";
    }

    @Override
    protected Result compute(ExperimentContext ctx) throws Exception {
        List<Run> runs = new ArrayList<>();
        Path base = ctx.dir().resolve("training");
        List<RunConfig> configs = spec.configs();
        // the seed too: kept trials of another seed are discarded, not mixed in
        Map<String, Object> trained = new LinkedHashMap<>(spec.problem().asMap());
        trained.put("seed", Long.toString(ctx.seed())); // as text: a JSON long reads back as an int
        for (RunConfig cfg : configs) {
            Map<String, Object> trialSettings = new LinkedHashMap<>(cfg.asMap());
            trialSettings.putAll(trained);
            // only the --kernel-param values this kernel takes: one meant for another kernel changes
            // nothing here, so it must not make a rerun refuse (or --restart recompute) these trials
            trialSettings.put("kernelParams", spec.problem().sharedKernelParams(cfg.kernel()));
            runs.add(Run.of(cfg, TrainingRuns.run(ctx, base, cfg, spec.problem(), trialSettings)));
        }
        trained.put("epochs", spec.epochs());
        trained.put("trials", spec.trials());
        return new Result(runs, spec.asMap(), CompareTv.compute(ctx, spec, configs, runs, base, trained));
    }

    @Override
    protected Map<String, Object> settings(Result r) {
        return r.settings();
    }

    @Override
    protected List<String> write(Result r, Path dir) throws IOException {
        List<String> files = new ArrayList<>(List.of(CURVES_CSV));
        files.addAll(Run.writeAll(r.runs(), dir, CSV, SUMMARY_CSV));
        CsvTable.Builder curves = CsvTable.builder("config", "kernel", "epoch", "meanLogLikelihood",
                "lowestLogLikelihood", "highestLogLikelihood");
        for (Run run : r.runs()) {
            double[] epoch = run.trials().get(0).doubles("epoch");
            double[][] range = run.range("logLikelihood");
            for (int k = 0; k < epoch.length; k++) {
                curves.row(run.name(), run.kernel(), epoch[k], range[0][k], range[1][k], range[2][k]);
            }
        }
        curves.build().write(dir.resolve(CURVES_CSV));
        if (r.tv() != null) {
            CompareTv.write(r.tv(), sweeps(r), dir);
            files.add(CompareTv.CSV);
        }
        return files;
    }

    @Override
    protected Result read(Path dir, JsonNode manifest) throws IOException {
        return new Result(Run.readLong(dir.resolve(CSV)), Run.settings(manifest), null);
    }

    @Override
    public Figure plot(Result r) {
        XyPanel.Builder b = XyPanel.builder().title(String.valueOf(r.settings().get("data"))).xLabel("epoch")
                .yLabel("log-likelihood (nats)").legend(LegendPosition.AUTO);
        for (Run run : r.runs()) {
            Series s = run.lineWithRange("logLikelihood");
            if (s != null) {
                b.add(s);
            }
        }
        if (r.tv() == null) {
            return Figure.single(b.build(), 1200, 800);
        }
        return Figure.grid(1, 2).size(2200, 800).panel(b.build()).panel(CompareTv.plot(r.tv(), r.runs())).build();
    }

    @Override
    public List<Claim> claims(Result r) {
        LearningClaims lc = new LearningClaims(ID, r.runs());
        List<Claim> claims = new ArrayList<>();
        Run base = r.runs().get(0);
        for (Run run : r.runs().subList(1, r.runs().size())) {
            claims.add(lc.atLeast(ID + ".comparable." + shortName(run), null, run, base, Margins.LOGLIK_NATS));
        }
        // each later kernel against each earlier one besides the baseline ("the round trip leads DT"), so that a
        // comparison stated in words has a row behind it (issue 36, item 7)
        List<Run> others = r.runs().subList(1, r.runs().size());
        for (int j = 1; j < others.size(); j++) {
            for (int i = 0; i < j; i++) {
                claims.add(lc.atLeast(ID + ".better." + shortName(others.get(j)) + ".vs." + shortName(others.get(i)),
                        null, others.get(j), others.get(i), 0));
            }
        }
        if (r.tv() != null) {
            claims.addAll(CompareTv.claims(r.tv(), r.runs(), sweeps(r)));
        }
        claims.addAll(lc.convergence());
        return claims;
    }

    /** @return a run's name without the comparison's group prefix: "dt-L3" */
    private static String shortName(Run run) {
        return run.name().substring(CompareSpec.GROUP.length() + 1);
    }

    /** @return every kernel's conditional sweeps of the bottom layer per transition, from the settings */
    static Map<String, Double> sweeps(Result r) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (r.settings().get("bottomSweepsPerStep") instanceof Map<?, ?> given) {
            given.forEach((k, v) -> m.put(String.valueOf(k), ((Number) v).doubleValue()));
        }
        return m;
    }

    @Override
    public String caption(Result r) {
        Run first = r.runs().get(0);
        return "Log-likelihood against the training epoch on " + r.settings().get("data") + " for "
                + String.join(", ", r.runs().stream().map(Run::label).toList()) + "; lines: mean over "
                + first.trials().size() + " trials, bands: lowest to highest trial. Baseline: " + first.label() + "."
                + (r.tv() == null ? " No TV comparison (n > " + CompareTv.MAX_VISIBLE + " or no TV steps)."
                : " Right: TV distance between the exact P(v) and " + r.settings().get("tvChains") + " chains per start, "
                + "every kernel on the best trained model from the same " + r.tv().perStart().values().iterator().next().length
                + " persistent chains; lines: median over starts, bands: 10th-90th percentile.");
    }
}
