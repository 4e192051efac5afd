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
 * <p><b>Why there are three field engines.</b> Three loops compute an RBM field {@code bias + x.M}
 * with vector accumulators, each shaped by what surrounds it: {@code ConditionalKernel} (here) runs
 * many chains at once (a batch of rows), reads binary rows through 4-unit group tables and fuses the
 * sigmoid and the Bernoulli draw into the same pass; {@code kernels.FusedField} evaluates one
 * configuration at a time for the swap kernel's acceptance ratio (Eq. swap_prob), producing the
 * fields of two adjacent RBMs side by side from the list of active units; and
 * {@code diagnostics.spectral.GroupedFieldDraws} never sees the hidden state at all: it draws 8-unit
 * hidden patterns from their exact law by alias tables and adds precomputed per-pattern field rows,
 * for the lambda2 estimators' 2^15 draws per visible state. Their inputs (batched rows, active-unit
 * lists, pattern indices), outputs (draws, two fields, one field) and tables differ, so one engine
 * would either add a branch per row to the hottest loop or give up the tables that make each fast;
 * what they share is the reduction structure of {@link dev.rbmsuite.core.Lanes} (8 partial sums,
 * padding to multiples of 8), which keeps all three bit-identical at every vector width. (A merged
 * engine has not been tried or benchmarked.)
 */
package dev.rbmsuite.core;
