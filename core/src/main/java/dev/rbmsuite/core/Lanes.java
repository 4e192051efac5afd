package dev.rbmsuite.core;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The vector shape of the suite's hot loops, and the fixed "virtual" width that makes their results
 * independent of it (docs/methods.md section 10).
 *
 * <p>The hardware vector holds 8 doubles on AVX-512, 4 on AVX2 and 2 on ARM NEON (or with
 * {@code -XX:MaxVectorSize=64/32/16}). Lane-wise arithmetic (one result per element) gives the same
 * bits at every width, but a reduction that keeps one partial sum per hardware lane does not: the
 * partial sums, and so the rounding, follow the lane count. Every reduction in the suite therefore
 * keeps {@value #WIDTH} partial sums, whatever the hardware: partial sum q collects the elements
 * with index q mod {@value #WIDTH}, in increasing index order, and the partial sums are combined in a
 * fixed order. On 8-lane hardware this is one vector register; on 4- and 2-lane hardware it is 2
 * or 4 registers ({@link #PARTS}), each covering {@link #LANES} consecutive partial sums. Buffers whose
 * padding enters a result (products over padded segments, padded product lengths) are padded to
 * multiples of {@value #WIDTH} ({@link #pad}). This structure is exactly what the code did on
 * AVX-512 before it was made width-independent, so results made on AVX-512 machines are unchanged.
 */
public final class Lanes {
    /** The number of partial sums of every reduction, and the padding unit of padded segments. */
    public static final int WIDTH = 8;
    /**
     * The species of the hot loops: the hardware's preferred double vector, capped at {@value #WIDTH}
     * lanes (a wider SVE vector would not divide the fixed reduction structure into whole parts).
     */
    public static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED.length() <= WIDTH
            ? DoubleVector.SPECIES_PREFERRED : DoubleVector.SPECIES_512;
    /** Doubles per hardware vector: 8, 4, 2 (or 1). */
    public static final int LANES = SPECIES.length();
    /** Hardware vectors per virtual {@value #WIDTH}-lane vector: 1, 2, 4 (or 8). */
    public static final int PARTS = WIDTH / LANES;
    /**
     * Whether vector masks (comparisons, blends, allTrue) are fast: they compile to vector code at 4
     * and 8 lanes, but at 2 lanes JDK 17 runs them as boxed Java code, 10 to 20 times slower; hot
     * loops then use the integer forms of {@link VectorBits}, which give the same bits.
     */
    public static final boolean MASKS = LANES >= 4;

    private Lanes() {
    }

    /**
     * @param len a length
     * @return len rounded up to a multiple of {@value #WIDTH}
     */
    public static int pad(int len) {
        return (len + WIDTH - 1) / WIDTH * WIDTH;
    }

    /**
     * @param len a length
     * @return the largest multiple of {@value #WIDTH} not above len: where the vector part of a
     *     reduction ends and its scalar tail begins, at every hardware width
     */
    public static int bound(int len) {
        return len & -WIDTH;
    }

    /** @return the hardware vector shape in words, for example "512-bit (8 doubles per vector)" */
    public static String describe() {
        return SPECIES.vectorBitSize() + "-bit (" + LANES + " doubles per vector)";
    }
}
