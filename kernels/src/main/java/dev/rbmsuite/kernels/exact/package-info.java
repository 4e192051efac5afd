/**
 * Exact transition matrices of the kernels on tiny models (BGS, the visible-space swap kernel of
 * Eq. swap_kernel_vis, deep tempering of Alg. 2, the round trip of Alg. 3, parallel tempering) and
 * their exact targets, built by brute-force enumeration independently of the sampling code: the
 * proof of every kernel in the tests, and the input of exact eigenvalue diagnostics (Appendix B).
 */
package dev.rbmsuite.kernels.exact;
