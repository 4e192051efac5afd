package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Rng;

/**
 * A Markov transition kernel on batched chains, in the style of BlackJAX and TFP's
 * {@code TransitionKernel}: a kernel is bound to its target (an RBM, a stack, or a tempered ladder),
 * {@link #init} creates the chain state once, and {@link #step} maps (rng, state) to
 * (next state, info) without touching its input.
 *
 * <p>Every implementation is proven exactly on tiny models (see the tests): its transition matrix,
 * built by enumeration, leaves the target stationary to 1e-12.
 */
public interface TransitionKernel {
    /** @return a short name ("bgs", "dt", "roundtrip", "pt") for output and manifests */
    String name();

    /**
     * Chains started from the uniform distribution on every layer, parity 0.
     *
     * @param chains N
     * @param rng stream for the initial states
     * @return a new state
     */
    ChainState init(int chains, Rng rng);

    /**
     * Advances every chain by one transition, in place (the hot path).
     *
     * @param rng stream for this transition
     * @param state the chains; overwritten with the next state
     * @return what the transition did
     */
    StepInfo advance(Rng rng, ChainState state);

    /**
     * One transition as a pure function.
     *
     * @param rng stream for this transition
     * @param state the current chains (unchanged)
     * @return the next state and the info
     */
    default Step step(Rng rng, ChainState state) {
        ChainState next = state.copy();
        StepInfo info = advance(rng, next);
        return new Step(next, info);
    }

    /**
     * The result of {@link #step}.
     *
     * @param state the next state
     * @param info what the transition did
     */
    record Step(ChainState state, StepInfo info) {
    }
}
