/**
 * Exact spectra of the kernels on tiny stacks (beyond the paper): the second-largest eigenvalue
 * modulus of BGS, deep tempering and the round trip, from the kernels' exact transition matrices and
 * the diagnostics' eigensolvers.
 */
package dev.rbmsuite.experiments.spectral;
