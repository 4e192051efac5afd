package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import org.junit.jupiter.api.Test;

/** The integer forms of comparisons, selections and conversions against their scalar definitions. */
class VectorBitsTest {
    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 1e-300, -1e-300, Double.MIN_VALUE, -Double.MIN_VALUE,
        Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
        Double.longBitsToDouble(0xFFF8000000000000L), 0.5, 3.25, -7.0, 1e300};

    private static double[] values() {
        Rng r = Rng.seeded(4);
        double[] x = new double[SPECIAL.length + 8 * Lanes.WIDTH];
        System.arraycopy(SPECIAL, 0, x, 0, SPECIAL.length);
        for (int k = SPECIAL.length; k < x.length; k++) {
            x[k] = (r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(60) - 30);
        }
        return x;
    }

    private static long[] lanes(LongVector v) {
        long[] a = new long[Lanes.LANES];
        v.intoArray(a, 0);
        return a;
    }

    @Test
    void laneWiseFormsMatchTheScalarComparisons() {
        double[] x = values();
        for (int k = 0; k + Lanes.LANES <= x.length; k++) {
            DoubleVector v = DoubleVector.fromArray(Lanes.SPECIES, x, k);
            long[] sign = lanes(VectorBits.signBit(v));
            long[] nonZero = lanes(VectorBits.nonZeroMask(v));
            long[] nonZeroBit = lanes(VectorBits.nonZero(v));
            long[] pos = lanes(VectorBits.positive(v));
            double[] ind = new double[Lanes.LANES];
            VectorBits.indicator(VectorBits.signBit(v)).intoArray(ind, 0);
            DoubleVector other = DoubleVector.fromArray(Lanes.SPECIES, x, x.length - Lanes.LANES - k);
            double[] sel = new double[Lanes.LANES];
            VectorBits.select(v, other, VectorBits.nonZeroMask(v)).intoArray(sel, 0);
            boolean allPositive = true;
            for (int q = 0; q < Lanes.LANES; q++) {
                double a = x[k + q];
                long bits = Double.doubleToRawLongBits(a);
                assertThat(sign[q]).as("sign bit of %s", a).isEqualTo(bits >>> 63);
                assertThat(ind[q]).as("indicator of the sign of %s", a).isEqualTo(bits < 0 ? 1.0 : 0.0);
                assertThat(nonZero[q]).as("nonzero mask of %s", a).isEqualTo(a != 0.0 ? -1L : 0L);
                assertThat(nonZeroBit[q]).as("nonzero bit of %s", a).isEqualTo(a != 0.0 ? 1L : 0L);
                assertThat(pos[q] < 0).as("positive(%s)", a).isEqualTo(a > 0.0);
                double want = a != 0.0 ? x[x.length - Lanes.LANES - k + q] : a;
                assertThat(Double.doubleToRawLongBits(sel[q])).as("select at %s", a)
                        .isEqualTo(Double.doubleToRawLongBits(want));
                allPositive &= a > 0.0;
            }
            assertThat(VectorBits.allNegative(VectorBits.positive(v))).isEqualTo(allPositive);
        }
    }

    @Test
    void unitIntervalIsTheExactConversionOfFiftyThreeBitIntegers() {
        Rng r = Rng.seeded(5);
        long[] k = new long[64 * Lanes.LANES];
        for (int i = 0; i < k.length; i++) {
            k[i] = i < 4 ? new long[] {0L, 1L, (1L << 53) - 1, 1L << 26}[i] : r.nextLong() >>> 11;
        }
        double[] u = new double[k.length];
        for (int i = 0; i < k.length; i += Lanes.LANES) {
            VectorBits.unitInterval(LongVector.fromArray(Lanes.SPECIES.withLanes(long.class), k, i)).intoArray(u, i);
        }
        for (int i = 0; i < k.length; i++) {
            assertThat(u[i]).as("k = %d", k[i]).isEqualTo(k[i] * 0x1p-53);
        }
    }
}
