package dev.rbmsuite.experiments.compare;

import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.Design;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.sampling.TvCurves;
import dev.rbmsuite.experiments.sampling.TvPanel;
import dev.rbmsuite.experiments.sampling.TvRuns;
import dev.rbmsuite.experiments.training.Run;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.experiments.training.TrainingRuns;
import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sampling half of a comparison, where the exact P(v) is affordable (n &lt;= {@link #MAX_VISIBLE}):
 * figure 9's TV curves ({@link TvRuns}) of every kernel on one trained model, each kernel started
 * from the same persistent chains of that model, and per non-baseline kernel the claim that its
 * early TV (mean over steps 1..k, k = min(10, steps), per start) is lower than the baseline's,
 * paired by start (docs/methods.md section 9).
 */
final class CompareTv {
    /** The largest n for which the comparison computes the exact P(v) and the TV. */
    static final int MAX_VISIBLE = 20;
    static final String CSV = "compare-tv.csv";

    private CompareTv() {
    }

    /**
     * The model every kernel samples: the best trial (highest final log-likelihood) among the runs
     * that trained a stack, where any kernel uses upper layers (the others run on its bottom RBM),
     * else among all runs.
     */
    static TrainedModel host(List<RunConfig> configs, List<Run> runs, Path base, Map<String, Object> chosen) {
        boolean stack = configs.stream().anyMatch(c -> c.upperLayers() > 0);
        int bestRun = -1;
        int bestTrial = 0;
        double bestLl = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < runs.size(); r++) {
            if (stack && configs.get(r).upperLayers() == 0) {
                continue;
            }
            int t = TrainingRuns.best(runs.get(r).trials());
            double[] ll = runs.get(r).trials().get(t).doubles("logLikelihood");
            if (bestRun < 0 || ll[ll.length - 1] > bestLl) {
                bestRun = r;
                bestTrial = t;
                bestLl = ll[ll.length - 1];
            }
        }
        chosen.put("config", configs.get(bestRun).name());
        chosen.put("trial", bestTrial);
        return TrainingRuns.model(base, configs.get(bestRun), bestTrial);
    }

    /**
     * @param trained the settings the models were trained with (recorded with the TV runs)
     * @return the TV panel, or null where the comparison computes no TV (no steps, or n too large) */
    static TvPanel compute(ExperimentContext ctx, CompareSpec spec, List<RunConfig> configs, List<Run> runs, Path base,
                           Map<String, Object> trained) throws IOException {
        if (spec.tvSteps() == 0 || spec.problem().data().dimension() > MAX_VISIBLE) {
            return null;
        }
        Map<String, Object> chosen = new LinkedHashMap<>(trained);
        TrainedModel model = host(configs, runs, base, chosen);
        return TvRuns.panel(ctx, CompareSpec.GROUP, spec.problem().data(), model, chosen, spec.kernels(),
                spec.problem()::kernelParams,
                spec.tvSteps(), spec.tvChains(), spec.tvStarts());
    }

    /**
     * Writes the TV bands, each step also as the work it took ({@code bottomSweeps}: the step times
     * the kernel's conditional sweeps of the bottom layer per transition), for plotting per unit of
     * work.
     */
    static void write(TvPanel p, Map<String, Double> sweeps, Path dir) throws IOException {
        CsvTable.Builder b = CsvTable.builder("kernel", "step", "bottomSweeps", "median", "p10", "p90", "iidFloor");
        p.bands().forEach((k, band) -> {
            for (int s = 0; s < p.steps().length; s++) {
                b.row(k, p.steps()[s], p.steps()[s] * sweeps.get(k), band[0][s], band[1][s], band[2][s], p.floor());
            }
        });
        b.build().write(dir.resolve(CSV));
    }

    static XyPanel plot(TvPanel p, List<Run> runs) {
        XyPanel.Builder b = XyPanel.builder().title("TV from the persistent chains").xLabel("step s")
                .yLabel("TV distance").legend(LegendPosition.AUTO);
        for (Run run : runs) {
            double[][] band = p.bands().get(run.kernel());
            b.add(Series.line(run.label(), run.styleKey(), p.steps(), band[0]).withBand(band[1], band[2]));
        }
        return b.build();
    }

    /**
     * Per non-baseline kernel, side by side: the early TV per transition (the mean over steps 1..k,
     * as figure 9 compares) and the TV per unit of work, at the same conditional sweeps of the bottom
     * layer ({@link CompareSpec#bottomSweeps}; figures 8 and 9's normalisation): the kernel after k
     * steps against the baseline after k times the ratio of their sweeps per transition, interpolated
     * between recorded steps (k at most 10, and small enough that the baseline's step lies within
     * the run). A kernel that does two sweeps per transition then no longer wins by doing more work.
     */
    static List<Claim> claims(TvPanel p, List<Run> runs, Map<String, Double> sweeps) {
        List<Claim> out = new ArrayList<>();
        int k = (int) Math.min(10, p.steps()[p.steps().length - 1]);
        Run base = runs.get(0);
        for (Run run : runs.subList(1, runs.size())) {
            out.add(Claim.builder(Comparison.ID, Comparison.ID + ".tv-early." + run.kernel())
                    .statement(run.label() + " vs " + base.label() + ", lower TV over steps 1-" + k)
                    .statistic("mean TV over steps 1.." + k + " per start").effect(base.label() + " - " + run.label())
                    .paired(early(p, base.kernel(), k), early(p, run.kernel(), k)).threshold(0).build());
            out.add(perWork(p, base, run, sweeps.get(run.kernel()) / sweeps.get(base.kernel())));
        }
        return out;
    }

    /** @param ratio the baseline's transitions per transition of {@code run} at equal work */
    private static Claim perWork(TvPanel p, Run base, Run run, double ratio) {
        double last = p.steps()[p.steps().length - 1];
        int k = (int) Math.min(10, Math.floor(last / ratio));
        double baseStep = k * ratio;
        Claim.Builder b = Claim.builder(Comparison.ID, Comparison.ID + ".tv-sweeps." + run.kernel()).threshold(0)
                .effect(base.label() + " - " + run.label())
                .statement(String.format(Locale.ROOT, "%s after %d steps vs %s after %s steps, the same "
                        + "bottom-layer sweeps, lower TV", run.label(), k, base.label(), baseStep == Math.rint(baseStep)
                        ? Long.toString((long) baseStep) : String.format(Locale.ROOT, "%.4g", baseStep)))
                .statistic("TV at equal conditional sweeps of the bottom layer per start (baseline interpolated "
                        + "between recorded steps)");
        if (k < 1) {
            return b.missing(Design.PAIRED, "the baseline would need more steps than the run has").build();
        }
        double[][] bc = p.perStart().get(base.kernel());
        double[][] rc = p.perStart().get(run.kernel());
        double[] x = new double[bc.length];
        double[] y = new double[rc.length];
        for (int s = 0; s < bc.length; s++) {
            x[s] = TvCurves.at(p.steps(), bc[s], baseStep);
            y[s] = TvCurves.at(p.steps(), rc[s], k);
        }
        return b.paired(x, y).build();
    }

    private static double[] early(TvPanel p, String kernel, int k) {
        double[][] c = p.perStart().get(kernel);
        double[] out = new double[c.length];
        for (int s = 0; s < c.length; s++) {
            out[s] = TvCurves.meanUpTo(p.steps(), c[s], k);
        }
        return out;
    }
}
