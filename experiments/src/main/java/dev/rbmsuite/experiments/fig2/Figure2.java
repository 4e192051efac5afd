package dev.rbmsuite.experiments.fig2;

import dev.rbmsuite.experiments.Claim;
import dev.rbmsuite.experiments.Experiment;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.FigureOutcome;
import dev.rbmsuite.experiments.training.Curves;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.Schedules;
import dev.rbmsuite.experiments.training.TrainingRuns;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.core.io.CsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Figure 2 of the paper (section 2.3): SMCI-based learning with BGS on GenRBM (n = 10, m = 100,
 * N_s = 100, s = 1, AdaMax with learning rate 0.01) fails. Panels: the exact log-likelihood, the MAEs
 * of the semi-second-order SMCI estimates of E[v], E[h] and E[vh] against the exact moments, and
 * lambda2 of the training RBM by the paper's count estimator next to the Rao-Blackwellised one
 * (the count estimator is biased upward, docs/methods.md section 5), with the relaxation time.
 */
public final class Figure2 implements Experiment {
    @Override
    public String id() {
        return "fig2";
    }

    @Override
    public String title() {
        return "Learning failure of SMCI-based learning with BGS on GenRBM";
    }

    @Override
    public FigureOutcome run(ExperimentContext ctx) throws Exception {
        RunConfig cfg = Schedules.config(ctx.scale(), "genrbm", "bgs", 0, true);
        List<CsvTable> trials = TrainingRuns.run(ctx, cfg);
        double[] epoch = trials.get(0).doubles("epoch");
        Figure.Builder fig = Figure.grid(2, 3).size(2400, 1400);
        fig.panel(panel("log-likelihood", "log-likelihood (nats)", Curves.line(cfg, trials, "logLikelihood")));
        fig.panel(panel("MAE of E[v]", "MAE (b)", Curves.line(cfg, trials, "maeB")));
        fig.panel(panel("MAE of E[h]", "MAE (c)", Curves.line(cfg, trials, "maeC")));
        fig.panel(panel("MAE of E[vh]", "MAE (W)", Curves.line(cfg, trials, "maeW")));
        double[] count = Curves.mean(trials, "lambda2Counts");
        double[] rb = Curves.mean(trials, "lambda2RaoBlackwell");
        fig.panel(panel("second eigenvalue of BGS", "lambda2",
                Curves.line("count estimator (paper)", "count", epoch, count),
                Curves.line("Rao-Blackwellised", "rao-blackwell", epoch, rb)));
        // log scale; evaluations whose mean estimate reached 1 (no finite relaxation time) are left out
        fig.panel(panel("relaxation time", "1 / (1 - lambda2) (steps, log scale)", true,
                Curves.line("count estimator (paper)", "count", epoch, relax(count)),
                Curves.line("Rao-Blackwellised", "rao-blackwell", epoch, relax(rb))));
        List<String> images = ctx.render(fig.build(), "fig2");
        Map<RunConfig, List<CsvTable>> runs = new LinkedHashMap<>();
        runs.put(cfg, trials);
        Curves.writeLong(runs, ctx.file("fig2-trials.csv"));
        CsvTable.ofColumns(List.of("epoch", "logLikelihood", "maeB", "maeC", "maeW", "lambda2Counts", "lambda2RaoBlackwell"),
                List.of(epoch, Curves.mean(trials, "logLikelihood"), Curves.mean(trials, "maeB"),
                        Curves.mean(trials, "maeC"), Curves.mean(trials, "maeW"), count, rb))
                .write(ctx.file("fig2-mean.csv"));

        Curves.Summary s = Curves.summary(trials);
        List<Claim> claims = new ArrayList<>();
        claims.add(Claim.of(id(), "With BGS, the log-likelihood on GenRBM first rises and then degrades (learning failure)",
                String.format(Locale.ROOT, "mean log-likelihood peaks at %.4f (epoch %.0f) and ends at %.4f: a drop of %.4f nats",
                        s.peak(), s.peakEpoch(), s.last(), s.drop()), s.drop() > 0.01));
        double countMean = finiteMean(count);
        double rbMean = finiteMean(rb);
        claims.add(Claim.of(id(), "The paper's count-based lambda2 estimate is biased upward (docs/methods.md section 5)",
                String.format(Locale.ROOT, "mean over evaluations: count %.5f, Rao-Blackwellised %.5f", countMean, rbMean),
                countMean > rbMean));
        double lateRb = lastFinite(rb);
        double earlyRb = firstFinite(rb);
        claims.add(Claim.of(id(), "The failure comes with slow mixing of BGS: lambda2 of the training RBM approaches 1",
                String.format(Locale.ROOT, "Rao-Blackwellised lambda2 %.5f at the first evaluation, %.5f at the last "
                        + "(relaxation times %s and %s)", earlyRb, lateRb, relaxText(earlyRb), relaxText(lateRb)),
                lateRb > earlyRb));
        Map<String, Object> settings = new LinkedHashMap<>(cfg.asMap());
        return new FigureOutcome("Figure 2. SMCI-based learning with BGS on GenRBM (n = 10, m = 100, N_s = 100, s = 1, "
                + "AdaMax, learning rate 0.01): exact log-likelihood, MAEs of the semi-second-order SMCI estimates, "
                + "and lambda2 of BGS from the paper's count estimator and the Rao-Blackwellised one with the relaxation "
                + "time 1 / (1 - lambda2) (log scale; left out where the mean estimate reaches 1); mean over "
                + cfg.trials() + " trials.", FigureOutcome.files(images, "fig2-mean.csv", "fig2-trials.csv"), settings, claims);
    }

    private static XyPanel panel(String title, String yLabel, Series... series) {
        return panel(title, yLabel, false, series);
    }

    private static XyPanel panel(String title, String yLabel, boolean logY, Series... series) {
        XyPanel.Builder b = XyPanel.builder().title(title).xLabel("epoch").yLabel(yLabel).logY(logY);
        for (Series s : series) {
            if (s != null) {
                b.add(s);
            }
        }
        return b.build();
    }

    /** 1 / (1 - lambda2) where the estimate is below 1; NaN (left out of the plot) where it reached 1. */
    private static double[] relax(double[] lambda2) {
        double[] t = new double[lambda2.length];
        for (int k = 0; k < t.length; k++) {
            t[k] = lambda2[k] < 1 ? 1 / (1 - lambda2[k]) : Double.NaN;
        }
        return t;
    }

    private static String relaxText(double lambda2) {
        return lambda2 < 1 ? String.format(Locale.ROOT, "%.1f steps", 1 / (1 - lambda2)) : "unbounded (estimate >= 1)";
    }

    private static double finiteMean(double[] x) {
        double s = 0;
        int n = 0;
        for (double v : x) {
            if (Double.isFinite(v)) {
                s += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : s / n;
    }

    private static double firstFinite(double[] x) {
        for (double v : x) {
            if (Double.isFinite(v)) {
                return v;
            }
        }
        return Double.NaN;
    }

    private static double lastFinite(double[] x) {
        for (int k = x.length - 1; k >= 0; k--) {
            if (Double.isFinite(x[k])) {
                return x[k];
            }
        }
        return Double.NaN;
    }
}
