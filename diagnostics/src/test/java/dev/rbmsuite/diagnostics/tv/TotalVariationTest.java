package dev.rbmsuite.diagnostics.tv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.StateIndex;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import org.apache.commons.math3.util.CombinatoricsUtils;
import org.junit.jupiter.api.Test;

class TotalVariationTest {
    private static double fullSumTv(VisibleDistribution p, double[] samples, int rows) {
        double[] q = new double[p.size()];
        for (int r = 0; r < rows; r++) {
            q[(int) StateIndex.index(samples, r, p.numVisible())] += 1.0 / rows;
        }
        double s = 0;
        for (int x = 0; x < p.size(); x++) {
            s += Math.abs(p.probability(x) - q[x]);
        }
        return 0.5 * s;
    }

    @Test
    void visitedStatesTrickEqualsTheFullSum() {
        Rbm rbm = Rbm.gaussian(8, 6, 1.0, Rng.seeded(31));
        VisibleDistribution p = VisibleDistribution.of(rbm);
        Rng rng = Rng.seeded(32);
        for (int rows : new int[] {1, 7, 100, 3000}) {
            // a sample that is NOT from P: uniform bits
            double[] s = new double[rows * 8];
            for (int k = 0; k < s.length; k++) {
                s[k] = rng.nextBernoulli(0.3) ? 1 : 0;
            }
            double ref = fullSumTv(p, s, rows);
            assertThat(TotalVariation.distance(p, s, rows)).isCloseTo(ref, within(1e-12));
            assertThat(TotalVariation.distance(rbm, p.logZ(), s, rows)).isCloseTo(ref, within(1e-12));
        }
    }

    @Test
    void pointMassTvIsOneMinusItsProbability() {
        Rbm rbm = Rbm.gaussian(5, 4, 1.0, Rng.seeded(33));
        VisibleDistribution p = VisibleDistribution.of(rbm);
        double[] s = new double[3 * 5];
        StateIndex.state(9, 5, s, 0);
        StateIndex.state(9, 5, s, 1);
        StateIndex.state(9, 5, s, 2);
        assertThat(TotalVariation.distance(p, s, 3)).isCloseTo(1 - p.probability(9), within(1e-14));
    }

    @Test
    void sampledFloorAgreesWithTheExactExpectation() {
        Rbm rbm = Rbm.gaussian(7, 5, 1.5, Rng.seeded(34));
        VisibleDistribution p = VisibleDistribution.of(rbm);
        for (int n : new int[] {1, 50, 2000}) {
            double expected = TvFloor.expected(p, n);
            double[] tv = TvFloor.sampled(p, n, 400, Rng.seeded(35).fork(n));
            double mean = 0;
            for (double t : tv) {
                mean += t / tv.length;
            }
            double var = 0;
            for (double t : tv) {
                var += (t - mean) * (t - mean) / (tv.length - 1);
            }
            double se = Math.sqrt(var / tv.length);
            assertThat(mean).as("N = %d", n).isCloseTo(expected, within(6 * se + 1e-12));
        }
        // one sample: E[TV] = 1 - sum_v P(v)^2 exactly
        double s2 = 0;
        for (int x = 0; x < p.size(); x++) {
            s2 += p.probability(x) * p.probability(x);
        }
        assertThat(TvFloor.expected(p, 1)).isCloseTo(1 - s2, within(1e-12));
    }

    @Test
    void deMoivreMatchesDirectBinomialSum() {
        for (int trials : new int[] {1, 2, 7, 30}) {
            for (double pr : new double[] {0.01, 0.3, 0.5, 0.93}) {
                double direct = 0;
                for (int k = 0; k <= trials; k++) {
                    double logPmf = CombinatoricsUtils.binomialCoefficientLog(trials, k)
                            + k * Math.log(pr) + (trials - k) * Math.log1p(-pr);
                    direct += Math.exp(logPmf) * Math.abs(k - trials * pr);
                }
                assertThat(TvFloor.binomialMeanAbsoluteDeviation(trials, pr, Math.log(pr))).isCloseTo(direct, within(1e-12));
            }
        }
    }
}
