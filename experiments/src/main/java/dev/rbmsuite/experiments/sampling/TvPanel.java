package dev.rbmsuite.experiments.sampling;

import java.util.Map;

/**
 * The TV curves of one data set.
 *
 * @param dataset the data set
 * @param floor the expected TV of N_c exact i.i.d. samples (NaN if not computed)
 * @param steps the recorded steps
 * @param bands per kernel: {median, 10th, 90th percentile} across starts at each recorded step
 * @param perStart per kernel: [start][recorded step] TV; null when the per-start curves were not kept
 * @param occupancy per kernel: [start][recorded step] fraction of chains in the start's cluster
 *     (null when not kept or the data set has no clusters)
 * @param startMass per start: the model's probability of the start's cluster (null as occupancy)
 */
public record TvPanel(String dataset, double floor, double[] steps, Map<String, double[][]> bands,
                      Map<String, double[][]> perStart, Map<String, double[][]> occupancy, double[] startMass) {
}
