package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

/** Stable scalar functions and their vectorised twins, including extreme arguments. */
class NumericsTest {
    @Test
    void softplusIsStableAtExtremes() {
        assertThat(Numerics.softplus(800)).isEqualTo(800.0);
        assertThat(Numerics.softplus(-800)).isEqualTo(0.0);
        assertThat(Numerics.softplus(0)).isCloseTo(Math.log(2), within(1e-16));
        assertThat(Numerics.softplus(1e308)).isEqualTo(1e308);
        assertThat(Numerics.softplus(-40)).isCloseTo(Math.exp(-40), within(1e-30));
        for (double x = -30; x <= 30; x += 0.37) {
            assertThat(Numerics.softplus(x)).isCloseTo(Math.log1p(Math.exp(x)), within(1e-13));
        }
    }

    @Test
    void sigmoidSaturatesWithoutNaN() {
        assertThat(Numerics.sigmoid(1000)).isEqualTo(1.0);
        assertThat(Numerics.sigmoid(-1000)).isEqualTo(0.0);
        assertThat(Numerics.sigmoid(0)).isEqualTo(0.5);
        assertThat(Numerics.sigmoid(-30)).isCloseTo(Math.exp(-30) / (1 + Math.exp(-30)), within(1e-25));
        assertThat(Numerics.logSigmoid(-800)).isEqualTo(-800.0);
        assertThat(Numerics.logit(Numerics.sigmoid(2.5))).isCloseTo(2.5, within(1e-12));
    }

