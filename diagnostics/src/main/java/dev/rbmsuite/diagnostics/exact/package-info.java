/**
 * Exact enumeration of RBMs (paper sections 2.3 and 5, Appendix B; docs/methods.md sections 6 and 7.2):
 * log Z ({@link dev.rbmsuite.diagnostics.exact.ExactLogZ}), log P(v) and the log-likelihood of Eq.
 * log_likelihood ({@link dev.rbmsuite.diagnostics.exact.ExactLikelihood}), the moments behind the MAEs
 * ({@link dev.rbmsuite.diagnostics.exact.ExactMoments}) and the normalised table of P(v) for small n
 * ({@link dev.rbmsuite.diagnostics.exact.VisibleDistribution}). All in float64, streamed, on all cores,
 * bit-identical from run to run.
 */
package dev.rbmsuite.diagnostics.exact;
