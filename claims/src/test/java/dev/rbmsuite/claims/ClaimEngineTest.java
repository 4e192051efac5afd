package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/**
 * Every verdict path of the engine on synthetic trials whose right answer is known, and the
 * interval arithmetic against textbook values.
 */
class ClaimEngineTest {
    /** n normal draws with the given mean and standard deviation. */
    private static double[] normal(long seed, int n, double mean, double sd) {
        Rng rng = Rng.seeded(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = mean + sd * rng.nextGaussian();
        }
        return x;
    }

    private static Decision welch(double[] a, double[] b, double threshold) {
        return ClaimEngine.decide(Claim.builder("figX", "x.welch").welch(a, b).threshold(threshold).build());
    }

    @Test
    void clearlyBetterHolds() {
        Decision d = welch(normal(1, 10, 1.0, 0.1), normal(2, 10, 0.0, 0.1), 0);
        assertThat(d.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(d.ciLow()).isGreaterThan(0.8);
        assertThat(d.n()).isEqualTo("10+10");
    }

    @Test
    void clearlyWorseDoesNotHold() {
        Decision d = welch(normal(1, 10, -1.0, 0.1), normal(2, 10, 0.0, 0.1), 0);
        assertThat(d.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(d.ciHigh()).isLessThan(-0.8);
    }

    @Test
    void equivalentWithinTheMarginHoldsAsComparable() {
        // "comparable to or better": equal means, a margin of 0.1 wider than the interval's half width
        Decision d = welch(normal(3, 40, 0.0, 0.05), normal(4, 40, 0.0, 0.05), -0.1);
        assertThat(d.verdict()).isEqualTo(Verdict.HOLDS);
        // the same data do not show "better than"
        assertThat(welch(normal(3, 40, 0.0, 0.05), normal(4, 40, 0.0, 0.05), 0).verdict())
                .isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void tooNoisyIsInconclusive() {
        Decision d = welch(normal(5, 10, 0.2, 1.0), normal(6, 10, 0.0, 1.0), 0);
        assertThat(d.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(d.ciLow()).isLessThan(0);
        assertThat(d.ciHigh()).isGreaterThan(0);
        assertThat(d.sentence()).contains("the interval contains 0: inconclusive");
    }

    @Test
    void pairingRemovesTheSharedSpreadThatWelchCannot() {
        // each start has its own level (sd 1), the favoured kernel is 0.2 lower everywhere (sd 0.02)
        double[] level = normal(7, 20, 0.0, 1.0);
        double[] noise = normal(8, 20, 0.0, 0.02);
        double[] other = level.clone();
        double[] favoured = new double[20];
        for (int i = 0; i < 20; i++) {
            favoured[i] = level[i] + 0.2 + noise[i];
        }
        Decision paired = ClaimEngine.decide(Claim.builder("f", "p").paired(favoured, other).build());
        Decision unpaired = welch(favoured, other, 0);
        assertThat(paired.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(unpaired.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(paired.effect()).isCloseTo(unpaired.effect(), within(1e-12));
    }

    @Test
    void oneSampleIntervalMatchesTheTextbook() {
        // x = 1..5: mean 3, sd sqrt(2.5), t(0.975, 4) = 2.776445
        double[] x = {1, 2, 3, 4, 5};
        Decision d = ClaimEngine.decide(Claim.builder("f", "o").oneSample(x).threshold(0.5).build());
        double half = 2.7764451051977987 * Math.sqrt(2.5 / 5);
        assertThat(d.effect()).isEqualTo(3.0);
        assertThat(d.ciLow()).isCloseTo(3 - half, within(1e-9));
        assertThat(d.ciHigh()).isCloseTo(3 + half, within(1e-9));
        assertThat(d.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(d.n()).isEqualTo("5");
    }

    @Test
    void welchIntervalMatchesTheTextbook() {
        // a: mean 2, var 1 (n 4); b: mean 0, var 4 (n 4): se^2 = 1/4 + 1 = 1.25; df = 1.5625 / (1/48 + 1/3)
        double[] a = {2 - Math.sqrt(1.5), 2 - Math.sqrt(0.5) + Math.sqrt(0.5), 2, 2 + Math.sqrt(1.5)};
        double va = ClaimEngine.variance(a, ClaimEngine.mean(a));
        double[] b = {-2, 0, 0, 2};
        double vb = ClaimEngine.variance(b, 0);
        Decision d = welch(a, b, 0);
        double se2 = va / 4 + vb / 4;
        double df = se2 * se2 / ((va / 4) * (va / 4) / 3 + (vb / 4) * (vb / 4) / 3);
        double half = ClaimEngine.tQuantile(df) * Math.sqrt(se2);
        assertThat(d.ciLow()).isCloseTo(ClaimEngine.mean(a) - half, within(1e-12));
        assertThat(ClaimEngine.tQuantile(1)).isCloseTo(12.706204736174698, within(1e-9));
    }

    @Test
    void twoTrialsDecideNothingHoweverLargeTheEffect() {
        Decision d = welch(new double[] {10, 10.1}, new double[] {0, 0.1}, 0);
        assertThat(d.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(d.effect()).isCloseTo(10, within(1e-12));
        assertThat(Double.isNaN(d.ciLow())).isTrue();
        assertThat(d.sentence()).contains("fewer than 3");
        Decision p = ClaimEngine.decide(Claim.builder("f", "p2").paired(new double[] {5, 6}, new double[] {0, 0}).build());
        assertThat(p.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void nonFiniteValuesAreLeftOutPairsTogether() {
        double[] a = {1, Double.NaN, 3, 4, 5};
        double[] b = {0, 0, Double.NaN, 1, 1};
        Decision d = ClaimEngine.decide(Claim.builder("f", "nan").paired(a, b).build());
        assertThat(d.n()).isEqualTo("3");
        assertThat(d.effect()).isCloseTo((1 + 3 + 4) / 3.0, within(1e-12));
    }

    @Test
    void bootstrapIsReproducibleAndAgreesWithTheTIntervalOnNormalData() {
        double[] fav = normal(11, 60, 0.5, 1.0);
        double[] other = new double[60];
        Claim c = Claim.builder("f", "boot").pairedBootstrap(fav, other).build();
        Decision b1 = ClaimEngine.decide(c);
        Decision b2 = ClaimEngine.decide(c);
        Decision t = ClaimEngine.decide(Claim.builder("f", "boot").paired(fav, other).build());
        assertThat(b1.ciLow()).isEqualTo(b2.ciLow());
        assertThat(b1.ciLow()).isCloseTo(t.ciLow(), within(0.05));
        assertThat(b1.ciHigh()).isCloseTo(t.ciHigh(), within(0.05));
        assertThat(b1.verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void missingDataAreInconclusiveWithTheReason() {
        Claim c = Claim.builder("fig9", "m").missing(Design.PAIRED, "per-start data not in the committed CSVs").build();
        Decision d = ClaimEngine.decide(c);
        assertThat(d.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(d.sentence()).contains("per-start data not in the committed CSVs");
    }

    @Test
    void sentenceCarriesTheNumbersThatDecided() {
        Decision d = welch(normal(1, 10, 1.0, 0.1), normal(2, 10, 0.0, 0.1), 0);
        assertThat(d.sentence()).contains(Decision.num(d.effect())).contains(Decision.num(d.ciLow()))
                .contains("Welch t").contains("holds");
    }

    /** Paired TV-like values per start: the baseline's TV and the proposed kernel's, differing by {@code diff} plus noise. */
    private static Claim tv(String id, double diff, double noise, double margin, boolean median) {
        double[] base = normal(5, 20, 0.2, 0.05);
        double[] prop = new double[base.length];
        double[] e = normal(6, 20, 0, noise);
        for (int i = 0; i < base.length; i++) {
            prop[i] = base[i] - diff + e[i];
        }
        Claim.Builder b = Claim.builder("fig9", id).better(margin);
        return (median ? b.pairedMedian(base, prop) : b.paired(base, prop)).build();
    }

    @Test
    void aTvDifferenceInsideTheMarginIsNotDoesNotHold() {
        // the baseline is lower by 0.004 (the proposed kernel "worse"), well inside a margin of 0.01
        Decision inside = ClaimEngine.decide(tv("fig9.in", -0.004, 0.001, 0.01, true));
        assertThat(inside.ciHigh()).isLessThan(0);
        assertThat(inside.verdict()).isEqualTo(Verdict.EQUAL);
        // the same difference against no margin would have been "does not hold"
        assertThat(ClaimEngine.decide(tv("fig9.in", -0.004, 0.001, 0, true)).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        // beyond the margin on the wrong side it does not hold; on the right side it holds
        assertThat(ClaimEngine.decide(tv("fig9.out", -0.03, 0.001, 0.01, true)).verdict())
                .isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(ClaimEngine.decide(tv("fig9.up", 0.004, 0.001, 0.01, true)).verdict()).isEqualTo(Verdict.HOLDS);
        // straddling -margin: inconclusive
        assertThat(ClaimEngine.decide(tv("fig9.edge", -0.01, 0.01, 0.01, false)).verdict())
                .isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void theMedianBootstrapEstimatesTheMedianDifference() {
        // differences 1..9 and one huge outlier: the median is 5.5, the mean 14.5
        double[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 100};
        double[] b = new double[a.length];
        Decision d = ClaimEngine.decide(Claim.builder("fig9", "m").pairedMedian(a, b).better(1).build());
        assertThat(d.claim().design()).isEqualTo(Design.MEDIAN_BOOTSTRAP);
        assertThat(d.effect()).isEqualTo(5.5);
        assertThat(d.ciLow()).isGreaterThanOrEqualTo(2).isLessThan(5.5);
        assertThat(d.ciHigh()).isGreaterThan(5.5).isLessThanOrEqualTo(9);
        assertThat(d.verdict()).isEqualTo(Verdict.HOLDS);
        // reproducible: the resamples are seeded by the id
        assertThat(ClaimEngine.decide(Claim.builder("fig9", "m").pairedMedian(a, b).better(1).build()).ciLow())
                .isEqualTo(d.ciLow());
        assertThat(ClaimEngine.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(ClaimEngine.median(new double[] {4, 1, 2, 3})).isEqualTo(2.5);
    }

    @Test
    void pValuesAgreeWithTheIntervalsVerdict() {
        for (double diff : new double[] {-0.05, -0.01, -0.004, 0, 0.003, 0.02}) {
            Decision d = ClaimEngine.decide(tv("fig9.p" + diff, diff, 0.005, 0.01, false));
            // for a t interval, lo > threshold exactly when the one-sided p is below 0.025
            assertThat(d.pHolds() < 0.025).as("holds at " + diff).isEqualTo(d.verdict() == Verdict.HOLDS);
            assertThat(d.pFails() < 0.025).as("fails at " + diff).isEqualTo(d.verdict() == Verdict.DOES_NOT_HOLD);
            assertThat(d.pEqual() < 0.025).as("equal at " + diff)
                    .isEqualTo(d.verdict() == Verdict.EQUAL || d.verdict() == Verdict.HOLDS && d.ciHigh() < 0.01);
            assertThat(d.pValue()).isBetween(0.0, 1.0);
        }
    }

    @Test
    void sensitivityDecidesAgainWithTheMarginHalvedAndDoubledAndEachVariant() {
        // a drop of 0.15 +- small: "exceeds 0.1" holds, with the margin doubled (0.2) it does not hold
        double[] drops = normal(8, 10, 0.15, 0.01);
        Claim c = Claim.builder("fig2", "d").oneSample(drops).exceeds(0.1)
                .variant("window/2", normal(9, 10, 0.15, 0.01), null)
                .variant("window*2", normal(10, 10, 0.05, 0.01), null).build();
        Decision d = ClaimEngine.decide(c);
        assertThat(d.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(d.sensitivity()).containsEntry(ClaimEngine.MARGIN_HALF, Verdict.HOLDS)
                .containsEntry(ClaimEngine.MARGIN_DOUBLE, Verdict.DOES_NOT_HOLD)
                .containsEntry("window/2", Verdict.HOLDS).containsEntry("window*2", Verdict.DOES_NOT_HOLD);
        assertThat(d.fragile()).isTrue();
        Decision solid = ClaimEngine.decide(Claim.builder("fig2", "d").oneSample(normal(8, 10, 2, 0.01)).exceeds(0.1)
                .build());
        assertThat(solid.sensitivity()).hasSize(2);
        assertThat(solid.fragile()).isFalse();
        // the threshold follows the margin: exceeds -> +m, at least -> -m, better -> 0 with failure bound -m
        assertThat(c.withMarginTimes(2).threshold()).isEqualTo(0.2);
        Claim better = Claim.builder("f", "b").oneSample(drops).better(0.1).build();
        assertThat(better.threshold()).isEqualTo(0);
        assertThat(better.failBelow()).isEqualTo(-0.1);
        assertThat(better.withMarginTimes(0.5).failBelow()).isEqualTo(-0.05);
    }
}
