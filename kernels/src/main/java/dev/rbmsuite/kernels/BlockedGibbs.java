package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;

/**
 * Blocked Gibbs sampling on one RBM (paper Eq. bgs): each chain draws h ~ P(h | v) and then
 * v' ~ P(v | h), so that T(v' | v) = sum_h P(v' | h) P(h | v). It satisfies detailed balance with
 * respect to the visible marginal P(v) (Eq. rbm_v).
 *
 * <p>It acts on layer 0 of a {@link ChainState} and leaves any other layer untouched, so that on an
 * RBM stack "bgs" samples the training RBM only. The two conditional draws are core's batched
 * {@link Rbm#sampleHidden(double[], int, double[], Rng, double[])} and
 * {@link Rbm#sampleVisible(double[], int, double[], Rng, double[])} on buffers kept in the state's
 * {@link Workspace}: one sweep of N chains allocates nothing once the buffers have grown to N.
 *
 * <p>Its state type is the plain {@link ChainState}. The kernel holds no mutable data and is safe to
 * share between threads.
 */
public final class BlockedGibbs implements TransitionKernel {
    private static final int HIDDEN = 0;
    private static final int SCRATCH = 1;
    private final Rbm rbm;

    /** @param rbm the RBM whose visible marginal is the target */
    public BlockedGibbs(Rbm rbm) {
        this.rbm = rbm;
    }

    /** @return the target RBM */
    public Rbm rbm() {
        return rbm;
    }

    @Override
    public String name() {
        return "bgs";
    }

    @Override
    public ChainState init(int chains, Rng rng) {
        return ChainState.uniform(chains, new int[] {rbm.numVisible()}, rng);
    }

    @Override
    public ChainState init(ChainState positions) {
        positions.requireVisible(rbm.numVisible());
        return positions.positions();
    }


    /** Its chains do not interact and every draw goes through {@link Rng#segment}. */
    @Override
    public boolean chainBlocks() {
        return true;
    }

    /**
     * One BGS sweep of every chain on layer 0 of {@code state}, in place.
     *
     * @param rng stream (exactly N*(m+n) draws)
     * @param state chains whose layer 0 has n units
     * @return {@link StepInfo#NONE}
     */
    @Override
    public StepInfo advance(Rng rng, ChainState state) {
        state.requireVisible(rbm.numVisible());
        sweep(state.buffer(0), state.chains(), rng, state.workspace());
        return StepInfo.NONE;
    }

    /**
     * One sweep v -> h ~ P(h|v) -> v' ~ P(v|h) on a raw row-major buffer (the hot path).
     *
     * @param v N x n binary states, overwritten with the next states
     * @param chains N
     * @param rng stream (exactly N*(m+n) draws: first the hidden, then the visible units)
     * @param work where the sweep keeps its buffers
     */
    public void sweep(double[] v, int chains, Rng rng, Workspace work) {
        int m = rbm.numHidden();
        int n = rbm.numVisible();
        double[] hidden = work.doubles(HIDDEN, chains * m);
        double[] scratch = work.doubles(SCRATCH, chains * Math.max(n, m));
        rbm.sampleHidden(v, chains, hidden, rng, scratch);
        rbm.sampleVisible(hidden, chains, v, rng, scratch);
    }
}
