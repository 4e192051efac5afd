package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;

/**
 * The proposed round-trip kernel T^prop_Theta (paper section 4, Eq. ell_trans, Alg. 3) on an RBM
 * stack theta_0, ..., theta_L. It leaves P_Theta(V) = prod_l P_{theta_l}(v_l) invariant (paper
 * Appendix C) and, being a palindromic composition, satisfies detailed balance (docs/methods.md section 0),
 * both checked exactly by the tests.
 *
 * <p>One transition, for every chain (docs/methods.md section 3.4):
 * <ol>
 *   <li>upward, l = 0..L-1: h_l ~ P_l(h | v_l^+) (v_0^+ = v_0), then the swap kernel S_{l,l+1}
 *       (Alg. 1, Eq. swap_prob) on (h_l, v_{l+1}) with the <em>current</em> v_{l+1}, giving
 *       (h_l^+, v_{l+1}^+);</li>
 *   <li>at the top, one BGS step: h_L^+ ~ P_L(h | v_L^+), v̂_L ~ P_L(v | h_L^+);</li>
 *   <li>downward, l = L-1..0: S_{l,l+1} on (h_l^+, v̂_{l+1}) gives (h_l^-, v'_{l+1}), then
 *       v̂_l ~ P_l(v | h_l^-); finally v'_0 = v̂_0.</li>
 * </ol>
 * The same {@link SwapKernel} class as deep tempering makes the 2L swaps; with L = 0 the kernel is
 * BGS on theta_0.
 *
 * <p><b>bottomOrigin.</b> Every configuration carries a label: at the start of the step v_l has
 * label l; a conditional draw (h from v or v from h, in the same RBM) inherits the label of the
 * configuration it is drawn from; an accepted swap exchanges the labels of the two configurations
 * with their states. {@link RoundTripInfo#bottomOrigin()}[r] is the label of chain r's new bottom state
 * v'_0: the layer whose start-of-step state is the ancestor, through conditional draws and accepted
 * swaps, of the new bottom state. It is 0 when the bottom's lineage never left layer 0 (a local BGS
 * move, or a state that went up and came back), and k &gt; 0 when the state of layer k came down to
 * the bottom in this one transition. It can be nonzero only if a swap at level 0 was accepted.
 *
 * <p>State: a {@link RoundTripState}, which carries the kernel's cache. Info: a
 * {@link RoundTripInfo}: per level l, swapAttempts[l] = 2N (one upward, one downward swap per chain)
 * and swapAccepts[l] the accepted ones, and the bottom origins. Hot path: every conditional draw
 * after the first reuses the field cached by the swap's log-marginal evaluation (one fused pass gives
 * both fields a swap needs), so a transition costs 3L fused swap evaluations plus two plain fields
 * (h_0 and the top draw of v̂_L); the state keeps the evaluations of v'_1..v'_L from the end of its
 * previous transition by this kernel instance, and the next transition reuses those of every level
 * whose state is still the same (checked by comparing values, which costs far less than an
 * evaluation), saving L more. The kernel holds no mutable data and is safe to share between threads.
 */
public final class RoundTrip extends SwapLadderKernel {
    /** @param stack theta_0 (the training RBM) .. theta_L */
    public RoundTrip(RbmStack stack) {
        super(stack);
    }

    @Override
    RoundTripState wrap(ChainState positions) {
        return new RoundTripState(positions);
    }

    @Override
    public StepInfo zeroInfo() {
        return RoundTripInfo.zero(swaps.length);
    }

    @Override
    public String name() {
        return "roundtrip";
    }

    /** Its chains do not interact and every draw goes through {@link Rng#segment}. */
    @Override
    public boolean chainBlocks() {
        return true;
    }

