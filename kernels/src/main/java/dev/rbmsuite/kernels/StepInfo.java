package dev.rbmsuite.kernels;

/**
 * What one transition did, summed over the N chains (BlackJAX's "info").
 *
 * @param swapAttempts per adjacent pair (l, l+1): swap proposals made in this step (length L, or
 *     the number of temperature pairs for PT; empty for BGS)
 * @param swapAccepts per pair: swaps accepted in this step
 * @param bottomOrigin for the round-trip kernel, per chain: the layer whose start-of-step state reached
 *     the bottom layer in this step through accepted swaps (0 = the bottom state stayed local; the
 *     precise label-propagation rule is in {@link RoundTrip}); empty for the other kernels
 */
public record StepInfo(long[] swapAttempts, long[] swapAccepts, int[] bottomOrigin) {
    private static final long[] NO_LONGS = new long[0];
    private static final int[] NO_INTS = new int[0];

    /** The info of a kernel that makes no swaps (BGS). */
    public static final StepInfo NONE = new StepInfo(NO_LONGS, NO_LONGS, NO_INTS);

    /**
     * @param pairs number of swap levels
     * @return per-level counters set to zero, no origins
     */
    public static StepInfo swaps(int pairs) {
        return new StepInfo(new long[pairs], new long[pairs], NO_INTS);
    }
}
