package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The report's sentence is built from the decision's own numbers: with an interval it states the
 * effect, the interval, the design, n and the rule that decided; without one the verdict and its
 * reason; the note follows. Numbers are printed with four significant digits.
 */
class DecisionTest {
    private static Claim claim(String statement, double threshold, String note) {
        return Claim.builder("f", "i").statement(statement).effect("A - B").welch(new double[] {1}, new double[] {2})
                .threshold(threshold).note(note).build();
    }

    @Test
    void aDecidedClaimStatesTheEffectIntervalDesignNAndTheRule() {
        Decision d = new Decision(claim("A vs B", 0, ""), "10+10", 0.5, 0.25, 0.75, Verdict.HOLDS, "");
        assertThat(d.sentence()).isEqualTo(
                "A vs B: A - B = 0.5000, 95 % CI [0.2500, 0.7500] (Welch t, n = 10+10); the interval lies above 0: holds");
        Decision no = new Decision(claim("", -0.1, ""), "5+5", -1.0, -1.5, -0.5, Verdict.DOES_NOT_HOLD, "");
        assertThat(no.sentence()).isEqualTo("A - B = -1.000, 95 % CI [-1.500, -0.5000] (Welch t, n = 5+5); "
                + "the interval lies below -0.1000: does not hold");
        Decision in = new Decision(claim("", 0, "flag"), "3+3", 0.1, -0.2, 0.4, Verdict.INCONCLUSIVE, "");
        assertThat(in.sentence()).endsWith("the interval contains 0: inconclusive. Note: flag");
    }

    @Test
    void withoutAnIntervalTheReasonIsGivenAndTheEffectOnlyWhenFinite() {
        Decision d = new Decision(claim("A vs B", 0, ""), "2+2", 10, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE,
                "fewer than 3 trials");
        assertThat(d.sentence()).isEqualTo("A vs B: inconclusive (fewer than 3 trials); A - B = 10.00");
        Decision m = new Decision(claim("", 0, ""), "0", Double.NaN, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE,
                "no data");
        assertThat(m.sentence()).isEqualTo("inconclusive (no data)");
        // one end missing is no interval either
        Decision half = new Decision(claim("", 0, ""), "3", 1, 0.5, Double.POSITIVE_INFINITY, Verdict.INCONCLUSIVE, "r");
        assertThat(half.sentence()).startsWith("inconclusive (r)");
    }

    @Test
    void numbersHaveFourSignificantDigitsAndScientificNotationOutsideTheReadableRange() {
        assertThat(Decision.num(0)).isEqualTo("0");
        assertThat(Decision.num(-0.0)).isEqualTo("0");
        assertThat(Decision.num(Double.NaN)).isEqualTo("NaN");
        assertThat(Decision.num(Double.NEGATIVE_INFINITY)).isEqualTo("NaN");
        assertThat(Decision.num(1.0 / 3)).isEqualTo("0.3333");
        assertThat(Decision.num(12345.678)).isEqualTo("1.235e+04");
        assertThat(Decision.num(99999)).isEqualTo("1.000e+05");
        assertThat(Decision.num(100000)).isEqualTo("1.000e+05");
        assertThat(Decision.num(0.001)).isEqualTo("0.001000");
        assertThat(Decision.num(0.0009999)).isEqualTo("9.999e-04");
        assertThat(Decision.num(-2.5e-7)).isEqualTo("-2.500e-07");
    }
}
