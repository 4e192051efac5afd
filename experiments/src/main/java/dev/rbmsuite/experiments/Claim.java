package dev.rbmsuite.experiments;

/**
 * One statement of the paper next to what this run measured, for the reproduction report. A claim
 * that does not hold is reported as not holding, never hidden.
 *
 * @param figure the figure id, for example "fig6"
 * @param statement the paper's claim, in words
 * @param measured the numbers this run measured that bear on it
 * @param verdict whether the measurement supports the claim
 */
public record Claim(String figure, String statement, String measured, Verdict verdict) {
    /** The outcome of comparing a measurement with a claim. */
    public enum Verdict {
        /** the measurement supports the claim */
        HOLDS,
        /** the measurement contradicts the claim */
        DOES_NOT_HOLD,
        /** the measurement is shown for information; the scale is too small to decide */
        INCONCLUSIVE
    }

    /**
     * @param figure figure id
     * @param statement the paper's claim
     * @param measured the measurement
     * @param holds whether it holds
     * @return a claim with verdict HOLDS or DOES_NOT_HOLD
     */
    public static Claim of(String figure, String statement, String measured, boolean holds) {
        return new Claim(figure, statement, measured, holds ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD);
    }
}
