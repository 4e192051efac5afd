package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import picocli.CommandLine.Option;

/**
 * The options of an annealed estimate of ln Z ({@code logz}'s mAIS, AIS and reverse AIS, {@code loglik}'s
 * mAIS): the runs and the temperatures of the schedule, checked together with the work and memory they
 * ask for before anything is allocated.
 */
final class AnnealingOptions {
    @Option(names = "--runs", paramLabel = "R", description = "annealing runs (default ${DEFAULT-VALUE})")
    int runs = AisOptions.DEFAULT_RUNS;

    @Option(names = "--temperatures", paramLabel = "T", description = "annealing temperatures (default ${DEFAULT-VALUE})")
    int temperatures = AisOptions.DEFAULT_TEMPERATURES;

    /** Refuses fewer than 2 runs or 3 temperatures, and a schedule or an amount of work beyond the limits. */
    void validate() {
        if (runs < 2) {
            throw new InputException("option --runs: must be at least 2, got " + runs);
        }
        if (temperatures < 3) {
            throw new InputException("option --temperatures: must be at least 3, got " + temperatures);
        }
        Memory.requireArray(temperatures + 1L, "option --temperatures: the annealing schedule");
        WorkLimits.requireAis(runs, temperatures, "--runs", "--temperatures");
    }

    /**
     * Refuses annealing runs on the model that cannot fit: the schedule, and per run the states, fields
     * and scratch of both layers (three copies at most).
     *
     * @param rbm the layer whose ln Z is annealed
     */
    void requireMemory(Rbm rbm) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        Memory.requireArray((long) runs * Math.max(n, m), "option --runs: " + runs + " chains of " + Math.max(n, m) + " units");
        Memory.require(Memory.plus(Memory.doubles(temperatures + 1L), Memory.doubles(runs, 3L * (n + m) + 2)),
                "options --runs/--temperatures: " + runs + " runs over " + temperatures + " temperatures");
    }
}
