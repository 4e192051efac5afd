package dev.rbmsuite.kernels.exact;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Exact transition matrices of every kernel on tiny models, built by enumerating every intermediate
 * variable (hidden draws, swap outcomes) with exact conditional probabilities from brute-force
 * energy tables. They share no code with the sampling kernels, so that tests compare two
 * independent implementations, and the diagnostics compute exact second eigenvalues from them
 * (paper Appendix B).
 *
 * <p><b>Indexing.</b> A configuration of one layer is the integer whose bit i is unit i. A joint
 * configuration of a stack V = (v_0, ..., v_L) is {@code sum_l v_l << offset_l} with
 * {@code offset_l = n_0 + ... + n_{l-1}} (layer 0 in the lowest bits); for parallel tempering the
 * replicas x_0 (beta_0 = 1), ..., x_K take the place of the layers. {@code T[a][b]} is the
 * probability of moving from joint configuration a to b; rows sum to 1; a distribution pi is a row
 * vector and evolves as pi T.
 *
 * <p><b>Size guard.</b> The joint space may have at most {@value #MAX_JOINT_BITS} bits (a dense
 * 2^13 x 2^13 matrix is 512 MiB); each RBM at most n + m = 20 units; larger models throw
 * {@link IllegalArgumentException}.
 */
public final class ExactTransitionMatrices {
    /** Largest number of bits of the joint state space of a matrix. */
    public static final int MAX_JOINT_BITS = 13;

    private ExactTransitionMatrices() {
    }

    /**
     * Blocked Gibbs sampling (Eq. bgs): T(v' | v) = sum_h P(v' | h) P(h | v).
     *
     * @param rbm an RBM with n &lt;= 13
     * @return the 2^n x 2^n matrix over visible configurations
     */
    public static double[][] bgs(Rbm rbm) {
        RbmTables t = new RbmTables(rbm, 1.0);
        int[] sizes = {rbm.numVisible()};
        return build(sizes, List.of(j -> j.replace(0, t.m, t.condHidden), j -> j.replace(0, t.n, t.condVisible)));
    }

    /**
     * The visible-space swap kernel K̄_{l,l+1} (Eq. swap_kernel_vis) on the joint space of all
     * layers of the stack, acting on layers l and l+1 (identity on the others): h_l ~ P_l(h | v_l),
     * the swap kernel S_{l,l+1} (Eq. swap_kernel, acceptance Eq. swap_prob), v_l' ~ P_l(v | h_l').
     *
     * @param stack the stack (L &gt;= 1)
     * @param l level, 0 &lt;= l &lt; L
     * @return the joint-space matrix
     */
    public static double[][] swapVisible(RbmStack stack, int l) {
        if (l < 0 || l >= stack.upperLayers()) {
            throw new IllegalArgumentException("level " + l + " is not in 0.." + (stack.upperLayers() - 1));
        }
        RbmTables[] t = tables(stack);
        double[][] acc = swapAcceptance(t[l], t[l + 1]);
        List<UnaryOperator<Joint>> ops = new ArrayList<>();
        addVisibleSwap(ops, t, acc, l);
        return build(stack.visibleSizes(), ops);
    }

    /**
     * One deep-tempering step with the given parity (Alg. 2): K̄_{l,l+1} for every l = parity mod 2,
     * then one BGS sweep on every layer.
     *
     * @param stack the stack
     * @param parity c, 0 or 1
     * @return the joint-space matrix
     */
    public static double[][] deepTempering(RbmStack stack, int parity) {
        if (parity != 0 && parity != 1) {
            throw new IllegalArgumentException("parity must be 0 or 1, got " + parity);
        }
        RbmTables[] t = tables(stack);
        List<UnaryOperator<Joint>> ops = new ArrayList<>();
        for (int l = parity; l < stack.upperLayers(); l += 2) {
            addVisibleSwap(ops, t, swapAcceptance(t[l], t[l + 1]), l);
        }
        for (int l = 0; l < t.length; l++) {
            RbmTables tl = t[l];
            int k = l;
            ops.add(j -> j.replace(k, tl.m, tl.condHidden));
            ops.add(j -> j.replace(k, tl.n, tl.condVisible));
        }
        return build(stack.visibleSizes(), ops);
    }

