package dev.rbmsuite.learning.train;

import java.io.PrintStream;
import java.util.Map;

/**
 * What a training run's monitors take besides its settings (docs/contract.md, "train"): a held-out
 * set whose mean log-likelihood is written as the {@code holdoutLogLikelihood} column, the time budget
 * the mAIS size was chosen from ({@link EvalBudget}; recorded in the manifest), and where the progress
 * of evaluations estimated at 5 s or more goes. None of them changes a run without them:
 * {@link #NONE} gives the outputs of a run that never heard of them.
 *
 * @param holdout held-out rows x n_0, row-major binary, or null for none
 * @param holdoutRows its number of rows (0 with none)
 * @param holdoutInfo its description for the manifest (name, source; the run adds its SHA-256), or null
 * @param budgetSeconds the {@code --eval-budget} K and N were chosen from, or NaN for none
 * @param progress where long evaluations report (stderr on the command line), or null for nowhere
 */
public record MonitorExtras(double[] holdout, int holdoutRows, Map<String, Object> holdoutInfo, double budgetSeconds,
                            PrintStream progress) {
    /** No held-out set, no budget, no progress. */
    public static final MonitorExtras NONE = new MonitorExtras(null, 0, null, Double.NaN, null);

    /** Checks that a held-out set comes with its size and description. */
    public MonitorExtras {
        if (holdout != null && (holdoutRows <= 0 || holdoutInfo == null)) {
            throw new IllegalArgumentException("holdout needs at least one row and a description");
        }
        if (holdout == null && holdoutRows != 0) {
            throw new IllegalArgumentException("holdout rows without a held-out set");
        }
    }

    /** @return whether a held-out set is monitored */
    public boolean hasHoldout() {
        return holdout != null;
    }

    /** @return whether K and N were chosen from a budget */
    public boolean hasBudget() {
        return !Double.isNaN(budgetSeconds);
    }
}
