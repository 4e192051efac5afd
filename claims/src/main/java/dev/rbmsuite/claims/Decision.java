package dev.rbmsuite.claims;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

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
 * @param pHolds one-sided p-value of "the effect is at most the threshold" (small: holds), NaN without interval
 * @param pFails one-sided p-value of "the effect is at least the failure bound" (small: does not hold)
 * @param pEqual the larger of the two one-sided p-values of "the effect lies within (-margin, margin)"
 *     (small: equal within the margin); NaN unless the rule is "better than"
 * @param sensitivity the verdict under each alternative choice ("margin/2", "margin*2", "window/2",
 *     "window*2"), in name order
 * @param se the effect's standard error (the bootstrap distribution's standard deviation for bootstrap
 *     designs), NaN without interval; the replication over seeds weighs each seed's effect by it
 * @param smallerThanMargin whether the row holds or does not hold while its whole interval lies inside
 *     (-margin, margin): significant, but smaller than the margin (registration section 3)
 */
public record Decision(Claim claim, String n, double effect, double ciLow, double ciHigh, Verdict verdict,
                       String reason, double pHolds, double pFails, double pEqual, Map<String, Verdict> sensitivity,
                       double se, boolean smallerThanMargin) {
    /** A decision without p-values or sensitivity (hand-made rows). */
    public Decision(Claim claim, String n, double effect, double ciLow, double ciHigh, Verdict verdict, String reason) {
        this(claim, n, effect, ciLow, ciHigh, verdict, reason, Double.NaN, Double.NaN, Double.NaN, Map.of(), Double.NaN,
                false);
    }

    /**
     * @param alternatives the verdict under each alternative choice
     * @return this decision with that sensitivity
     */
    public Decision withSensitivity(Map<String, Verdict> alternatives) {
        return new Decision(claim, n, effect, ciLow, ciHigh, verdict, reason, pHolds, pFails, pEqual, alternatives, se,
                smallerThanMargin);
    }

    /** Copies the sensitivity map. */
    public Decision {
        sensitivity = sensitivity == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(sensitivity));
    }

    /** @return whether any alternative choice changes the verdict */
    public boolean fragile() {
        return sensitivity.values().stream().anyMatch(v -> v != verdict);
    }

    /**
     * @return the p-value of the decided outcome (holds, does not hold, equal), or the smallest of
     *     the three for an inconclusive or unmeasurable row; NaN without interval
     */
    public double pValue() {
        return switch (verdict) {
            case HOLDS -> pHolds;
            case DOES_NOT_HOLD -> pFails;
            case EQUAL -> pEqual;
            default -> Double.isFinite(pHolds) ? Math.min(pHolds, Math.min(pFails, Double.isNaN(pEqual) ? 1 : pEqual))
                    : Double.NaN;
        };
    }
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
        if (verdict == Verdict.UNMEASURABLE) {
            sb.append(String.format(Locale.ROOT, "%s = %s, 95 %% CI [%s, %s] (%s, n = %s); %s: unmeasurable",
                    claim.effectLabel(), num(effect), num(ciLow), num(ciHigh), claim.design().text(), n, reason));
        } else if (!Double.isFinite(ciLow) || !Double.isFinite(ciHigh)) {
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
        String f = num(claim.failBelow());
        String m = claim.rule() == Claim.Rule.FIXED ? "" : " (margin " + num(claim.margin()) + ")";
        String smaller = smallerThanMargin ? ", smaller than the margin" : "";
        switch (verdict) {
            case HOLDS:
                return "the interval lies above " + t + m + ": holds" + smaller;
            case DOES_NOT_HOLD:
                return "the interval lies below " + f + m + ": does not hold" + smaller;
            case EQUAL:
                return "the interval lies within ±" + num(claim.margin()) + ": equal within the margin";
            default:
                return claim.rule() == Claim.Rule.BETTER && claim.margin() > 0
                        ? "the interval contains " + t + " and is not within ±" + num(claim.margin()) + ": inconclusive"
                        : "the interval contains " + t + m + ": inconclusive";
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
