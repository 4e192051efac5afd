package dev.rbmsuite.claims.report;

import dev.rbmsuite.claims.Verdict;
import java.util.Locale;

/**
 * What a report says about its scale (issue 41, item 1): the paper's claims are about the paper's
 * settings, so a run at a reduced scale (fewer epochs, trials or chains) can confirm what already
 * shows there but cannot refute them. Below paper scale a "does not hold" is shown as not reached
 * at that scale, and the report opens with a paragraph that says what was reduced.
 */
public final class Scales {
    /** The scale at which the paper's settings are reproduced. */
    public static final String PAPER = "paper";

    private Scales() {
    }

    /**
     * @param scale a run's scale
     * @return whether it is below the paper's
     */
    public static boolean reduced(String scale) {
        return !PAPER.equals(scale);
    }

    /**
     * @param v a paper sentence's verdict
     * @param scale the run's scale
     * @return the verdict as a report at that scale shows it
     */
    public static String shown(Verdict v, String scale) {
        if (reduced(scale) && v == Verdict.DOES_NOT_HOLD) {
            return "not reached at " + scale + " scale";
        }
        return v.text();
    }

    /**
     * @param scale the run's scale
     * @return the opening paragraph of a report below paper scale, empty at paper scale
     */
    public static String paragraph(String scale) {
        if (!reduced(scale)) {
            return "";
        }
        String what = switch (scale) {
            case "smoke" -> "2 trials per configuration and 20 epochs: it checks that every figure runs, and no "
                    + "learning verdict can be decided (an interval needs at least three trials)";
            case "quick" -> "3 trials per configuration instead of 10, 5,000 epochs on GenRBM and 2,000 elsewhere "
                    + "instead of 20,000 (figure 2's collapse starts after about 10,000), and fewer chains and steps";
            default -> "less work than the paper's settings";
        };
        return String.format(Locale.ROOT, "**This report is at %s scale, not the paper's:** %s. Its verdicts cannot "
                + "be compared with the paper's: a claim about the paper's settings can hold here, but a reduced run "
                + "cannot refute it, so \"does not hold\" is shown as \"not reached at %s scale\". The paper-scale "
                + "report is `results/paper-scale/REPORT.md` in the suite's repository (`./rbm figure all --scale "
                + "paper` regenerates it, about two hours on two cores); the replication over seeds is "
                + "`results/replication/REPORT.md`.%n%n", scale, what, scale);
    }
}
