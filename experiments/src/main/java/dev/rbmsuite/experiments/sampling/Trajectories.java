package dev.rbmsuite.experiments.sampling;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.datasets.Pca;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.TransitionKernel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Figure 8's chains: every persistent chain of the best model (up to a per-scale cap) is a start;
 * one chain per start runs a given number of transitions (figure 8: 100) of a kernel, and the trajectory is
 * projected on the training data's first two principal components. The result is a long table
 * (chain, step, pc1, pc2, cluster, distinct) from which {@link #stats} derives each chain's moves,
 * distinct states and PCA spread.
 */
public final class Trajectories {
    private Trajectories() {
    }

    /**
     * @param model the trained model and its persistent chains
     * @param k the kernel
     * @param chains how many of the persistent chains start a trajectory
     * @param steps the transitions per trajectory
     * @param pca the plane the states are projected to
     * @param clusters the training data's clusters, or null
     * @param rng the trial's stream
     * @return per chain and step: the PCA coordinates, the cluster and the distinct states so far
     */
    public static CsvTable run(TrainedModel model, String k, int chains, int steps, Pca pca, Clusters clusters,
                               Rng rng) {
        TransitionKernel kernel = BestModels.kernel(k, model);
        ChainState state = TrainedModel.forKernel(kernel, copyOf(model.chains(), chains, BestModels.bottomOnly(k)),
                TrainedModel.parity(model.chains()));
        int n = state.size(0);
        CsvTable.Builder b = CsvTable.builder("chain", "step", "pc1", "pc2", "cluster", "distinct");
        double[][] path = new double[chains][(steps + 1) * n];
        for (int s = 0; s <= steps; s++) {
            if (s > 0) {
                kernel.advance(rng.fork(s), state);
            }
            for (int c = 0; c < chains; c++) {
                System.arraycopy(state.buffer(0), c * n, path[c], s * n, n);
            }
        }
        double[] xy = new double[(steps + 1) * 2];
        for (int c = 0; c < chains; c++) {
            pca.project(path[c], steps + 1, 2, xy);
            Set<String> seen = new HashSet<>();
            int cluster = -1;
            for (int s = 0; s <= steps; s++) {
                seen.add(Arrays.toString(Arrays.copyOfRange(path[c], s * n, s * n + n)));
                cluster = clusters == null ? -1 : clusters.follow(path[c], s * n, cluster);
                b.row(c, s, xy[2 * s], xy[2 * s + 1], cluster, seen.size());
            }
        }
        return b.build();
    }

    /** The first {@code chains} persistent chains (whole stack, or the bottom layer for BGS). */
    private static ChainState copyOf(ChainState src, int chains, boolean bottomOnly) {
        int layers = bottomOnly ? 1 : src.layers();
        int[] sizes = new int[layers];
        double[][] buffers = new double[layers][];
        for (int l = 0; l < layers; l++) {
            sizes[l] = src.size(l);
            buffers[l] = Arrays.copyOf(src.buffer(l), chains * sizes[l]);
        }
        return new ChainState(chains, sizes, buffers);
    }

    /**
     * @param t a table written by {@link #run}
     * @param clustered whether the cluster column is meaningful
     * @return each chain's statistics, in chain order
     */
    public static List<ChainStats> stats(CsvTable t, boolean clustered) {
        double[] chain = t.doubles("chain");
        double[] x = t.doubles("pc1");
        double[] y = t.doubles("pc2");
        double[] cl = t.doubles("cluster");
        double[] distinct = t.doubles("distinct");
        List<ChainStats> out = new ArrayList<>();
        int from = 0;
        for (int r = 1; r <= t.size(); r++) {
            if (r < t.size() && chain[r] == chain[from]) {
                continue;
            }
            int moves = 0;
            double mx = 0;
            double my = 0;
            for (int i = from; i < r; i++) {
                moves += i > from && cl[i] != cl[i - 1] ? 1 : 0;
                mx += x[i] / (r - from);
                my += y[i] / (r - from);
            }
            double spread = 0;
            for (int i = from; i < r; i++) {
                spread += ((x[i] - mx) * (x[i] - mx) + (y[i] - my) * (y[i] - my)) / (r - from);
            }
            out.add(new ChainStats((int) chain[from], clustered ? moves : Double.NaN, distinct[r - 1], spread));
            from = r;
        }
        return out;
    }
}
