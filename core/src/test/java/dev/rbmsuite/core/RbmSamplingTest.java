package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Sampling frequencies against the exact conditionals, with bounds derived from the sample size
 * (a per-unit binomial z-score below 5.5 and a joint TV below a Monte-Carlo bound).
 */
class RbmSamplingTest {
    private static final int DRAWS = 200_000;

    @Test
    void hiddenDrawsMatchExactConditionals() {
        Rbm r = BruteForce.random(3, 5, 1.2, 31);
        for (int s = 0; s < 8; s++) {
            double[] v = BruteForce.bits(s, 3);
            double[] batch = new double[DRAWS * 3];
            for (int k = 0; k < DRAWS; k++) {
                System.arraycopy(v, 0, batch, k * 3, 3);
            }
            double[] h = new double[DRAWS * 5];
            r.sampleHidden(batch, DRAWS, h, Rng.seeded(s).fork(1), new double[DRAWS * 5]);
            assertFrequencies(h, 5, BruteForce.hiddenMarginals(r, v), jointHidden(r, v));
        }
    }

    @Test
    void visibleDrawsMatchExactConditionals() {
        Rbm r = BruteForce.random(3, 5, 1.2, 32);
        for (int s : new int[] {0, 7, 19, 31}) {
            double[] h = BruteForce.bits(s, 5);
            double[] batch = new double[DRAWS * 5];
            for (int k = 0; k < DRAWS; k++) {
                System.arraycopy(h, 0, batch, k * 5, 5);
            }
            double[] v = new double[DRAWS * 3];
            r.sampleVisible(batch, DRAWS, v, Rng.seeded(s).fork(2), new double[DRAWS * 3]);
            assertFrequencies(v, 3, BruteForce.visibleMarginals(r, h), null);
        }
    }

    @Test
    void wideLayersMatchExactConditionals() {
        // widths of 11 and 10 use full vector lanes plus a scalar tail
        Rbm r = BruteForce.random(10, 11, 0.8, 35);
        Rng rng = Rng.seeded(36);
        double[] v = new double[10];
        for (int i = 0; i < 10; i++) {
            v[i] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        double[] batch = new double[DRAWS * 10];
        for (int k = 0; k < DRAWS; k++) {
            System.arraycopy(v, 0, batch, k * 10, 10);
        }
        double[] h = new double[DRAWS * 11];
        r.sampleHidden(batch, DRAWS, h, rng.fork(1), new double[DRAWS * 11]);
        assertFrequencies(h, 11, BruteForce.hiddenMarginals(r, v), null);
        double[] hs = new double[DRAWS * 11];
        double[] h0 = Arrays.copyOf(h, 11);
        for (int k = 0; k < DRAWS; k++) {
            System.arraycopy(h0, 0, hs, k * 11, 11);
        }
        double[] vs = new double[DRAWS * 10];
        r.sampleVisible(hs, DRAWS, vs, rng.fork(2), new double[DRAWS * 10]);
        assertFrequencies(vs, 10, BruteForce.visibleMarginals(r, h0), null);
    }

    @Test
    void temperedDrawsUseTheScaledField() {
        Rbm r = BruteForce.random(4, 6, 1.0, 33);
        double beta = 0.37;
        double[] v = {1, 0, 1, 1};
        double[] batch = new double[DRAWS * 4];
        for (int k = 0; k < DRAWS; k++) {
            System.arraycopy(v, 0, batch, k * 4, 4);
        }
        double[] h = new double[DRAWS * 6];
        r.sampleHidden(beta, batch, DRAWS, h, Rng.seeded(5), new double[DRAWS * 6]);
        double[] zeta = new double[6];
        r.hiddenField(v, 1, zeta);
        double[] p = new double[6];
        for (int j = 0; j < 6; j++) {
            p[j] = Numerics.sigmoid(beta * zeta[j]);
        }
        assertFrequencies(h, 6, p, null);
    }

    @Test
    void sameSeedSameSamplesAndIndependentStreamsDiffer() {
        Rbm r = BruteForce.random(10, 20, 1.0, 34);
        double[] v = new double[50 * 10];
        double[] a = new double[50 * 20];
        double[] b = new double[50 * 20];
        double[] c = new double[50 * 20];
        double[] scratch = new double[50 * 20];
        r.sampleHidden(v, 50, a, Rng.seeded(9).fork(4), scratch);
        r.sampleHidden(v, 50, b, Rng.seeded(9).fork(4), scratch);
        r.sampleHidden(v, 50, c, Rng.seeded(9).fork(5), scratch);
        assertThat(a).isEqualTo(b);
        assertThat(a).isNotEqualTo(c);
        for (double x : a) {
            assertThat(x).isIn(0.0, 1.0);
        }
    }

    private static double[] jointHidden(Rbm r, double[] v) {
        int m = r.numHidden();
        double[] logw = new double[1 << m];
        for (int t = 0; t < logw.length; t++) {
            logw[t] = -BruteForce.energy(r, v, BruteForce.bits(t, m));
        }
        double lz = Numerics.logSumExp(logw, 0, logw.length);
        double[] p = new double[logw.length];
        for (int t = 0; t < p.length; t++) {
            p[t] = Math.exp(logw[t] - lz);
        }
        return p;
    }

    private static void assertFrequencies(double[] x, int width, double[] p, double[] joint) {
        int rows = x.length / width;
        for (int j = 0; j < width; j++) {
            double ones = 0;
            for (int k = 0; k < rows; k++) {
                ones += x[k * width + j];
            }
            double sd = Math.sqrt(rows * p[j] * (1 - p[j]));
            assertThat(Math.abs(ones - rows * p[j])).as("unit %d: %f ones, expected %f", j, ones, rows * p[j])
                    .isLessThanOrEqualTo(5.5 * sd + 1e-9);
        }
        if (joint != null) {
            double[] counts = new double[joint.length];
            for (int k = 0; k < rows; k++) {
                int s = 0;
                for (int j = 0; j < width; j++) {
                    s |= (int) x[k * width + j] << j;
                }
                counts[s]++;
            }
            double tv = 0;
            double floor = 0;
            for (int s = 0; s < joint.length; s++) {
                tv += Math.abs(counts[s] / rows - joint[s]);
                floor += Math.sqrt(joint[s] * (1 - joint[s]) / rows);
            }
            // E|p_hat - p| <= sqrt(p(1-p)/N) per state; allow three times the summed bound
            assertThat(tv / 2).isLessThan(1.5 * floor);
        }
    }
}
