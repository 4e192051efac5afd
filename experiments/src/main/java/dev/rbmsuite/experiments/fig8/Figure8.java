package dev.rbmsuite.experiments.fig8;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Pca;
import dev.rbmsuite.experiments.Claim;
import dev.rbmsuite.experiments.Experiment;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.FigureOutcome;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.TransitionKernel;
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
 * Figure 8 of the paper (section 5.3): 100-step trajectories of BGS, DT and the proposed kernel in the
 * PCA plane of each data set's training data, one chain started from persistent chain #0 of the best
 * round-trip model (for DT and the round trip the whole stack state; BGS runs on the bottom RBM).
 *
 * <p>Beyond the paper, the figure counts moves between clusters: every state is assigned to the
 * nearest class (or mixture-component) centroid of the data, and a move is a step that changes the
 * assignment; the count is averaged over chains started from every persistent chain.
 */
public final class Figure8 implements Experiment {
    static final int STEPS = 100;

    @Override
    public String id() {
        return "fig8";
    }

    @Override
    public String title() {
        return "Trajectories of BGS, DT and the round trip in the PCA plane";
    }

    @Override
    public FigureOutcome run(ExperimentContext ctx) throws Exception {
        List<String> datasets = PaperData.NAMES;
        Figure.Builder fig = Figure.grid(datasets.size(), 3).size(2100, 4000);
        CsvTable.Builder traj = CsvTable.builder("dataset", "kernel", "step", "pc1", "pc2");
        CsvTable.Builder moves = CsvTable.builder("dataset", "kernel", "chains", "movesPer100Steps");
        List<Claim> claims = new ArrayList<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("steps", STEPS);
        settings.put("start", "persistent chain #0 of the best round-trip (L = 3) model");
        for (String d : datasets) {
            BinaryDataset data = PaperData.dataset(d, ctx.seed());
            TrainedModel model = BestModels.best(ctx, d);
            Pca pca = Pca.fit(data);
            double[] plane = new double[data.size() * 2];
            pca.project(data.toArray(), data.size(), 2, plane);
            double[][] centroids = data.hasLabels() ? centroids(data) : null;
            Map<String, Double> rate = new LinkedHashMap<>();
            for (String k : BestModels.KERNELS) {
                Rng rng = ctx.rng().fork(ExperimentContext.label(d), ExperimentContext.label(k));
                TransitionKernel kernel = BestModels.kernel(k, model);
                ChainState one = BestModels.start(model, 0, 1, k.equals("bgs"));
                int n = data.dimension();
                double[] path = new double[(STEPS + 1) * n];
                System.arraycopy(one.buffer(0), 0, path, 0, n);
                for (int s = 1; s <= STEPS; s++) {
                    kernel.advance(rng.fork(1, s), one);
                    System.arraycopy(one.buffer(0), 0, path, s * n, n);
                }
                double[] xy = new double[(STEPS + 1) * 2];
                pca.project(path, STEPS + 1, 2, xy);
                double[] px = new double[STEPS + 1];
                double[] py = new double[STEPS + 1];
                for (int s = 0; s <= STEPS; s++) {
                    px[s] = xy[2 * s];
                    py[s] = xy[2 * s + 1];
                    traj.row(d, k, s, px[s], py[s]);
                }
                XyPanel.Builder p = XyPanel.builder().title(d + ": " + BestModels.label(k)).xLabel("PC1").yLabel("PC2")
                        .legend(LegendPosition.NONE);
                p.add(Series.scatter("training data", "data", xs(plane, 0), xs(plane, 1)));
                p.add(Series.trajectory(BestModels.label(k), k, px, py));
                fig.panel(p.build());
                if (centroids != null) {
                    double r = movesPer100(kernel, model, k.equals("bgs"), centroids, rng.fork(2));
                    rate.put(k, r);
                    moves.row(d, k, model.chains().chains(), r);
                }
            }
            if (!rate.isEmpty()) {
                double rt = rate.get("roundtrip");
                claims.add(Claim.of(id(), "On " + d + ", the proposed kernel moves between clusters more often than BGS and DT",
                        String.format(Locale.ROOT, "moves between clusters per 100 steps (mean over %d chains): BGS %.2f, "
                                + "DT %.2f, proposed %.2f", model.chains().chains(), rate.get("bgs"), rate.get("dt"), rt),
                        rt > rate.get("bgs") && rt > rate.get("dt")));
            }
        }
        fig.sharedLegend(List.of(LegendEntry.line("BGS", "bgs"), LegendEntry.line("DT (L = 3)", "dt"),
                LegendEntry.line("proposed (L = 3)", "roundtrip")));
        List<String> images = ctx.render(fig.build(), "fig8");
        traj.build().write(ctx.file("fig8-trajectories.csv"));
        moves.build().write(ctx.file("fig8-moves.csv"));
        return new FigureOutcome("Figure 8. Trajectories of 100 steps of BGS, DT and the proposed kernel in the PCA plane of "
                + "each data set (grey: training data), started from a persistent-chain state of the best model trained with "
                + "the proposed kernel (L = 3).", FigureOutcome.files(images, "fig8-trajectories.csv", "fig8-moves.csv"),
                settings, claims);
    }

    /** Moves between nearest-centroid clusters per 100 steps, over chains started from every persistent chain. */
    static double movesPer100(TransitionKernel kernel, TrainedModel model, boolean bottomOnly, double[][] centroids,
                              Rng rng) {
        int chains = model.chains().chains();
        // every persistent chain is its own start: copy the whole persistent state
        ChainState state = copyOf(model.chains(), bottomOnly);
        int n = state.size(0);
        int[] cluster = new int[chains];
        for (int c = 0; c < chains; c++) {
            cluster[c] = nearest(state.buffer(0), c * n, n, centroids);
        }
        long moves = 0;
        for (int s = 1; s <= STEPS; s++) {
            kernel.advance(rng.fork(s), state);
            for (int c = 0; c < chains; c++) {
                int now = nearest(state.buffer(0), c * n, n, centroids);
                moves += now != cluster[c] ? 1 : 0;
                cluster[c] = now;
            }
        }
        return 100.0 * moves / STEPS / chains;
    }

    private static ChainState copyOf(ChainState src, boolean bottomOnly) {
        if (!bottomOnly) {
            return src.copy();
        }
        return new ChainState(src.chains(), new int[] {src.size(0)}, new double[][] {src.buffer(0).clone()}, src.parity());
    }

    private static double[][] centroids(BinaryDataset data) {
        int k = 0;
        for (int label : data.labels()) {
            k = Math.max(k, label + 1);
        }
        int n = data.dimension();
        double[][] c = new double[k][n];
        int[] count = new int[k];
        for (int r = 0; r < data.size(); r++) {
            int l = data.label(r);
            count[l]++;
            for (int i = 0; i < n; i++) {
                c[l][i] += data.get(r, i);
            }
        }
        for (int l = 0; l < k; l++) {
            for (int i = 0; i < n; i++) {
                c[l][i] /= Math.max(1, count[l]);
            }
        }
        return c;
    }

    private static int nearest(double[] v, int off, int n, double[][] centroids) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int l = 0; l < centroids.length; l++) {
            double d = 0;
            for (int i = 0; i < n; i++) {
                double t = v[off + i] - centroids[l][i];
                d += t * t;
            }
            if (d < bestD) {
                bestD = d;
                best = l;
            }
        }
        return best;
    }

    private static double[] xs(double[] xy, int coord) {
        double[] out = new double[xy.length / 2];
        for (int r = 0; r < out.length; r++) {
            out[r] = xy[2 * r + coord];
        }
        return out;
    }
}
