package dev.rbmsuite.experiments.lambda2;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.ResultFigure;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.TrialUnits;
import dev.rbmsuite.experiments.Trials;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Beyond the paper: the two lambda2 estimators of figure 2 (the paper's count estimator, Appendix
 * B, and the Rao-Blackwellised one, docs/methods.md section 5) against the exact lambda2 of RBMs
 * small enough to enumerate both layers, at equal N2 (transitions or hidden draws per state).
 * Each trial draws one RBM per weight scale (weights N(0, std^2), biases making the model
 * symmetric and bimodal, so larger std mixes more slowly) and estimates lambda2 with both estimators at every N2; the claims are the estimators'
 * bias (one-sample t on estimate - exact) and whether the Rao-Blackwellised estimate is closer to
 * the exact value than the count estimate (paired t on the absolute errors, same model).
 */
public final class Lambda2Study extends ResultFigure<Lambda2Study.Result> {
    static final double[] STDS = {1.0, 2.0, 3.0};
    static final String CSV = "lambda2-trials.csv";

    /**
     * One of the two sampled estimators as the study names it.
     *
     * @param column its column in the CSV and its part of the claim ids
     * @param legend its legend label
     * @param style its palette key
     * @param adjective how a claim's statement names its estimate
     */
    private record Sampled(String column, String legend, String style, String adjective) {
    }

    /** The count estimator (paper App. B) and the Rao-Blackwellised one (docs/methods.md section 5). */
    private static final List<Sampled> SAMPLED = List.of(
            new Sampled("counts", "count estimator (paper)", "count", "count"),
            new Sampled("raoBlackwell", "Rao-Blackwellised", "rao-blackwell", "Rao-Blackwellised"));

    /**
     * @param rows every estimate: trial, std, n2, exact, counts, raoBlackwell
     * @param n visible units of the models
     * @param m hidden units
     */
    public record Result(CsvTable rows, int n, int m) {
        double[] column(String name, double std, int n2) {
            double[] s = rows.doubles("std");
            double[] r = rows.doubles("n2");
            double[] c = rows.doubles(name);
            List<Double> out = new ArrayList<>();
            for (int i = 0; i < c.length; i++) {
                if (s[i] == std && r[i] == n2) {
                    out.add(c[i]);
                }
            }
            return out.stream().mapToDouble(Double::doubleValue).toArray();
        }

        int[] n2s() {
            return Arrays.stream(rows.doubles("n2")).mapToInt(x -> (int) x).distinct().sorted().toArray();
        }
    }

    @Override
    public String id() {
        return "lambda2";
    }

    @Override
    public String title() {
        return "Beyond the paper: lambda2 estimators against the exact value";
    }

    @Override
    public List<TrialUnits.Group> trialGroups(Scale scale) {
        return List.of(new TrialUnits.Group(id(), "lambda2", trials(scale), this::compute));
    }

    private static int trials(Scale scale) {
        return scale.pick(2, 5, 20);
    }

    @Override
    protected Result compute(ExperimentContext ctx) throws Exception {
        int n = ctx.scale().pick(6, 8, 8);
        int m = ctx.scale().pick(8, 12, 12);
        int trials = trials(ctx.scale());
        int[] n2s = ctx.scale().pick(0, 1, 1) == 0 ? new int[] {64, 256} : new int[] {64, 256, 1024, 4096};
        Map<String, Object> settings = new LinkedHashMap<>(Map.of("n", n, "m", m, "stds", List.of(1.0, 2.0, 3.0),
                "n2", Arrays.stream(n2s).boxed().toList()));
        List<CsvTable> t = Trials.run(ctx, "lambda2", trials, settings, (trial, rng, artifacts) -> trial(n, m, n2s, rng));
        CsvTable.Builder all = CsvTable.builder("trial", "std", "n2", "exact", "counts", "raoBlackwell");
        for (int r = 0; r < t.size(); r++) {
            for (List<String> row : t.get(r).rows()) {
                all.row((long) r, Double.parseDouble(row.get(0)), Long.parseLong(row.get(1)), Double.parseDouble(row.get(2)),
                        Double.parseDouble(row.get(3)), Double.parseDouble(row.get(4)));
            }
        }
        return new Result(all.build(), n, m);
    }

    private static CsvTable trial(int n, int m, int[] n2s, Rng rng) {
        CsvTable.Builder b = CsvTable.builder("std", "n2", "exact", "counts", "raoBlackwell");
        for (int s = 0; s < STDS.length; s++) {
            Rbm rbm = symmetric(n, m, STDS[s], rng.fork(1, s));
            VisibleDistribution p = VisibleDistribution.of(rbm);
            double exact = Lambda2.estimate(rbm, p, Lambda2.Estimator.EXACT, 0, rng.fork(2, s)).lambda2();
            for (int n2 : n2s) {
                double counts = Lambda2.estimate(rbm, p, Lambda2.Estimator.COUNTS, n2, rng.fork(3, s, n2)).lambda2();
                double rb = Lambda2.estimate(rbm, p, Lambda2.Estimator.RAO_BLACKWELL, n2, rng.fork(4, s, n2)).lambda2();
                b.row(STDS[s], (long) n2, exact, counts, rb);
            }
        }
        return b.build();
    }

