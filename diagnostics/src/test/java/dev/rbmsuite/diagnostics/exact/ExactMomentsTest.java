package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.cost.CostLimitException;
import org.junit.jupiter.api.Test;

/** Exact moments against a plain loop over every joint state (v, h) written here. */
class ExactMomentsTest {
    /** E[v_i], E[h_j], E[v_i h_j] by summing exp(-E(v, h)) over all 2^(n+m) joint states. */
    private static double[][] bruteForce(Rbm rbm) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double[] w = rbm.weightsArray();
        double[] b = rbm.visibleBiasArray();
        double[] c = rbm.hiddenBiasArray();
        double[] ev = new double[n];
        double[] eh = new double[m];
        double[] evh = new double[n * m];
        double z = 0;
        for (int x = 0; x < 1 << n; x++) {
            for (int y = 0; y < 1 << m; y++) {
                double minusE = 0;
                for (int i = 0; i < n; i++) {
                    minusE += (x >> i & 1) * b[i];
                }
                for (int j = 0; j < m; j++) {
                    minusE += (y >> j & 1) * c[j];
                    for (int i = 0; i < n; i++) {
                        minusE += (x >> i & 1) * (y >> j & 1) * w[i * m + j];
                    }
                }
                double p = Math.exp(minusE);
                z += p;
                for (int i = 0; i < n; i++) {
                    ev[i] += (x >> i & 1) * p;
                    for (int j = 0; j < m; j++) {
                        evh[i * m + j] += (x >> i & 1) * (y >> j & 1) * p;
                    }
                }
                for (int j = 0; j < m; j++) {
                    eh[j] += (y >> j & 1) * p;
                }
            }
        }
        for (double[] a : new double[][] {ev, eh, evh}) {
            for (int k = 0; k < a.length; k++) {
                a[k] /= z;
            }
        }
        return new double[][] {ev, eh, evh};
    }

    @Test
    void equalTheJointEnumerationWhicheverLayerIsSmaller() {
        // n < m, n > m (the engine enumerates the smaller layer) and n = m
        for (int[] s : new int[][] {{3, 5}, {6, 2}, {4, 4}, {1, 1}}) {
            Rbm rbm = Rbm.gaussian(s[0], s[1], 1.2, Rng.seeded(10L * s[0] + s[1]));
            Moments exact = ExactMoments.of(rbm);
            double[][] ref = bruteForce(rbm);
            assertThat(exact.n()).isEqualTo(s[0]);
            assertThat(exact.m()).isEqualTo(s[1]);
            double[][] got = {exact.visible(), exact.hidden(), exact.joint()};
            for (int part = 0; part < 3; part++) {
                for (int k = 0; k < ref[part].length; k++) {
                    assertThat(got[part][k]).as("n=%d m=%d part %d index %d", s[0], s[1], part, k)
                            .isCloseTo(ref[part][k], within(1e-12));
                }
            }
        }
    }

    @Test
    void estimateGrowsWithTheStatePairsAndTheGuardRefusesAtOnce() {
        Rbm small = Rbm.gaussian(4, 4, 1.0, Rng.seeded(1));
        Rbm big = Rbm.gaussian(30, 30, 1.0, Rng.seeded(2));
        assertThat(ExactMoments.estimatedSeconds(big)).isGreaterThan(1000 * ExactMoments.estimatedSeconds(small));
        assertThatThrownBy(() -> ExactMoments.of(big, CostGuard.limit(1))).isInstanceOf(CostLimitException.class);
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
}
