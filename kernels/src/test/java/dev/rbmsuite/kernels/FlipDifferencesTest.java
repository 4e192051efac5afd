package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The flip differences against their definitions: the exact ones against lv evaluated at every
 * neighbour (core's log-marginal), the approximate ones against s_i (b_i + sum_j W_ij sig(zeta_j)) by
 * scalar loops; widths that are not multiples of four units or of the padding, weights large enough
 * that the products are split into blocks, and row and unit counts that use every tile of the gradient.
 */
class FlipDifferencesTest {
    @Test
    void exactDifferencesAreTheChangesOfTheLogMarginal() {
        for (double std : new double[] {0.3, 2.0, 20.0}) {
            Rbm rbm = Rbm.gaussian(13, 11, std, Rng.seeded(7));
            check(rbm, 9, 1e-12);
        }
        check(Rbm.gaussian(4, 16, 1.0, Rng.seeded(8)), 3, 1e-12);
        // the gradient's register tiles (six rows by four vectors at 8 lanes, four by four), its one-vector
        // tiles and scalar tail
        check(Rbm.gaussian(70, 9, 0.5, Rng.seeded(10)), 9, 1e-12);
        check(Rbm.gaussian(70, 9, 0.5, Rng.seeded(11)), 17, 1e-12);
        // units between the last whole panel and the last whole vector (the tail panel: 24 of 90 units at 8
        // lanes), in six-row tiles and single rows
        check(Rbm.gaussian(90, 11, 0.5, Rng.seeded(14)), 13, 1e-12);
    }

    private static void check(Rbm rbm, int rows, double tol) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        FlipDifferences f = FlipDifferences.exact(rbm);
        int mp = f.paddedHidden();
        assertThat(mp).isEqualTo(Lanes.pad(m));
        Rng rng = Rng.seeded(9);
        double[] v = new double[rows * n];
        for (int k = 0; k < v.length; k++) {
            v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        double[] zeta = new double[rows * m];
        double[] means = new double[rows * mp];
        double[] complements = new double[rows * mp];
        double[] lv = new double[rows];
        double[] e = new double[256];
        f.evaluate(v, rows, zeta, means, complements, lv, e);
        double[] d = new double[rows * n];
        f.exactDifferences(v, means, complements, rows, d);
        double[] want = new double[rows];
        rbm.logMarginalVisible(v, rows, want);
        assertThat(lv).containsExactly(want, Offset.offset(1e-9 * (1 + Math.abs(want[0]))));
        for (int r = 0; r < rows; r++) {
            for (int j = m; j < mp; j++) {
                assertThat(means[r * mp + j]).isZero();
                assertThat(complements[r * mp + j]).isEqualTo(1.0);
            }
            for (int j = 0; j < m; j++) {
                assertThat(means[r * mp + j] + complements[r * mp + j]).isCloseTo(1.0, Offset.offset(1e-15));
            }
            for (int i = 0; i < n; i++) {
                double[] w = v.clone();
                w[r * n + i] = 1 - w[r * n + i];
                double[] lw = new double[rows];
                rbm.logMarginalVisible(w, rows, lw);
                double exact = lw[r] - want[r];
                assertThat(d[r * n + i]).as("row %d, unit %d of %s", r, i, rbm)
                        .isCloseTo(exact, Offset.offset(tol * (1 + Math.abs(want[r]))));
            }
        }
        double[] approx = new double[rows * n];
        FlipDifferences grad = FlipDifferences.gradients(rbm);
        double[] gMeans = new double[rows * mp];
        grad.evaluate(v, rows, new double[rows * m], gMeans, null, new double[rows], e);
        assertThat(gMeans).isEqualTo(means);
        grad.approximateDifferences(v, gMeans, rows, approx);
        // the gradient's bits: b_i, then the fused multiply-adds of j = 0, 1, ..., m - 1 in order, whichever tile
        // (panelled register tiles, one-vector tiles, the scalar tail) computed the element
        double[] gradient = new double[rows * n];
        grad.gradient(gMeans, rows, gradient);
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                double acc = rbm.visibleBias(i);
                for (int j = 0; j < m; j++) {
                    acc = Math.fma(gMeans[r * mp + j], rbm.weight(i, j), acc);
                }
                assertThat(gradient[r * n + i]).as("gradient, row %d, unit %d", r, i).isEqualTo(acc);
            }
        }
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                double g = rbm.visibleBias(i);
                for (int j = 0; j < m; j++) {
                    g += rbm.weight(i, j) / (1 + Math.exp(-zeta[r * m + j]));
                }
                double s = v[r * n + i] == 0 ? 1 : -1;
                assertThat(approx[r * n + i]).isCloseTo(s * g, Offset.offset(1e-12 * (1 + Math.abs(g))));
            }
        }
    }

    @Test
    void aModelWithoutWeightsHasTheBiasesAsDifferences() {
        Rbm zero = Rbm.of(5, 3, new double[15], new double[] {1, -2, 0.5, 0, 3}, new double[] {0.2, -0.1, 4});
        FlipDifferences f = FlipDifferences.exact(zero);
        double[] v = {1, 0, 0, 1, 1};
        double[] means = new double[f.paddedHidden()];
        double[] complements = new double[f.paddedHidden()];
        f.evaluate(v, 1, new double[3], means, complements, new double[1], new double[8]);
        double[] d = new double[5];
        f.exactDifferences(v, means, complements, 1, d);
        assertThat(d).containsExactly(new double[] {-1, -2, 0.5, 0, -3}, Offset.offset(1e-15));
    }

    /**
     * The single-unit difference is entry i of the batch's differences, bit for bit; a flip moves the means
     * and complements to those of the flipped state within a few ulps (no exponential, nothing cancels),
     * after many flips too, and keeps the padding.
     */
    @Test
    void oneUnitsDifferenceAndFlipsFollowTheBatch() {
        for (double std : new double[] {0.3, 3.0}) {
            Rbm rbm = Rbm.gaussian(13, 11, std, Rng.seeded(12));
            int n = 13;
            int m = 11;
            FlipDifferences f = FlipDifferences.exact(rbm);
            int mp = f.paddedHidden();
            Rng rng = Rng.seeded(13);
            double[] v = new double[n];
            for (int k = 0; k < n; k++) {
                v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
            }
            double[] zeta = new double[m];
            double[] means = new double[mp];
            double[] complements = new double[mp];
            double[] e = new double[256];
            f.evaluate(v, 1, zeta, means, complements, null, e);
            double[] logs = new double[1];
            int[] exps = new int[1];
            for (int t = 0; t < 200; t++) {
                double[] fz = new double[m];
                double[] fm = new double[mp];
                double[] fc = new double[mp];
                f.evaluate(v, 1, fz, fm, fc, null, e);
                double[] d = new double[n];
                f.exactDifferences(v, fm, fc, 1, d);
                for (int i = 0; i < n; i++) {
                    assertThat(f.difference(v, 0, fm, fc, 0, i, logs, exps)).as("unit %d", i).isEqualTo(d[i]);
                }
                for (int j = 0; j < mp; j++) {
                    assertThat(means[j]).as("mean %d after %d flips", j, t).isCloseTo(fm[j], Offset.offset(1e-13));
                    assertThat(complements[j]).as("complement %d after %d flips", j, t).isCloseTo(fc[j],
                            Offset.offset(1e-13));
                }
                int i = (int) (rng.nextDouble() * n);
                f.flip(v[i], means, complements, 0, i);
                v[i] = 1 - v[i];
            }
            for (int j = m; j < mp; j++) {
                assertThat(means[j]).isZero();
                assertThat(complements[j]).isEqualTo(1.0);
            }
        }
    }
}
