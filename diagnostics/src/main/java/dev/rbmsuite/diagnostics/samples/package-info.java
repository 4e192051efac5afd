/**
 * Diagnostics of samples where the model's distribution cannot be enumerated (n = 784): the maximum
 * mean discrepancy between two sets of binary states under the exponentiated average Hamming kernel
 * ({@link dev.rbmsuite.diagnostics.samples.HammingMmd}), the measure of Grathwohl et al. (2021) and
 * Zhang, Liu &amp; Liu (2022), and the effective sample size of a scalar chain
 * ({@link dev.rbmsuite.diagnostics.samples.EffectiveSampleSize}).
 */
package dev.rbmsuite.diagnostics.samples;
