package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The vectorised kernels of {@link VectorMath} against plain scalar loops written here. Where a routine
 * promises the same bits at every hardware width (lane-wise operations, and the reductions with the
 * fixed {@value Lanes#WIDTH} partial sums of {@link Lanes}), the reference adds and multiplies in
 * exactly the documented order and the comparison is bit for bit; run on any width (for example with
 * {@code -XX:MaxVectorSize=16}) the same references hold, which is what width independence means.
 * Against the mathematical functions ({@link Math#exp}, {@link Numerics}) the comparison is to a
 * stated tolerance.
 */
class VectorMathTest {
    /** Lengths 0..3 * WIDTH + 3 (every remainder, one and several whole blocks) and one long length. */
    private static int[] lengths() {
        int[] l = new int[3 * Lanes.WIDTH + 5];
        for (int k = 0; k < l.length - 1; k++) {
            l[k] = k;
        }
        l[l.length - 1] = 2 * 256 + 13; // several blocks of the chunked loops, with a tail
        return l;
    }

    /** Arguments of mixed magnitude, with exact zeros, negative zeros and extremes among them. */
    private static double[] arguments(int len, long seed, double scale) {
        Rng r = Rng.seeded(seed);
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = (r.nextDouble() - 0.5) * (k % 10 == 0 ? 2000 : scale);
        }
        if (len > 3) {
            x[1] = 0.0;
            x[2] = -0.0;
            x[3] = -1e-300;
        }
        return x;
    }

    /** addRows is add called row after row, to the bit, at every length around the vector blocks. */
    @Test
    void addRowsIsAddCalledRowAfterRow() {
        Rng rng = Rng.seeded(91);
        for (int len : new int[] {1, 3, 8, 31, 32, 33, 100, 129}) {
            int stride = len + 5;
            double[] src = new double[40 * stride];
            for (int k = 0; k < src.length; k++) {
                src[k] = (rng.nextDouble() - 0.5) * Math.pow(10, rng.nextDouble() * 8 - 4);
            }
            int[] rows = {3, 0, 17, 17, 39, 8, 21};
            double[] want = new double[len + 2];
            for (int k = 0; k < want.length; k++) {
                want[k] = rng.nextDouble();
            }
            double[] got = want.clone();
            for (int q = 0; q < rows.length; q++) {
                VectorMath.add(want, 2, src, rows[q] * stride, len);
            }
            VectorMath.addRows(got, 2, src, rows, rows.length, stride, len);
            assertThat(got).as("len %d", len).isEqualTo(want);
            double[] none = want.clone();
            VectorMath.addRows(none, 2, src, rows, 0, stride, len);
            assertThat(none).isEqualTo(want);
        }
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

    /**
     * The deferred draws either write exactly the decisions of the full exponential, touching nothing
     * else, or (when a lane is within the margin, out of the exponential's range or NaN) write nothing
     * and say so. Ordinary fields, each special value at every lane position of a vector, and lengths
     * that leave a scalar tail, where special values are decided exactly in place.
     */
    @Test
    void deferredLogisticDrawsAreExactOrLeaveTheFieldsAlone() {
        Rng r = Rng.seeded(45);
        double beta = 0.7;
        double[] special = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e308, -1e308,
            708.5 / beta, -708.5 / beta, 750.0 / beta, -750.0 / beta, 2000.0, -2000.0, 1e5, -1e5};
        int written = 0;
        int declined = 0;
        for (int len : lengths()) {
            for (int at = -1; at < Math.min(len, 2 * Lanes.WIDTH); at++) {
                for (double value : at < 0 ? new double[] {0.0} : special) {
                    double[] u = new double[len + 3];
                    r.fillUniform(u, 0, u.length);
                    double[] f = new double[len];
                    for (int k = 0; k < len; k++) {
                        f[k] = (r.nextDouble() - 0.5) * 40;
                    }
                    if (at >= 0) {
                        f[at] = value;
                    }
                    double[] x = new double[len + 2];
                    Arrays.fill(x, 42.0);
                    System.arraycopy(f, 0, x, 1, len);
                    double[] uniforms = u.clone();
                    if (VectorMath.bernoulliLogisticDeferred(uniforms, 3, x, 1, len, beta)) {
                        written++;
                        for (int k = 0; k < len; k++) {
                            double uk = u[3 + k];
                            double expected = Math.fma(uk, VectorMath.expScalar(-beta * f[k]), uk) < 1.0 ? 1.0 : 0.0;
                            assertThat(x[1 + k]).as("draw %d of %d, field %s", k, len, f[k]).isEqualTo(expected);
                        }
                    } else {
                        declined++;
                        assertThat(at).as("declined without a special field").isNotNegative();
                        assertThat(Arrays.copyOfRange(x, 1, len + 1)).as("fields left alone").isEqualTo(f);
                    }
                    assertThat(x[0]).isEqualTo(42.0);
                    assertThat(x[len + 1]).isEqualTo(42.0);
                }
            }
        }
        assertThat(written).as("calls that wrote their draws").isPositive();
        assertThat(declined).as("calls that declined").isPositive();
        // near the threshold: u (1 + e) within 1e-12 of 1 in one lane of a vector
        double[] f = new double[64];
        double[] u = new double[64];
        for (int k = 0; k < f.length; k++) {
            f[k] = (r.nextDouble() - 0.5) * 40;
            u[k] = r.nextDouble();
        }
        u[37] = (1.0 + 1e-12) / (1.0 + VectorMath.expScalar(-beta * f[37]));
        double[] x = f.clone();
        assertThat(VectorMath.bernoulliLogisticDeferred(u.clone(), 0, x, 0, f.length, beta)).isFalse();
        assertThat(x).isEqualTo(f);
    }

    /** expScalar's clamp: the result is finite and positive for every argument, NaN aside. */
    @Test
    void expScalarClampsItsArgument() {
        assertThat(VectorMath.expScalar(1e308)).isEqualTo(VectorMath.expScalar(709.0)).isFinite();
        assertThat(VectorMath.expScalar(Double.POSITIVE_INFINITY)).isEqualTo(VectorMath.expScalar(709.0));
        assertThat(VectorMath.expScalar(-1e308)).isEqualTo(VectorMath.expScalar(-708.0)).isPositive();
        assertThat(VectorMath.expScalar(Double.NEGATIVE_INFINITY)).isEqualTo(VectorMath.expScalar(-708.0));
        assertThat(VectorMath.expScalar(0.0)).isEqualTo(1.0);
        assertThat(VectorMath.expScalar(Math.log(2))).isCloseTo(2.0, within(4e-16 * 2));
        assertThat(VectorMath.expScalar(Double.NaN)).isNaN();
    }

    /**
     * The lane-wise routines, bit for bit against their scalar definitions written as loops, at every
     * length remainder and with offsets: exp, e^{-|x|}, sig(beta x) = 1 / (e^{-beta x} + 1),
     * softplus = max(x, 0) + log1p(e^{-|x|}), add; nothing outside [off, off + len) is written.
     */
    @Test
    void laneWiseRoutinesEqualPlainScalarLoopsBitForBit() {
        for (int len : lengths()) {
            double[] x = arguments(len, 100 + len, 60);
            int off = 3;
            double[] in = new double[len + 2 * off];
            Arrays.fill(in, 42.0);
            System.arraycopy(x, 0, in, off, len);

            double[] e = in.clone();
            VectorMath.expInPlace(e, off, len);
            double[] na = new double[len + 2 * off];
            Arrays.fill(na, 42.0);
            VectorMath.expNegAbs(in, off, na, off + 1, len);
            double[] s1 = in.clone();
            VectorMath.sigmoidInPlace(s1, off, len);
            double[] sb = in.clone();
            VectorMath.sigmoidInPlace(0.37, sb, off, len);
            double[] sp = in.clone();
            VectorMath.softplusInPlace(sp, off, len);
            double[] acc = in.clone();
            double[] src = arguments(len + 5, 200 + len, 10);
            VectorMath.add(acc, off, src, 5, len);

            for (int k = 0; k < len; k++) {
                double v = x[k];
                assertThat(e[off + k]).as("exp, length %d, element %d", len, k).isEqualTo(VectorMath.expScalar(v));
                assertThat(na[off + 1 + k]).as("expNegAbs %d/%d", k, len).isEqualTo(VectorMath.expScalar(-Math.abs(v)));
                assertThat(s1[off + k]).as("sigmoid %d/%d", k, len).isEqualTo(1.0 / (VectorMath.expScalar(-v) + 1.0));
                assertThat(sb[off + k]).as("sigmoid(0.37 x) %d/%d", k, len)
                        .isEqualTo(1.0 / (VectorMath.expScalar(-0.37 * v) + 1.0));
                assertThat(sp[off + k]).as("softplus %d/%d", k, len)
                        .isEqualTo(Math.max(v, 0.0) + Math.log1p(VectorMath.expScalar(-Math.abs(v))));
                assertThat(acc[off + k]).as("add %d/%d", k, len).isEqualTo(v + src[5 + k]);
            }
            for (double[] out : new double[][] {e, s1, sb, sp, acc}) {
                assertUntouched(out, off, len);
            }
            assertUntouched(na, off + 1, len);
        }
    }

    private static void assertUntouched(double[] out, int off, int len) {
        for (int k = 0; k < out.length; k++) {
            if (k < off || k >= off + len) {
                assertThat(out[k]).as("element %d outside [%d, %d)", k, off, off + len).isEqualTo(42.0);
            }
        }
    }

    /**
     * softplusSum in its documented order: blocks of 256; in each block {@value Lanes#WIDTH} partial sums
     * of max(beta x, 0) and {@value Lanes#WIDTH} partial products of 1 + e^{-|beta x|} over the elements
     * k = q mod {@value Lanes#WIDTH} below the last whole block, combined in order of q, then the tail
     * one by one, then one logarithm per block. Bit for bit, at several lengths, offsets and betas.
     */
    @Test
    void softplusSumEqualsItsFixedOrderScalarLoopBitForBit() {
        for (int len : lengths()) {
            for (double beta : new double[] {1.0, 0.3, 2.5}) {
                double[] x = new double[len + 4];
                System.arraycopy(arguments(len, 300 + len, 40), 0, x, 4, len);
                double expected = softplusSumReference(beta, x, 4, len);
                double got = beta == 1.0 ? VectorMath.softplusSum(x, 4, len) : VectorMath.softplusSum(beta, x, 4, len);
                assertThat(got).as("length %d, beta %s", len, beta).isEqualTo(expected);
                // the caller's scratch, exactly as long as asked or longer and full of stale values
                double[] scratch = new double[VectorMath.softplusScratch(len) + (len % 3)];
                Arrays.fill(scratch, Double.NaN);
                assertThat(VectorMath.softplusSum(beta, x, 4, len, scratch)).as("scratch, length %d, beta %s", len, beta)
                        .isEqualTo(expected);
            }
        }
        assertThat(VectorMath.softplusSum(new double[0], 0, 0)).isEqualTo(0.0);
        assertThat(VectorMath.softplusScratch(0)).isEqualTo(1);
        assertThat(VectorMath.softplusScratch(1000)).isEqualTo(256);
    }

    private static double softplusSumReference(double beta, double[] x, int off, int len) {
        int block = 256;
        int w = Lanes.WIDTH;
        double lin = 0;
        double logs = 0;
        for (int start = 0; start < len; start += block) {
            int n = Math.min(block, len - start);
            double[] part = new double[w];
            double[] prod = new double[w];
            Arrays.fill(prod, 1.0);
            int upper = n / w * w;
            for (int i = 0; i < upper; i++) {
                double bx = x[off + start + i] * beta;
                part[i % w] += Math.max(bx, 0.0);
                prod[i % w] *= VectorMath.expScalar(-Math.abs(bx)) + 1.0;
            }
            double p = 1;
            double l = 0;
            for (int q = 0; q < w; q++) {
                p *= prod[q];
                l += part[q];
            }
            lin += l;
            for (int i = upper; i < n; i++) {
                double bx = beta * x[off + start + i];
                lin += Math.max(bx, 0.0);
                p *= 1.0 + VectorMath.expScalar(-Math.abs(bx));
            }
            logs += Math.log(p);
        }
        return lin + logs;
    }

    /** Extreme arguments: softplus sums stay finite and exact where softplus is linear or vanishes. */
    @Test
    void softplusSumIsStableAtExtremes() {
        double[] big = new double[37];
        Arrays.fill(big, 800.0);
        assertThat(VectorMath.softplusSum(big, 0, big.length)).isEqualTo(37 * 800.0);
        double[] small = new double[37];
        Arrays.fill(small, -800.0);
        assertThat(VectorMath.softplusSum(small, 0, small.length)).isCloseTo(0.0, within(1e-300));
        double[] zeros = new double[1000];
        assertThat(VectorMath.softplusSum(zeros, 0, zeros.length)).isCloseTo(1000 * Math.log(2), within(1e-12));
    }

    /** Logistic draws read the uniforms and fields at their own offsets and write nothing else. */
    @Test
    void logisticDrawsHonourOffsets() {
        Rng r = Rng.seeded(43);
        for (int len : lengths()) {
            double[] u = new double[len + 7];
            r.fillUniform(u, 0, u.length);
            double[] f = arguments(len, 400 + len, 8);
            double[] x = new double[len + 2];
            Arrays.fill(x, 42.0);
            System.arraycopy(f, 0, x, 1, len);
            VectorMath.bernoulliLogistic(u, 7, x, 1, len, 1.3);
            for (int k = 0; k < len; k++) {
                double expected = Math.fma(u[7 + k], VectorMath.expScalar(-1.3 * f[k]), u[7 + k]) < 1.0 ? 1.0 : 0.0;
                assertThat(x[1 + k]).as("draw %d of %d", k, len).isEqualTo(expected);
            }
            assertThat(x[0]).isEqualTo(42.0);
            assertThat(x[len + 1]).isEqualTo(42.0);
        }
    }

    /** The draws are Bernoulli(sig(beta f)): the frequency of ones matches at a few fields. */
    @Test
    void logisticDrawsHaveTheLogisticProbability() {
        Rng r = Rng.seeded(44);
        int count = 10_000;
        for (double field : new double[] {-2.0, 0.0, 0.7, 3.0}) {
            double[] u = new double[count];
            r.fillUniform(u, 0, count);
            double[] x = new double[count];
            Arrays.fill(x, field);
            VectorMath.bernoulliLogistic(u, 0, x, 0, count, 0.8);
            double ones = 0;
            int other = 0;
            for (double d : x) {
                ones += d;
                other += d == 0.0 || d == 1.0 ? 0 : 1;
            }
            assertThat(other).as("draws other than 0 and 1").isZero();
            double p = 1 / (1 + Math.exp(-0.8 * field));
            assertThat(ones / count).as("field %s", field).isCloseTo(p, within(5 * Math.sqrt(p * (1 - p) / count)));
        }
    }
}
