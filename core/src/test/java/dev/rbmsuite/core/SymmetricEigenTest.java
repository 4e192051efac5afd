package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The eigenvalues against known spectra: Q diag(lambda) Q^T, the discrete Laplacian, trace and norm. */
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

    @Test
    void theDiscreteLaplacianHasItsKnownSpectrum() {
        // tridiag(-1, 2, -1) of size n: 2 - 2 cos(k pi / (n + 1)), k = 1..n
        int n = 50;
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            a[i * n + i] = 2;
            if (i > 0) {
                a[i * n + i - 1] = -1;
                a[(i - 1) * n + i] = -1;
            }
        }
        double[] got = SymmetricEigen.eigenvalues(a, n);
        for (int k = 1; k <= n; k++) {
            assertThat(got[k - 1]).as("eigenvalue %d", k).isCloseTo(2 - 2 * Math.cos(k * Math.PI / (n + 1)),
                    within(1e-13));
        }
    }

    @Test
    void aRandomMatrixKeepsItsTraceAndFrobeniusNorm() {
        // sum of eigenvalues = trace, sum of their squares = squared Frobenius norm
        int n = 120;
        Rng r = Rng.seeded(9);
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                a[i * n + j] = r.nextGaussian();
                a[j * n + i] = a[i * n + j];
            }
        }
        double trace = 0;
        double frobenius = 0;
        for (int i = 0; i < n; i++) {
            trace += a[i * n + i];
            for (int j = 0; j < n; j++) {
                frobenius += a[i * n + j] * a[i * n + j];
            }
        }
        double[] got = SymmetricEigen.eigenvalues(a, n);
        double sum = 0;
        double squares = 0;
        for (int k = 0; k < n; k++) {
            sum += got[k];
            squares += got[k] * got[k];
            if (k > 0) {
                assertThat(got[k]).isGreaterThanOrEqualTo(got[k - 1]);
            }
        }
        assertThat(sum).isCloseTo(trace, within(1e-9));
        assertThat(squares).isCloseTo(frobenius, within(1e-9 * frobenius));
        assertThat(SymmetricEigen.eigenvalues(a, n)).as("the same bits twice").isEqualTo(got);
    }

    @Test
    void aZeroOrDiagonalMatrixAndBadInput() {
        assertThat(SymmetricEigen.eigenvalues(new double[9], 3)).containsExactly(0.0, 0.0, 0.0);
        assertThat(SymmetricEigen.eigenvalues(new double[] {3, 0, 0, 0, -1, 0, 0, 0, 2}, 3))
                .containsExactly(-1.0, 2.0, 3.0);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> SymmetricEigen.eigenvalues(new double[] {1, Double.NaN, Double.NaN, 1}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-finite");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SymmetricEigen.eigenvalues(new double[3], 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs 4 entries");
    }

    @Test
    void decomposeGivesOrthonormalEigenvectorsWithTheBuiltSpectrum() {
        double[] lambda = {0.3, -1.5, 2.0, 1.0, 4.5, -0.2, 0.0};
        int n = lambda.length;
        double[] a = withSpectrum(lambda, 3);
        double[] before = a.clone();
        SymmetricEigen.Decomposition eig = SymmetricEigen.decompose(a, n);
        double[] want = lambda.clone();
        Arrays.sort(want);
        assertThat(eig.values()).containsExactly(want, within(1e-12));
        assertThat(eig.values()).as("the same eigenvalues as the eigenvalue-only path")
                .containsExactly(SymmetricEigen.eigenvalues(a, n), within(1e-12));
        double[] v = eig.vectors();
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < n; l++) {
                double dot = 0;
                for (int i = 0; i < n; i++) {
                    dot += v[k * n + i] * v[l * n + i];
                }
                assertThat(dot).as("v%d . v%d", k, l).isCloseTo(k == l ? 1.0 : 0.0, within(1e-12));
            }
            for (int i = 0; i < n; i++) {
                double av = 0;
                for (int j = 0; j < n; j++) {
                    av += a[i * n + j] * v[k * n + j];
                }
                assertThat(av).as("(A v%d)_%d", k, i).isCloseTo(eig.values()[k] * v[k * n + i], within(1e-12));
            }
        }
        assertThat(a).as("the input is not modified").isEqualTo(before);
        SymmetricEigen.Decomposition again = SymmetricEigen.decompose(a, n);
        assertThat(again.vectors()).as("the same bits twice").isEqualTo(v);
        assertThat(again.values()).isEqualTo(eig.values());
    }

    @Test
    void decomposeHandlesDiagonalZeroAndBadInput() {
        SymmetricEigen.Decomposition d = SymmetricEigen.decompose(new double[] {3, 0, 0, 0, -1, 0, 0, 0, 2}, 3);
        assertThat(d.values()).containsExactly(-1.0, 2.0, 3.0);
        for (int k = 0; k < 3; k++) {
            int axis = new int[] {1, 2, 0}[k];
            assertThat(Math.abs(d.vectors()[k * 3 + axis])).isEqualTo(1.0);
        }
        assertThat(SymmetricEigen.decompose(new double[4], 2).values()).containsExactly(0.0, 0.0);
        assertThat(SymmetricEigen.decompose(new double[0], 0).values()).isEmpty();
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> SymmetricEigen.decompose(new double[] {1, Double.NaN, Double.NaN, 1}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-finite");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SymmetricEigen.decompose(new double[3], 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs 4 entries");
    }
}
