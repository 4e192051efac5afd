package dev.rbmsuite.testkit;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import dev.rbmsuite.kernels.exact.Joint;
import dev.rbmsuite.kernels.exact.RbmTables;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * Exact transition matrices of new kernels, composed from the primitives the suite's own kernels are
 * made of: replacing a layer by a draw from its conditional, a Metropolis swap of two layers, and a
 * custom step given by its row function. Each primitive acts exactly on a distribution over joint
 * configurations ({@link Joint}); row s of the matrix is what the steps, in order, make of the point
 * mass at s. The indexing is that of {@link ExactTransitionMatrices} and {@link States}.
 *
 * <p>For example blocked Gibbs sampling on one RBM and a two-layer state (the other layer untouched):
 * <pre>{@code
 * double[][] t = ExactMatrix.on(3, 4)
 *         .hiddenGivenVisible(0, rbm)    // layer 0: v -> h ~ P(h | v)
 *         .visibleGivenHidden(0, rbm)    // layer 0: h -> v ~ P(v | h)
 *         .build();
 * }</pre>
 * Intermediate layouts may differ (a layer holds h between the two draws); the steps must end in the
 * layout they started from. The joint space may have at most
 * {@value ExactTransitionMatrices#MAX_JOINT_BITS} bits, intermediate ones {@value Joint#MAX_BITS}.
 */
public final class ExactMatrix {
    private final int[] sizes;
    private final List<UnaryOperator<Joint>> ops = new ArrayList<>();
    private final int[] current;

    private ExactMatrix(int[] sizes) {
        this.sizes = sizes.clone();
        this.current = sizes.clone();
    }

    /**
     * @param sizes the state's layer sizes in bits
     * @return an empty composition (the identity matrix)
     */
    public static ExactMatrix on(int... sizes) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("a state needs at least one layer");
        }
        return new ExactMatrix(sizes);
    }

    /**
     * Replaces layer k (value x) by a draw y ~ table[x][y] of {@code newSize} bits.
     *
     * @param layer k
     * @param newSize bits of the new value
     * @param table a row-stochastic table, 2^{size of k} x 2^{newSize}
     * @return this composition
     */
    public ExactMatrix conditional(int layer, int newSize, double[][] table) {
        check(layer);
        ops.add(j -> j.replace(layer, newSize, table));
        current[layer] = newSize;
        return this;
    }

    /**
     * Replaces layer k, which holds a visible configuration v of the RBM, by h ~ P(h | v) (Eq. rbm_h|v).
     *
     * @param layer k
     * @param rbm the RBM (n + m &lt;= 20)
     * @return this composition
     */
    public ExactMatrix hiddenGivenVisible(int layer, Rbm rbm) {
        RbmTables t = new RbmTables(rbm, 1.0);
        requireSize(layer, t.visibleUnits());
        return conditional(layer, t.hiddenUnits(), t.conditionalHidden());
    }

    /**
     * Replaces layer k, which holds a hidden configuration h of the RBM, by v ~ P(v | h) (Eq. rbm_v|h).
     *
     * @param layer k
     * @param rbm the RBM
     * @return this composition
     */
    public ExactMatrix visibleGivenHidden(int layer, Rbm rbm) {
        RbmTables t = new RbmTables(rbm, 1.0);
        requireSize(layer, t.hiddenUnits());
        return conditional(layer, t.visibleUnits(), t.conditionalVisible());
    }

    /**
     * One blocked Gibbs sweep of the RBM on layer k (Eq. bgs): h ~ P(h | v), then v ~ P(v | h).
     *
     * @param layer k
     * @param rbm the RBM
     * @return this composition
     */
    public ExactMatrix gibbsSweep(int layer, Rbm rbm) {
        return hiddenGivenVisible(layer, rbm).visibleGivenHidden(layer, rbm);
    }

    /**
     * A swap of the values of layers a and b (equal sizes) accepted with probability
     * {@code acceptance[x_a][x_b]}, else both stay.
     *
     * @param a first layer
     * @param b second layer
     * @param acceptance probabilities in [0, 1], indexed [value of a][value of b]
     * @return this composition
     */
    public ExactMatrix swap(int a, int b, double[][] acceptance) {
        check(a);
        check(b);
        if (current[a] != current[b]) {
            throw new IllegalArgumentException("layers " + a + " and " + b + " hold " + current[a] + " and " + current[b]
                    + " bits");
        }
        ops.add(j -> j.swap(a, b, acceptance));
        return this;
    }

    /**
     * The Metropolis exchange of layers a and b between two (unnormalised) log-densities: x_a, held
     * under density p_a, and x_b, under p_b, are exchanged with probability
     * min(1, p_a(x_b) p_b(x_a) / (p_a(x_a) p_b(x_b))) (the swap of Eq. swap_prob, parallel tempering's
     * replica exchange).
     *
     * @param a first layer
     * @param b second layer
     * @param logDensityA ln p_a over the 2^{bits} values
     * @param logDensityB ln p_b over the 2^{bits} values
     * @return this composition
     */
    public ExactMatrix metropolisSwap(int a, int b, double[] logDensityA, double[] logDensityB) {
        int k = logDensityA.length;
        if (logDensityB.length != k) {
            throw new IllegalArgumentException("the two log-densities have " + k + " and " + logDensityB.length
                    + " values");
        }
        double[][] acc = new double[k][k];
        for (int x = 0; x < k; x++) {
            for (int y = 0; y < k; y++) {
                double logR = (logDensityA[y] + logDensityB[x]) - (logDensityA[x] + logDensityB[y]);
                acc[x][y] = Math.min(1.0, Fdlibm.exp(logR));
            }
        }
        return swap(a, b, acc);
    }

    /**
     * A custom step on one layer, given by its row function: the value x of layer k becomes y with
     * probability {@code row.apply(x)[y]}.
     *
     * @param layer k
     * @param newSize bits of the new value
     * @param row the transition probabilities from each value (each row must sum to 1)
     * @return this composition
     */
    public ExactMatrix step(int layer, int newSize, IntFunction<double[]> row) {
        check(layer);
        ops.add(j -> j.replace(layer, newSize, row));
        current[layer] = newSize;
        return this;
    }

    /**
     * A custom step on the whole state, given by its row function over joint indices (the layout
     * must be the starting one).
     *
     * @param row the transition probabilities from each joint index
     * @return this composition
     */
    public ExactMatrix step(IntFunction<double[]> row) {
        for (int l = 0; l < sizes.length; l++) {
            if (current[l] != sizes[l]) {
                throw new IllegalStateException("a joint step needs the starting layout; layer " + l + " holds "
                        + current[l] + " bits");
            }
        }
        ops.add(j -> j.transform(row));
        return this;
    }

    /**
     * @param op any exact operation on the joint distribution (for steps the other methods lack)
     * @return this composition
     */
    public ExactMatrix then(UnaryOperator<Joint> op) {
        ops.add(op);
        return this;
    }

    /**
     * @return the transition matrix T[a][b] of the composed steps, rows over the starting joint
     *     configurations
     * @throws IllegalArgumentException if the state space is too large
     * @throws IllegalStateException if the steps do not end in the starting layout
     */
    public double[][] build() {
        return ExactTransitionMatrices.build(sizes, List.copyOf(ops));
    }

    /**
     * @param first a transition matrix
     * @param second another one on the same space
     * @return the matrix of "first, then second" (first x second)
     */
    public static double[][] compose(double[][] first, double[][] second) {
        int s = first.length;
        double[][] out = new double[s][s];
        for (int a = 0; a < s; a++) {
            for (int k = 0; k < s; k++) {
                double f = first[a][k];
                if (f == 0.0) {
                    continue;
                }
                double[] row = second[k];
                for (int b = 0; b < s; b++) {
                    out[a][b] += f * row[b];
                }
            }
        }
        return out;
    }

    /**
     * @param t a transition matrix
     * @param steps k &gt;= 1
     * @return t^k
     */
    public static double[][] power(double[][] t, int steps) {
        double[][] out = t;
        for (int k = 1; k < steps; k++) {
            out = compose(out, t);
        }
        return out;
    }

    /**
     * The stationary distribution of an irreducible transition matrix, by solving pi T = pi with
     * sum pi = 1 (Gaussian elimination with partial pivoting on (T - I)^T, the last equation replaced by
     * the normalisation): what a kernel's chains converge to, whether or not it is the target. For an
     * exact kernel it is the target (up to rounding); for a biased one, such as the unadjusted discrete
     * Langevin kernel, {@code KernelChecks.tv(stationary(t), pi)} is its bias, measured exactly.
     *
     * @param t a row-stochastic matrix with a unique stationary distribution (irreducible)
     * @return pi, summing to 1
     * @throws IllegalArgumentException if the matrix is not square or the system is singular (the
     *     stationary distribution is not unique)
     */
    public static double[] stationary(double[][] t) {
        int s = t.length;
        double[][] a = new double[s][s + 1];
        for (int i = 0; i < s; i++) {
            if (t[i].length != s) {
                throw new IllegalArgumentException("row " + i + " has " + t[i].length + " entries, the matrix " + s + " rows");
            }
            for (int j = 0; j < s; j++) {
                // equation i: sum_j pi_j (T[j][i] - [i == j]) = 0
                a[i][j] = t[j][i] - (i == j ? 1.0 : 0.0);
            }
        }
        for (int j = 0; j <= s; j++) {
            a[s - 1][j] = 1.0;
        }
        for (int col = 0; col < s; col++) {
            int pivot = col;
            for (int r = col + 1; r < s; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            if (!(Math.abs(a[pivot][col]) > 1e-300)) {
                throw new IllegalArgumentException("the stationary distribution is not unique (singular at column " + col
                        + "): is the chain irreducible?");
            }
            double[] tmp = a[pivot];
            a[pivot] = a[col];
            a[col] = tmp;
            for (int r = 0; r < s; r++) {
                if (r != col && a[r][col] != 0.0) {
                    double f = a[r][col] / a[col][col];
                    for (int j = col; j <= s; j++) {
                        a[r][j] -= f * a[col][j];
                    }
                }
            }
        }
        double[] pi = new double[s];
        for (int i = 0; i < s; i++) {
            pi[i] = a[i][s] / a[i][i];
        }
        return pi;
    }

    /**
     * The product distribution prod_l p_l(x_l) over joint indices (the target of a kernel on
     * independent layers, such as P_Theta(V) = prod_l P_{theta_l}(v_l) of the stack kernels).
     *
     * @param sizes layer sizes
     * @param marginals per layer a distribution over its 2^{n_l} values
     * @return the product, over joint indices
     */
    public static double[] product(int[] sizes, double[]... marginals) {
        if (marginals.length != sizes.length) {
            throw new IllegalArgumentException(sizes.length + " layers but " + marginals.length + " marginals");
        }
        int bits = Joint.bits(sizes);
        double[] pi = new double[1 << bits];
        for (int s = 0; s < pi.length; s++) {
            double p = 1;
            int off = 0;
            for (int l = 0; l < sizes.length; l++) {
                p *= marginals[l][(s >>> off) & ((1 << sizes[l]) - 1)];
                off += sizes[l];
            }
            pi[s] = p;
        }
        return pi;
    }

    private void check(int layer) {
        if (layer < 0 || layer >= sizes.length) {
            throw new IllegalArgumentException("layer " + layer + " is not in 0.." + (sizes.length - 1));
        }
    }

    private void requireSize(int layer, int bits) {
        check(layer);
        if (current[layer] != bits) {
            throw new IllegalArgumentException("layer " + layer + " holds " + current[layer] + " bits here, the RBM needs "
                    + bits);
        }
    }
}
