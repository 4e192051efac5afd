package dev.rbmsuite.experiments.fig6;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.Margins;
import dev.rbmsuite.claims.PaperQuotes;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.ResultFigure;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.TrialUnits;
import dev.rbmsuite.experiments.training.CurveStats;
import dev.rbmsuite.experiments.training.LearningClaims;
import dev.rbmsuite.experiments.training.Run;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.Schedules;
import dev.rbmsuite.experiments.training.TrainingRuns;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendEntry;
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
 * Figure 6 of the paper (section 5.2): log-likelihood and MAEs per epoch on GenRBM for BGS, deep
 * tempering and the proposed round-trip kernel with L = 1, 2, 3 (m_l = 50, (50, 25), (50, 25, 12)),
 * mean over trials. The paper does not say which MAE it plots, so all three are shown. The claims
 * compare per-trial drops from the peak (Welch).
 */
public final class Figure6 extends ResultFigure<Figure6.Result> {
    static final String CSV = "fig6-trials.csv";
    static final String SUMMARY_CSV = "fig6-summary.csv";

    /**
     * @param runs BGS (figure 2's runs), then DT and the round trip for L = 1, 2, 3
     */
    public record Result(List<Run> runs) {
        Run run(String kernel, int l) {
            return Run.named(runs, kernel.equals("bgs") ? "genrbm-bgs-lambda2" : "genrbm-" + kernel + "-L" + l);
        }
    }

    @Override
    public String id() {
        return "fig6";
    }

    @Override
    public String title() {
        return "GenRBM: BGS, deep tempering and the round trip with L = 1, 2, 3";
    }

    @Override
    protected Result compute(ExperimentContext ctx) throws Exception {
        List<Run> runs = new ArrayList<>();
        for (RunConfig cfg : configs(ctx.scale())) {
            runs.add(Run.of(cfg, TrainingRuns.run(ctx, cfg)));
        }
        return new Result(runs);
    }

    private static List<RunConfig> configs(Scale scale) {
        List<RunConfig> configs = new ArrayList<>();
        // the BGS runs are figure 2's (same training; figure 2 also tracks lambda2)
        configs.add(Schedules.config(scale, "genrbm", "bgs", 0, true));
        for (String kernel : List.of("dt", "roundtrip")) {
            for (int l = 1; l <= 3; l++) {
                configs.add(Schedules.config(scale, "genrbm", kernel, l, false));
            }
        }
        return configs;
    }

    @Override
    public List<TrialUnits.Group> trialGroups(Scale scale) {
        return configs(scale).stream().map(TrainingRuns::group).toList();
    }

    @Override
    protected Map<String, Object> settings(Result r) {
        Map<String, Object> s = new LinkedHashMap<>();
        r.runs().forEach(run -> s.put(run.name(), Map.of("trials", run.trials().size())));
        return s;
    }

    @Override
    protected List<String> write(Result r, Path dir) throws IOException {
        Run.writeLong(r.runs(), dir.resolve(CSV));
        writeDerived(r, dir);
        return List.of(SUMMARY_CSV, CSV);
    }

    /** The per-trial summary of every curve (peak, last quarter, final, drop). */
    @Override
    protected List<String> writeDerived(Result r, Path dir) throws IOException {
        CsvTable.Builder summary = CsvTable.builder("config", "trial", "peakLogLikelihood", "lastQuarterLogLikelihood",
                "finalLogLikelihood", "drop");
        for (Run run : r.runs()) {
            double[] peak = run.perTrial("logLikelihood", (e, v) -> CurveStats.DROP_FROM_PEAK.of(e, v)
                    + CurveStats.LAST_QUARTER.of(e, v));
            double[] lq = run.perTrial("logLikelihood", CurveStats.LAST_QUARTER);
            double[] fin = run.perTrial("logLikelihood", CurveStats.FINAL);
            double[] drop = run.perTrial("logLikelihood", CurveStats.DROP_FROM_PEAK);
            for (int t = 0; t < drop.length; t++) {
                summary.row(run.name(), t, peak[t], lq[t], fin[t], drop[t]);
            }
        }
        summary.build().write(dir.resolve(SUMMARY_CSV));
        return List.of(SUMMARY_CSV);
    }

    @Override
    protected Result read(Path dir, JsonNode manifest) throws IOException {
        return new Result(Run.readLong(dir.resolve(CSV)));
    }