    /**
     * The round-trip kernel T_0 (Eq. ell_trans, Alg. 3). In the enumeration the slot of layer l
     * holds v_l, then h_l, h_l^+, h_l^- and finally v_l': upward for l = 0..L-1, replace slot l by
     * h_l ~ P_l(h | v_l^+) and swap slots (l, l+1); at the top, BGS on slot L; downward for
     * l = L-1..0, swap slots (l, l+1) and replace slot l by v̂_l ~ P_l(v | h_l^-).
     *
     * @param stack the stack
     * @return the joint-space matrix
     */
    public static double[][] roundTrip(RbmStack stack) {
        RbmTables[] t = tables(stack);
        int levels = stack.upperLayers();
        double[][][] acc = new double[levels][][];
        for (int l = 0; l < levels; l++) {
            acc[l] = swapAcceptance(t[l], t[l + 1]);
        }
        List<UnaryOperator<Joint>> ops = new ArrayList<>();
        for (int l = 0; l < levels; l++) {
            int k = l;
            ops.add(j -> j.replace(k, t[k].m, t[k].condHidden));
            ops.add(j -> j.swap(k, k + 1, acc[k]));
        }
        RbmTables top = t[levels];
        ops.add(j -> j.replace(levels, top.m, top.condHidden));
        ops.add(j -> j.replace(levels, top.n, top.condVisible));
        for (int l = levels - 1; l >= 0; l--) {
            int k = l;
            ops.add(j -> j.swap(k, k + 1, acc[k]));
            ops.add(j -> j.replace(k, t[k].n, t[k].condVisible));
        }
        return build(stack.visibleSizes(), ops);
    }

    /**
     * One parallel-tempering step with the given parity: exchanges of replicas (k, k+1) for
     * k = parity mod 2 with the Metropolis ratio of the tempered visible marginals, then one
     * tempered BGS sweep on every replica (the order of {@code kernels.ParallelTempering}).
     *
     * @param rbm the target RBM
     * @param betas the ladder 1 = beta_0 &gt; ... &gt; beta_K
     * @param parity c, 0 or 1
     * @return the matrix over the replicas' joint configurations
     */
    public static double[][] parallelTempering(Rbm rbm, double[] betas, int parity) {
        if (parity != 0 && parity != 1) {
            throw new IllegalArgumentException("parity must be 0 or 1, got " + parity);
        }
        RbmTables[] t = tempered(rbm, betas);
        List<UnaryOperator<Joint>> ops = new ArrayList<>();
        for (int k = parity; k + 1 < t.length; k += 2) {
            double[][] acc = exchangeAcceptance(t[k], t[k + 1]);
            int a = k;
            ops.add(j -> j.swap(a, a + 1, acc));
        }
        for (int k = 0; k < t.length; k++) {
            RbmTables tk = t[k];
            int a = k;
            ops.add(j -> j.replace(a, tk.m, tk.condHidden));
            ops.add(j -> j.replace(a, tk.n, tk.condVisible));
        }
        int[] sizes = new int[betas.length];
        Arrays.fill(sizes, rbm.numVisible());
        return build(sizes, ops);
    }

    /**
     * The stack kernels' target P_Theta(V) = prod_l P_{theta_l}(v_l), exact and normalised.
     *
     * @param stack the stack
     * @return probabilities over joint configurations
     */
    public static double[] target(RbmStack stack) {
        RbmTables[] t = tables(stack);
        double[][] marg = new double[t.length][];
        for (int l = 0; l < t.length; l++) {
            marg[l] = t[l].visibleMarginal();
        }
        return product(stack.visibleSizes(), marg);
    }

    /**
     * Parallel tempering's target prod_k P_{beta_k}(x_k), exact and normalised.
     *
     * @param rbm the target RBM
     * @param betas the ladder
     * @return probabilities over the replicas' joint configurations
     */
    public static double[] target(Rbm rbm, double[] betas) {
        RbmTables[] t = tempered(rbm, betas);
        double[][] marg = new double[t.length][];
        int[] sizes = new int[t.length];
        for (int k = 0; k < t.length; k++) {
            marg[k] = t[k].visibleMarginal();
            sizes[k] = rbm.numVisible();
        }
        return product(sizes, marg);
    }

    /**
     * The exact visible marginal P(v) of one RBM (Eq. rbm_v), by enumeration.
     *
     * @param rbm an RBM with n + m &lt;= 20
     * @return P(v) over the 2^n configurations
     */
    public static double[] visibleMarginal(Rbm rbm) {
        return new RbmTables(rbm, 1.0).visibleMarginal();
    }

