/**
 * The paper's synthetic data sets: GenRBM (section 2.3, data from a generative RBM by blocked Gibbs
 * sampling), islands (Eq. P_islands) and pentagon (Eq. P_pentagon), with the settings of Table 1 and
 * docs/methods.md section 7.2. Every generator takes its randomness from a {@link dev.rbmsuite.core.Rng}.
 */
package dev.rbmsuite.datasets.synthetic;
