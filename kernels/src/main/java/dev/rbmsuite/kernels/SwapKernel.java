package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;

/**
 * The swap kernel S_{l,l+1} between the hidden layer of theta_l and the visible layer of
 * theta_{l+1} (paper Alg. 1, Eq. swap_kernel), batched over chains, and the visible-space swap
 * kernel K̄_{l,l+1} built from it (Eq. swap_kernel_vis). Deep tempering (Alg. 2) and the round-trip
 * kernel (Alg. 3) both compose this one class.
 *
 * <p>A proposal exchanges a hidden configuration h_l with a visible configuration v_{l+1} (both in
 * {0,1}^{m_l}, since n_{l+1} = m_l) and is accepted with the probability of Eq. swap_prob,
 * evaluated in log space from the unnormalised log-marginals (the partition functions cancel):
 * <pre>
 *   log r = [lh_l(v_{l+1}) + lv_{l+1}(h_l)] - [lh_l(h_l) + lv_{l+1}(v_{l+1})],
 *   accept iff ln u &lt; log r, u ~ Unif[0,1),
 * </pre>
 * with lh_l(x) = c_l.x + sum_i sfp(eta_i(x; theta_l)) and lv_{l+1}(x) = b_{l+1}.x +
 * sum_j sfp(zeta_j(x; theta_{l+1})) (docs/methods.md section 3.2 and 3.4). The kernel satisfies detailed balance
 * with respect to P^(h)_{theta_l}(h_l) P^(v)_{theta_{l+1}}(v_{l+1}).
 *
 * <p>Hot path: both configurations live in {@link Slot}s that cache, per chain, the two fields
 * eta(x; theta_l) and zeta(x; theta_{l+1}) (computed in one fused pass) and the two log-marginals.
 * An accepted swap exchanges the cached rows with the states, so a caller can draw the next
 * conditional (v_l ~ P(v | h_l') with {@link #sampleLowerVisible} or h_{l+1} ~ P(h | v_{l+1}') with
 * {@link #sampleUpperHidden}) from the cached field without recomputing it. All buffers live in the
 * caller's slots ({@link #newSlot}, {@link #newPair}), allocated once per chain count; the kernel
 * itself holds only immutable data and is safe to share between threads.
 */
public final class SwapKernel {
    private static final double LN2 = Fdlibm.log(2.0);
    private final Rbm lower;
    private final Rbm upper;
    private final int nLower;
    private final int width;
    private final int mUpper;
    private final double[] lowerHiddenBias;
    private final double[] upperVisibleBias;
    private final FusedField fused;

    /**
     * @param lower theta_l
     * @param upper theta_{l+1}, with n_{l+1} = m_l
     */
    public SwapKernel(Rbm lower, Rbm upper) {
        if (lower.numHidden() != upper.numVisible()) {
            throw new IllegalArgumentException("the swap needs n_{l+1} = m_l, got m_l = " + lower.numHidden()
                    + " and n_{l+1} = " + upper.numVisible());
        }
        this.lower = lower;
        this.upper = upper;
        this.nLower = lower.numVisible();
        this.width = lower.numHidden();
        this.mUpper = upper.numHidden();
        this.lowerHiddenBias = lower.hiddenBiasArray();
        this.upperVisibleBias = upper.visibleBiasArray();
        this.fused = new FusedField(width, lower.weightsArray(), lower.visibleBiasArray(), upper.weightsArray(),
                upper.hiddenBiasArray());
    }

    /** @return theta_l */
    public Rbm lower() {
        return lower;
    }

    /** @return theta_{l+1} */
    public Rbm upper() {
        return upper;
    }

    /** @return m_l = n_{l+1}, the size of the swapped configurations */
    public int width() {
        return width;
    }

    /**
     * A batch of N configurations x in {0,1}^{m_l} with, per chain, the cached quantities the swap
     * needs: the fields eta(x; theta_l) and zeta(x; theta_{l+1}), lh_l(x), lv_{l+1}(x), and an
     * integer label that travels with x through accepted swaps (the round trip uses it for
     * {@link RoundTripInfo#bottomOrigin()}). Write states into {@link #states()}, then call
     * {@link SwapKernel#evaluate}.
     */
    public static final class Slot {
        final double[] x;
        final double[] f;
        final double[] lh;
        final double[] lv;
        final int[] label;
        final double[] prodLower;
        final double[] prodUpper;
        final double[] uniforms;
        final double[] tmp;
        /** the exponentials of one row's softplus terms in {@link SwapKernel#evaluate} */
        final double[] exps;
        final int chains;

