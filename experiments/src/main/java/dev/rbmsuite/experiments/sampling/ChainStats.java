package dev.rbmsuite.experiments.sampling;

/**
 * What one chain did in figure 8's 100 steps.
 *
 * @param chain the persistent chain it started from
 * @param moves changes of cluster with hysteresis (NaN for data sets without clusters)
 * @param distinctStates distinct visible states visited, the start included
 * @param pcaSpread mean squared distance of the trajectory's points in the PCA plane from their centroid
 */
public record ChainStats(int chain, double moves, double distinctStates, double pcaSpread) {
}
