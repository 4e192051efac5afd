package dev.rbmsuite.claims;

/**
 * The names of the per-trial statistics of the learning-curve claims (figures 6 and 7, {@code rbm
 * compare}), as the claims carry them and the report's plain summary recognises them: one place, so
 * that the figure code that measures a statistic and the report that words it cannot drift apart.
 */
public final class LearningStatistics {
    /** The statistic of the drop claims. */
    public static final String DROP = "height of the log-likelihood's peak (running mean over a tenth of the evaluations, "
            + "position and height from alternate evaluations) minus the mean over the last quarter of the epochs (nats), "
            + "per trial";
    /** The statistic of the comparability claims. */
    public static final String LAST_QUARTER = "mean log-likelihood over the last quarter of the epochs (nats), per trial";

    private LearningStatistics() {
    }
}