    @Test
    void logSumExpVariants() {
        double[] x = {1000, 1000, Double.NEGATIVE_INFINITY};
        assertThat(Numerics.logSumExp(x, 0, 3)).isCloseTo(1000 + Math.log(2), within(1e-12));
        assertThat(Numerics.logAddExp(-1000, -1000)).isCloseTo(-1000 + Math.log(2), within(1e-12));
        assertThat(Numerics.logAddExp(Double.NEGATIVE_INFINITY, 3)).isEqualTo(3.0);
        assertThat(Numerics.logSumExp0(900, 900)).isCloseTo(900 + Math.log(2), within(1e-12));
        assertThat(Numerics.logSumExp0(-900, -900)).isCloseTo(0, within(1e-300));
        assertThat(Numerics.logSumExp0(1.5, -0.5)).isCloseTo(Math.log(1 + Math.exp(1.5) + Math.exp(-0.5)), within(1e-14));
        assertThat(Numerics.logMeanExp(new double[] {0, Math.log(3)})).isCloseTo(Math.log(2), within(1e-15));
        assertThat(Numerics.logSumExp(new double[] {Double.NEGATIVE_INFINITY}, 0, 1)).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @Test
    void deterministicExpIsAccurateAndItsScalarTwinIsBitIdentical() {
        Rng r = Rng.seeded(17);
        double[] x = new double[8003];
        for (int k = 0; k < x.length; k++) {
            x[k] = k < 4000 ? (r.nextDouble() - 0.5) * 1400 : (r.nextDouble() - 0.5) * 4;
        }
        x[0] = 0;
        x[1] = -1e-300;
        x[2] = 700;
        x[3] = -700;
        double[] e = x.clone();
        VectorMath.expInPlace(e, 0, e.length);
        double[] na = new double[x.length];
        VectorMath.expNegAbs(x, 0, na, 0, x.length);
        for (int k = 0; k < x.length; k++) {
            double expected = Math.exp(Math.max(-708, Math.min(709, x[k])));
            assertThat(e[k]).as("exp(%s)", x[k]).isCloseTo(expected, within(4e-16 * expected));
            assertThat(VectorMath.expScalar(x[k])).as("scalar twin at %s", x[k]).isEqualTo(e[k]);
            assertThat(na[k]).isEqualTo(VectorMath.expScalar(-Math.abs(x[k])));
        }
    }

    @Test
    void reductionsKeepEightPartialSumsInIndexOrder() {
        // the fixed structure of Lanes: partial sum q takes the elements k = q mod 8 below the last
        // whole block, the partial sums are added in order, then the tail one by one
        Rng r = Rng.seeded(11);
        for (int len = 0; len < 70; len++) {
            double[] x = new double[len + 3];
            double[] y = new double[len + 3];
            for (int k = 0; k < x.length; k++) {
                x[k] = (r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(40) - 20);
                y[k] = (r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(40) - 20);
            }
            int upper = len / 8 * 8;
            double[] part = new double[8];
            for (int k = 0; k < upper; k++) {
                part[k % 8] = Math.fma(x[k + 3], y[k + 1], part[k % 8]);
            }
            double s = 0;
            for (double q : part) {
                s += q;
            }
            for (int k = upper; k < len; k++) {
                s += x[k + 3] * y[k + 1];
            }
            assertThat(VectorMath.dot(x, 3, y, 1, len)).as("dot of length %d", len).isEqualTo(s);
            double[] acc = y.clone();
            VectorMath.axpy(0.3, acc, 1, x, 3, len);
            for (int k = 0; k < len; k++) {
                double expected = k < upper ? Math.fma(x[k + 3], 0.3, y[k + 1]) : y[k + 1] + 0.3 * x[k + 3];
                assertThat(acc[k + 1]).as("axpy element %d of %d", k, len).isEqualTo(expected);
            }
        }
    }

    @Test
    void vectorisedFunctionsMatchScalarOnes() {
        Rng r = Rng.seeded(3);
        int n = 1001;
        double[] x = new double[n];
        for (int k = 0; k < n; k++) {
            x[k] = (r.nextDouble() - 0.5) * (k % 10 == 0 ? 2000 : 60);
        }
        double[] s = x.clone();
        VectorMath.sigmoidInPlace(s, 0, n);
        double[] sb = x.clone();
        VectorMath.sigmoidInPlace(0.3, sb, 0, n);
        double[] sp = x.clone();
        VectorMath.softplusInPlace(sp, 0, n);
        double sum = 0;
        double sumBeta = 0;
        for (int k = 0; k < n; k++) {
            assertThat(s[k]).isCloseTo(Numerics.sigmoid(x[k]), within(2e-16 + 1e-14 * Numerics.sigmoid(x[k])));
            assertThat(sb[k]).isCloseTo(Numerics.sigmoid(0.3 * x[k]), within(2e-16 + 1e-14 * Numerics.sigmoid(0.3 * x[k])));
            assertThat(sp[k]).isCloseTo(Numerics.softplus(x[k]), within(1e-13 * (1 + Math.abs(x[k]))));
            sum += Numerics.softplus(x[k]);
            sumBeta += Numerics.softplus(0.3 * x[k]);
        }
        assertThat(VectorMath.softplusSum(x, 0, n)).isCloseTo(sum, within(1e-12 * sum));
        assertThat(VectorMath.softplusSum(0.3, x, 0, n)).isCloseTo(sumBeta, within(1e-12 * sumBeta));
        double[] y = new double[n];
        for (int k = 0; k < n; k++) {
            y[k] = r.nextGaussian();
        }
        BigDecimal exact = BigDecimal.ZERO;
        for (int k = 0; k < n; k++) {
            exact = exact.add(new BigDecimal(x[k]).multiply(new BigDecimal(y[k])), MathContext.DECIMAL128);
        }
        assertThat(VectorMath.dot(x, 0, y, 0, n)).isCloseTo(exact.doubleValue(), within(1e-9));
        double[] acc = new double[n];
        VectorMath.axpy(2.0, acc, 0, y, 0, n);
        VectorMath.add(acc, 0, y, 0, n);
        for (int k = 0; k < n; k++) {
            assertThat(acc[k]).isEqualTo(3 * y[k]);
        }
    }

    /**
     * The fast logistic draws decide exactly as fma(u, expScalar(-beta f), u) &lt; 1, including fields
     * and uniforms chosen so that u (1 + e) lies within 1e-9 .. 1e-15 of 1, extreme and non-finite
     * fields, and lengths that leave a scalar tail.
     */
    @Test
    void fastLogisticDrawsDecideExactlyAsTheFullExponential() {
        Rng r = Rng.seeded(41);
        int len = 100_003;
        double[] f = new double[len];
        double[] u = new double[len];
        for (int k = 0; k < len; k++) {
            int kind = k % 5;
            if (kind == 0) {
                f[k] = (r.nextDouble() - 0.5) * 80;
                u[k] = r.nextDouble();
            } else if (kind == 1) {
                f[k] = (r.nextDouble() - 0.5) * 3000;
                u[k] = r.nextDouble();
            } else {
                // on the threshold: u = 1 / (1 + e) nudged by a relative 1e-9 .. 1e-15 either way
                f[k] = (r.nextDouble() - 0.5) * 60;
                double e = VectorMath.expScalar(-0.7 * f[k]);
                double nudge = Math.pow(10, -9 - 6 * r.nextDouble()) * (r.nextDouble() < 0.5 ? -1 : 1);
                u[k] = Math.min(Math.nextDown(1.0), (1.0 + nudge) / (1.0 + e));
            }
        }
        f[3] = Double.NaN;
        f[8] = Double.POSITIVE_INFINITY;
        f[13] = Double.NEGATIVE_INFINITY;
        f[18] = 1e308;
        f[23] = -1e308;
        u[28] = 0.0;
        double[] x = f.clone();
        VectorMath.bernoulliLogistic(u, 0, x, 0, len, 0.7);
        int ones = 0;
        for (int k = 0; k < len; k++) {
            double expected = Math.fma(u[k], VectorMath.expScalar(-0.7 * f[k]), u[k]) < 1.0 ? 1.0 : 0.0;
            assertThat(x[k]).as("field %s, uniform %s", f[k], u[k]).isEqualTo(expected);
            ones += (int) expected;
        }
        assertThat(ones).isBetween(len / 4, 3 * len / 4); // both outcomes are exercised
    }
}
