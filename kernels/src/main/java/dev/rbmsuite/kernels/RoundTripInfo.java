package dev.rbmsuite.kernels;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What round-trip transitions (Alg. 3) did, an immutable {@link StepInfo}: the swaps per level
 * ({@link AcceptanceInfo}: 2N proposals per level and step, one upward and one downward per chain)
 * and where the new bottom states came from. {@link #originCounts()}[k] counts the chain
 * transitions whose new bottom state v'_0 descends from the start-of-step state of layer k (the
 * label rule is in {@link RoundTrip}); k &gt; 0 is a non-local move. For a single step
 * {@link #bottomOrigin()} also gives the origin per chain; a sum keeps only the counts.
 * Statistics: the swap statistics, {@code bottomOrigin} (the counts by layer) and
 * {@code nonlocalFraction} (the share of chain transitions with origin k &gt; 0).
 */
public final class RoundTripInfo implements StepInfo {
    private final AcceptanceInfo swaps;
    private final long[] originCounts;
    private final int[] bottomOrigin;

    /**
     * The info of one step.
     *
     * @param swaps proposals and acceptances per level
     * @param bottomOrigin per chain the origin layer of its new bottom state (copied), in 0..L
     * @throws IllegalArgumentException naming the chain if an origin lies outside 0..L
     */
    public RoundTripInfo(AcceptanceInfo swaps, int[] bottomOrigin) {
        this.swaps = swaps;
        this.bottomOrigin = bottomOrigin.clone();
        this.originCounts = new long[swaps.levels() + 1];
        for (int r = 0; r < this.bottomOrigin.length; r++) {
            int o = this.bottomOrigin[r];
            if (o < 0 || o > swaps.levels()) {
                throw new IllegalArgumentException("chain " + r + ": origin layer " + o + " outside 0.." + swaps.levels());
            }
            originCounts[o]++;
        }
    }

    private RoundTripInfo(AcceptanceInfo swaps, long[] originCounts) {
        this.swaps = swaps;
        this.originCounts = originCounts;
        this.bottomOrigin = new int[0];
    }

    /**
     * @param levels L, the number of swap levels
     * @return nothing done (the identity of {@link #plus})
     */
    public static RoundTripInfo zero(int levels) {
        return new RoundTripInfo(AcceptanceInfo.zero(levels), new long[levels + 1]);
    }

    /** @return the swaps per level */
    public AcceptanceInfo swaps() {
        return swaps;
    }

    @Override
    public long[] swapAttempts() {
        return swaps.swapAttempts();
    }

    @Override
    public long[] swapAccepts() {
        return swaps.swapAccepts();
    }

    /** @return per chain the origin layer of its new bottom state (one step only; empty for a sum) */
    public int[] bottomOrigin() {
        return bottomOrigin.clone();
    }

    /** @return per layer k = 0..L the number of chain transitions whose new bottom state came from layer k */
    public long[] originCounts() {
        return originCounts.clone();
    }

    /** @return the number of chain transitions counted (chains times steps) */
    public long transitions() {
        long t = 0;
        for (long c : originCounts) {
            t += c;
        }
        return t;
    }

    /** @return the share of chain transitions whose bottom state came from an upper layer (0 if none) */
    public double nonlocalFraction() {
        long t = transitions();
        return t == 0 ? 0.0 : (double) (t - originCounts[0]) / (double) t;
    }

    @Override
    public RoundTripInfo plus(StepInfo other) {
        if (other == StepInfo.NONE) {
            return this;
        }
        if (!(other instanceof RoundTripInfo r) || r.originCounts.length != originCounts.length) {
            throw new IllegalArgumentException("cannot add " + other + " to " + this);
        }
        long[] c = originCounts.clone();
        for (int k = 0; k < c.length; k++) {
            c[k] += r.originCounts[k];
        }
        return new RoundTripInfo(swaps.plus(r.swaps), c);
    }

    @Override
    public Map<String, Object> statistics() {
        Map<String, Object> m = new LinkedHashMap<>(swaps.statistics());
        m.put("bottomOrigin", originCounts.clone());
        m.put("nonlocalFraction", nonlocalFraction());
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RoundTripInfo r && swaps.equals(r.swaps) && Arrays.equals(originCounts, r.originCounts)
                && Arrays.equals(bottomOrigin, r.bottomOrigin);
    }

    @Override
    public int hashCode() {
        return swaps.hashCode() * 31 + Arrays.hashCode(originCounts);
    }

    @Override
    public String toString() {
        return "RoundTripInfo[" + swaps + ", originCounts=" + Arrays.toString(originCounts) + "]";
    }
}
