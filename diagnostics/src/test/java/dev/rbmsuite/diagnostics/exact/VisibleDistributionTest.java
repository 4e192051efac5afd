package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.cost.CostLimitException;
import org.junit.jupiter.api.Test;

/** The table of P(v) against the brute-force kit: values, logs where P underflows, exact draws, the cost guard. */
class VisibleDistributionTest {
    @Test
    void tableMatchesBruteForceMarginal() {
        for (double scale : new double[] {0.5, 3.0, 20.0}) {
            Rbm rbm = BruteForce.random(6, 5, scale, scale, Rng.seeded(21).fork((long) scale));
            double[] ref = BruteForce.visibleDistribution(rbm);
            VisibleDistribution d = VisibleDistribution.of(rbm);
            assertThat(d.logZ()).isCloseTo(BruteForce.logZ(rbm), within(1e-12 * Math.max(1, Math.abs(d.logZ()))));
            double sum = 0;
            for (int x = 0; x < ref.length; x++) {
                assertThat(d.probability(x)).isCloseTo(ref[x], within(1e-12));
                sum += d.probability(x);
            }
            assertThat(sum).isCloseTo(1.0, within(1e-12));
        }
    }

    @Test
    void tableReachesTwentyFiveUnitsAndAgreesWithTheStreamingLogZ() {
        Rbm rbm = Rbm.gaussian(25, 6, 0.5, Rng.seeded(23));
        VisibleDistribution d = VisibleDistribution.of(rbm);
        assertThat(d.size()).isEqualTo(1 << 25);
        assertThat(d.logZ()).isCloseTo(ExactLogZ.logZ(rbm), within(1e-9));
        double sum = 0;
        for (int x = 0; x < d.size(); x++) {
            sum += d.probability(x);
        }
        assertThat(sum).isCloseTo(1.0, within(1e-9));
        assertThatThrownBy(() -> VisibleDistribution.of(Rbm.gaussian(26, 2, 0.5, Rng.seeded(24))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n <= 25");
    }

    @Test
    void inverseCdfSamplesFollowTheTable() {
        Rbm rbm = BruteForce.random(4, 3, 1.0, 1.0, Rng.seeded(24));
        VisibleDistribution d = VisibleDistribution.of(rbm);
        int count = 200_000;
        int[] idx = d.sampleIndices(count, Rng.seeded(25));
        int[] hits = new int[d.size()];
        for (int x : idx) {
            hits[x]++;
        }
        for (int x = 0; x < d.size(); x++) {
            double p = d.probability(x);
            double sd = Math.sqrt(p * (1 - p) / count);
            assertThat((double) hits[x] / count).isCloseTo(p, within(6 * sd + 1e-9));
        }
    }

    @Test
    void logProbabilitiesAreExactWhereProbabilitiesUnderflow() {
        // huge parameters: most states have P(v) = 0 in double precision, ln P(v) stays finite and exact
        Rbm rbm = BruteForce.random(5, 3, 400.0, 400.0, Rng.seeded(26));
        double[] ref = BruteForce.logVisibleDistribution(rbm);
        VisibleDistribution d = VisibleDistribution.of(rbm);
        int underflows = 0;
        for (int x = 0; x < ref.length; x++) {
            assertThat(d.logProbability(x)).as("state %d", x).isCloseTo(ref[x], within(1e-9 * Math.max(1, Math.abs(ref[x]))));
            assertThat(d.probability(x)).isEqualTo(StrictMath.exp(d.logProbability(x))); // main code's bit-specified exponential
            underflows += d.probability(x) == 0.0 ? 1 : 0;
        }
        assertThat(underflows).as("the test needs underflowing states").isPositive();
        assertThat(d.numVisible()).isEqualTo(5);
        assertThat(d.size()).isEqualTo(32);
    }

    @Test
    void accessorsReturnCopies() {
        VisibleDistribution d = VisibleDistribution.of(BruteForce.random(3, 2, 1.0, 27));
        double p0 = d.probability(0);
        d.probabilities()[0] = 7;
        d.logProbabilities()[0] = 7;
        assertThat(d.probability(0)).isEqualTo(p0);
        assertThat(d.logProbabilities()[0]).isEqualTo(Math.log(p0), within(1e-15));
    }

    /** Sample rows are the drawn indices decoded with unit i = bit i; same seed same draws. */
    @Test
    void samplesAreTheDrawnStatesAsRowsAndFollowTheSeed() {
        VisibleDistribution d = VisibleDistribution.of(BruteForce.random(4, 3, 1.0, 28));
        int[] idx = d.sampleIndices(50, Rng.seeded(29));
        double[] rows = d.sample(50, Rng.seeded(29));
        assertThat(rows).hasSize(50 * 4);
        for (int k = 0; k < 50; k++) {
            for (int i = 0; i < 4; i++) {
                assertThat(rows[k * 4 + i]).isEqualTo((double) ((idx[k] >> i) & 1));
            }
        }
        assertThat(d.sampleIndices(50, Rng.seeded(29))).isEqualTo(idx);
        assertThat(d.sampleIndices(50, Rng.seeded(30))).isNotEqualTo(idx);
        // a point mass (one state far more likely than all others) is always drawn
        Rbm peaked = Rbm.of(2, 1, new double[] {0, 0}, new double[] {60, -60}, new double[] {0});
        assertThat(VisibleDistribution.of(peaked).sampleIndices(100, Rng.seeded(31))).containsOnly(1);
    }

    @Test
    void theCostGuardRefusesBeforeEnumerating() {
        Rbm rbm = Rbm.gaussian(20, 100, 0.1, Rng.seeded(32));
        // (m + 8) 2^n states-units at 4e-9 s each
        assertThat(VisibleDistribution.estimatedSeconds(rbm)).isCloseTo(108 * Math.pow(2, 20) * 4e-9, within(1e-12));
        assertThatThrownBy(() -> VisibleDistribution.of(rbm, CostGuard.limit(0.01))).isInstanceOf(CostLimitException.class)
                .hasMessageStartingWith("table of P(v) (2^20 states x 100 units) would take about");
    }

    /**
     * Issue 37, item 9: at E_max 1e150 and 1e300, states tied at the largest ln P~(v) made ln Z round to
     * that maximum, and exp(lv - ln Z) gave every tied state P = 1 (the table summed to 64); normalised by
     * its maximum the table sums to 1, the 64 tied states (v0 = v1 = 1) share it and every ln P is <= 0.
     */
    @Test
    void aTableAtAnyScaleSumsToOneAlsoWithTiedMaxima() {
        for (double scale : new double[] {1e150, 1e299}) {
            double[] b = new double[8];
            b[0] = scale;
            b[1] = scale;
            VisibleDistribution d = VisibleDistribution.of(Rbm.of(8, 2, new double[16], b, new double[2]));
            double sum = 0;
            for (int x = 0; x < d.size(); x++) {
                sum += d.probability(x);
                assertThat(d.logProbability(x)).isLessThanOrEqualTo(0.0);
                boolean tied = d.probability(x) > 0;
                assertThat(d.probability(x)).isEqualTo(tied ? 1.0 / 64 : 0.0);
            }
            assertThat(sum).isCloseTo(1.0, within(1e-12));
        }
        // an ordinary model keeps the plain form's bits
        Rbm r = Rbm.gaussian(6, 3, 1.0, Rng.seeded(4));
        VisibleDistribution d = VisibleDistribution.of(r);
        for (int x = 0; x < d.size(); x++) {
            assertThat(d.probability(x)).isEqualTo(Fdlibm.exp(d.logProbability(x)));
        }
    }
}
