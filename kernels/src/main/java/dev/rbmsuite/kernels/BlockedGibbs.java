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
 * {@link Rbm#sampleVisible(double[], int, double[], Rng, double[])} on pre-allocated buffers: one
 * sweep of N chains allocates nothing once the buffers have grown to N.
 *
 * <p>An instance keeps scratch buffers and is not thread-safe; use one instance per thread.
 */
public final class BlockedGibbs implements TransitionKernel {
    private final Rbm rbm;
    private double[] hidden;
    private double[] scratch;

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

    /**
     * One BGS sweep of every chain on layer 0 of {@code state}, in place.
     *
     * @param rng stream (exactly N*(m+n) draws)
     * @param state chains whose layer 0 has n units
     * @return {@link StepInfo#NONE}
     */
    @Override
    public StepInfo advance(Rng rng, ChainState state) {
        if (state.size(0) != rbm.numVisible()) {
            throw new IllegalArgumentException("layer 0 of the state has " + state.size(0)
                    + " units but the RBM has " + rbm.numVisible() + " visible units");
        }
        sweep(state.buffer(0), state.chains(), rng);
        return StepInfo.NONE;
    }

    /**
     * One sweep v -> h ~ P(h|v) -> v' ~ P(v|h) on a raw row-major buffer (the hot path).
     *
     * @param v N x n binary states, overwritten with the next states
     * @param chains N
     * @param rng stream (exactly N*(m+n) draws: first the hidden, then the visible units)
     */
    public void sweep(double[] v, int chains, Rng rng) {
        int m = rbm.numHidden();
        int n = rbm.numVisible();
        hidden = Work.grow(hidden, chains * m);
        scratch = Work.grow(scratch, chains * Math.max(n, m));
        rbm.sampleHidden(v, chains, hidden, rng, scratch);
        rbm.sampleVisible(hidden, chains, v, rng, scratch);
    }
}
