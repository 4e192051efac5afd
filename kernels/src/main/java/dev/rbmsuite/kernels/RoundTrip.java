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
 * with their states. {@link StepInfo#bottomOrigin()}[r] is the label of chain r's new bottom state
 * v'_0: the layer whose start-of-step state is the ancestor, through conditional draws and accepted
 * swaps, of the new bottom state. It is 0 when the bottom's lineage never left layer 0 (a local BGS
 * move, or a state that went up and came back), and k &gt; 0 when the state of layer k came down to
 * the bottom in this one transition. It can be nonzero only if a swap at level 0 was accepted.
 *
 * <p>{@link StepInfo}: per level l, swapAttempts[l] = 2N (one upward, one downward swap per chain)
 * and swapAccepts[l] the accepted ones. Hot path: every conditional draw after the first reuses the
 * field cached by the swap's log-marginal evaluation (one fused pass gives both fields a swap
 * needs), so a transition costs 3L fused swap evaluations plus two plain fields (h_0 and the top
 * draw of v̂_L); when the upper layers' states are unchanged since this instance's previous
 * transition (checked by comparing values), their evaluations from the end of that transition are
 * reused, saving L more. An instance keeps scratch buffers and is not thread-safe.
 */
public final class RoundTrip extends SwapLadderKernel {
    private int capacity;
    private SwapKernel.Slot[] slotH;
    private SwapKernel.Slot[] slotV;
    private double[] topHidden;
    private double[] scratch;
    private int[] topLabel;
    private boolean cacheValid;
    private int cacheChains;

    /** @param stack theta_0 (the training RBM) .. theta_L */
    public RoundTrip(RbmStack stack) {
        super(stack);
    }

    @Override
    public String name() {
        return "roundtrip";
    }

    /**
     * One round-trip transition (Alg. 3) of every chain, in place. The parity is not used and is
     * left unchanged.
     *
     * @param rng stream for this transition
     * @param state chains over all L+1 layers
     * @return per-level attempts (2N) and acceptances, and bottomOrigin per chain
     */
    @Override
    public StepInfo advance(Rng rng, ChainState state) {
        Stacks.check(stack, state);
        int chains = state.chains();
        int levels = swaps.length;
        ensure(chains);
        cacheValid &= cacheChains == chains;
        boolean valid = cacheValid;
        cacheValid = false; // until this step completes
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
        cacheValid = true;
        cacheChains = chains;
        return new StepInfo(attempts, accepts, origin);
    }

    private void ensure(int chains) {
        if (chains <= capacity) {
            return;
        }
        int levels = swaps.length;
        slotH = new SwapKernel.Slot[levels];
        slotV = new SwapKernel.Slot[levels];
        int widest = stack.top().numHidden();
        for (int l = 0; l < levels; l++) {
            slotH[l] = swaps[l].newSlot(chains);
            slotV[l] = swaps[l].newSlot(chains);
        }
        for (Rbm r : stack.layers()) {
            widest = Math.max(widest, Math.max(r.numVisible(), r.numHidden()));
        }
        topHidden = new double[chains * stack.top().numHidden()];
        topLabel = new int[chains];
        scratch = new double[chains * widest];
        capacity = chains;
        cacheValid = false;
    }
}
