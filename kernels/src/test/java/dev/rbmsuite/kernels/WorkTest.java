package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rng;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The product-form softplus sum against the termwise stable softplus, including extreme arguments. */
class WorkTest {
    @Test
    void softplusSumMatchesTheTermwiseSum() {
        Rng rng = Rng.seeded(1);
        for (int len : new int[] {0, 1, 3, 7, 8, 9, 25, 100, 513, 4100}) {
            for (double scale : new double[] {0.0, 1.0, 10.0, 900.0}) {
                double[] x = new double[len + 5];
                for (int k = 0; k < x.length; k++) {
                    x[k] = scale * rng.nextGaussian();
                }
                for (double beta : new double[] {1.0, 0.37, 0.0}) {
                    double want = 0;
                    for (int k = 2; k < 2 + len; k++) {
                        want += Numerics.softplus(beta * x[k]);
                    }
                    double got = Work.softplusSum(beta, x, 2, len);
                    assertThat(Double.isFinite(got)).isTrue();
                    assertThat(got).as("len %d scale %s beta %s", len, scale, beta)
                            .isCloseTo(want, Offset.offset(1e-13 * Math.max(1.0, Math.abs(want)) + 1e-13 * len));
                }
            }
        }
        // all-zero arguments give the largest factors (2 each): no overflow for long rows
        double[] zeros = new double[5000];
        assertThat(Work.softplusSum(1.0, zeros, 0, 5000)).isCloseTo(5000 * Math.log(2), Offset.offset(1e-9));
    }

    @Test
    void softplusPartsAndBatchedLogsMatchTheTermwiseSum() {
        Rng rng = Rng.seeded(2);
        int lanes = Work.lanes();
        for (int len = lanes; len <= Work.maxProductTerms(); len += 37 * lanes) {
            double[] x = new double[len + 3];
            for (int k = 0; k < x.length; k++) {
                x[k] = 30 * rng.nextGaussian();
            }
            double[] prod = new double[4];
            double lin = Work.softplusParts(x, 3, len, prod, 2);
            Work.logInPlace(prod, 3);
            double want = 0;
            for (int k = 3; k < 3 + len; k++) {
                want += Numerics.softplus(x[k]);
            }
            assertThat(lin + prod[2]).isCloseTo(want, Offset.offset(1e-13 * Math.abs(want) + 1e-13 * len));
        }
        double[] zeros = new double[Work.maxProductTerms()];
        double[] p = new double[1];
        assertThat(Work.softplusParts(zeros, 0, zeros.length, p, 0)).isZero();
        assertThat(Double.isFinite(p[0])).isTrue();
    }
}
