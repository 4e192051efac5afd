/**
 * Transition kernels (BlackJAX/TFP style: create a chain state once, then a pure step that returns the next state and a typed info record): blocked Gibbs sampling, the swap kernel (Alg. 1), deep tempering (Alg. 2), the round-trip kernel (Alg. 3) and parallel tempering.
 */
package dev.rbmsuite.kernels;
