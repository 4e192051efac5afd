package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;

/**
 * The time guards (docs/contract.md, "Limits"), so that a mistyped count is refused in one line
 * instead of running for days: annealed importance sampling takes at most {@value #MAX_SWEEPS}
 * run-temperature sweeps (2^36, about 14,000 times the default 500 x 10,000), and an exact
 * enumeration at most {@value #MAX_EXACT_WORK} state-unit terms (2^k states of the smaller layer,
 * times the larger layer's units: 2^45, about an hour on one core).
 */
final class WorkLimits {
    /** The most run-temperature sweeps one estimate may take. */
    static final long MAX_SWEEPS = 1L << 36;
    /** The most terms (2^min(n, m) x max(n, m)) an exact enumeration may take. */
    static final long MAX_EXACT_WORK = 1L << 45;

    private WorkLimits() {
    }

    /**
     * @param rbm a model whose partition function is to be enumerated (min(n, m) &lt;= 30 checked before)
     * @param option the option that asked for it
     * @throws InputException if 2^min(n, m) x max(n, m) exceeds {@value #MAX_EXACT_WORK}
     */
    static void requireExact(dev.rbmsuite.core.Rbm rbm, String option) {
        int k = Math.min(rbm.numVisible(), rbm.numHidden());
        int other = Math.max(rbm.numVisible(), rbm.numHidden());
        if (k <= 62 && (1L << k) <= MAX_EXACT_WORK / other) {
            return;
        }
        throw new InputException("option " + option + ": exact enumeration of 2^" + k + " states x " + other
                + " units exceeds the limit of 2^45 terms (hours of work); use a sampling method");
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
