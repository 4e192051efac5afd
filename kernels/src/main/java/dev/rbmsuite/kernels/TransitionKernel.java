package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Rng;

/**
 * A Markov transition kernel on batched chains, in the style of BlackJAX ({@code blackjax/base.py}):
 * a kernel is bound to its target (an RBM, a stack, or a tempered ladder), {@link #init} creates the
 * chain state, and {@link #step} maps (rng, state) to (next state, info) without touching its input;
 * {@link #advance} is the in-place hot path. The state carries everything that changes
 * (positions, the tempering parity, cached evaluations, scratch buffers): a kernel holds only final,
 * immutable data and is safe to share between threads (each state is used by one thread at a time).
 * Each kernel's {@code init} returns its own state type ({@link ChainState}, {@link TemperedState},
 * {@link RoundTripState}), and {@code advance} requires that type.
 *
 * <p><b>Randomness contract.</b> The stream given to {@link #advance} (or {@link #step}) belongs to
 * that one transition: the caller passes a stream used for no other transition, normally
 * {@code root.fork(t)} for step t of a chain run (the command line, training and the figures all do
 * this). A kernel must take all its randomness from that stream, may draw from it and fork it freely,
 * and must remember nothing random between calls. Because {@link Rng#fork} consumes no draws,
 * passing one stream to every step would let a kernel that forks internally replay the same
 * randomness at every step; the test kit's {@code KernelChecks.assertFreshRandomness} catches kernels
 * that ignore the stream they are given.
 *
 * <p>Every built-in implementation is proven exactly on tiny models with the public test kit (module
 * {@code rbm-testkit}): its transition matrix, built by enumeration, leaves the target stationary, and
 * sampled steps match the exact rows.
 */
public interface TransitionKernel {
    /** @return a short name ("bgs", "dt", "roundtrip", "pt", or a plug-in's) for output and manifests */
    String name();

    /**
     * Chains started from the uniform distribution on every layer (the kernel's extras, such as the
     * parity, at their start).
     *
     * @param chains N
     * @param rng stream for the initial states
     * @return a new state of this kernel's type
     */
    ChainState init(int chains, Rng rng);

    /**
     * Chains started at given positions (BlackJAX's {@code init(position)}): a state of this
     * kernel's type holding copies of the positions, its extras at their start (parity 0, empty
     * caches).
     *
     * @param positions one buffer per layer of this kernel's state, of the sizes {@link #init} makes
     * @return a new state of this kernel's type
     * @throws IllegalArgumentException if the layer sizes do not fit the kernel
     */
    ChainState init(ChainState positions);

    /**
     * Chains started at given states of the target's visible layer (the samples the kernel is for),
     * the kernel's other layers as {@link #init(int, Rng)} draws them (with the same draws): chain r
     * starts at row {@code r mod rows} of {@code starts}. By default layer 0 is set; a kernel whose
     * other layers are copies of the target's space (parallel tempering's replicas) sets them too.
     *
     * @param chains N
     * @param rng stream for the layers not given
     * @param starts rows x n_0 binary values, row-major
     * @param rows number of rows (at least one)
     * @return a new state of this kernel's type
     */
    default ChainState init(int chains, Rng rng, double[] starts, int rows) {
        ChainState s = init(chains, rng);
        copyRows(starts, rows, s, 0);
        return s;
    }

    /**
     * Advances every chain by one transition, in place (the hot path).
     *
     * @param rng this transition's own stream (see the randomness contract above)
     * @param state a state made by this kernel's {@link #init}; overwritten with the next state
     * @return what the transition did
     * @throws IllegalArgumentException if the state is not of this kernel's type or shape
     */
    StepInfo advance(Rng rng, ChainState state);

    /**
     * Whether the kernel's chains may be advanced in blocks ({@link ChainBlocks}): advancing the
     * state of chains {@code [a, a + B)} with {@code rng.chainBlock(a, N)} must give those chains
     * exactly the states that one {@link #advance} of all N chains with {@code rng} gives them. That
     * holds when the chains do not interact and every operation takes its draws through
     * {@link Rng#segment} (d draws per chain, chain after chain), as core's conditional draws and the
     * swap kernel's do. A {@link Rng#chainBlock} view refuses any other draw, so a kernel that claims
     * this wrongly fails instead of changing the results. Default: false (one block).
     *
     * @return true for BGS, DT, the round trip and the gradient-based kernels (gwg, dmala, dula, pas) and random-scan Gibbs
     */
    default boolean chainBlocks() {
        return false;
    }

    /** @return the info of no transitions, the start of a sum with {@link StepInfo#plus} */
    default StepInfo zeroInfo() {
        return StepInfo.NONE;
    }

    /**
     * One transition as a pure function.
     *
     * @param rng this transition's own stream
     * @param state the current chains (unchanged)
     * @return the next state and the info
     */
    default Step step(Rng rng, ChainState state) {
        ChainState next = state.copy();
        StepInfo info = advance(rng, next);
        return new Step(next, info);
    }

    /**
     * Sets layer {@code layer} of every chain r to row {@code r mod rows} of {@code starts}.
     *
     * @param starts rows x n_layer binary values, row-major
     * @param rows number of rows
     * @param state the chains
     * @param layer the layer to set
     */
    static void copyRows(double[] starts, int rows, ChainState state, int layer) {
        int n = state.size(layer);
        if (rows < 1 || starts.length != (long) rows * n) {
            throw new IllegalArgumentException("expected rows of " + n + " units, got " + starts.length + " values for "
                    + rows + " rows");
        }
        double[] v = state.buffer(layer);
        for (int r = 0; r < state.chains(); r++) {
            System.arraycopy(starts, (r % rows) * n, v, r * n, n);
        }
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
