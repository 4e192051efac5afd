package dev.rbmsuite.claims;

import java.util.Locale;

/** Whether a claim is the paper's (quoted verbatim from it) or one of the suite's own checks. */
public enum Kind {
    /** a sentence of the paper, quoted verbatim with its section */
    PAPER,
    /** a check the suite adds beyond the paper (estimator bias, cost, convergence) */
    BEYOND;

    /** @return "paper" or "beyond", as written in claims.csv */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
