package dev.rbmsuite.core;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;

/**
 * Comparisons, selections and conversions on vectors of {@link Lanes#SPECIES} written with 64-bit
 * integer lane operations (shifts, adds, and/or) instead of vector masks and {@code L2D}
 * conversions.
 *
 * <p>Why: in JDK 17, masks of 2-double vectors (comparisons, {@code blend}, {@code allTrue}; 128-bit
 * vectors, as on ARM NEON or with {@code -XX:MaxVectorSize=16}) and the long-to-double conversion
 * on CPUs without AVX-512 are not compiled to vector instructions: each such operation falls back to
 * Java code that boxes the vector, 10 to 40 times slower than the arithmetic around it (a Bernoulli
 * draw took 20 ns at 2 lanes against 1.4 ns at 4). The integer forms below are compiled to plain
 * vector instructions at every width and give exactly the same values as the mask forms.
 * The methods are small so that the JIT inlines them (a vector passed to a method that is not
 * inlined is boxed).
 */
public final class VectorBits {
    private static final long MAGIC_BITS = Double.doubleToRawLongBits(0x1p52);

    private VectorBits() {
    }

    /**
     * @param v a vector
     * @return per lane 1 when the sign bit of v is set (v &lt; 0, or -0.0), else 0
     */
    public static LongVector signBit(DoubleVector v) {
        return v.reinterpretAsLongs().lanewise(VectorOperators.LSHR, 63);
    }

    /**
     * @param bit per lane 0 or 1
     * @return per lane 0.0 or 1.0 (the bits of 1.0 are 2^62 - 2^52)
     */
    public static DoubleVector indicator(LongVector bit) {
        return bit.lanewise(VectorOperators.LSHL, 62).sub(bit.lanewise(VectorOperators.LSHL, 52)).reinterpretAsDoubles();
    }

    /**
     * @param bit per lane 0 or 1
     * @return per lane 0 or all 64 bits set
     */
    public static LongVector mask(LongVector bit) {
        return bit.neg();
    }

    /**
     * @param v a vector
     * @return per lane 1 where v is not zero (+0.0 or -0.0), else 0 (NaN counts as nonzero): the bits
     *     without the sign are 0 exactly for a zero, and {@code (t | -t) >>> 63} is 1 exactly for t != 0
     */
    public static LongVector nonZero(DoubleVector v) {
        LongVector t = v.reinterpretAsLongs().and(Long.MAX_VALUE);
        return t.or(t.neg()).lanewise(VectorOperators.LSHR, 63);
    }

    /**
     * @param v a vector
     * @return per lane all bits set where v is not zero (+0.0 or -0.0), else 0 (NaN counts as nonzero)
     */
    public static LongVector nonZeroMask(DoubleVector v) {
        return nonZero(v).neg();
    }

    /**
     * @param whereClear the value of lanes whose mask is 0
     * @param whereSet the value of lanes whose mask has all bits set
     * @param mask per lane 0 or all bits set ({@link #mask}, {@link #nonZeroMask})
     * @return the lane-wise selection, bit for bit
     */
    public static DoubleVector select(DoubleVector whereClear, DoubleVector whereSet, LongVector mask) {
        LongVector a = whereClear.reinterpretAsLongs();
        return a.lanewise(VectorOperators.XOR, a.lanewise(VectorOperators.XOR, whereSet.reinterpretAsLongs()).and(mask))
                .reinterpretAsDoubles();
    }

    /**
     * @param v a vector
     * @return per lane a value whose sign bit is set exactly where v &gt; 0 and v is not NaN
     *     (v = +infinity included); combine lanes with {@code and} and test with {@link #allNegative}
     */
    public static LongVector positive(DoubleVector v) {
        LongVector b = v.reinterpretAsLongs();
        // positive doubles are the bit patterns 1 ..= 0x7FF0000000000000 (+infinity)
        return b.sub(1L).not().and(b.sub(0x7FF0000000000001L));
    }

    /**
     * @param v a vector
     * @return whether the sign bit of every lane is set (scalar lane reads, which every width compiles)
     */
    public static boolean allNegative(LongVector v) {
        long a = v.lane(0);
        for (int k = 1; k < Lanes.LANES; k++) {
            a &= v.lane(k);
        }
        return a < 0;
    }

    /**
     * Exact conversion of integers in [0, 2^53) to doubles without the long-to-double vector
     * conversion (not compiled without AVX-512): each 26/27-bit half becomes a double by the 2^52
     * magic-number trick, and {@code hi 2^-27 + lo 2^-53 = k 2^-53} is exact.
     *
     * @param k integers in [0, 2^53)
     * @return k * 2^-53, exactly
     */
    public static DoubleVector unitInterval(LongVector k) {
        DoubleVector hi = k.lanewise(VectorOperators.LSHR, 26).or(MAGIC_BITS).reinterpretAsDoubles().sub(0x1p52);
        DoubleVector lo = k.and((1L << 26) - 1).or(MAGIC_BITS).reinterpretAsDoubles().sub(0x1p52);
        return hi.fma(DoubleVector.broadcast(Lanes.SPECIES, 0x1p-27), lo.mul(0x1p-53));
    }
}
