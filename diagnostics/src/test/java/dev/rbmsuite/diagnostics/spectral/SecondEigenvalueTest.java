package dev.rbmsuite.diagnostics.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Appendix B's second eigenvalue on chains with known spectra: the two-state chain (lambda2 = 1 - a - b)
 * and a lazy Metropolis chain on 3 bits, whose lambda2 a plain power iteration written here finds.
 */
class SecondEigenvalueTest {
    @Test
    void twoStateChainHasLambda2OneMinusTheFlipRates() {
        double a = 0.2;
        double b = 0.3;
        double[] p = {1 - a, a, b, 1 - b};
        double[] logD = {Math.log(b / (a + b)), Math.log(a / (a + b))};
        assertThat(SecondEigenvalue.of(p, logD)).isCloseTo(1 - a - b, within(1e-12));
        assertThat(SecondEigenvalue.relaxationTime(0.5)).isEqualTo(2.0);
        assertThat(SecondEigenvalue.relaxationTime(1.0)).isInfinite();
    }

    @Test
    void lazyMetropolisChainMatchesAPlainPowerIteration() {
        int size = 8;
        SplittableRandom random = new SplittableRandom(3);
        double[] logPi = new double[size];
        double norm = 0;
        for (int x = 0; x < size; x++) {
            logPi[x] = 2 * random.nextDouble() - 1;
            norm += Math.exp(logPi[x]);
        }
        for (int x = 0; x < size; x++) {
            logPi[x] -= Math.log(norm);
        }
        // lazy Metropolis flips of one of 3 bits: reversible with respect to pi, all eigenvalues in [0, 1]
        double[] p = new double[size * size];
        for (int x = 0; x < size; x++) {
            double stay = 1;
            for (int bit = 0; bit < 3; bit++) {
                int y = x ^ (1 << bit);
                double move = 0.5 / 3 * Math.min(1, Math.exp(logPi[y] - logPi[x]));
                p[x * size + y] = move;
                stay -= move;
            }
            p[x * size + x] = stay;
        }
        // power iteration on P - 1 pi^T from the left: x <- x (P - 1 pi^T), the largest modulus is lambda2
        double[] v = new double[size];
        for (int x = 0; x < size; x++) {
            v[x] = random.nextDouble() - 0.5;
        }
        double rate = 0;
        for (int it = 0; it < 20_000; it++) {
            double[] next = new double[size];
            double sum = 0;
            for (int x = 0; x < size; x++) {
                sum += v[x];
                for (int y = 0; y < size; y++) {
                    next[y] += v[x] * p[x * size + y];
                }
            }
            double len = 0;
            for (int y = 0; y < size; y++) {
                next[y] -= sum * Math.exp(logPi[y]);
                len += next[y] * next[y] * Math.exp(-logPi[y]);
            }
            double old = 0;
            for (int y = 0; y < size; y++) {
                old += v[y] * v[y] * Math.exp(-logPi[y]);
            }
            rate = Math.sqrt(len / old);
            for (int y = 0; y < size; y++) {
                v[y] = next[y] / Math.sqrt(len);
            }
        }
        assertThat(SecondEigenvalue.of(p, logPi)).isCloseTo(rate, within(1e-9));
    }

    @Test
    void theProjectionRemovesTheStationaryDirectionAndUnderflowingStatesStayFinite() {
        double a = 0.2;
        double b = 0.3;
        double[] p = {1 - a, a, b, 1 - b};
        double[] logD = {Math.log(b / (a + b)), Math.log(a / (a + b))};
        double[] s = SecondEigenvalue.projected(p, logD);
        double[] u = {Math.exp(0.5 * logD[0]), Math.exp(0.5 * logD[1])};
        for (int r = 0; r < 2; r++) {
            assertThat(s[r * 2] * u[0] + s[r * 2 + 1] * u[1]).isCloseTo(0.0, within(1e-15));
        }
        // a state of probability e^-800 (underflows as a double): no NaN, and it is nearly absorbing
        double[] rare = {1.0, 0.0, 1e-3, 1 - 1e-3};
        double lambda2 = SecondEigenvalue.of(rare, new double[] {0.0, -800.0});
        assertThat(lambda2).isFinite().isCloseTo(1 - 1e-3, within(1e-12));
        assertThatThrownBy(() -> SecondEigenvalue.of(new double[3], new double[2])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected 2^2");
    }
}
