package dev.rbmsuite.experiments.fig7;

import dev.rbmsuite.experiments.Claim;
import dev.rbmsuite.experiments.Experiment;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.FigureOutcome;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.training.Curves;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.Schedules;
import dev.rbmsuite.experiments.training.TrainingRuns;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendEntry;
import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.core.io.CsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Figure 7 of the paper (section 5.2): log-likelihood per epoch on (a) islands, (b) pentagon, (c) iris
 * (exact) and (d) wine, (e) seeds (mAIS log Z), for BGS, DT (L = 3) and the proposed kernel (L = 3),
 * mean over trials.
 */
public final class Figure7 implements Experiment {
    static final List<String> DATASETS = List.of("islands", "pentagon", "iris", "wine", "seeds");

    @Override
    public String id() {
        return "fig7";
    }

    @Override
    public String title() {
        return "Clustered data sets: log-likelihood of BGS, DT and the round trip (L = 3)";
    }

    @Override
    public FigureOutcome run(ExperimentContext ctx) throws Exception {
        Figure.Builder fig = Figure.grid(2, 3).size(2600, 1600);
        Map<RunConfig, List<CsvTable>> all = new LinkedHashMap<>();
        List<Claim> claims = new ArrayList<>();
        CsvTable.Builder summary = CsvTable.builder("dataset", "config", "peakLogLikelihood", "finalLogLikelihood", "drop");
        List<LegendEntry> legend = new ArrayList<>();
        for (String dataset : DATASETS) {
            Map<RunConfig, List<CsvTable>> runs = new LinkedHashMap<>();
            runs.put(Schedules.config(ctx.scale(), dataset, "bgs", 0, false), null);
            runs.put(Schedules.config(ctx.scale(), dataset, "dt", 3, false), null);
            runs.put(Schedules.config(ctx.scale(), dataset, "roundtrip", 3, false), null);
            for (RunConfig cfg : new ArrayList<>(runs.keySet())) {
                runs.put(cfg, TrainingRuns.run(ctx, cfg));
            }
            all.putAll(runs);
            boolean exact = PaperData.setting(dataset).exact();
            XyPanel.Builder b = XyPanel.builder().title(dataset + (exact ? " (exact)" : " (mAIS)")).xLabel("epoch")
                    .yLabel("log-likelihood (nats)").legend(LegendPosition.NONE);
            Map<String, Double> last = new LinkedHashMap<>();
            for (Map.Entry<RunConfig, List<CsvTable>> e : runs.entrySet()) {
                Series s = Curves.line(e.getKey(), e.getValue(), "logLikelihood");
                if (s != null) {
                    b.add(s);
                }
                Curves.Summary c = Curves.summary(e.getValue());
                last.put(e.getKey().kernel(), c.last());
                summary.row(dataset, e.getKey().name(), c.peak(), c.last(), c.drop());
                if (legend.size() < 3) {
                    legend.add(LegendEntry.line(e.getKey().label(), e.getKey().styleKey()));
                }
            }
            fig.panel(b.build());
            double rt = last.get("roundtrip");
            double best = Math.max(last.get("bgs"), last.get("dt"));
            // "comparable": within 0.05 nats or 0.5 % of the better baseline
            double tolerance = Math.max(0.05, 0.005 * Math.abs(best));
            claims.add(Claim.of(id(), "On " + dataset + ", the proposed kernel learns comparably to or better than BGS and DT",
                    String.format(Locale.ROOT, "final mean log-likelihood: BGS %.4f, DT %.4f, proposed %.4f "
                            + "(comparable = within %.3f nats of the better baseline)",
                            last.get("bgs"), last.get("dt"), rt, tolerance), rt >= best - tolerance));
        }
        fig.sharedLegend(legend);
        List<String> images = ctx.render(fig.build(), "fig7");
        Curves.writeLong(all, ctx.file("fig7-trials.csv"));
        summary.build().write(ctx.file("fig7-summary.csv"));
        Map<String, Object> settings = new LinkedHashMap<>();
        all.keySet().forEach(c -> settings.put(c.name(), c.asMap()));
        RunConfig any = all.keySet().iterator().next();
        return new FigureOutcome("Figure 7. Log-likelihood against the training epoch for (a) islands, (b) pentagon, (c) iris "
                + "(exact), (d) wine and (e) seeds (mAIS estimate of log Z: K = " + any.aisTemperatures() + " temperatures, "
                + any.aisRuns() + " runs along the curve, K = " + any.finalAisTemperatures() + ", " + any.finalAisRuns()
                + " runs at the final epoch), for BGS, DT (L = 3) and the proposed kernel (L = 3); mean over "
                + any.trials() + " trials.",
                FigureOutcome.files(images, "fig7-summary.csv", "fig7-trials.csv"), settings, claims);
    }
}
