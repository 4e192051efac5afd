package dev.rbmsuite.learning.train;

import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.ais.MarginalAis;
import java.util.Locale;

/**
 * The mAIS size of the log-likelihood monitor chosen from a time budget per evaluation (the command
 * line's {@code --eval-budget SECONDS}; docs/contract.md, "train").
 *
 * <p>The choice is a pure function of the budget and the bottom RBM's shape, through the fixed cost
 * model {@link MarginalAis#estimatedSeconds} (the development machine's rate), never a timing: the same
 * budget gives the same K and N, and so the same bytes, on every machine. The run records the chosen K
 * and N as its {@code aisTemperatures} and {@code aisRuns}, so a rerun with {@code --ais-temperatures K
 * --ais-runs N} reproduces it. A faster machine finishes an evaluation sooner than the budget, a slower
 * one later.
 *
 * <p>The budget buys S = budget / (n m rate) run-temperature sweeps, shared as the defaults share them
 * (K = {@value #RATIO} N: K = 10,000, N = 500 is the ratio of docs/methods.md section 1.3): N =
 * floor(sqrt(S / {@value #RATIO})), K = floor(S / N), at most the defaults' size scaled up to
 * {@value #MAX_SWEEPS} sweeps. Below {@value #MIN_TEMPERATURES} temperatures x {@value #MIN_RUNS} runs
 * an estimate would not be worth its standard error, so such a budget is refused.
 */
public final class EvalBudget {
    /** Temperatures per run in the defaults (10,000 / 500). */
    public static final int RATIO = AisOptions.DEFAULT_TEMPERATURES / AisOptions.DEFAULT_RUNS;
    /** The fewest runs a budget may buy. */
    public static final int MIN_RUNS = 10;
    /** The fewest temperatures a budget may buy. */
    public static final int MIN_TEMPERATURES = 100;
    /** The most sweeps a budget may buy (the command line's limit on mAIS work, 2^36). */
    public static final long MAX_SWEEPS = 1L << 36;

    private EvalBudget() {
    }

    /**
     * @param seconds the budget of one evaluation (positive and finite)
     * @param visible n_0
     * @param hidden m_0
     * @return {K, N}
     * @throws IllegalArgumentException starting with "eval-budget" when the budget is not a positive
     *     number or buys less than {@value #MIN_TEMPERATURES} x {@value #MIN_RUNS}
     */
    public static int[] choose(double seconds, int visible, int hidden) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("eval-budget must be a positive number of seconds, got " + seconds);
        }
        double sweeps = Math.min(MAX_SWEEPS, seconds / MarginalAis.estimatedSeconds(visible, hidden, 1, 1));
        long runs = Math.max(MIN_RUNS, (long) StrictMath.floor(StrictMath.sqrt(sweeps / RATIO)));
        long temperatures = (long) StrictMath.floor(sweeps / runs);
        if (temperatures < MIN_TEMPERATURES) {
            throw new IllegalArgumentException("eval-budget " + seconds + " s buys less than the smallest mAIS ("
                    + MIN_TEMPERATURES + " temperatures x " + MIN_RUNS + " runs, about "
                    + String.format(Locale.ROOT, "%.3g", estimatedSeconds(visible, hidden, MIN_TEMPERATURES,
                    MIN_RUNS)) + " s at n=" + visible + ", m=" + hidden + "); give more");
        }
        return new int[] {(int) temperatures, (int) runs};
    }

    /**
     * @param visible n_0
     * @param hidden m_0
     * @param temperatures K
     * @param runs N
     * @return the estimated seconds of one mAIS evaluation ({@link MarginalAis#estimatedSeconds})
     */
    public static double estimatedSeconds(int visible, int hidden, int temperatures, int runs) {
        return MarginalAis.estimatedSeconds(visible, hidden, temperatures, runs);
    }
}
