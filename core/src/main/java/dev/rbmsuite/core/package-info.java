/**
 * The foundation of the suite: immutable restricted Boltzmann machines ({@link dev.rbmsuite.core.Rbm})
 * and stacks of them ({@link dev.rbmsuite.core.RbmStack}, the sequence of deep tempering), numerically
 * stable scalar and vectorised math ({@link dev.rbmsuite.core.Numerics}, {@link dev.rbmsuite.core.VectorMath}),
 * and the seeded, splittable random streams ({@link dev.rbmsuite.core.Rng}) from which all randomness flows.
 *
 * <p>Notation follows Sekimoto and Yasuda: {@code zeta_j(v) = c_j + sum_i W_ij v_i},
 * {@code eta_i(h) = b_i + sum_j W_ij h_j}, energy {@code E(v,h) = -b.v - c.h - v.W.h} (Eq. 2).
 * Batched states are stored as rows of a row-major {@code double[]} (one chain per row) in the hot
 * paths, and as float64 ND4J arrays at the public API.
 *
 * <p><b>Why there are two field engines.</b> Two loops compute an RBM field {@code bias + x.M}
 * with vector accumulators. {@code ConditionalKernel} (here) runs many rows at once, reads binary
 * rows through 4-unit group tables and fuses the sigmoid and the Bernoulli draw into the same pass;
 * it also serves the swap kernel ({@code kernels.FusedField}), whose two fields of one configuration
 * (Eq. swap_prob) are one affine map on a matrix of two adjacent RBMs' weights side by side, so the
 * swap's fields have the bits of each RBM's own fields. {@code diagnostics.spectral.GroupedFieldDraws}
 * never sees the hidden state at all: it draws 8-unit hidden patterns from their exact law by alias
 * tables and adds precomputed per-pattern field rows, for the lambda2 estimators' 2^15 draws per
 * visible state; its inputs are pattern indices, not states, so it keeps its own tables. What the two
 * share is the reduction structure of {@link dev.rbmsuite.core.Lanes} (8 partial sums, padding to
 * multiples of 8), which keeps both bit-identical at every vector width. (The swap kernel had a third
 * engine, a dense product over the list of active units; core's group tables replaced it and made
 * deep tempering 13 to 25 % faster on the paper's stack, docs/methods.md section 10.)
 */
package dev.rbmsuite.core;
