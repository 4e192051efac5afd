package dev.rbmsuite.kernels;

/**
 * The chain state of the round-trip kernel (Alg. 3): the positions V = (v_0, ..., v_L) plus the
 * kernel's cache (BlackJAX style: the state carries what the kernel caches). At the end of a
 * transition the swap slots hold v'_1, ..., v'_L with their fused field evaluations; the next
 * transition of the same kernel reuses them for the levels whose states are unchanged, saving L of
 * the 3L fused evaluations. The cache is tied to the kernel instance that filled it (a kernel is bound
 * to fixed parameters) and is never part of the state's value: copies start without it.
 */
public final class RoundTripState extends ChainState {
    /** The kernel whose evaluations the slots hold, or null when the cache is empty. */
    Object cacheOwner;
    /** Chains the slots hold evaluations for. */
    int cacheChains;
    SwapKernel.Slot[] slotH;
    SwapKernel.Slot[] slotV;
    double[] topHidden;
    double[] scratch;
    int[] topLabel;
    int capacity;

    /** @param positions positions to copy (the cache starts empty) */
    public RoundTripState(ChainState positions) {
        super(positions);
    }

    @Override
    public RoundTripState copy() {
        return new RoundTripState(this);
    }

    /** Forgets the cached evaluations (the next transition recomputes them). */
    public void invalidateCache() {
        cacheOwner = null;
    }
}