        private Slot(SwapKernel k, int chains, double[] scratch) {
            this.chains = chains;
            this.x = new double[chains * k.width];
            this.f = new double[chains * k.fused.stride];
            this.lh = new double[chains];
            this.lv = new double[chains];
            this.label = new int[chains];
            this.prodLower = new double[chains];
            this.prodUpper = new double[chains];
            this.uniforms = new double[chains];
            int need = chains * k.scratchWidth();
            this.tmp = scratch != null && scratch.length >= need ? scratch : new double[need];
            this.exps = new double[Math.max(k.fused.lowerPadded, k.fused.upperPadded)];
        }

        /** @return the configurations, N x m_l row-major (the live buffer) */
        public double[] states() {
            return x;
        }

        /** @return lh_l(x) per chain (valid after evaluate) */
        public double[] logMarginalLower() {
            return lh;
        }

        /** @return lv_{l+1}(x) per chain (valid after evaluate) */
        public double[] logMarginalUpper() {
            return lv;
        }

        /** @return per-chain labels, exchanged together with the states by accepted swaps */
        public int[] labels() {
            return label;
        }

        /** @return the number of chains this slot holds */
        public int chains() {
            return chains;
        }
    }

    /**
     * @param chains N
     * @return a new slot for N chains
     */
    public Slot newSlot(int chains) {
        return new Slot(this, chains, null);
    }

    /**
     * A slot whose scratch space (for conditional draws) is a buffer shared with other slots, so that
     * many slots keep the working set small; the buffer's contents are transient.
     *
     * @param chains N
     * @param scratch at least N * {@link #scratchWidth()} doubles (a new buffer is made if shorter)
     * @return a new slot for N chains
     */
    public Slot newSlot(int chains, double[] scratch) {
        return new Slot(this, chains, scratch);
    }

    /** @return the scratch doubles a slot needs per chain: max(m_l, n_l, m_{l+1}) */
    public int scratchWidth() {
        return Math.max(width, Math.max(nLower, mUpper));
    }

    /**
     * The two slots of one swap (hidden position, visible position), the workspace of
     * {@link #visibleSwap} and {@link #sampleUpperHiddenOfLastSwap}.
     */
    public static final class Pair {
        final Slot h;
        final Slot v;

        private Pair(SwapKernel k, int chains) {
            this.h = k.newSlot(chains);
            this.v = k.newSlot(chains, h.tmp);
        }

        /** @return the number of chains the pair holds */
        public int chains() {
            return h.chains;
        }
    }

    /**
     * @param chains N
     * @return a new pair of slots for N chains
     */
    public Pair newPair(int chains) {
        return new Pair(this, chains);
    }

    /**
     * Computes the cached fields and log-marginals of the slot's current states: one fused field
     * pass and two softplus sums per chain, lh_l(x) = c_l.x + sum_i sfp(eta_i(x)) and
     * lv_{l+1}(x) = b_{l+1}.x + sum_j sfp(zeta_j(x)); each sum is max-parts plus the logarithm of a
     * product of factors 1 + e^{-|.|}, the logarithms taken for all chains in one vector pass.
     *
     * @param s the slot
     * @param chains number of chains to evaluate (at most the slot's)
     */
    public void evaluate(Slot s, int chains) {
        fused.compute(s.x, chains, s.f);
        int stride = fused.stride;
        int lp = fused.lowerPadded;
        int up = fused.upperPadded;
        int uo = fused.upperOffset;
        if (lp > Work.maxProductTerms() || up > Work.maxProductTerms()) {
            for (int r = 0; r < chains; r++) {
                int xo = r * width;
                int fo = r * stride;
                s.lh[r] = VectorMath.dot(lowerHiddenBias, 0, s.x, xo, width)
                        + VectorMath.softplusSum(s.f, fo, nLower);
                s.lv[r] = VectorMath.dot(upperVisibleBias, 0, s.x, xo, width)
                        + VectorMath.softplusSum(s.f, fo + uo, mUpper);
            }
            return;
        }
        // the zero-padded lanes contribute softplus(0) = ln 2 each: sum over whole vectors, subtract
        double lowerPad = (lp - nLower) * LN2;
        double upperPad = (up - mUpper) * LN2;
        for (int r = 0; r < chains; r++) {
            int xo = r * width;
            int fo = r * stride;
            s.lh[r] = VectorMath.dot(lowerHiddenBias, 0, s.x, xo, width)
                    + Work.softplusParts(s.f, fo, lp, s.prodLower, r, s.exps) - lowerPad;
            s.lv[r] = VectorMath.dot(upperVisibleBias, 0, s.x, xo, width)
                    + Work.softplusParts(s.f, fo + uo, up, s.prodUpper, r, s.exps) - upperPad;
        }
        Work.logInPlace(s.prodLower, chains);
        Work.logInPlace(s.prodUpper, chains);
        for (int r = 0; r < chains; r++) {
            s.lh[r] += s.prodLower[r];
            s.lv[r] += s.prodUpper[r];
        }
    }

