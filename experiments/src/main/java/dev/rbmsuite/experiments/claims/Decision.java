package dev.rbmsuite.experiments.claims;

import java.util.Locale;

/**
 * What {@link ClaimEngine} decided about a claim: the effect (larger favours the claim), its 95 %
 * confidence interval, the sample size and the verdict. The sentence of the report and the row of
 * claims.csv are both generated here, from the same numbers that decided the verdict.
 *
 * @param claim the claim
 * @param n the sample size as written in claims.csv: "10" (one sample or pairs) or "10+10" (two groups)
 * @param effect the estimated effect, NaN when it could not be computed
 * @param ciLow lower end of the 95 % interval (NaN when none)
 * @param ciHigh upper end of the 95 % interval (NaN when none)
 * @param verdict the verdict
 * @param reason why the verdict is inconclusive without an interval (missing data, too few trials), or empty
 */
public record Decision(Claim claim, String n, double effect, double ciLow, double ciHigh, Verdict verdict,
                       String reason) {
    /**
     * The report's sentence: the statement, the effect with its interval and method, and the rule.
     *
     * @return one line of plain text
     */
    public String sentence() {
        StringBuilder sb = new StringBuilder();
        if (!claim.statement().isEmpty()) {
            sb.append(claim.statement()).append(": ");
        }
        if (!Double.isFinite(ciLow) || !Double.isFinite(ciHigh)) {
            sb.append(verdict.text()).append(" (").append(reason).append(')');
            if (Double.isFinite(effect)) {
                sb.append(String.format(Locale.ROOT, "; %s = %s", claim.effectLabel(), num(effect)));
            }
        } else {
            sb.append(String.format(Locale.ROOT, "%s = %s, 95 %% CI [%s, %s] (%s, n = %s); %s", claim.effectLabel(),
                    num(effect), num(ciLow), num(ciHigh), claim.design().text(), n, rule()));
        }
        if (!claim.note().isEmpty()) {
            sb.append(". Note: ").append(claim.note());
        }
        return sb.toString();
    }

    private String rule() {
        String t = num(claim.threshold());
        switch (verdict) {
            case HOLDS:
                return "the interval lies above " + t + ": holds";
            case DOES_NOT_HOLD:
                return "the interval lies below " + t + ": does not hold";
            default:
                return "the interval contains " + t + ": inconclusive";
        }
    }

    /**
     * @param x a number
     * @return four significant digits, or "NaN"
     */
    public static String num(double x) {
        if (!Double.isFinite(x)) {
            return "NaN";
        }
        if (x == 0) {
            return "0";
        }
        return String.format(Locale.ROOT, Math.abs(x) >= 1e-3 && Math.abs(x) < 1e5 ? "%.4g" : "%.3e", x);
    }
}
