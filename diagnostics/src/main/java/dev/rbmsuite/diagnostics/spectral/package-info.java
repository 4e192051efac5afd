/**
 * Second eigenvalues of transition kernels: the BGS relaxation-time estimators of Appendix B (the
 * paper's counts, the Rao-Blackwellised estimator of docs/methods.md section 5, and the exact value), and
 * exact spectra of small dense kernels (deep tempering, round trip) beyond the paper.
 */
package dev.rbmsuite.diagnostics.spectral;
