package dev.rbmsuite.experiments.fig8;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Pca;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.ResultFigure;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.TrialUnits;
import dev.rbmsuite.experiments.Trials;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.experiments.sampling.ChainStats;
import dev.rbmsuite.experiments.sampling.Clusters;
import dev.rbmsuite.experiments.sampling.Trajectories;
import dev.rbmsuite.experiments.training.TrainedModel;
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
 * Figure 8 of the paper (section 5.3): 100-step trajectories of BGS, DT and the proposed kernel in
 * the PCA plane of each data set's training data, started from persistent-chain states of the best
 * round-trip model (for DT and the round trip the whole stack state; BGS runs on the bottom RBM).
 *
 * <p>Every persistent chain (up to a per-scale cap) is a start and every kernel runs one chain from
 * each, so the claims are paired per start: "a broader range of states" by the distinct states
 * visited and the spread in the PCA plane; "moved between clusters more frequently" by the moves
 * between clusters, a cluster being the label of the nearest training point, changed only with a
 * margin of {@link Clusters#DEFAULT_MARGIN} bits (hysteresis). The plotted start is the proposed
 * kernel's median mover (median spread where there are no clusters), not an arbitrary chain 0.
 */
public final class Figure8 extends ResultFigure<Figure8.Result> {
    static final int STEPS = 100;

    /**
     * @param panels one per data set
     * @param chains the number of starts
     */
    public record Result(List<Fig8Panel> panels, int chains) {
    }

    @Override
    public String id() {
        return "fig8";
    }

    @Override
    public String title() {
        return "Trajectories of BGS, DT and the round trip in the PCA plane";
    }

    @Override
    protected Result compute(ExperimentContext ctx) throws Exception {
        int cap = ctx.scale().pick(2, 50, Integer.MAX_VALUE);
        List<Fig8Panel> panels = new ArrayList<>();
        int chains = 0;
        for (String d : PaperData.NAMES) {
            if (!ctx.wants(d + "-")) {
                continue;
            }
            BinaryDataset data = PaperData.dataset(d, ctx.dataSeed());
            TrainedModel model = BestModels.best(ctx, d);
            chains = Math.min(cap, model.chains().chains());
            panels.add(panel(ctx, d, data, model, chains));
        }
        return new Result(panels, chains);
    }

    private static Fig8Panel panel(ExperimentContext ctx, String d, BinaryDataset data, TrainedModel model, int chains)
            throws IOException {
        Pca pca = Pca.fit(data);
        double[] plane = new double[data.size() * 2];
        pca.project(data.toArray(), data.size(), 2, plane);
        Clusters clusters = Clusters.of(data, Clusters.DEFAULT_MARGIN);
        Map<String, List<ChainStats>> stats = new LinkedHashMap<>();
        Map<String, CsvTable> tables = new LinkedHashMap<>();
        for (String k : BestModels.KERNELS) {
            if (!ctx.wants(d + "-" + k)) {
                continue;
            }
            Map<String, Object> settings = Map.of("dataset", d, "kernel", k, "chains", chains, "steps", STEPS,
                    "margin", Clusters.DEFAULT_MARGIN);
            CsvTable t = Trials.run(ctx, d + "-" + k, 1, settings, (trial, rng, artifacts) ->
                    Trajectories.run(model, k, chains, STEPS, pca, clusters, rng)).get(0);
            tables.put(k, t);
            stats.put(k, Trajectories.stats(t, clusters != null));
        }
        int shown = Fig8Panel.representative(stats.get("roundtrip"), clusters != null);
        Map<String, double[][]> paths = new LinkedHashMap<>();
        tables.forEach((k, t) -> paths.put(k, Fig8Panel.path(t, shown)));
        return new Fig8Panel(d, clusters != null, plane, shown, paths, stats, data.dimension());
    }

    /** The training runs of the best models, then one trial per data set and kernel (all starts at once). */
    @Override
    public List<TrialUnits.Group> trialGroups(Scale scale) {
        List<TrialUnits.Group> out = new ArrayList<>();
        for (String d : PaperData.NAMES) {
            out.add(TrainingRuns.group(BestModels.config(scale, d)));
            for (String k : BestModels.KERNELS) {
                out.add(new TrialUnits.Group(id(), d + "-" + k, 1, this::compute));
            }
        }
        return out;
    }

    @Override
    protected Map<String, Object> settings(Result r) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("steps", STEPS);
        s.put("starts", r.chains());
        s.put("clusterMarginBits", Clusters.DEFAULT_MARGIN);
        s.put("start", "every persistent chain of the best round-trip (L = 3) model; plotted: the proposed kernel's "
                + "median mover");
        return s;
    }

    @Override
    protected List<String> write(Result r, Path dir) throws IOException {
        return Fig8Files.write(r, dir);
    }

    /** The cost table, written afresh by a rebuild (see {@link Fig8Files#writeCost}). */
    @Override
    protected List<String> writeDerived(Result r, Path dir) throws IOException {
        return Fig8Files.writeCost(r, dir);
    }

    @Override
    protected Result read(Path dir, JsonNode manifest) throws IOException {
        return Fig8Files.read(dir, manifest);
    }

    @Override
    public Figure plot(Result r) {
        Figure.Builder fig = Figure.grid(r.panels().size(), 3).size(2100, 4000);
        for (Fig8Panel p : r.panels()) {
            for (String k : BestModels.KERNELS) {
                double[][] path = p.paths().get(k);
                XyPanel.Builder b = XyPanel.builder().title(p.dataset() + ": " + BestModels.label(k)).xLabel("PC1")
                        .yLabel("PC2").legend(LegendPosition.NONE);
                if (p.plane() != null) {
                    b.add(Series.scatter("training data", "data", xs(p.plane(), 0), xs(p.plane(), 1)));
                }
                b.add(Series.trajectory(BestModels.label(k), k, path[0], path[1]));
                fig.panel(b.build());
            }
        }
        fig.sharedLegend(List.of(new LegendEntry("BGS", "bgs", Series.Kind.TRAJECTORY),
                new LegendEntry("DT (L = 3)", "dt", Series.Kind.TRAJECTORY),
                new LegendEntry("proposed (L = 3)", "roundtrip", Series.Kind.TRAJECTORY)));
        return fig.build();
    }

    private static double[] xs(double[] xy, int coord) {
        double[] out = new double[xy.length / 2];
        for (int r = 0; r < out.length; r++) {
            out[r] = xy[2 * r + coord];
        }
        return out;
    }

    @Override
    public List<Claim> claims(Result r) {
        return Fig8Claims.claims(id(), r);
    }

    @Override
    public List<String> notes(Result r) {
        return Fig8Claims.notes(r);
    }

    @Override
    public String caption(Result r) {
        if (r.panels().get(0).shown() < 0) {
            return "Figure 8. Trajectories of 100 steps of BGS, DT and the proposed kernel in the PCA plane of each data "
                    + "set (grey: training data), started from persistent chain #0 of the best model trained with the "
                    + "proposed kernel (L = 3); this run kept no per-start statistics.";
        }
        return "Figure 8. Trajectories of 100 steps of BGS, DT and the proposed kernel in the PCA plane of each data set "
                + "(grey: training data), started from a persistent-chain state of the best model trained with the "
                + "proposed kernel (L = 3). The start shown is the proposed kernel's median mover among " + r.chains()
                + " starts (by moves between clusters; by PCA spread for GenRBM), the same start for all three kernels. "
                + "On each trajectory a circle marks the start (step 0) and a square the end (step 100).";
    }
}