    /**
     * The log acceptance ratio of Eq. swap_prob for one chain of two evaluated slots.
     *
     * @param h the slot in the hidden position of theta_l
     * @param v the slot in the visible position of theta_{l+1}
     * @param r chain
     * @return log r = [lh_l(v) + lv_{l+1}(h)] - [lh_l(h) + lv_{l+1}(v)]
     */
    public static double logRatio(Slot h, Slot v, int r) {
        return (v.lh[r] + h.lv[r]) - (h.lh[r] + v.lv[r]);
    }

    /**
     * Alg. 1 on every chain: proposes to exchange h (hidden of theta_l) and v (visible of
     * theta_{l+1}) and accepts iff ln u &lt; log r (Eq. swap_prob). Both slots must be evaluated; an
     * accepted swap exchanges the chain's rows of states, fields, log-marginals and labels, so both
     * slots stay evaluated.
     *
     * @param h slot in the hidden position
     * @param v slot in the visible position
     * @param chains N
     * @param rng stream (exactly N draws)
     * @return the number of accepted swaps
     */
    public int swap(Slot h, Slot v, int chains, Rng rng) {
        double[] uniforms = h.uniforms;
        rng.segment(1).fillUniform(uniforms, 0, chains);
        int accepted = 0;
        int stride = fused.stride;
        for (int r = 0; r < chains; r++) {
            if (Fdlibm.log(uniforms[r]) < logRatio(h, v, r)) {
                accepted++;
                Work.swapRows(h.x, v.x, r, width);
                Work.swapRows(h.f, v.f, r, stride);
                double t = h.lh[r];
                h.lh[r] = v.lh[r];
                v.lh[r] = t;
                t = h.lv[r];
                h.lv[r] = v.lv[r];
                v.lv[r] = t;
                int tl = h.label[r];
                h.label[r] = v.label[r];
                v.label[r] = tl;
            }
        }
        return accepted;
    }

    /**
     * Draws v ~ P_l(v | x) (Eq. rbm_v|h of theta_l) for the slot's configurations x in the hidden
     * position, from the cached field eta(x; theta_l).
     *
     * @param s an evaluated slot
     * @param chains N
     * @param out N x n_l binary states (overwritten)
     * @param rng stream (exactly N*n_l draws)
     */
    public void sampleLowerVisible(Slot s, int chains, double[] out, Rng rng) {
        gather(s, chains, 0, nLower, out);
        finishDraw(out, chains * nLower, rng.segment(nLower), s.tmp);
    }

    /**
     * Draws h ~ P_{l+1}(h | x) (Eq. rbm_h|v of theta_{l+1}) for the slot's configurations x in the
     * visible position, from the cached field zeta(x; theta_{l+1}).
     *
     * @param s an evaluated slot
     * @param chains N
     * @param out N x m_{l+1} binary states (overwritten)
     * @param rng stream (exactly N*m_{l+1} draws)
     */
    public void sampleUpperHidden(Slot s, int chains, double[] out, Rng rng) {
        gather(s, chains, fused.upperOffset, mUpper, out);
        finishDraw(out, chains * mUpper, rng.segment(mUpper), s.tmp);
    }

    private void gather(Slot s, int chains, int off, int len, double[] out) {
        int stride = fused.stride;
        for (int r = 0; r < chains; r++) {
            System.arraycopy(s.f, r * stride + off, out, r * len, len);
        }
    }

    private static void finishDraw(double[] out, int len, Rng rng, double[] scratch) {
        VectorMath.sigmoidInPlace(out, 0, len);
        rng.bernoulliInPlace(out, 0, len, scratch);
    }

