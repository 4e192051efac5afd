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
 */
package dev.rbmsuite.core;
