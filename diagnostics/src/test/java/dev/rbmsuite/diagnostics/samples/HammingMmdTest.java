package dev.rbmsuite.diagnostics.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/**
 * {@link HammingMmd} against the definition written out pair by pair (the mean of exp(-fraction of
 * differing units) over every ordered pair, as the peers' PyTorch code forms it), on sets wider than
 * one word, and its exact properties.
 */
class HammingMmdTest {
    /** The V-statistic computed literally: three double loops over the pairs, the kernel per pair. */
    private static double literal(double[] x, int nx, double[] y, int ny, int n) {
        return mean(x, nx, x, nx, n) + mean(y, ny, y, ny, n) - 2 * mean(x, nx, y, ny, n);
    }

    private static double mean(double[] p, int np, double[] q, int nq, int n) {
        double s = 0;
        for (int a = 0; a < np; a++) {
            for (int b = 0; b < nq; b++) {
                int differ = 0;
                for (int i = 0; i < n; i++) {
                    differ += p[a * n + i] != q[b * n + i] ? 1 : 0;
                }
                s += Math.exp(-(double) differ / n);
            }
        }
        return s / ((double) np * nq);
    }

    private static double[] random(int rows, int n, double on, Rng rng) {
        double[] x = new double[rows * n];
        for (int k = 0; k < x.length; k++) {
            x[k] = rng.nextDouble() < on ? 1 : 0;
        }
        return x;
    }

    @Test
    void equalsTheDefinitionPairByPair() {
        Rng rng = Rng.seeded(3);
        for (int n : new int[] {1, 7, 64, 65, 130}) {
            double[] x = random(23, n, 0.3, rng);
            double[] y = random(17, n, 0.6, rng);
            HammingMmd mmd = HammingMmd.of(n);
            double got = mmd.squared(mmd.pack(x, 23), mmd.pack(y, 17));
            assertThat(got).as("n=%d", n).isCloseTo(literal(x, 23, y, 17, n), within(1e-12));
            assertThat(got).isPositive();
        }
    }

    @Test
    void twoOppositeStatesAndEqualSets() {
        HammingMmd mmd = HammingMmd.of(3);
        HammingMmd.Sample zeros = mmd.pack(new double[] {0, 0, 0}, 1);
        HammingMmd.Sample ones = mmd.pack(new double[] {1, 1, 1}, 1);
        // 1 + 1 - 2 e^{-1}
        assertThat(mmd.squared(zeros, ones)).isCloseTo(2 - 2 * Math.exp(-1), within(1e-15));
        // the same empirical distribution in another order: exactly zero
        double[] a = random(40, 70, 0.5, Rng.seeded(9));
        double[] b = new double[a.length];
        for (int r = 0; r < 40; r++) {
            System.arraycopy(a, r * 70, b, (39 - r) * 70, 70);
        }
        HammingMmd wide = HammingMmd.of(70);
        assertThat(wide.squared(wide.pack(a, 40), wide.pack(b, 40))).isZero();
    }

    @Test
    void theResultDoesNotDependOnTheOrderOfTheStates() {
        Rng rng = Rng.seeded(5);
        int n = 100;
        double[] x = random(30, n, 0.2, rng);
        double[] y = random(50, n, 0.25, rng);
        double[] xr = new double[x.length];
        for (int r = 0; r < 30; r++) {
            System.arraycopy(x, r * n, xr, ((r * 7) % 30) * n, n);
        }
        HammingMmd mmd = HammingMmd.of(n);
        HammingMmd.Sample ref = mmd.pack(y, 50);
        assertThat(mmd.squared(mmd.pack(xr, 30), ref)).isEqualTo(mmd.squared(mmd.pack(x, 30), ref));
        // a larger sample from the same distribution is closer than one from another distribution
        double[] same = random(200, n, 0.25, rng);
        double[] other = random(200, n, 0.5, rng);
        assertThat(mmd.squared(mmd.pack(same, 200), ref)).isLessThan(mmd.squared(mmd.pack(other, 200), ref));
    }

    @Test
    void refusesTooFewValues() {
        HammingMmd mmd = HammingMmd.of(4);
        assertThatThrownBy(() -> mmd.pack(new double[7], 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("2 states of 4 units need 8 values, got 7");
        assertThatThrownBy(() -> HammingMmd.of(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
