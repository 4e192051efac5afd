package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;

/**
 * Deep tempering (paper Alg. 2; Desjardins et al. 2014) on an RBM stack theta_0, ..., theta_L,
 * leaving P_Theta(V) = prod_l P_{theta_l}(v_l) invariant.
 *
 * <p>One transition with parity c (held in the {@link ChainState}, starting at 0):
 * <ol>
 *   <li>for every level l in I_c = {l in 0..L-1 : l = c mod 2} (disjoint pairs, so their order does
 *       not matter): the visible-space swap K̄_{l,l+1} of Eq. swap_kernel_vis, i.e.
 *       h_l ~ P_l(h | v~_l), the swap kernel S_{l,l+1} of Alg. 1 with v~_{l+1}, and then
 *       v~_l ~ P_l(v | h~_l), resampled even when the swap was rejected (docs/methods.md section 3.4);</li>
 *   <li>one blocked Gibbs sweep (Eq. bgs) on every layer l = 0..L;</li>
 *   <li>c' = 1 - c.</li>
 * </ol>
 * With L = 1 the single pair is attempted only on even-parity steps (I_1 is empty), as in the
 * paper (docs/methods.md section 3.4). Each step with parity c leaves P_Theta invariant; it does not satisfy
 * detailed balance on its own (a swap followed by BGS), which the tests show on the exact matrix.
 *
 * <p>State: a {@link TemperedState} (positions and the parity). Info: an {@link AcceptanceInfo} with
 * swapAttempts[l] = N and swapAccepts[l] = accepted swaps for l in I_c, zero otherwise. Hot path: the
 * BGS sweep of layer l+1 reuses zeta(v~_{l+1}) cached by the swap; buffers live in the state's
 * {@link Workspace}. The kernel holds no mutable data and is safe to share between threads.
 */
public final class DeepTempering extends SwapLadderKernel {
    private static final int HIDDEN = 0;
    private static final int SCRATCH = 1;
    private static final int PAIRS = 0;

    /** @param stack theta_0 (the training RBM) .. theta_L */
    public DeepTempering(RbmStack stack) {
        super(stack);
    }

    @Override
    TemperedState wrap(ChainState positions) {
        return new TemperedState(positions, 0);
    }

    @Override
    public StepInfo zeroInfo() {
        return AcceptanceInfo.zero(swaps.length);
    }

    @Override
    public String name() {
        return "dt";
    }

    /** Its chains do not interact and every draw goes through {@link Rng#segment}. */
    @Override
    public boolean chainBlocks() {
        return true;
    }

    /**
     * One DT transition with the state's parity c, in place; flips the parity.
     *
     * @param rng stream for this transition
     * @param chainState chains over all L+1 layers (a {@link TemperedState}, as this kernel's init makes)
     * @return per-level attempts and acceptances
     */
    @Override
    public StepInfo advance(Rng rng, ChainState chainState) {
        TemperedState state = TemperedState.require(chainState, name());
        Stacks.check(stack, state);
        int chains = state.chains();
        int c = state.parity();
        int levels = swaps.length;
        Workspace work = state.workspace();
        SwapKernel.Pair[] pairs = pairs(work, chains);
        long[] attempts = new long[levels];
        long[] accepts = new long[levels];
        boolean[] cached = new boolean[stack.size()];
        for (int l = c; l < levels; l += 2) {
            attempts[l] = chains;
            accepts[l] = swaps[l].visibleSwap(pairs[l], state.buffer(l), state.buffer(l + 1), chains, rng);
            cached[l + 1] = true;
        }
        for (int l = 0; l < stack.size(); l++) {
            Rbm rbm = stack.layer(l);
            int n = rbm.numVisible();
            int m = rbm.numHidden();
            double[] hidden = work.doubles(HIDDEN, chains * m);
            double[] scratch = work.doubles(SCRATCH, chains * Math.max(n, m));
            if (cached[l]) {
                swaps[l - 1].sampleUpperHiddenOfLastSwap(pairs[l - 1], chains, hidden, rng);
            } else {
                rbm.sampleHidden(state.buffer(l), chains, hidden, rng, scratch);
            }
            rbm.sampleVisible(hidden, chains, state.buffer(l), rng, scratch);
        }
        state.setParity(1 - c);
        return new AcceptanceInfo(attempts, accepts);
    }

    /**
     * The swap slots of every level, kept in the workspace; slots of another kernel of the same shapes
     * (the next update's kernel in training) are reused, since a visible swap recomputes everything it
     * reads.
     */
    private SwapKernel.Pair[] pairs(Workspace work, int chains) {
        Object o = work.object(PAIRS);
        if (o instanceof Pairs p && p.pairs.length == swaps.length) {
            boolean fit = true;
            for (int l = 0; l < swaps.length && fit; l++) {
                fit = swaps[l].fits(p.pairs[l], chains);
            }
            if (fit) {
                return p.pairs;
            }
        }
        SwapKernel.Pair[] pairs = new SwapKernel.Pair[swaps.length];
        for (int l = 0; l < pairs.length; l++) {
            pairs[l] = swaps[l].newPair(chains);
        }
        work.setObject(PAIRS, new Pairs(pairs));
        return pairs;
    }

    private record Pairs(SwapKernel.Pair[] pairs) {
    }
}
