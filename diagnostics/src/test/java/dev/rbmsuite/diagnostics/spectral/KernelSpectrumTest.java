package dev.rbmsuite.diagnostics.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class KernelSpectrumTest {
    /** (1-e) C + e/N J, C a cyclic shift: eigenvalues 1 and (1-e) w^k, so the SLEM is 1-e (complex pairs). */
    @Test
    void nonReversibleCyclicKernelHasKnownSlem() {
        int size = 7;
        double e = 0.3;
        double[][] p = new double[size][size];
        for (int a = 0; a < size; a++) {
            for (int b = 0; b < size; b++) {
                p[a][b] = e / size + (b == (a + 1) % size ? 1 - e : 0);
            }
        }
        assertThat(KernelSpectrum.secondModulus(p)).isCloseTo(1 - e, within(1e-12));
    }

    @Test
    void reversiblePathAgreesWithGeneralPathOnBgs() {
        Rbm rbm = Rbm.gaussian(4, 5, 1.5, Rng.seeded(61));
        double[] flat = BgsTransitionMatrix.exact(rbm);
        int size = 16;
        double[][] p = new double[size][];
        for (int a = 0; a < size; a++) {
            p[a] = Arrays.copyOfRange(flat, a * size, (a + 1) * size);
        }
        double[] logPi = VisibleDistribution.of(rbm).logProbabilities();
        double general = KernelSpectrum.secondModulus(p);
        assertThat(KernelSpectrum.secondModulusReversible(p, logPi)).isCloseTo(general, within(1e-10));
        // two BGS steps: the SLEM squares
        assertThat(KernelSpectrum.secondModulus(KernelSpectrum.compose(p, p))).isCloseTo(general * general, within(1e-10));
    }

    @Test
    void composedKernelOfTwoReversibleKernelsIsStochasticAndKeepsPi() {
        // two different reversible kernels with the same pi (Metropolis flips of bit 0 and bit 1)
        double[] pi = {0.1, 0.2, 0.3, 0.4};
        double[][] k0 = metropolisFlip(pi, 0);
        double[][] k1 = metropolisFlip(pi, 1);
        double[][] two = KernelSpectrum.compose(k0, k1);
        for (int c = 0; c < 4; c++) {
            double s = 0;
            for (int a = 0; a < 4; a++) {
                s += pi[a] * two[a][c];
            }
            assertThat(s).isCloseTo(pi[c], within(1e-15));
        }
        double slem = KernelSpectrum.secondModulus(two);
        assertThat(slem).isBetween(0.0, 1.0);
        assertThat(KernelSpectrum.relaxationTime(slem)).isEqualTo(1 / (1 - slem));
    }

    private static double[][] metropolisFlip(double[] pi, int bit) {
        int size = pi.length;
        double[][] k = new double[size][size];
        for (int a = 0; a < size; a++) {
            int b = a ^ (1 << bit);
            k[a][b] = Math.min(1, pi[b] / pi[a]);
            k[a][a] = 1 - k[a][b];
        }
        return k;
    }

    @Test
    void rejectsNonStochasticMatrices() {
        assertThatThrownBy(() -> KernelSpectrum.secondModulus(new double[][] {{0.5, 0.4}, {0.5, 0.5}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 0");
    }
}
