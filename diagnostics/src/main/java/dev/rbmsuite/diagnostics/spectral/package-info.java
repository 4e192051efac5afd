/**
 * Second eigenvalues of transition kernels: the BGS relaxation-time estimators of Appendix B (the
 * paper's counts, the Rao-Blackwellised estimator of docs/methods.md section 5, and the exact value), and
 * the eigensolvers for exact spectra of small dense kernels beyond the paper (the stacks' spectra,
 * which need the kernels' exact matrices, are experiments.spectral.StackSpectra).
 */
package dev.rbmsuite.diagnostics.spectral;
