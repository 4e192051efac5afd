package dev.rbmsuite.experiments;

import java.util.List;

/**
 * One figure of the paper: runs its trials, writes PNG and CSV files into its folder, and states
 * what it measured against the paper's claims.
 */
public interface Experiment {
    /** @return the figure id, for example "fig6" */
    String id();

    /** @return a one-line title */
    String title();

    /**
     * Runs the experiment.
     *
     * @param ctx folder, scale, seed, threads and progress
     * @return the files, settings and claims
     * @throws Exception on failure
     */
    FigureOutcome run(ExperimentContext ctx) throws Exception;

    /**
     * The groups of trials the figure needs at a scale, for an outside scheduler
     * ({@link TrialUnits}); the training runs it reads count too.
     *
     * @param scale the scale
     * @return its groups (none for figures without trials)
     */
    default List<TrialUnits.Group> trialGroups(Scale scale) {
        return List.of();
    }

    /**
     * @return whether {@code figure all} runs it: the paper's figures and the studies that need nothing from
     *     outside the suite do; a benchmark that reads a user's data files (the samplers benchmark, which
     *     needs MNIST-format images) runs only when named
     */
    default boolean inAll() {
        return true;
    }
}
