package dev.rbmsuite.kernels;

import java.util.Map;

/**
 * What transitions did (BlackJAX's "info"): an immutable value with kernel-specific fields. The info
 * of one step describes that step summed over the N chains; infos of the same kernel add up with
 * {@link #plus}, so that a caller keeps the run's totals without knowing the kernel:
 * <pre>{@code
 * StepInfo total = kernel.zeroInfo();
 * for (int t = 0; t < steps; t++) {
 *     total = total.plus(kernel.advance(rng.fork(t), state));
 * }
 * Map<String, Object> stats = total.statistics();   // e.g. swap attempts, acceptances and rates
 * }</pre>
 * Implementations: {@link #NONE} (a kernel that reports nothing, BGS), {@link AcceptanceInfo}
 * (proposals and acceptances per move kind: the swap levels of DT and PT, or a Metropolis kernel's
 * moves) and {@link RoundTripInfo} (swaps plus where the new bottom states came from).
 */
public interface StepInfo {
    /**
     * The info of a kernel that reports nothing (BGS), and the neutral element of every sum:
     * {@code NONE.plus(x)} is x, and every implementation returns itself for {@code x.plus(NONE)}
     * (so a kernel that does not override {@link TransitionKernel#zeroInfo()} still adds up).
     */
    StepInfo NONE = new StepInfo() {
        @Override
        public StepInfo plus(StepInfo other) {
            return other;
        }

        @Override
        public Map<String, Object> statistics() {
            return Map.of();
        }

        @Override
        public String toString() {
            return "StepInfo.NONE";
        }
    };

    /**
     * @param other an info of the same kernel (same kind and shape), or {@link #NONE}
     * @return the sum: counts added up
     * @throws IllegalArgumentException for an info of another kind or shape
     */
    StepInfo plus(StepInfo other);

    /**
     * @return the statistics by name in a fixed order, for output (values are Long, Double (null for
     *     an undefined rate), or long[]/double[]/Double[] arrays)
     */
    Map<String, Object> statistics();

    /** @return swap (or move) proposals per level; empty unless the kernel makes any (a copy) */
    default long[] swapAttempts() {
        return new long[0];
    }

    /** @return accepted proposals per level; empty unless the kernel makes any (a copy) */
    default long[] swapAccepts() {
        return new long[0];
    }

    /**
     * @param level a level of {@link #swapAttempts()}
     * @return what that level's proposals are, for output: "swap level L" unless the kernel names them
     *     (random-scan Gibbs: "site updates")
     */
    default String levelName(int level) {
        return "swap level " + level;
    }

    /** @return what a level's successes did, for output: "accepted" unless the kernel says otherwise */
    default String successVerb() {
        return "accepted";
    }
}
