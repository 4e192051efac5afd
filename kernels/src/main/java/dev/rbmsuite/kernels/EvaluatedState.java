package dev.rbmsuite.kernels;

import java.util.Arrays;

/**
 * The chain state of the Metropolis-adjusted gradient kernels (Gibbs-with-Gradients, path auxiliary
 * proposals, DMALA): the positions (layer 0, v) plus the kernel's evaluations of them (BlackJAX style:
 * the state carries what the kernel caches). A transition evaluates its proposal (log-marginal, flip
 * differences or gradient, their normaliser); when the proposal is accepted those evaluations are the
 * next transition's evaluations of its current state, which the kernel then does not recompute.
 *
 * <p>The cache is a pure function of the kernel (a kernel is bound to fixed parameters) and of the
 * positions it was computed for: it is used only by the kernel instance that filled it and only while
 * the positions still hold the values it was computed for (compared value by value, which costs far
 * less than an evaluation), so a caller that writes the positions, a copy (which starts without it) and a
 * resumed run all get the same bits as a run that never cached. It is never part of the state's
 * value.
 */
public final class EvaluatedState extends ChainState {
    /** The kernel whose evaluations these are, or null when the cache is empty. */
    Object owner;
    /** Chains the cache holds evaluations for. */
    int cachedChains;
    /** The positions the evaluations belong to, chains x n. */
    double[] at;
    /** Per unit: the flip differences or the gradient, chains x n. */
    double[] perUnit;
    /** Per chain: lv(v), the unnormalised log-marginal. */
    double[] logMarginal;
    /** Per chain: a kernel-specific normaliser (the log-sum-exp of the proposal's logits). */
    double[] normaliser;

    /** @param positions positions to copy (the cache starts empty) */
    public EvaluatedState(ChainState positions) {
        super(positions);
    }

    @Override
    public EvaluatedState copy() {
        return new EvaluatedState(this);
    }

    /** Forgets the cached evaluations (the next transition recomputes them). */
    public void invalidateCache() {
        owner = null;
    }

    /**
     * @param kernel the kernel asking
     * @param n units per chain
     * @return whether the cache holds that kernel's evaluations of the current positions of every chain
     */
    boolean cacheValid(Object kernel, int n) {
        int len = chains() * n;
        return owner == kernel && cachedChains == chains() && at != null && at.length >= len
                && Arrays.equals(at, 0, len, buffer(0), 0, len);
    }

    /**
     * Makes room for the evaluations of every chain and marks the cache empty until {@link #fill}.
     *
     * @param n units per chain
     */
    void reserve(int n) {
        owner = null;
        int len = chains() * n;
        at = Work.grow(at, len);
        perUnit = Work.grow(perUnit, len);
        logMarginal = Work.grow(logMarginal, chains());
        normaliser = Work.grow(normaliser, chains());
    }

    /**
     * Marks the evaluations as those of the current positions.
     *
     * @param kernel the kernel that computed them
     * @param n units per chain
     */
    void fill(Object kernel, int n) {
        System.arraycopy(buffer(0), 0, at, 0, chains() * n);
        cachedChains = chains();
        owner = kernel;
    }

    /**
     * @param state a state given to a gradient kernel
     * @param kernel the kernel's name, for the message
     * @return the state as an evaluated state
     * @throws IllegalArgumentException if it is not one (it was not made by the kernel's init)
     */
    static EvaluatedState require(ChainState state, String kernel) {
        if (state instanceof EvaluatedState e) {
            return e;
        }
        throw new IllegalArgumentException("kernel " + kernel + " needs an EvaluatedState (made by its init), got a "
                + state.getClass().getSimpleName());
    }
}
