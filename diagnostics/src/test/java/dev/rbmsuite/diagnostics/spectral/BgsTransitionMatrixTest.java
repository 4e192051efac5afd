package dev.rbmsuite.diagnostics.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import org.junit.jupiter.api.Test;

class BgsTransitionMatrixTest {
    /** P_ab = sum_h P(h|v_a) P(v_b|h), term by term with scalar formulas. */
    private static double bruteForce(Rbm rbm, int a, int b) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double total = 0;
        for (int y = 0; y < (1 << m); y++) {
            double ph = 1;
            for (int j = 0; j < m; j++) {
                double z = rbm.hiddenBias(j);
                for (int i = 0; i < n; i++) {
                    z += ((a >> i) & 1) * rbm.weight(i, j);
                }
                ph *= ((y >> j) & 1) == 1 ? Numerics.sigmoid(z) : 1 - Numerics.sigmoid(z);
            }
            double pv = 1;
            for (int i = 0; i < n; i++) {
                double e = rbm.visibleBias(i);
                for (int j = 0; j < m; j++) {
                    e += ((y >> j) & 1) * rbm.weight(i, j);
                }
                pv *= ((b >> i) & 1) == 1 ? Numerics.sigmoid(e) : 1 - Numerics.sigmoid(e);
            }
            total += ph * pv;
        }
        return total;
    }

    @Test
    void exactMatrixMatchesBruteForceAndIsReversible() {
        Rbm rbm = Rbm.gaussian(4, 5, 1.2, Rng.seeded(41));
        double[] p = BgsTransitionMatrix.exact(rbm);
        VisibleDistribution d = VisibleDistribution.of(rbm);
        int size = 16;
        for (int a = 0; a < size; a++) {
            double row = 0;
            for (int b = 0; b < size; b++) {
                assertThat(p[a * size + b]).isCloseTo(bruteForce(rbm, a, b), within(1e-14));
                row += p[a * size + b];
                // detailed balance D P = P^T D
                assertThat(d.probability(a) * p[a * size + b]).isCloseTo(d.probability(b) * p[b * size + a], within(1e-14));
            }
            assertThat(row).isCloseTo(1.0, within(1e-13));
        }
    }

    /**
     * Both estimators with N2 = 20,000 against the exact matrix: every entry within 6 multinomial
     * standard deviations, rows summing to one.
     *
     * @return the largest deviation of a Rao-Blackwellised entry, in those standard deviations
     */
    private static double assertUnbiasedAndStochastic(Rbm rbm, long seed) {
        double[] exact = BgsTransitionMatrix.exact(rbm);
        int n2 = 20_000;
        double[] counts = BgsTransitionMatrix.counts(rbm, n2, Rng.seeded(seed));
        double[] rb = BgsTransitionMatrix.raoBlackwell(rbm, n2, Rng.seeded(seed + 1));
        int size = 1 << rbm.numVisible();
        double worst = 0;
        for (int a = 0; a < size; a++) {
            double cs = 0;
            double rs = 0;
            for (int b = 0; b < size; b++) {
                int k = a * size + b;
                double sd = Math.sqrt(exact[k] * (1 - exact[k]) / n2);
                assertThat(counts[k]).isCloseTo(exact[k], within(6 * sd + 1e-12));
                assertThat(rb[k]).isCloseTo(exact[k], within(6 * sd + 1e-12));
                worst = Math.max(worst, Math.abs(rb[k] - exact[k]) / (sd + 1e-300));
                cs += counts[k];
                rs += rb[k];
            }
            assertThat(cs).isCloseTo(1.0, within(1e-12));
            assertThat(rs).isCloseTo(1.0, within(1e-12));
        }
        return worst;
    }

    @Test
    void estimatesAreStochasticAndUnbiasedPerEntry() {
        assertUnbiasedAndStochastic(Rbm.gaussian(3, 4, 1.0, Rng.seeded(42)), 43);
    }

    /** As above with m = 11: two groups of hidden units (8 and 3) drawn by alias tables. */
    @Test
    void estimatesAreUnbiasedAcrossSeveralHiddenGroups() {
        double worst = assertUnbiasedAndStochastic(Rbm.gaussian(3, 11, 0.8, Rng.seeded(47)), 48);
        // the Rao-Blackwellised rows are much closer than the multinomial spread
        assertThat(worst).isLessThan(3.0);
    }

    @Test
    void sameSeedGivesIdenticalEstimates() {
        Rbm rbm = Rbm.gaussian(4, 6, 1.0, Rng.seeded(45));
        assertThat(BgsTransitionMatrix.counts(rbm, 300, Rng.seeded(46))).isEqualTo(BgsTransitionMatrix.counts(rbm, 300, Rng.seeded(46)));
        assertThat(BgsTransitionMatrix.raoBlackwell(rbm, 300, Rng.seeded(46)))
                .isEqualTo(BgsTransitionMatrix.raoBlackwell(rbm, 300, Rng.seeded(46)));
    }
}
