package dev.rbmsuite.experiments.fig7;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.Margins;
import dev.rbmsuite.claims.PaperQuotes;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.ResultFigure;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.TrialUnits;
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
 * Figure 7 of the paper (section 5.2): log-likelihood per epoch on (a) islands, (b) pentagon, (c) iris
 * (exact) and (d) wine, (e) seeds (mAIS log Z), for BGS, DT (L = 3) and the proposed kernel (L = 3),
 * mean over trials. "Comparable to or better" is tested per data set against each baseline on the
 * per-trial mean over the last quarter of the epochs (Welch, margin {@link Margins#LOGLIK_NATS}).
 */
public final class Figure7 extends ResultFigure<Figure7.Result> {
    static final List<String> DATASETS = List.of("islands", "pentagon", "iris", "wine", "seeds");
    static final String CSV = "fig7-trials.csv";
    static final String SUMMARY_CSV = "fig7-summary.csv";

    /**
     * @param runs BGS, DT (L = 3) and the round trip (L = 3) for each data set, in that order
     * @param settings every configuration's settings by name (for the caption's mAIS settings)
     */
    public record Result(List<Run> runs, Map<String, Object> settings) {
        Run run(String dataset, String kernel) {
            return Run.named(runs, dataset + "-" + kernel + (kernel.equals("bgs") ? "" : "-L3"));
        }
    }

    @Override
    public String id() {
        return "fig7";
    }

    @Override
    public String title() {
        return "Clustered data sets: log-likelihood of BGS, DT and the round trip (L = 3)";
    }

    @Override
    protected Result compute(ExperimentContext ctx) throws Exception {
        List<Run> runs = new ArrayList<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        for (String dataset : DATASETS) {
            for (String kernel : List.of("bgs", "dt", "roundtrip")) {
                RunConfig cfg = Schedules.config(ctx.scale(), dataset, kernel, 3, false);
                runs.add(Run.of(cfg, TrainingRuns.run(ctx, cfg)));
                settings.put(cfg.name(), cfg.asMap());
            }
        }
        return new Result(runs, settings);
    }

    @Override
    public List<TrialUnits.Group> trialGroups(Scale scale) {
        List<TrialUnits.Group> out = new ArrayList<>();
        for (String dataset : DATASETS) {
            for (String kernel : List.of("bgs", "dt", "roundtrip")) {
                out.add(TrainingRuns.group(Schedules.config(scale, dataset, kernel, 3, false)));
            }
        }
        return out;
    }

    @Override
    protected Map<String, Object> settings(Result r) {
        return r.settings();
    }

    @Override
    protected List<String> write(Result r, Path dir) throws IOException {
        return Run.writeAll(r.runs(), dir, CSV, SUMMARY_CSV);
    }

    /** The per-trial summary ({@link Run#writeSummary}). */
    @Override
    protected List<String> writeDerived(Result r, Path dir) throws IOException {
        Run.writeSummary(r.runs(), dir.resolve(SUMMARY_CSV));
        return List.of(SUMMARY_CSV);
    }

    @Override
    protected Result read(Path dir, JsonNode manifest) throws IOException {
        return new Result(Run.readLong(dir.resolve(CSV)), Run.settings(manifest));
    }

    @Override
    public Figure plot(Result r) {
        Figure.Builder fig = Figure.grid(2, 3).size(2600, 1600);
        List<LegendEntry> legend = new ArrayList<>();
        for (String dataset : DATASETS) {
            boolean exact = PaperData.setting(dataset).exact();
            XyPanel.Builder b = XyPanel.builder().title(dataset + (exact ? " (exact)" : " (mAIS)")).xLabel("epoch")
                    .yLabel("log-likelihood (nats)").legend(LegendPosition.NONE);
            for (String kernel : List.of("bgs", "dt", "roundtrip")) {
                Run run = r.run(dataset, kernel);
                Series s = run.line("logLikelihood");
                if (s != null) {
                    b.add(s);
                }
                if (legend.size() < 3) {
                    legend.add(LegendEntry.line(run.label(), run.styleKey()));
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
        for (String d : DATASETS) {
            Run rt = r.run(d, "roundtrip");
            for (String base : List.of("bgs", "dt")) {
                claims.add(lc.atLeast("fig7.comparable." + d + "." + base, PaperQuotes.FIG7_COMPARABLE, rt,
                        r.run(d, base), Margins.LOGLIK_NATS));
            }
        }
        for (String d : DATASETS) {
            claims.add(lc.atLeast("fig7.better-than-dt." + d, null, r.run(d, "roundtrip"), r.run(d, "dt"), 0));
        }
        claims.addAll(lc.convergence());
        return claims;
    }

    @Override
    public String caption(Result r) {
        // the first configuration's settings (the map also holds plain entries such as "scale")
        JsonNode any = r.settings().values().stream()
                .map(v -> (JsonNode) new ObjectMapper().valueToTree(v))
                .filter(n -> n.has("aisTemperatures")).findFirst()
                .orElseGet(MissingNode::getInstance);
        String ais = any.has("aisTemperatures") ? " (mAIS estimate of log Z: K = " + any.path("aisTemperatures").asInt()
                + " temperatures, " + any.path("aisRuns").asInt() + " runs along the curve, K = "
                + any.path("finalAisTemperatures").asInt() + ", " + any.path("finalAisRuns").asInt()
                + " runs at the final epoch)" : " (mAIS estimate of log Z)";
        return "Figure 7. Log-likelihood against the training epoch for (a) islands, (b) pentagon, (c) iris (exact), "
                + "(d) wine and (e) seeds" + ais + ", for BGS, DT (L = 3) and the proposed kernel (L = 3); mean over "
                + r.runs().get(0).trials().size() + " trials. Colour and dash tell the kernel (BGS vermillion solid, DT blue "
                + "dashed, proposed reddish purple dotted; Okabe-Ito colours).";
    }
}