    /**
     * One round-trip transition (Alg. 3) of every chain, in place. The parity is not used and is
     * left unchanged.
     *
     * @param rng stream for this transition
     * @param chainState chains over all L+1 layers (a {@link RoundTripState}, as this kernel's init makes)
     * @return per-level attempts (2N) and acceptances, and bottomOrigin per chain
     */
    @Override
    public StepInfo advance(Rng rng, ChainState chainState) {
        if (!(chainState instanceof RoundTripState state)) {
            throw new IllegalArgumentException("kernel roundtrip needs a RoundTripState (made by its init), got a "
                    + chainState.getClass().getSimpleName());
        }
        Stacks.check(stack, state);
        int chains = state.chains();
        int levels = swaps.length;
        ensure(state, chains);
        boolean valid = state.cacheOwner == this && state.cacheChains == chains;
        state.cacheOwner = null; // until this step completes
        SwapKernel.Slot[] slotH = state.slotH;
        SwapKernel.Slot[] slotV = state.slotV;
        double[] topHidden = state.topHidden;
        double[] scratch = state.scratch;
        int[] topLabel = state.topLabel;
        long[] attempts = new long[levels];
        long[] accepts = new long[levels];
        int[] origin = new int[chains];

        // upward pass
        for (int l = 0; l < levels; l++) {
            SwapKernel sk = swaps[l];
            SwapKernel.Slot h = slotH[l];
            SwapKernel.Slot v = slotV[l];
            int width = sk.width();
            if (l == 0) {
                sk.lower().sampleHidden(state.buffer(0), chains, h.x, rng, scratch);
                Arrays.fill(h.label, 0, chains, 0);
            } else {
                // v_l^+ is slotV[l-1].x; its field zeta(v_l^+; theta_l) is cached there
                swaps[l - 1].sampleUpperHidden(slotV[l - 1], chains, h.x, rng);
                System.arraycopy(slotV[l - 1].label, 0, h.label, 0, chains);
            }
            sk.evaluate(h, chains);
            double[] next = state.buffer(l + 1);
            int len = chains * width;
            // the slot still holds v'_{l+1} of the previous step with its fields: reuse them if the
            // state is unchanged since (same values give the same evaluation)
            if (!(valid && Arrays.equals(next, 0, len, v.x, 0, len))) {
                System.arraycopy(next, 0, v.x, 0, len);
                sk.evaluate(v, chains);
            }
            Arrays.fill(v.label, 0, chains, l + 1);
            attempts[l] += chains;
            accepts[l] += sk.swap(h, v, chains, rng);
        }

        // one BGS step at the top: h_L^+ ~ P_L(h | v_L^+), v̂_L ~ P_L(v | h_L^+)
        Rbm top = stack.top();
        double[] vTop;
        if (levels == 0) {
            vTop = state.buffer(0);
            top.sampleHidden(vTop, chains, topHidden, rng, scratch);
            Arrays.fill(topLabel, 0, chains, 0);
        } else {
            SwapKernel.Slot v = slotV[levels - 1];
            vTop = v.x;
            swaps[levels - 1].sampleUpperHidden(v, chains, topHidden, rng);
            System.arraycopy(v.label, 0, topLabel, 0, chains);
        }
        top.sampleVisible(topHidden, chains, vTop, rng, scratch);

        // downward pass: v̂_{l+1} is already in slotV[l].x with its label
        for (int l = levels - 1; l >= 0; l--) {
            SwapKernel sk = swaps[l];
            SwapKernel.Slot h = slotH[l];
            SwapKernel.Slot v = slotV[l];
            int width = sk.width();
            if (l == levels - 1) {
                System.arraycopy(topLabel, 0, v.label, 0, chains);
            }
            sk.evaluate(v, chains);
            attempts[l] += chains;
            accepts[l] += sk.swap(h, v, chains, rng);
            System.arraycopy(v.x, 0, state.buffer(l + 1), 0, chains * width);
            // v̂_l ~ P_l(v | h_l^-) from the cached eta(h_l^-; theta_l)
            if (l == 0) {
                sk.sampleLowerVisible(h, chains, state.buffer(0), rng);
                System.arraycopy(h.label, 0, origin, 0, chains);
            } else {
                SwapKernel.Slot below = slotV[l - 1];
                sk.sampleLowerVisible(h, chains, below.x, rng);
                System.arraycopy(h.label, 0, below.label, 0, chains);
            }
        }
        state.cacheOwner = this;
        state.cacheChains = chains;
        return new RoundTripInfo(new AcceptanceInfo(attempts, accepts), origin);
    }

    /** Allocates the state's slots for this stack's shapes and N chains (keeps them when they fit). */
    private void ensure(RoundTripState state, int chains) {
        if (chains <= state.capacity && fits(state)) {
            return;
        }
        int levels = swaps.length;
        SwapKernel.Slot[] slotH = new SwapKernel.Slot[levels];
        SwapKernel.Slot[] slotV = new SwapKernel.Slot[levels];
        int widest = stack.top().numHidden();
        for (Rbm r : stack.layers()) {
            widest = Math.max(widest, Math.max(r.numVisible(), r.numHidden()));
        }
        // one transient scratch buffer for every conditional draw keeps the working set small
        double[] scratch = new double[chains * widest];
        for (int l = 0; l < levels; l++) {
            slotH[l] = swaps[l].newSlot(chains, scratch);
            slotV[l] = swaps[l].newSlot(chains, scratch);
        }
        state.slotH = slotH;
        state.slotV = slotV;
        state.topHidden = new double[chains * stack.top().numHidden()];
        state.topLabel = new int[chains];
        state.scratch = scratch;
        state.capacity = chains;
        state.cacheOwner = null;
    }

    /** @return whether the state's slots have this stack's shapes (a kernel on other parameters of the same shapes may reuse them) */
    private boolean fits(RoundTripState state) {
        if (state.slotH == null || state.slotH.length != swaps.length
                || state.topHidden.length != state.capacity * stack.top().numHidden()) {
            return false;
        }
        for (int l = 0; l < swaps.length; l++) {
            if (!swaps[l].fits(state.slotH[l], state.slotV[l], state.capacity)) {
                return false;
            }
        }
        return true;
    }
}
