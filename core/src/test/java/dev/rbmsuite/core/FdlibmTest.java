package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The port against StrictMath (fdlibm by the Java specification), bit for bit, over every range the code branches on. */
class FdlibmTest {
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

    @Test
    void logHasStrictMathsBits() {
        checkAll("log", Fdlibm::log, StrictMath::log);
    }

    @Test
    void log1pHasStrictMathsBits() {
        checkAll("log1p", Fdlibm::log1p, StrictMath::log1p);
    }
}
