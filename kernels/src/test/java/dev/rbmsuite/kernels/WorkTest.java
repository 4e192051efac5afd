package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;
import java.util.Arrays;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The product-form softplus sum against the termwise stable softplus, including extreme arguments. */
class WorkTest {
    @Test
    void softplusPartsAndBatchedLogsMatchTheTermwiseSum() {
        Rng rng = Rng.seeded(2);
        int lanes = Work.lanes();
        for (int len = lanes; len <= Work.maxProductTerms(); len += 37 * lanes) {
            double[] x = new double[len + 3];
            for (int k = 0; k < x.length; k++) {
                x[k] = (k % 5 == 0 ? 900 : 30) * rng.nextGaussian();
            }
            double[] prod = new double[4];
            double lin = Work.softplusParts(x, 3, len, prod, 2, new double[len]);
            Work.logInPlace(prod, 3);
            double want = 0;
            for (int k = 3; k < 3 + len; k++) {
                want += Numerics.softplus(x[k]);
            }
            assertThat(lin + prod[2]).isCloseTo(want, Offset.offset(1e-13 * Math.abs(want) + 1e-13 * len));
        }
        double[] zeros = new double[Work.maxProductTerms()];
        double[] p = new double[1];
        assertThat(Work.softplusParts(zeros, 0, zeros.length, p, 0, new double[zeros.length])).isZero();
        assertThat(Math.log(p[0])).isCloseTo(zeros.length * Math.log(2), Offset.offset(1e-9));
    }

    /**
     * softplusParts in its documented order, bit for bit: {@value dev.rbmsuite.core.Lanes#WIDTH} partial
     * sums of max(x, 0) and partial products of 1 + e^{-|x|} over the elements k = q mod WIDTH, combined
     * in order of q, with e^{-|x|} from core's deterministic scalar exponential.
     */
    @Test
    void softplusPartsFollowTheFixedEightPartialSumsOrder() {
        Rng rng = Rng.seeded(3);
        int w = Lanes.WIDTH;
        for (int len = 0; len <= Work.maxProductTerms(); len += len < 5 * w ? w : 97 * w) {
            double[] x = new double[len + 1];
            for (int k = 0; k < x.length; k++) {
                x[k] = (k % 5 == 0 ? 900 : 30) * rng.nextGaussian();
            }
            double[] part = new double[w];
            double[] prod = new double[w];
            Arrays.fill(prod, 1.0);
            for (int k = 0; k < len; k++) {
                part[k % w] += Math.max(x[1 + k], 0.0);
                prod[k % w] *= VectorMath.expScalar(-Math.abs(x[1 + k])) + 1.0;
            }
            double lin = 0;
            double p = 1;
            for (int q = 0; q < w; q++) {
                p *= prod[q];
                lin += part[q];
            }
            double[] got = new double[1];
            // a longer scratch holding stale values (as a slot's does after the previous row) changes nothing
            double[] scratch = new double[len + w];
            Arrays.fill(scratch, Double.NaN);
            assertThat(Work.softplusParts(x, 1, len, got, 0, scratch)).as("sum of max(x, 0), length %d", len).isEqualTo(lin);
            assertThat(got[0]).as("product, length %d", len).isEqualTo(p);
        }
    }
}
