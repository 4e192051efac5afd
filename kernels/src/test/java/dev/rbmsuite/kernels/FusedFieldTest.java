package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The fused swap field equals eta(x; theta_l) = b_l + x W_l^T and
 * zeta(x; theta_{l+1}) = c_{l+1} + x W_{l+1} for binary, sparse and real x, the references written
 * here as plain scalar loops over the parameters (not core's vectorised field code); for binary x
 * both halves are also core's own fields of the two layers, bit for bit.
 */
class FusedFieldTest {
    @Test
    void matchesCoreFields() {
        Rng rng = Rng.seeded(3);
        int[][] shapes = {{25, 100, 50}, {3, 4, 2}, {7, 13, 1}, {50, 25, 12}, {1, 1, 1}, {40, 9, 33}};
        for (int[] sh : shapes) {
            Rbm lower = Rbm.gaussian(sh[0], sh[1], 2.0, rng.fork(sh[0], 1));
            Rbm upper = Rbm.gaussian(sh[1], sh[2], 2.0, rng.fork(sh[0], 2));
            FusedField ff = new FusedField(sh[1], lower.weightsArray(), lower.visibleBiasArray(),
                    upper.weightsArray(), upper.hiddenBiasArray());
            int rows = 17;
            for (int kind = 0; kind < 4; kind++) {
                double[] x = new double[rows * sh[1]];
                for (int k = 0; k < x.length; k++) {
                    x[k] = kind == 0 ? (rng.nextBernoulli(0.5) ? 1 : 0)
                            : kind == 1 ? (rng.nextBernoulli(0.1) ? 1 : 0)
                            : kind == 2 ? rng.nextGaussian() : (rng.nextBernoulli(0.1) ? 0.3 : 0);
                }
                double[] out = new double[rows * ff.stride];
                ff.compute(x, rows, out);
                if (kind < 2) {
                    // binary states: both halves are core's own fields of the two layers, bit for bit
                    double[] coreEta = new double[rows * sh[0]];
                    double[] coreZeta = new double[rows * sh[2]];
                    lower.visibleField(x, rows, coreEta);
                    upper.hiddenField(x, rows, coreZeta);
                    for (int r = 0; r < rows; r++) {
                        for (int a = 0; a < sh[0]; a++) {
                            assertThat(out[r * ff.stride + a]).isEqualTo(coreEta[r * sh[0] + a]);
                        }
                        for (int j = 0; j < sh[2]; j++) {
                            assertThat(out[r * ff.stride + ff.upperOffset + j]).isEqualTo(coreZeta[r * sh[2] + j]);
                        }
                    }
                }
                double[] eta = scalarVisibleField(lower, x, rows);
                double[] zeta = scalarHiddenField(upper, x, rows);
                for (int r = 0; r < rows; r++) {
                    for (int a = sh[0]; a < ff.lowerPadded; a++) {
                        assertThat(out[r * ff.stride + a]).isZero();
                    }
                    for (int j = ff.upperOffset + sh[2]; j < ff.stride; j++) {
                        assertThat(out[r * ff.stride + j]).isZero();
                    }
                    for (int a = 0; a < sh[0]; a++) {
                        assertThat(out[r * ff.stride + a]).isCloseTo(eta[r * sh[0] + a], Offset.offset(1e-12));
                    }
                    for (int j = 0; j < sh[2]; j++) {
                        assertThat(out[r * ff.stride + ff.upperOffset + j]).isCloseTo(zeta[r * sh[2] + j], Offset.offset(1e-12));
                    }
                }
            }
        }
    }

    /** eta_a = b_a + sum_k W_{ak} x_k per row (Eq. rbm_v|h), a plain loop. */
    private static double[] scalarVisibleField(Rbm r, double[] x, int rows) {
        int n = r.numVisible();
        int m = r.numHidden();
        double[] out = new double[rows * n];
        for (int row = 0; row < rows; row++) {
            for (int a = 0; a < n; a++) {
                double s = r.visibleBias(a);
                for (int k = 0; k < m; k++) {
                    s += r.weight(a, k) * x[row * m + k];
                }
                out[row * n + a] = s;
            }
        }
        return out;
    }

    /** zeta_j = c_j + sum_k x_k W_{kj} per row (Eq. rbm_h|v), a plain loop. */
    private static double[] scalarHiddenField(Rbm r, double[] x, int rows) {
        int n = r.numVisible();
        int m = r.numHidden();
        double[] out = new double[rows * m];
        for (int row = 0; row < rows; row++) {
            for (int j = 0; j < m; j++) {
                double s = r.hiddenBias(j);
                for (int k = 0; k < n; k++) {
                    s += x[row * n + k] * r.weight(k, j);
                }
                out[row * m + j] = s;
            }
        }
        return out;
    }
}
