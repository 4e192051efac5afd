package dev.rbmsuite.claims;

/**
 * How the 95 % confidence interval of an effect is computed, chosen by how the data were drawn.
 */
public enum Design {
    /**
     * One value per trial, compared with a fixed threshold: Student's t interval of the mean,
     * n - 1 degrees of freedom.
     */
    ONE_SAMPLE("one-sample t"),
    /**
     * Two values per unit that share their randomness (the same start state, the same seed):
     * Student's t interval of the mean of the differences, n - 1 degrees of freedom. Pairing
     * removes the between-start spread, which is most of the spread of a TV curve.
     */
    PAIRED("paired t"),
    /**
     * Two independent groups (trials of different configurations draw from different streams):
     * Welch's interval of the difference of the means with Welch-Satterthwaite degrees of freedom,
     * which does not assume equal variances.
     */
    WELCH("Welch t"),
    /**
     * Paired differences whose distribution is far from normal (many zeros, heavy tails, as move
     * counts between clusters): percentile interval of the mean difference from 10,000 bootstrap
     * resamples, drawn from a stream seeded by the claim's id, so the interval is reproducible.
     */
    PAIRED_BOOTSTRAP("paired bootstrap"),
    /**
     * Paired differences where the paper speaks of medians (figure 9's median TV curves): the
     * effect is the median of the per-start differences, its interval the percentile interval of
     * the medians of 10,000 bootstrap resamples (seeded by the claim's id).
     */
    MEDIAN_BOOTSTRAP("paired bootstrap of the median"),
    /**
     * Figure 9's estimand (registration section 1): a functional of one configuration's median
     * curve minus that of the other's, the medians taken over shared units at every recorded step;
     * percentile interval from 100,000 resamples of the units, the same draw for both sides (seeded
     * by the claim's id). {@link CurveContrast} holds the data.
     */
    MEDIAN_CURVES("paired bootstrap of the difference of the median curves");

    private final String text;

    Design(String text) {
        this.text = text;
    }

    /** @return the method's name in report sentences */
    public String text() {
        return text;
    }
}
