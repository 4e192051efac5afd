package dev.rbmsuite.kernels;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Metropolis proposals and acceptances per level (an immutable {@link StepInfo}): the swap levels
 * (l, l+1) of deep tempering and parallel tempering, or any numbered kinds of moves of a plug-in
 * kernel. Statistics: {@code swapAttempts}, {@code swapAccepts} and {@code acceptanceRates} (null
 * where nothing was proposed). A kernel whose one level is not a swap names what it counts
 * ({@link #labelled}: Metropolis-Hastings proposals, or site updates that flipped their unit), so that a
 * summary for people says so; the statistics' keys stay the same.
 */
public final class AcceptanceInfo implements StepInfo {
    private final long[] attempts;
    private final long[] accepts;
    /** What a level counts (null: swap levels, "swap level l"), and what its successes did. */
    private final String what;
    private final String verb;

    /**
     * @param attempts proposals per level (copied)
     * @param accepts acceptances per level (copied), each between 0 and its attempts
     */
    public AcceptanceInfo(long[] attempts, long[] accepts) {
        this(attempts, accepts, null, "accepted");
    }

    private AcceptanceInfo(long[] attempts, long[] accepts, String what, String verb) {
        if (attempts.length != accepts.length) {
            throw new IllegalArgumentException(attempts.length + " attempt counts but " + accepts.length
                    + " acceptance counts");
        }
        for (int l = 0; l < attempts.length; l++) {
            if (accepts[l] < 0 || accepts[l] > attempts[l]) {
                throw new IllegalArgumentException("level " + l + ": " + accepts[l] + " acceptances of " + attempts[l]
                        + " proposals");
            }
        }
        this.attempts = attempts.clone();
        this.accepts = accepts.clone();
        this.what = what;
        this.verb = verb;
    }

    /**
     * One level of moves that are not swaps, named for a summary.
     *
     * @param what what the level counts, for example "proposals" or "site updates"
     * @param verb what the counted successes did, for example "accepted" or "flipped their unit"
     * @param attempts moves
     * @param successes those that succeeded, between 0 and attempts
     * @return the info
     */
    public static AcceptanceInfo labelled(String what, String verb, long attempts, long successes) {
        return new AcceptanceInfo(new long[] {attempts}, new long[] {successes}, what, verb);
    }

    /** "swap level L", or the label of a {@link #labelled} info. */
    @Override
    public String levelName(int level) {
        return what == null ? "swap level " + level : what;
    }

    /** "accepted", or the verb of a {@link #labelled} info. */
    @Override
    public String successVerb() {
        return verb;
    }

    /**
     * @param levels number of levels
     * @return no proposals on any level (the identity of {@link #plus})
     */
    public static AcceptanceInfo zero(int levels) {
        return new AcceptanceInfo(new long[levels], new long[levels]);
    }

    /** @return the number of levels */
    public int levels() {
        return attempts.length;
    }

    @Override
    public long[] swapAttempts() {
        return attempts.clone();
    }

    @Override
    public long[] swapAccepts() {
        return accepts.clone();
    }

    /**
     * @param level a level
     * @return accepted / proposed on that level, NaN if nothing was proposed
     */
    public double acceptanceRate(int level) {
        return attempts[level] == 0 ? Double.NaN : (double) accepts[level] / attempts[level];
    }

    @Override
    public AcceptanceInfo plus(StepInfo other) {
        if (other == StepInfo.NONE) {
            return this;
        }
        if (!(other instanceof AcceptanceInfo a) || a.attempts.length != attempts.length) {
            throw new IllegalArgumentException("cannot add " + other + " to " + this);
        }
        long[] at = attempts.clone();
        long[] ac = accepts.clone();
        for (int l = 0; l < at.length; l++) {
            at[l] += a.attempts[l];
            ac[l] += a.accepts[l];
        }
        // the labels of whichever side has them (a kernel's zero and its steps carry the same ones)
        return what != null || a.what == null ? new AcceptanceInfo(at, ac, what, verb)
                : new AcceptanceInfo(at, ac, a.what, a.verb);
    }

    @Override
    public Map<String, Object> statistics() {
        Map<String, Object> m = new LinkedHashMap<>();
        Double[] rates = new Double[attempts.length];
        for (int l = 0; l < rates.length; l++) {
            rates[l] = attempts[l] == 0 ? null : (double) accepts[l] / attempts[l];
        }
        m.put("swapAttempts", attempts.clone());
        m.put("swapAccepts", accepts.clone());
        m.put("acceptanceRates", rates);
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AcceptanceInfo a && Arrays.equals(attempts, a.attempts) && Arrays.equals(accepts, a.accepts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(attempts) * 31 + Arrays.hashCode(accepts);
    }

    @Override
    public String toString() {
        return "AcceptanceInfo[attempts=" + Arrays.toString(attempts) + ", accepts=" + Arrays.toString(accepts) + "]";
    }
}
