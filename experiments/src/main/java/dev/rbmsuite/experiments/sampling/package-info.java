/**
 * Sampling with trained models (figures 8 and 9): the best round-trip model of each data set, chain
 * states started from its persistent chains, and the three kernels run side by side.
 */
package dev.rbmsuite.experiments.sampling;
