/**
 * Training runs shared by the figures: one set of kept trials per (data set, kernel, L)
 * configuration, with learning curves, the final model and the persistent chains of every trial.
 */
package dev.rbmsuite.experiments.training;
