package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;

/**
 * The time guard of annealed importance sampling (docs/contract.md, "Limits"), so that a mistyped
 * count is refused in one line instead of running for days: at most {@value #MAX_SWEEPS}
 * run-temperature sweeps (2^36, about 14,000 times the default 500 x 10,000). The exact
 * computations have their own, time-based guard ({@code CostGuard}, {@code --allow-slow}).
 */
final class WorkLimits {
    /** The most run-temperature sweeps one estimate may take. */
    static final long MAX_SWEEPS = 1L << 36;

    private WorkLimits() {
    }

    /**
     * @param runs annealing runs
     * @param temperatures temperatures per run
     * @param runsOption the option naming the runs
     * @param temperaturesOption the option naming the temperatures
     * @throws InputException if runs x temperatures exceeds {@value #MAX_SWEEPS}
     */
    static void requireAis(long runs, long temperatures, String runsOption, String temperaturesOption) {
        if (runs * temperatures > MAX_SWEEPS) {
            throw new InputException("options " + runsOption + "/" + temperaturesOption + ": " + runs + " runs x "
                    + temperatures + " temperatures = " + runs * temperatures + " sweeps, more than the limit of 2^36"
                    + " (days of work; ask for fewer)");
        }
    }
}
