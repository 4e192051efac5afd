/**
 * Joint training of an RBM stack as in the paper (Sec. 3, Eq. grad_Deep; docs/methods.md section 3.3 and 7.1):
 * the positive phase over the (extended) data distribution, persistent chains advanced by BGS, deep
 * tempering or the round-trip kernel, SMCI or Monte Carlo negative phases, AdaMax, monitors written
 * to {@code metrics.csv} (exact or mAIS log-likelihood, the MAEs of Fig. 2 and lambda2 of App. B,
 * docs/methods.md section 7.2), and bit-identical checkpoint/resume.
 */
package dev.rbmsuite.learning.train;
