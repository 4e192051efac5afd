package dev.rbmsuite.claims;

/**
 * The outcome of a claim, decided from the 95 % confidence interval of its effect alone (registration
 * section 3): the claim holds when the whole interval lies above the threshold, does not hold when
 * the whole interval lies below the same threshold, is equal within the margin when a directional
 * interval lies inside (-margin, margin) without deciding either way, is unmeasurable when both
 * sides sit at the statistic's ceiling or floor, and is inconclusive otherwise (or when there is no
 * interval: too few trials, or the data are missing).
 */
public enum Verdict {
    /** ci_low &gt; threshold */
    HOLDS("holds"),
    /** ci_high &lt; threshold */
    DOES_NOT_HOLD("does not hold"),
    /**
     * a "better than" claim whose interval lies within (-margin, +margin) without lying above 0:
     * any difference is smaller than the margin (docs/methods.md section 9)
     */
    EQUAL("equal within the margin"),
    /** the interval contains the threshold, or no interval could be computed */
    INCONCLUSIVE("inconclusive"),
    /**
     * both sides sit within the margin of the statistic's ceiling or floor (a count that cannot
     * grow): the comparison cannot be measured, whatever the interval (registration section 3)
     */
    UNMEASURABLE("unmeasurable");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** @return the verdict as written in REPORT.md and claims.csv */
    public String text() {
        return text;
    }

    /**
     * @param text a verdict as written by {@link #text()}
     * @return the verdict
     * @throws IllegalArgumentException for any other text
     */
    public static Verdict parse(String text) {
        for (Verdict v : values()) {
            if (v.text.equals(text)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown verdict '" + text + "'");
    }
}
