package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

class ExactDistributionTest {
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
    void logProbAndLikelihoodMatchBruteForce() {
        Rbm rbm = BruteForce.random(7, 4, 1.0, 1.0, Rng.seeded(22));
        double[] ref = BruteForce.visibleDistribution(rbm);
        double logZ = ExactLogZ.logZ(rbm);
        int rows = 1 << 7;
        double[] states = StateIndex.allStates(7);
        double[] lp = new double[rows];
        ExactLikelihood.logProb(rbm, logZ, states, rows, lp);
        double mean = 0;
        for (int x = 0; x < rows; x++) {
            assertThat(lp[x]).isCloseTo(Math.log(ref[x]), within(1e-12));
            mean += Math.log(ref[x]) / rows;
        }
        assertThat(ExactLikelihood.logLikelihood(rbm, logZ, states, rows)).isCloseTo(mean, within(1e-12));
    }

    @Test
    void momentsMatchJointBruteForceInBothOrientations() {
        for (int[] s : new int[][] {{4, 6}, {6, 3}, {5, 5}}) {
            Rbm rbm = BruteForce.random(s[0], s[1], 1.5, 1.0, Rng.seeded(23).fork(s[0], s[1]));
            BruteForce.JointMoments j = BruteForce.moments(rbm);
            Moments ref = new Moments(j.n(), j.m(), j.visible(), j.hidden(), j.joint());
            Moments got = ExactMoments.of(rbm);
            MomentErrors err = MomentErrors.of(ref, got);
            assertThat(err.b()).isLessThan(1e-12);
            assertThat(err.c()).isLessThan(1e-12);
            assertThat(err.w()).isLessThan(1e-12);
        }
    }

    @Test
    void maeIsTheMeanAbsoluteDifference() {
        Moments a = new Moments(2, 1, new double[] {0.1, 0.2}, new double[] {0.5}, new double[] {0.1, 0.3});
        Moments b = new Moments(2, 1, new double[] {0.2, 0.0}, new double[] {0.25}, new double[] {0.1, 0.2});
        MomentErrors e = MomentErrors.of(a, b);
        assertThat(e.b()).isCloseTo(0.15, within(1e-15));
        assertThat(e.c()).isCloseTo(0.25, within(1e-15));
        assertThat(e.w()).isCloseTo(0.05, within(1e-15));
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
}
