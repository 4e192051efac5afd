package dev.rbmsuite.diagnostics.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The LAPACK eigenvalues against matrices built with known spectra, Q diag(lambda) Q^T. */
class SymmetricEigenTest {
    /** Q diag(lambda) Q^T with Q the Householder reflection I - 2 u u^T / (u.u) of a random u. */
    private static double[] withSpectrum(double[] lambda, long seed) {
        int n = lambda.length;
        Rng r = Rng.seeded(seed);
        double[] u = new double[n];
        double uu = 0;
        for (int i = 0; i < n; i++) {
            u[i] = r.nextGaussian();
            uu += u[i] * u[i];
        }
        double[] q = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                q[i * n + j] = (i == j ? 1 : 0) - 2 * u[i] * u[j] / uu;
            }
        }
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += q[i * n + k] * lambda[k] * q[j * n + k];
                }
                a[i * n + j] = s;
            }
        }
        return a;
    }

    @Test
    void eigenvaluesAreTheBuiltSpectrumAscending() {
        double[] lambda = {0.3, -1.5, 2.0, 1.0, 1.0, -0.2};
        double[] a = withSpectrum(lambda, 1);
        double[] before = a.clone();
        double[] got = SymmetricEigen.eigenvalues(a, lambda.length);
        double[] want = lambda.clone();
        Arrays.sort(want);
        assertThat(got).hasSize(want.length);
        for (int k = 0; k < want.length; k++) {
            assertThat(got[k]).as("eigenvalue %d", k).isCloseTo(want[k], within(1e-12));
        }
        assertThat(a).as("the input is not modified").isEqualTo(before);
        assertThat(SymmetricEigen.largest(a, lambda.length)).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void smallCasesByHand() {
        // [[2, 1], [1, 2]] has eigenvalues 1 and 3
        assertThat(SymmetricEigen.eigenvalues(new double[] {2, 1, 1, 2}, 2)).containsExactly(new double[] {1, 3},
                within(1e-14));
        assertThat(SymmetricEigen.largest(new double[] {-4}, 1)).isEqualTo(-4.0);
        assertThat(SymmetricEigen.largest(new double[] {-3, 0, 0, -5}, 2)).isCloseTo(-3.0, within(1e-14));
    }
}
