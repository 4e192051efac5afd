package dev.rbmsuite.core;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API code of {@link Rng}: blocks of uniform draws and the Bernoulli comparison, kept out
 * of {@code Rng} itself so that {@code Rng} names no vector type. The JVM verifies a class before any
 * of its code runs, and verifying a class whose methods pass vectors around loads the Vector API; a
 * program started without {@code --add-modules jdk.incubator.vector} whose first call is
 * {@code Rng.seeded(...)} therefore reaches {@link VectorModule#require()} in {@code Rng}'s static
 * initialiser, and its one-line message, instead of a {@code NoClassDefFoundError}.
 *
 * <p>{@link #fillUniformVector} is one of the switched routines compiled on their own (see
 * {@link VectorWarmUp} and the JIT flags of the launcher, {@code .mvn/jvm.config} and the benchmarks).
 */
final class RngLanes {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final double INV_2_53 = 0x1p-53;
    private static final VectorSpecies<Double> DS = Lanes.SPECIES;
    private static final VectorSpecies<Long> LS = DS.withLanes(long.class);
    /**
     * Whether to convert draws to doubles with the vector L2D conversion (AVX-512 hardware, 8 lanes:
     * slightly faster) or with {@link VectorBits#unitInterval} (same bits; the conversion is not
     * compiled to vector code on AVX2 machines, where it made uniforms 12 times slower).
     */
    private static final boolean CONVERT = DS.length() == 8;
    /**
     * The lanes' offsets from a block's first draw, {@code lane * GOLDEN}: a constant, because building
     * it with {@code addIndex} on each call allocated (the index vector is not compiled away), 2 MB
     * per 1,000-row update at 784 x 500.
     */
    private static final LongVector LANE_STEPS = LongVector.zero(LS).addIndex(1).mul(GOLDEN);

    private RngLanes() {
    }

    /**
     * Writes the uniform draws {@code mix64(z0 + i * GOLDEN) >>> 11} times 2^-53 for i = 0, 1, ...
     * into {@code out[off + i]}, a whole number of vectors' worth: the caller draws the tail.
     *
     * @param z0 the mixer's input of the first draw ({@code key + (counter + 1) * GOLDEN})
     * @param out destination
     * @param off first index
     * @param len draws wanted
     * @return the number of draws written (a multiple of the lane count, at most {@code len})
     */
    static int fillUniformVector(long z0, double[] out, int off, int len) {
        int lanes = LS.length();
        int i = 0;
        if (lanes == DS.length()) {
            // draw c is mixed from key + c * GOLDEN: lanes step by GOLDEN, blocks by lanes * GOLDEN (no multiply)
            LongVector laneSteps = LANE_STEPS;
            long blockStep = lanes * GOLDEN;
            int upper = LS.loopBound(len);
            for (; i < upper; i += lanes, z0 += blockStep) {
                LongVector s0 = laneSteps.add(z0);
                LongVector s1 = s0.lanewise(VectorOperators.XOR, s0.lanewise(VectorOperators.LSHR, 30)).mul(0xBF58476D1CE4E5B9L);
                LongVector s2 = s1.lanewise(VectorOperators.XOR, s1.lanewise(VectorOperators.LSHR, 27)).mul(0x94D049BB133111EBL);
                LongVector z = s2.lanewise(VectorOperators.XOR, s2.lanewise(VectorOperators.LSHR, 31));
                if (CONVERT) {
                    ((DoubleVector) z.lanewise(VectorOperators.LSHR, 11).convertShape(VectorOperators.L2D, DS, 0))
                            .mul(INV_2_53).intoArray(out, off + i);
                } else {
                    VectorBits.unitInterval(z.lanewise(VectorOperators.LSHR, 11)).intoArray(out, off + i);
                }
            }
        }
        return i;
    }

    /**
     * Replaces each probability {@code x[off + k]} by 1.0 where {@code u[k] < x[off + k]}, else 0.0.
     *
     * @param x probabilities in, binary values out
     * @param off first index
     * @param len number of entries
     * @param u the uniform draws, from index 0
     */
    static void bernoulliCompare(double[] x, int off, int len, double[] u) {
        int lanes = DS.length();
        int upper = DS.loopBound(len);
        DoubleVector one = DoubleVector.broadcast(DS, 1.0);
        DoubleVector zero = DoubleVector.zero(DS);
        int i = 0;
        for (; i < upper; i += lanes) {
            DoubleVector p = DoubleVector.fromArray(DS, x, off + i);
            DoubleVector v = DoubleVector.fromArray(DS, u, i);
            if (Lanes.MASKS) {
                zero.blend(one, v.lt(p)).intoArray(x, off + i);
            } else {
                // v < p exactly when p - v > 0 (false for NaN, as the comparison); integer lane
                // operations instead of masks (VectorBits)
                LongVector hit = VectorBits.positive(p.sub(v)).lanewise(VectorOperators.LSHR, 63);
                VectorBits.indicator(hit).intoArray(x, off + i);
            }
        }
        for (; i < len; i++) {
            x[off + i] = u[i] < x[off + i] ? 1.0 : 0.0;
        }
    }
}
