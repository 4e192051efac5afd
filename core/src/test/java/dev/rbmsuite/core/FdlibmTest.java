package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The port against StrictMath (fdlibm by the Java specification), bit for bit, over every range the code branches on. */
class FdlibmTest {
    private static final double LN2 = 0.6931471805599453;
    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 2.0, 0.5, Double.MIN_VALUE, -Double.MIN_VALUE,
        Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.NaN, Math.E, 0x1p-20, 0x1p-29, 0x1p-54, -0x1p-54, 0x1p-1074, 0.41422, -0.2929, 0.41421356,
        -0.29289321, 1 + 0x1p-52, 1 - 0x1p-53, 0x1p53, 0x1p54, 1e300, 1e-300};

    private static void sameBits(String name, DoubleUnaryOperator ours, DoubleUnaryOperator strict, double x) {
        long got = Double.doubleToRawLongBits(ours.applyAsDouble(x));
        long want = Double.doubleToRawLongBits(strict.applyAsDouble(x));
        if (Double.isNaN(strict.applyAsDouble(x))) {
            assertThat(ours.applyAsDouble(x)).as("%s(%s)", name, x).isNaN();
        } else if (got != want) {
            assertThat(Double.longBitsToDouble(got)).as("%s(%s) = %s, StrictMath %s", name, Double.toHexString(x),
                    Double.toHexString(Double.longBitsToDouble(got)), Double.toHexString(Double.longBitsToDouble(want)))
                    .isEqualTo(Double.longBitsToDouble(want));
        }
    }

    private static void checkAll(String name, DoubleUnaryOperator ours, DoubleUnaryOperator strict) {
        for (double x : SPECIAL) {
            sameBits(name, ours, strict, x);
            sameBits(name, ours, strict, Math.nextUp(x));
            sameBits(name, ours, strict, Math.nextDown(x));
        }
        SplittableRandom r = new SplittableRandom(20261128L);
        for (int t = 0; t < 400_000; t++) {
            sameBits(name, ours, strict, Double.longBitsToDouble(r.nextLong())); // every exponent, both signs
            sameBits(name, ours, strict, r.nextDouble(-1.0, 3.0)); // around 1 and log1p's branches
            sameBits(name, ours, strict, 1.0 + r.nextDouble(-1e-5, 1e-5)); // |f| < 2^-20 and nearby
            sameBits(name, ours, strict, r.nextDouble(-1e-7, 1e-7));
            sameBits(name, ours, strict, Math.scalb(r.nextDouble(), -1060)); // subnormals
            sameBits(name, ours, strict, StrictMath.exp(r.nextDouble(-745, 710))); // softplus-like arguments
        }
    }

    /**
     * exp over the whole range and every edge its code branches on: the high-word thresholds of the
     * overflow test (|x| &gt;= 709.78), of the reductions (0.5 ln2 and 1.5 ln2, whose middle branch the
     * port folds into the general one) and of |x| &lt; 2^-28, the exact thresholds 709.782712893384 and
     * -745.1332191019411 with their neighbours, subnormal results, and arguments at and around every
     * k ln2 and (k + 1/2) ln2 for k from -1080 to 1030, where the rounding of k and of the reduced
     * argument turns.
     */
    @Test
    void expHasStrictMathsBits() {
        List<Double> edges = new ArrayList<>();
        for (double x : SPECIAL) {
            edges.add(x);
        }
        for (double x : new double[] {709.782712893384, 0x1.62e42fefa39efp9, -745.1332191019411, -0x1.74910d52d3051p9,
            709.0, 710.0, -708.0, -708.3964185322641, -709.0, -745.0, -746.0, 1e-300, 0x1p-28, 0x1p-29,
            0.5 * LN2, 1.5 * LN2, LN2, 0x1p-1022, 1e308}) {
            edges.add(x);
            edges.add(-x);
        }
        for (int highWord : new int[] {0x40862E42, 0x3fd62e42, 0x3FF0A2B2, 0x3e300000, 0x7ff00000, 0x00100000}) {
            for (int h = highWord - 2; h <= highWord + 1; h++) {
                for (long low : new long[] {0L, 1L, 0xfffffffeL, 0xffffffffL}) {
                    long bits = ((long) h << 32) | low;
                    edges.add(Double.longBitsToDouble(bits));
                    edges.add(Double.longBitsToDouble(bits | Long.MIN_VALUE));
                }
            }
        }
        for (int k = -1080; k <= 1030; k++) {
            edges.add(k * LN2);
            edges.add((k + 0.5) * LN2);
        }
        for (double x : edges) {
            double y = x;
            for (int step = 0; step < 4; step++) { // x and its three neighbours on each side
                sameBits("exp", Fdlibm::exp, StrictMath::exp, y);
                y = Math.nextUp(y);
            }
            y = x;
            for (int step = 0; step < 3; step++) {
                y = Math.nextDown(y);
                sameBits("exp", Fdlibm::exp, StrictMath::exp, y);
            }
        }
        SplittableRandom r = new SplittableRandom(20261128L);
        for (int t = 0; t < 400_000; t++) {
            sameBits("exp", Fdlibm::exp, StrictMath::exp, Double.longBitsToDouble(r.nextLong())); // every exponent
            sameBits("exp", Fdlibm::exp, StrictMath::exp, r.nextDouble(-746.0, 710.0)); // the finite range
            sameBits("exp", Fdlibm::exp, StrictMath::exp, r.nextDouble(-40.0, 40.0)); // sigmoid and softplus arguments
            sameBits("exp", Fdlibm::exp, StrictMath::exp, r.nextDouble(-1.1, 1.1)); // k = 0 and k = +-1
            sameBits("exp", Fdlibm::exp, StrictMath::exp, r.nextDouble(-746.0, -708.0)); // subnormal results
            sameBits("exp", Fdlibm::exp, StrictMath::exp, Math.scalb(r.nextDouble(-1.0, 1.0), -r.nextInt(1, 1080)));
            // just above 0.5 ln2 but in its high word (0x3fd62e42), where fdlibm does not reduce: the general
            // reduction would take k = 1 there
            double justAbove = Double.longBitsToDouble(r.nextLong(0x3fd62e42fefa39efL, 0x3fd62e4300000000L));
            sameBits("exp", Fdlibm::exp, StrictMath::exp, r.nextBoolean() ? justAbove : -justAbove);
        }
    }

    @Test
    void logHasStrictMathsBits() {
        checkAll("log", Fdlibm::log, StrictMath::log);
    }

    @Test
    void log1pHasStrictMathsBits() {
        checkAll("log1p", Fdlibm::log1p, StrictMath::log1p);
    }
}
