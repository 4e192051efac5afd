package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fused conditional loop against plain scalar loops written here, bit for bit: every operation
 * of {@link ConditionalKernel} is lane-wise (one output unit per lane), so its bits are fixed by the
 * order of its additions, which the references below follow: for binary rows, bias plus one table
 * row per group of 4 inputs, where the table row of a pattern adds the group's rows of M from the
 * highest set unit down to the lowest (each table row extends the one without its lowest bit); for
 * other rows, bias then one fused multiply-add per input in order. Layer sizes cover partial groups
 * and outputs that are not a whole number of vectors.
 */
class ConditionalKernelTest {
    private static final int[] INPUTS = {1, 3, 4, 5, 8, 9, 13};
    private static final int[] OUTPUTS = {1, 2, 7, 8, 9, 25};

    private static double[] gaussian(int len, Rng r, double scale) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = r.nextGaussian() * scale;
        }
        return x;
    }

    /** Rows 0..rows-2 binary (row 0 all zeros, row 1 all ones when rows &gt; 2), the last row real-valued. */
    private static double[] inputs(int nIn, int rows, Rng r) {
        double[] x = new double[rows * nIn];
        for (int row = 0; row < rows; row++) {
            for (int i = 0; i < nIn; i++) {
                int k = row * nIn + i;
                if (row == rows - 1) {
                    x[k] = r.nextDouble();
                } else if (row == 1 && rows > 2) {
                    x[k] = 1.0;
                } else if (row > 0) {
                    x[k] = r.nextDouble() < 0.5 ? 1.0 : 0.0;
                }
            }
        }
        return x;
    }

    /** The table row of pattern p in group g: M[unit] added from the highest set unit down. */
    private static double tableSum(double[] mat, int nOut, int g, int p, int j) {
        if (p == 0) {
            return 0.0;
        }
        int unit = g * 4 + Integer.numberOfTrailingZeros(p);
        return tableSum(mat, nOut, g, p & (p - 1), j) + mat[unit * nOut + j];
    }

    /** The field of output j for input row x (offset xo), as the documented scalar loops. */
    private static double field(double[] mat, double[] bias, int nIn, int nOut, double[] x, int xo, int j) {
        boolean binary = true;
        for (int i = 0; i < nIn; i++) {
            binary &= x[xo + i] == 0.0 || x[xo + i] == 1.0;
        }
        double f = bias[j];
        if (binary) {
            for (int g = 0; g * 4 < nIn; g++) {
                int p = 0;
                for (int k = 0; k < 4 && g * 4 + k < nIn; k++) {
                    p |= (int) x[xo + g * 4 + k] << k;
                }
                f += tableSum(mat, nOut, g, p, j);
            }
        } else {
            for (int i = 0; i < nIn; i++) {
                f = Math.fma(mat[i * nOut + j], x[xo + i], f);
            }
        }
        return f;
    }

    @Test
    void fieldsEqualTheScalarLoopsBitForBitAndWriteOnlyTheirRows() {
        Rng r = Rng.seeded(5);
        for (int nIn : INPUTS) {
            for (int nOut : OUTPUTS) {
                double[] mat = gaussian(nIn * nOut, r, 1.0);
                double[] bias = gaussian(nOut, r, 1.0);
                ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
                for (int rows = 1; rows <= 4; rows++) {
                    double[] x = inputs(nIn, rows, r);
                    double[] out = new double[rows * nOut + 3];
                    Arrays.fill(out, 42.0);
                    k.apply(x, rows, out, ConditionalKernel.Mode.FIELD, 1.0, null, null);
                    for (int row = 0; row < rows; row++) {
                        for (int j = 0; j < nOut; j++) {
                            double expected = field(mat, bias, nIn, nOut, x, row * nIn, j);
                            assertThat(out[row * nOut + j]).as("%dx%d, row %d of %d, unit %d", nIn, nOut, row, rows, j)
                                    .isEqualTo(expected);
                            // and the definition bias + x . M, independently of the order
                            double plain = bias[j];
                            for (int i = 0; i < nIn; i++) {
                                plain += x[row * nIn + i] * mat[i * nOut + j];
                            }
                            assertThat(expected).isCloseTo(plain, within(1e-12 * (1 + Math.abs(plain))));
                        }
                    }
                    for (int q = rows * nOut; q < out.length; q++) {
                        assertThat(out[q]).as("past the last row (%dx%d, %d rows)", nIn, nOut, rows).isEqualTo(42.0);
                    }
                }
            }
        }
    }

    /** Non-binary values anywhere in a row (2, -0.5, NaN) take the dense path; NaN propagates. */
    @Test
    void nonBinaryRowsTakeTheDensePath() {
        Rng r = Rng.seeded(6);
        int nIn = 9;
        int nOut = 5;
        double[] mat = gaussian(nIn * nOut, r, 1.0);
        double[] bias = gaussian(nOut, r, 1.0);
        ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
        for (int pos : new int[] {0, 3, 4, 8}) {
            for (double odd : new double[] {2.0, -0.5, 1.0 + Math.ulp(1.0)}) {
                double[] x = {1, 0, 1, 1, 0, 1, 0, 0, 1};
                x[pos] = odd;
                double[] out = new double[nOut];
                k.apply(x, 1, out, ConditionalKernel.Mode.FIELD, 1.0, null, null);
                for (int j = 0; j < nOut; j++) {
                    double f = bias[j];
                    for (int i = 0; i < nIn; i++) {
                        f = Math.fma(mat[i * nOut + j], x[i], f);
                    }
                    assertThat(out[j]).as("value %s at input %d, unit %d", odd, pos, j).isEqualTo(f);
                }
            }
        }
        double[] x = new double[nIn];
        x[8] = Double.NaN;
        double[] out = new double[nOut];
        k.apply(x, 1, out, ConditionalKernel.Mode.FIELD, 1.0, null, null);
        for (double o : out) {
            assertThat(o).isNaN();
        }
    }

    /** MEAN writes sig(beta f) = 1 / (e^{-beta f} + 1) of the same fields, bit for bit. */
    @Test
    void meansAreTheSigmoidOfTheFields() {
        Rng r = Rng.seeded(7);
        for (int nOut : OUTPUTS) {
            int nIn = 6;
            double[] mat = gaussian(nIn * nOut, r, 2.0);
            double[] bias = gaussian(nOut, r, 2.0);
            ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
            int rows = 3;
            double[] x = inputs(nIn, rows, r);
            for (double beta : new double[] {1.0, 0.4}) {
                double[] out = new double[rows * nOut];
                k.apply(x, rows, out, ConditionalKernel.Mode.MEAN, beta, null, null);
                for (int row = 0; row < rows; row++) {
                    for (int j = 0; j < nOut; j++) {
                        double f = field(mat, bias, nIn, nOut, x, row * nIn, j);
                        assertThat(out[row * nOut + j]).isEqualTo(1.0 / (VectorMath.expScalar(-beta * f) + 1.0));
                        assertThat(out[row * nOut + j]).isCloseTo(Numerics.sigmoid(beta * f), within(1e-15));
                    }
                }
            }
        }
    }

    /**
     * SAMPLE draws unit q of the batch as fma(u_q, e^{-beta f}, u_q) &lt; 1 with u the stream's
     * uniforms in order (exactly rows * nOut of them, also across the 1024-draw chunks), so the
     * same stream gives the same bits and a different one different draws.
     */
    @Test
    void samplesDecideWithTheStreamsUniformsInOrder() {
        Rng r = Rng.seeded(8);
        int nIn = 7;
        int nOut = 9;
        double[] mat = gaussian(nIn * nOut, r, 1.0);
        double[] bias = gaussian(nOut, r, 0.5);
        ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
        int rows = 300; // 2700 draws: three chunks
        double[] x = inputs(nIn, rows, r);
        double beta = 0.9;
        double[] out = assertDrawsAreTheReference(k, mat, bias, nIn, nOut, x, rows, beta, Rng.seeded(9));
        double[] again = new double[rows * nOut];
        k.apply(x, rows, again, ConditionalKernel.Mode.SAMPLE, beta, Rng.seeded(9), new double[rows * nOut]);
        assertThat(again).isEqualTo(out);
        double[] other = new double[rows * nOut];
        k.apply(x, rows, other, ConditionalKernel.Mode.SAMPLE, beta, Rng.seeded(10), new double[rows * nOut]);
        assertThat(other).isNotEqualTo(out);
    }

    /**
     * A chunk with a lane the fast draws may not decide (here fields beyond the exponential's range,
     * from one real-valued row of large inputs) is drawn again from the same uniforms with the exact
     * draws: the same bits as the reference, in that chunk and in the others, and the same number of
     * draws.
     */
    @Test
    void chunksThatNeedTheExactDrawAreDrawnAgainFromTheSameUniforms() {
        Rng r = Rng.seeded(11);
        int nIn = 5;
        int nOut = 25;
        double[] mat = gaussian(nIn * nOut, r, 1.0);
        double[] bias = gaussian(nOut, r, 0.5);
        ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
        int rows = 130; // 3250 draws: four chunks, the last row's in the fourth
        double[] x = inputs(nIn, rows, r);
        for (int i = 0; i < nIn; i++) {
            x[(rows - 1) * nIn + i] = 400.0 * (i % 2 == 0 ? 1 : -1) + i;
        }
        x[(rows - 2) * nIn] = Double.NaN;
        double[] out = assertDrawsAreTheReference(k, mat, bias, nIn, nOut, x, rows, 2.0, Rng.seeded(12));
        assertThat(Arrays.stream(out).filter(d -> d != 0.0 && d != 1.0)).as("draws other than 0 and 1").isEmpty();
    }

    /** Draws SAMPLE with the stream and checks every unit against fma(u, e^{-beta f}, u) &lt; 1. */
    private static double[] assertDrawsAreTheReference(ConditionalKernel k, double[] mat, double[] bias, int nIn, int nOut,
                                                       double[] x, int rows, double beta, Rng stream) {
        Rng replay = stream.copy();
        double[] out = new double[rows * nOut];
        k.apply(x, rows, out, ConditionalKernel.Mode.SAMPLE, beta, stream, new double[rows * nOut]);
        double[] u = new double[rows * nOut];
        replay.fillUniform(u, 0, u.length);
        assertThat(stream.state()).as("exactly rows * nOut draws").isEqualTo(replay.state());
        for (int row = 0; row < rows; row++) {
            for (int j = 0; j < nOut; j++) {
                int q = row * nOut + j;
                double f = field(mat, bias, nIn, nOut, x, row * nIn, j);
                double expected = Math.fma(u[q], VectorMath.expScalar(-beta * f), u[q]) < 1.0 ? 1.0 : 0.0;
                assertThat(out[q]).as("row %d unit %d", row, j).isEqualTo(expected);
            }
        }
        return out;
    }

    /**
     * The cache-blocked path gives the bits of the row-at-a-time path, vector code and scalar twins
     * alike, for batches of binary rows, of real-valued rows and of both, at sizes that cross every
     * block edge: tiles of 8 to 24 columns against layers of 1 to 70 outputs (a last tile narrower
     * than the others, outputs not a whole number of vectors), blocks of 1 to 5 groups and 1 to 7
     * inputs against 1 to 67 inputs (a partial last group, a last block shorter than the others),
     * tiles of 32 columns (four vectors at 8 lanes: the two-row loop's wide step) and the default
     * blocks; dense and sparse binary rows (the blocked path skips empty groups, the row-at-a-time path
     * adds their +0.0), with a bias of -0.0 entries too (where skipping would leave -0.0 in place of
     * +0.0) and one of NaNs and infinities (a signalling NaN would stay signalling); the blocked path
     * skips only for the finite bias. {@link VectorWarmUpTest} runs the same check at 16, 32 and 64-byte vectors.
     */
    @Test
    void theBlockedPathHasTheBitsOfTheRowAtATimePath() {
        assertThat(blockedMismatches(31)).isEmpty();
    }

    /**
     * Sampling, means and fields of large layers through the public API (the blocked path, 40 and 20
     * chains) give the bits that the row-at-a-time code gave before the blocked path existed: the
     * digests below were printed by that code (commit 1a306ac) for these same calls, and the blocked
     * path matched them at 16, 32 and 64-byte vectors.
     */
    @Test
    void largeLayersKeepTheBitsOfTheFormerCode() {
        assertThat(largeDigest(784, 500, 40)).isEqualTo("ed92eac758e04fb");
        assertThat(largeDigest(500, 784, 20)).isEqualTo("24c92a7c8dde8340");
    }

    /** Three sweeps of sampling, then means and fields of means, on a random layer; a digest of every value. */
    private static String largeDigest(int n, int m, int chains) {
        Rng rng = Rng.seeded(7);
        double[] w = new double[n * m];
        double[] b = new double[n];
        double[] c = new double[m];
        for (int k = 0; k < w.length; k++) {
            w[k] = rng.nextGaussian() * Math.scalb(1.0, rng.nextInt(10) - 8);
        }
        for (int k = 0; k < n; k++) {
            b[k] = rng.nextGaussian() * 0.1;
        }
        for (int k = 0; k < m; k++) {
            c[k] = rng.nextGaussian() * 0.1;
        }
        Rbm rbm = Rbm.of(n, m, w, b, c);
        double[] v = new double[chains * n];
        double[] h = new double[chains * m];
        double[] scratch = new double[chains * Math.max(n, m)];
        double[] hm = new double[chains * m];
        double[] vm = new double[chains * n];
        double[] hf = new double[chains * m];
        for (int k = 0; k < v.length; k++) {
            v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        long d = 17;
        for (int sweep = 0; sweep < 3; sweep++) {
            rbm.sampleHidden(v, chains, h, rng, scratch);
            rbm.sampleVisible(h, chains, v, rng, scratch);
            rbm.hiddenMeans(v, chains, hm);
            rbm.visibleMeans(h, chains, vm);
            rbm.hiddenField(vm, chains, hf);
            for (double[] x : new double[][] {v, h, hm, vm, hf}) {
                for (double y : x) {
                    d = d * 31 + Double.doubleToRawLongBits(y);
                }
            }
        }
        return Long.toHexString(d);
    }

    /**
     * The blocked path is for large layers only: MNIST's 784 x 500 both ways (12.5 MB tables), not the
     * paper's 25 x 100 nor the layers of its stack 100-50-25-12, whose loops stay as they were.
     */
    @Test
    void onlyLargeLayersAreBlocked() {
        assertThat(ConditionalKernel.Blocking.forSize(784, 500)).isNotNull();
        assertThat(ConditionalKernel.Blocking.forSize(500, 784)).isNotNull();
        for (int[] layer : new int[][] {{25, 100}, {100, 25}, {100, 50}, {50, 100}, {50, 25}, {25, 50}, {25, 12},
                {12, 25}, {200, 500}, {500, 200}}) {
            assertThat(ConditionalKernel.Blocking.forSize(layer[0], layer[1])).as("%d x %d", layer[0], layer[1]).isNull();
        }
    }

    /**
     * Compares the blocked and row-at-a-time paths (vector code and twins) on random layers and
     * batches; returns the mismatches (empty when all bits agree).
     *
     * @param seed seed of the layers and inputs
     * @return descriptions of the mismatches
     */
    static List<String> blockedMismatches(long seed) {
        List<String> bad = new ArrayList<>();
        Rng r = Rng.seeded(seed);
        int[] ins = {1, 5, 13, 30, 67};
        int[] outs = {1, 7, 9, 33, 70};
        List<ConditionalKernel.Blocking> blocks = List.of(new ConditionalKernel.Blocking(8, 1, 1, 1),
                new ConditionalKernel.Blocking(8, 3, 5, 1), new ConditionalKernel.Blocking(16, 2, 7, 1),
                new ConditionalKernel.Blocking(24, 5, 3, 1), new ConditionalKernel.Blocking(32, 2, 3, 1),
                new ConditionalKernel.Blocking(
                        ConditionalKernel.TILE, ConditionalKernel.GROUP_BLOCK, ConditionalKernel.INPUT_BLOCK, 1));
        for (int nIn : ins) {
            for (int nOut : outs) {
                double[] mat = new double[nIn * nOut];
                for (int k = 0; k < mat.length; k++) {
                    // magnitudes over 12 binades: the order of the additions shows in the bits
                    mat[k] = r.nextGaussian() * Math.scalb(1.0, r.nextInt(12) - 6);
                }
                double[] gaussianBias = gaussian(nOut, r, 1.0);
                // a bias with -0.0 entries: a row whose groups are all empty then sums -0.0 + (+0.0) = +0.0,
                // which the blocked path must not skip (ConditionalKernel#skipEmptyGroups)
                double[] signedZeros = gaussianBias.clone();
                for (int q = 0; q < nOut; q += 3) {
                    signedZeros[q] = -0.0;
                }
                // and a bias with NaNs (a signalling one, which an addition makes quiet) and infinities
                double[] specials = gaussianBias.clone();
                for (int q = 0; q < nOut; q++) {
                    specials[q] = switch (q % 4) {
                        case 0 -> Double.longBitsToDouble(0x7ff0000000000001L);
                        case 1 -> Double.longBitsToDouble(0xfff8000000000123L);
                        case 2 -> Double.POSITIVE_INFINITY;
                        default -> specials[q];
                    };
                }
                for (double[] bias : new double[][] {gaussianBias, signedZeros, specials}) {
                    ConditionalKernel rowsKernel = new ConditionalKernel(nIn, nOut, mat, bias, null);
                    for (ConditionalKernel.Blocking b : blocks) {
                        ConditionalKernel blocked = new ConditionalKernel(nIn, nOut, mat, bias, b);
                        if (blocked.skipsEmptyGroups() != (bias == gaussianBias)) {
                            bad.add(nIn + "x" + nOut + " " + b + ": skips empty groups " + blocked.skipsEmptyGroups()
                                    + " with " + (bias == gaussianBias ? "a finite bias" : "-0.0 or NaN in the bias"));
                        }
                        for (int rows : new int[] {1, 2, 5, 17}) {
                            for (int kind = 0; kind < 4; kind++) {
                                double[] x = new double[rows * nIn];
                                for (int row = 0; row < rows; row++) {
                                    // kind 0: all rows binary; 1: all real-valued; 2: every third row real; 3: sparse
                                    // binary rows (most groups empty, every fourth row all zeros)
                                    boolean real = kind == 1 || kind == 2 && row % 3 == 1;
                                    double ones = kind == 3 ? (row % 4 == 0 ? 0.0 : 0.1) : 0.5;
                                    for (int i = 0; i < nIn; i++) {
                                        x[row * nIn + i] = real ? (r.nextDouble() - 0.3) * 3.0 : r.nextDouble() < ones ? 1.0 : 0.0;
                                    }
                                }
                                double[] want = new double[rows * nOut + 3];
                                Arrays.fill(want, 42.0);
                                rowsKernel.fieldsBy(x, rows, want, false, false);
                                for (boolean twins : new boolean[] {false, true}) {
                                    double[] rowsOut = new double[want.length];
                                    Arrays.fill(rowsOut, 42.0);
                                    blocked.fieldsBy(x, rows, rowsOut, false, twins);
                                    double[] blockOut = new double[want.length];
                                    Arrays.fill(blockOut, 42.0);
                                    blocked.fieldsBy(x, rows, blockOut, true, twins);
                                    String where = nIn + "x" + nOut + " " + b + " rows=" + rows + " kind=" + kind
                                            + (twins ? " twins" : " vector");
                                    for (int q = 0; q < want.length; q++) {
                                        if (Double.doubleToRawLongBits(blockOut[q]) != Double.doubleToRawLongBits(want[q])) {
                                            bad.add("blocked " + where + " q=" + q + ": " + blockOut[q] + " != " + want[q]);
                                            break;
                                        }
                                        if (Double.doubleToRawLongBits(rowsOut[q]) != Double.doubleToRawLongBits(want[q])) {
                                            bad.add("rows " + where + " q=" + q + ": " + rowsOut[q] + " != " + want[q]);
                                            break;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return bad;
    }

    /**
     * train --threads: with a pool of 2 or 3 threads installed, sampling, means and fields of large
     * layers (the blocked path's tiles, the row-at-a-time path's chunks of rows, the sigmoids and the
     * draws in chunks of the stream) give the bits of the former sequential code (the digests of
     * {@link #largeDigest}) and of a call without a pool, at sizes whose last row chunk, last tile and last
     * draw chunk are partial; and the work was indeed split.
     */
    @Test
    void splittingOverThreadsKeepsEveryBit() {
        assertThat(splitMismatches()).isEmpty();
    }

    /**
     * The check of {@link #splittingOverThreadsKeepsEveryBit}, also run by {@link VectorWarmUpTest}'s
     * JVMs at 16, 32 and 64-byte vectors.
     *
     * @return the mismatches (and calls that were not split), empty when none
     */
    @SuppressWarnings("try")
    static List<String> splitMismatches() {
        List<String> bad = new ArrayList<>();
        int[][] sizes = {{784, 500, 13}, {200, 500, 43}, {777, 333, 17}, {333, 777, 24}};
        String[] sequential = new String[sizes.length];
        for (int s = 0; s < sizes.length; s++) {
            sequential[s] = splitDigest(sizes[s][0], sizes[s][1], sizes[s][2]);
        }
        for (int t : new int[] {2, 3}) {
            try (ChunkPool pool = ChunkPool.of(t); ChunkPool.Scope scope = pool.enter()) {
                if (!largeDigest(784, 500, 40).equals("ed92eac758e04fb")) {
                    bad.add("784 x 500, 40 chains, T = " + t);
                }
                if (!largeDigest(500, 784, 20).equals("24c92a7c8dde8340")) {
                    bad.add("500 x 784, 20 chains, T = " + t);
                }
                for (int s = 0; s < sizes.length; s++) {
                    long before = pool.splits();
                    if (!splitDigest(sizes[s][0], sizes[s][1], sizes[s][2]).equals(sequential[s])) {
                        bad.add(Arrays.toString(sizes[s]) + ", T = " + t);
                    }
                    // fields, means and draws twice: each call splits its sums, and the others their sigmoids or draws
                    if (pool.splits() - before < 7) {
                        bad.add(Arrays.toString(sizes[s]) + " was not split, T = " + t);
                    }
                }
            }
        }
        return bad;
    }

    /**
     * Two batches through one call (the trainer's chains' hidden draws and its rows' hidden means): the
     * outputs, their bits and the draws' stream position are those of the two calls one after the other,
     * for large layers (the shared blocked pass, also with threads) and small ones, binary batches and a
     * second batch with a real-valued row (the blocked pass's dense path, reading that batch's inputs), and
     * batches below the blocked path's least rows.
     */
    @Test
    @SuppressWarnings("try")
    void twoBatchesInOneCallGiveTheBitsOfTwoCalls() {
        List<String> bad = new ArrayList<>();
        int[][] cases = {{784, 500, 100, 100}, {500, 784, 37, 9}, {784, 500, 3, 5}, {25, 100, 100, 100}, {333, 777, 17, 24}};
        for (int threads : new int[] {1, 2}) {
            for (int[] c : cases) {
                for (boolean real : new boolean[] {false, true}) {
                    String where = Arrays.toString(c) + (real ? " with a real-valued row" : "") + ", T = " + threads;
                    if (threads == 1) {
                        twoBatchMismatches(c, real, where, bad);
                    } else {
                        try (ChunkPool pool = ChunkPool.of(threads); ChunkPool.Scope scope = pool.enter()) {
                            twoBatchMismatches(c, real, where, bad);
                        }
                    }
                }
            }
        }
        assertThat(bad).isEmpty();
    }

    private static void twoBatchMismatches(int[] c, boolean real, String where, List<String> bad) {
        int nIn = c[0];
        int nOut = c[1];
        int rows1 = c[2];
        int rows2 = c[3];
        Rng r = Rng.seeded(nIn * 7919L + nOut * 31L + rows1 + (real ? 1 : 0));
        ConditionalKernel k = new ConditionalKernel(nIn, nOut, gaussian(nIn * nOut, r, 0.1), gaussian(nOut, r, 0.1));
        double[] x1 = binary(nIn * rows1, r);
        double[] x2 = binary(nIn * rows2, r);
        if (real) {
            x2[nIn * (rows2 - 1)] = 0.25; // the last row of the second batch is not binary
        }
        double[] samplesTwo = new double[rows1 * nOut];
        double[] meansTwo = new double[rows2 * nOut];
        double[] samplesOne = new double[rows1 * nOut];
        double[] meansOne = new double[rows2 * nOut];
        Rng streamTwo = Rng.seeded(5);
        Rng streamOne = Rng.seeded(5);
        k.applyTwo(x1, rows1, samplesTwo, ConditionalKernel.Mode.SAMPLE, streamTwo, new double[rows1 * nOut],
                x2, rows2, meansTwo, ConditionalKernel.Mode.MEAN, null, null);
        k.apply(x1, rows1, samplesOne, ConditionalKernel.Mode.SAMPLE, 1.0, streamOne, new double[rows1 * nOut]);
        k.apply(x2, rows2, meansOne, ConditionalKernel.Mode.MEAN, 1.0, null, null);
        if (!Arrays.equals(samplesTwo, samplesOne)) {
            bad.add(where + ": draws");
        }
        if (!Arrays.equals(meansTwo, meansOne)) {
            bad.add(where + ": means");
        }
        if (streamTwo.nextLong() != streamOne.nextLong()) {
            bad.add(where + ": stream position");
        }
        // fields both ways round, the second batch's fields into the first output
        double[] fieldsTwo = new double[rows2 * nOut];
        double[] fieldsOne = new double[rows2 * nOut];
        double[] meansOfFirst = new double[rows1 * nOut];
        k.applyTwo(x2, rows2, fieldsTwo, ConditionalKernel.Mode.FIELD, null, null,
                x1, rows1, meansOfFirst, ConditionalKernel.Mode.MEAN, null, null);
        k.apply(x2, rows2, fieldsOne, ConditionalKernel.Mode.FIELD, 1.0, null, null);
        double[] meansOfFirstOne = new double[rows1 * nOut];
        k.apply(x1, rows1, meansOfFirstOne, ConditionalKernel.Mode.MEAN, 1.0, null, null);
        if (!Arrays.equals(fieldsTwo, fieldsOne) || !Arrays.equals(meansOfFirst, meansOfFirstOne)) {
            bad.add(where + ": fields and means, the other way round");
        }
    }

    private static double[] binary(int len, Rng r) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = r.nextDouble() < 0.5 ? 1.0 : 0.0;
        }
        return x;
    }

    /** The paper's sizes stay on the calling thread even with a pool installed. */
    @Test
    @SuppressWarnings("try")
    void smallLayersAreNotSplit() {
        try (ChunkPool pool = ChunkPool.of(2); ChunkPool.Scope scope = pool.enter()) {
            splitDigest(25, 100, 100);
            splitDigest(100, 25, 100);
            assertThat(pool.splits()).isZero();
        }
    }

    /**
     * Fields, means and draws (twice, so that the stream's position after the first draws counts) of a
     * random kernel on binary rows and one real-valued row; a digest of every value and of the stream's
     * position after.
     */
    private static String splitDigest(int nIn, int nOut, int rows) {
        Rng r = Rng.seeded(nIn * 1000L + nOut);
        ConditionalKernel k = new ConditionalKernel(nIn, nOut, gaussian(nIn * nOut, r, 0.1), gaussian(nOut, r, 0.1));
        double[] x = inputs(nIn, rows, r);
        double[] out = new double[rows * nOut];
        double[] u = new double[rows * nOut];
        long d = 17;
        for (ConditionalKernel.Mode mode : new ConditionalKernel.Mode[] {ConditionalKernel.Mode.FIELD,
                ConditionalKernel.Mode.MEAN, ConditionalKernel.Mode.SAMPLE, ConditionalKernel.Mode.SAMPLE}) {
            k.apply(x, rows, out, mode, 0.7, mode == ConditionalKernel.Mode.SAMPLE ? r : null, u);
            for (double y : out) {
                d = d * 31 + Double.doubleToRawLongBits(y);
            }
        }
        return Long.toHexString(d * 31 + r.nextLong());
    }
}