    // ------------------------------------------------------------------------------ internals

    private static RbmTables[] tables(RbmStack stack) {
        RbmTables[] t = new RbmTables[stack.size()];
        for (int l = 0; l < t.length; l++) {
            t[l] = new RbmTables(stack.layer(l), 1.0);
        }
        return t;
    }

    private static RbmTables[] tempered(Rbm rbm, double[] betas) {
        if (betas.length == 0 || betas[0] != 1.0) {
            throw new IllegalArgumentException("the ladder must start at beta_0 = 1, got " + Arrays.toString(betas));
        }
        RbmTables[] t = new RbmTables[betas.length];
        for (int k = 0; k < t.length; k++) {
            t[k] = new RbmTables(rbm, betas[k]);
        }
        return t;
    }

    /** a[x][y] for x in the hidden slot of theta_l and y in the visible slot of theta_{l+1} (Eq. swap_prob). */
    private static double[][] swapAcceptance(RbmTables lower, RbmTables upper) {
        int k = lower.lh.length;
        double[][] a = new double[k][k];
        for (int x = 0; x < k; x++) {
            for (int y = 0; y < k; y++) {
                double logR = (upper.lv[x] + lower.lh[y]) - (upper.lv[y] + lower.lh[x]);
                a[x][y] = Math.min(1.0, Fdlibm.exp(logR));
            }
        }
        return a;
    }

    /** a[x][y] for x in replica k and y in replica k+1: min(1, P_k(y) P_{k+1}(x) / (P_k(x) P_{k+1}(y))). */
    private static double[][] exchangeAcceptance(RbmTables a, RbmTables b) {
        int k = a.lv.length;
        double[][] acc = new double[k][k];
        for (int x = 0; x < k; x++) {
            for (int y = 0; y < k; y++) {
                double logR = (a.lv[y] + b.lv[x]) - (a.lv[x] + b.lv[y]);
                acc[x][y] = Math.min(1.0, Fdlibm.exp(logR));
            }
        }
        return acc;
    }

    private static void addVisibleSwap(List<UnaryOperator<Joint>> ops, RbmTables[] t, double[][] acc, int l) {
        ops.add(j -> j.replace(l, t[l].m, t[l].condHidden));
        ops.add(j -> j.swap(l, l + 1, acc));
        ops.add(j -> j.replace(l, t[l].n, t[l].condVisible));
    }

    private static double[] product(int[] sizes, double[][] marg) {
        int bits = checkBits(sizes);
        double[] pi = new double[1 << bits];
        for (int s = 0; s < pi.length; s++) {
            double p = 1;
            int off = 0;
            for (int l = 0; l < sizes.length; l++) {
                p *= marg[l][(s >>> off) & ((1 << sizes[l]) - 1)];
                off += sizes[l];
            }
            pi[s] = p;
        }
        return pi;
    }

    private static int checkBits(int[] sizes) {
        int bits = Joint.bits(sizes);
        if (bits > MAX_JOINT_BITS) {
            throw new IllegalArgumentException("the joint state space has " + bits + " bits; exact matrices allow at most "
                    + MAX_JOINT_BITS);
        }
        return bits;
    }

    /**
     * The composable builder under every matrix here: row s is the distribution obtained by applying
     * the operations, in order, to the point mass at joint configuration s.
     *
     * @param sizes the layers' sizes in bits (the state's layout, which the operations must restore)
     * @param ops the kernel's random steps as exact operations on {@link Joint}
     * @return the matrix
     * @throws IllegalArgumentException if the joint space has more than {@value #MAX_JOINT_BITS} bits
     */
    public static double[][] build(int[] sizes, List<UnaryOperator<Joint>> ops) {
        int bits = checkBits(sizes);
        int states = 1 << bits;
        double[][] t = new double[states][];
        for (int s = 0; s < states; s++) {
            Joint j = Joint.delta(sizes, s);
            for (UnaryOperator<Joint> op : ops) {
                j = op.apply(j);
            }
            if (!j.sameLayout(sizes)) {
                throw new IllegalStateException("the kernel's variables end in layout " + Arrays.toString(j.sizes));
            }
            t[s] = j.p;
        }
        return t;
    }
}