    @Override
    public Figure plot(Result r) {
        Figure.Builder fig = Figure.grid(2, 2).size(2200, 1600);
        List<LegendEntry> legend = new ArrayList<>();
        r.runs().forEach(run -> legend.add(LegendEntry.line(run.label(), run.styleKey())));
        String[][] panels = {{"logLikelihood", "log-likelihood", "log-likelihood (nats)"}, {"maeB", "MAE of E[v]", "MAE (b)"},
            {"maeC", "MAE of E[h]", "MAE (c)"}, {"maeW", "MAE of E[vh]", "MAE (W)"}};
        for (String[] p : panels) {
            XyPanel.Builder b = XyPanel.builder().title(p[1]).xLabel("epoch").yLabel(p[2]).legend(LegendPosition.NONE);
            for (Run run : r.runs()) {
                Series s = run.line(p[0]);
                if (s != null) {
                    b.add(s);
                }
            }
            fig.panel(b.build());
        }
        fig.sharedLegend(legend);
        return fig.build();
    }

    @Override
    public List<Claim> claims(Result r) {
        LearningClaims lc = new LearningClaims(id(), r.runs());
        List<Claim> claims = new ArrayList<>();
        Run bgs = r.run("bgs", 0);
        for (int l = 1; l <= 3; l++) {
            claims.add(lc.dropsMore("fig6.mitigates-failure.roundtrip.L" + l, PaperQuotes.FIG6_OPENING,
                    "fig6.mitigates-failure-vs-bgs", "BGS degrades more than the proposed kernel at L = " + l, bgs,
                    r.run("roundtrip", l)));
        }
        for (int l = 1; l <= 3; l++) {
            claims.add(lc.dropsMore("fig6.mitigates-failure.dt.L" + l, null, "",
                    "BGS degrades more than DT at L = " + l, bgs, r.run("dt", l)));
        }
        for (String kernel : List.of("dt", "roundtrip")) {
            for (int l = 1; l <= 2; l++) {
                Run lower = r.run(kernel, l);
                Run higher = r.run(kernel, l + 1);
                claims.add(lc.dropsMore("fig6.mitigated-with-L." + kernel + ".L" + l + "-L" + (l + 1),
                        PaperQuotes.FIG6_MITIGATED, "fig6.mitigated-with-L." + kernel,
                        lower.label() + " degrades more than " + higher.label(), lower, higher));
            }
        }
        for (int l = 1; l <= 3; l++) {
            claims.add(lc.dropsMore("fig6.more-effective-than-dt.L" + l, PaperQuotes.FIG6_MORE_EFFECTIVE,
                    "fig6.more-effective-than-dt", "DT degrades more than the proposed kernel at L = " + l,
                    r.run("dt", l), r.run("roundtrip", l)));
        }
        Run rt3 = r.run("roundtrip", 3);
        claims.add(Claim.builder(id(), "fig6.stable-at-L3").paper(PaperQuotes.FIG6_MORE_EFFECTIVE, "fig6.stable-at-L3")
                .statement("the proposed kernel at L = 3 falls less than the margin from its smoothed peak")
                .statistic(LearningClaims.DROP).effect("-drop")
                .oneSample(LearningClaims.negate(LearningClaims.drops(rt3, CurveStats.SMOOTHING)))
                .variant(LearningClaims.WINDOW_HALF, LearningClaims.negate(LearningClaims.drops(rt3,
                        CurveStats.SMOOTHING / 2)), null)
                .variant(LearningClaims.WINDOW_DOUBLE, LearningClaims.negate(LearningClaims.drops(rt3,
                        CurveStats.SMOOTHING * 2)), null)
                .atLeast(Margins.LOGLIK_NATS).note(lc.note(rt3)).build());
        for (int l = 1; l <= 3; l++) {
            claims.add(lc.atLeast("fig6.higher-than-dt.L" + l, null, r.run("roundtrip", l), r.run("dt", l), 0));
        }
        claims.addAll(lc.convergence());
        return claims;
    }

    @Override
    public String caption(Result r) {
        return "Figure 6. Log-likelihood and MAEs against the training epoch on GenRBM for BGS, DT and the proposed kernel "
                + "with L = 1, 2, 3; mean over " + r.runs().get(0).trials().size() + " trials. Colour and dash tell the kernel "
                + "(BGS vermillion solid, DT blue dashed, proposed reddish purple dotted; Okabe-Ito colours), the line "
                + "width tells L (thin L = 1, medium L = 2, thick L = 3).";
    }
}
