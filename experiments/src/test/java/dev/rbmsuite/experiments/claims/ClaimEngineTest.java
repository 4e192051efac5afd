package dev.rbmsuite.experiments.claims;

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
}