    /**
     * Alg. 1 on raw buffers: swaps h_l and v_{l+1} in place where accepted (a convenience that
     * allocates its slots; hot paths use {@link #swap(Slot, Slot, int, Rng)}).
     *
     * @param h N x m_l hidden configurations of theta_l (overwritten with h_l')
     * @param v N x m_l visible configurations of theta_{l+1} (overwritten with v_{l+1}')
     * @param chains N
     * @param rng stream (exactly N draws)
     * @return the number of accepted swaps
     */
    public int swap(double[] h, double[] v, int chains, Rng rng) {
        Slot slotH = newSlot(chains);
        Slot slotV = newSlot(chains);
        int len = chains * width;
        System.arraycopy(h, 0, slotH.x, 0, len);
        System.arraycopy(v, 0, slotV.x, 0, len);
        evaluate(slotH, chains);
        evaluate(slotV, chains);
        int accepted = swap(slotH, slotV, chains, rng);
        System.arraycopy(slotH.x, 0, h, 0, len);
        System.arraycopy(slotV.x, 0, v, 0, len);
        return accepted;
    }

    /**
     * The visible-space swap kernel K̄_{l,l+1} (Eq. swap_kernel_vis), one step of every chain in
     * place: h_l ~ P_l(h | v_l); (h_l', v_{l+1}') = S_{l,l+1}(h_l, v_{l+1}) (Alg. 1); then
     * v_l' ~ P_l(v | h_l'), drawn on acceptance and on rejection alike (Alg. 2, docs/methods.md section 3.4). It
     * satisfies detailed balance with respect to P_l(v_l) P_{l+1}(v_{l+1}).
     *
     * <p>Afterwards {@link #sampleUpperHiddenOfLastSwap} can draw h ~ P_{l+1}(h | v_{l+1}') from the
     * cached field, for a BGS sweep of theta_{l+1} that follows.
     *
     * @param pair the slots to work in (of at least N chains)
     * @param vl N x n_l visible states of theta_l (overwritten)
     * @param vNext N x m_l visible states of theta_{l+1} (overwritten)
     * @param chains N
     * @param rng stream (N*m_l + N + N*n_l draws)
     * @return the number of accepted swaps
     */
    public int visibleSwap(Pair pair, double[] vl, double[] vNext, int chains, Rng rng) {
        checkPair(pair, chains);
        Slot slotH = pair.h;
        Slot slotV = pair.v;
        lower.sampleHidden(vl, chains, slotH.x, rng, slotH.tmp);
        evaluate(slotH, chains);
        System.arraycopy(vNext, 0, slotV.x, 0, chains * width);
        evaluate(slotV, chains);
        int accepted = swap(slotH, slotV, chains, rng);
        System.arraycopy(slotV.x, 0, vNext, 0, chains * width);
        sampleLowerVisible(slotH, chains, vl, rng);
        return accepted;
    }

    /**
     * Draws h ~ P_{l+1}(h | v_{l+1}') for the chains of the last {@link #visibleSwap} made in this
     * pair, from the cached field.
     *
     * @param pair the slots of that swap
     * @param chains N (as in that call)
     * @param out N x m_{l+1} binary states (overwritten)
     * @param rng stream (exactly N*m_{l+1} draws)
     */
    public void sampleUpperHiddenOfLastSwap(Pair pair, int chains, double[] out, Rng rng) {
        checkPair(pair, chains);
        sampleUpperHidden(pair.v, chains, out, rng);
    }

    /**
     * @param pair a pair of slots
     * @param chains N
     * @return whether the pair holds at least N chains of this kernel's shapes
     */
    boolean fits(Pair pair, int chains) {
        return fits(pair.h, pair.v, chains);
    }

    /**
     * @param h a slot
     * @param v another slot
     * @param chains N
     * @return whether both slots hold at least N chains of this kernel's shapes
     */
    boolean fits(Slot h, Slot v, int chains) {
        return fits(h, chains) && fits(v, chains);
    }

    private boolean fits(Slot s, int chains) {
        return s.chains >= chains && s.x.length == s.chains * width && s.f.length == s.chains * fused.stride
                && s.tmp.length >= s.chains * scratchWidth();
    }

    private void checkPair(Pair pair, int chains) {
        if (!fits(pair, chains)) {
            throw new IllegalArgumentException("the pair holds " + pair.h.chains + " chains of another swap kernel or "
                    + "fewer than " + chains);
        }
    }
}
