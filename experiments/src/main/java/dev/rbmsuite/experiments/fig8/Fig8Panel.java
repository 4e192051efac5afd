package dev.rbmsuite.experiments.fig8;

import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.sampling.ChainStats;
import dev.rbmsuite.experiments.sampling.Trajectories;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Figure 8's numbers for one data set.
 *
 * @param dataset the data set
 * @param clustered whether it has labels (clusters)
 * @param plane the training data in the PCA plane, x0, y0, x1, y1, ...
 * @param shown the start whose trajectories are plotted (-1: chain 0 of a run that kept no per-chain statistics)
 * @param paths per kernel: {pc1 per step, pc2 per step} of the plotted start
 * @param stats per kernel: every start's statistics, in start order; null when not kept
 */
public record Fig8Panel(String dataset, boolean clustered, double[] plane, int shown, Map<String, double[][]> paths,
                        Map<String, List<ChainStats>> stats, int visible) {
    /**
     * @return the most distinct visible states a trajectory of {@link Figure8#STEPS} steps can visit,
     *     the start included: min(steps + 1, 2^n), the ceiling of the distinct-states rows
     */
    public double distinctCeiling() {
        return visible >= 62 ? Figure8.STEPS + 1 : Math.min(Figure8.STEPS + 1, (double) (1L << visible));
    }

    /**
     * The median mover: the start at the lower median of the moves between clusters (of the PCA
     * spread where there are no clusters), ties broken by the lower chain index.
     *
     * @param stats every start's statistics under one kernel
     * @param clustered whether moves are defined
     * @return the chain index
     */
    static int representative(List<ChainStats> stats, boolean clustered) {
        List<ChainStats> sorted = new ArrayList<>(stats);
        Comparator<ChainStats> by = clustered ? Comparator.comparingDouble(ChainStats::moves)
                : Comparator.comparingDouble(ChainStats::pcaSpread);
        sorted.sort(by.thenComparingInt(ChainStats::chain));
        return sorted.get((sorted.size() - 1) / 2).chain();
    }

    /**
     * @param t a table of {@link Trajectories#run}
     * @param chain a chain index
     * @return {pc1 per step, pc2 per step} of that chain
     */
    static double[][] path(CsvTable t, int chain) {
        double[] c = t.doubles("chain");
        double[] x = t.doubles("pc1");
        double[] y = t.doubles("pc2");
        List<double[]> pts = new ArrayList<>();
        for (int r = 0; r < c.length; r++) {
            if (c[r] == chain) {
                pts.add(new double[] {x[r], y[r]});
            }
        }
        double[][] out = new double[2][pts.size()];
        for (int i = 0; i < pts.size(); i++) {
            out[0][i] = pts.get(i)[0];
            out[1][i] = pts.get(i)[1];
        }
        return out;
    }
}
