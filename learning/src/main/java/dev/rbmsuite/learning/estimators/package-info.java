/**
 * Estimators of the negative-phase moments E[v_i], E[h_j] and E[v_i h_j] of one RBM from a set of
 * chain samples (v, h ~ P(h|v)): plain Monte Carlo averages and semi-second-order SMCI (paper
 * Appendix A with the two corrections of docs/methods.md section 0; stable forms of docs/methods.md section 2.2-2.4).
 */
package dev.rbmsuite.learning.estimators;