    /**
     * Weights N(0, std^2) and the biases that make P symmetric under v -&gt; 1 - v, h -&gt; 1 - h
     * (b_i = -1/2 sum_j W_ij, c_j = -1/2 sum_i W_ij: the +-1 spin model): two mirror-image modes
     * that BGS crosses ever more slowly as std grows, so lambda2 approaches 1 as in figure 2.
     */
    static Rbm symmetric(int n, int m, double std, Rng rng) {
        double[] w = new double[n * m];
        double[] b = new double[n];
        double[] c = new double[m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                w[i * m + j] = std * rng.nextGaussian();
                b[i] -= 0.5 * w[i * m + j];
                c[j] -= 0.5 * w[i * m + j];
            }
        }
        return Rbm.of(n, m, w, b, c);
    }

    @Override
    protected Map<String, Object> settings(Result r) {
        return new LinkedHashMap<>(Map.of("n", r.n(), "m", r.m(), "stds", List.of(1.0, 2.0, 3.0)));
    }

    @Override
    protected List<String> write(Result r, Path dir) throws IOException {
        r.rows().write(dir.resolve(CSV));
        return List.of(CSV);
    }

    @Override
    protected Result read(Path dir, JsonNode manifest) throws IOException {
        JsonNode s = manifest.path("settings");
        return new Result(CsvTable.read(dir.resolve(CSV)), s.path("n").asInt(), s.path("m").asInt());
    }

    @Override
    public Figure plot(Result r) {
        Figure.Builder fig = Figure.grid(1, STDS.length).size(2400, 800);
        double[] x = Arrays.stream(r.n2s()).asDoubleStream().toArray();
        for (double std : STDS) {
            XyPanel.Builder b = XyPanel.builder().title(String.format(Locale.ROOT, "weights N(0, %.1f^2)", std))
                    .xLabel("N2 (log scale)").yLabel("mean estimate - exact lambda2").logX(true)
                    .legend(LegendPosition.AUTO);
            for (Sampled est : SAMPLED) {
                double[] mean = new double[x.length];
                for (int i = 0; i < x.length; i++) {
                    mean[i] = mean(errors(r, est.column(), std, (int) x[i]));
                }
                b.add(Series.line(est.legend(), est.style(), x, mean));
            }
            b.add(Series.line("exact", "iid", new double[] {x[0], x[x.length - 1]}, new double[] {0, 0}));
            fig.panel(b.build());
        }
        return fig.build();
    }

    static double[] errors(Result r, String est, double std, int n2) {
        double[] e = r.column(est, std, n2);
        double[] x = r.column("exact", std, n2);
        for (int i = 0; i < e.length; i++) {
            e[i] -= x[i];
        }
        return e;
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }

    @Override
    public List<Claim> claims(Result r) {
        List<Claim> out = new ArrayList<>();
        for (double std : STDS) {
            for (int n2 : r.n2s()) {
                String at = String.format(Locale.ROOT, "std %.1f, N2 = %d", std, n2);
                String tag = String.format(Locale.ROOT, "std%.1f.n2-%d", std, n2);
                for (Sampled est : SAMPLED) {
                    out.add(Claim.builder(id(), "lambda2.biased-up." + est.column() + "." + tag)
                            .statement(est.adjective() + " estimate above the "
                                    + "exact lambda2, " + at).statistic("estimate minus exact lambda2, per model")
                            .effect("bias").oneSample(errors(r, est.column(), std, n2)).threshold(0).build());
                }
                out.add(Claim.builder(id(), "lambda2.rb-closer." + tag)
                        .statement("Rao-Blackwellised closer to the exact lambda2 than the count estimate, " + at)
                        .statistic("|count - exact| minus |Rao-Blackwellised - exact|, per model")
                        .effect("|count error| - |RB error|").paired(abs(errors(r, "counts", std, n2)),
                                abs(errors(r, "raoBlackwell", std, n2))).threshold(0).build());
            }
        }
        return out;
    }

    private static double[] abs(double[] x) {
        return Arrays.stream(x).map(Math::abs).toArray();
    }

    @Override
    public List<String> notes(Result r) {
        List<String> notes = new ArrayList<>();
        for (double std : STDS) {
            double[] exact = r.column("exact", std, r.n2s()[0]);
            notes.add(String.format(Locale.ROOT, "std %.1f: exact lambda2 %.4f on average over %d models (range %.4f-%.4f).",
                    std, mean(exact), exact.length, Arrays.stream(exact).min().orElse(Double.NaN),
                    Arrays.stream(exact).max().orElse(Double.NaN)));
        }
        long above = Arrays.stream(r.rows().doubles("counts")).filter(v -> v > 1).count()
                + Arrays.stream(r.rows().doubles("raoBlackwell")).filter(v -> v > 1).count();
        notes.add(above + " of " + 2 * r.rows().size() + " estimates exceed 1, where no exact lambda2 can lie: the "
                + "symmetrised estimate S_hat is noisy and the top eigenvalue of Pi S_hat Pi is pushed up by that noise "
                + "(Jensen: lambda_max is convex), so values above 1 are an artefact of the estimator, not of the chain.");
        return notes;
    }

    @Override
    public String caption(Result r) {
        return "Beyond the paper. Mean error of the count (paper, Appendix B) and Rao-Blackwellised lambda2 estimators "
                + "against the exact lambda2, at equal N2, for random RBMs with n = " + r.n() + ", m = " + r.m()
                + ", weights drawn from N(0, std^2) and the biases of the symmetric (+-1 spin) model; one panel per std.";
    }
}
