package dev.rbmsuite.core;

import java.util.Arrays;
import java.util.Objects;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The fused inner loop of every RBM conditional: out = bias + x . M for each row of x, optionally
 * followed by the sigmoid and a Bernoulli draw, with the accumulators held in vector registers.
 *
 * <p>Binary inputs (the common case: chain states) use group tables: the inputs are cut into groups
 * of {@value #GROUP} units, and for each group all 2^{@value #GROUP} sums of its rows of M are
 * precomputed, so one table row replaces up to four row additions and no input has to be tested
 * one at a time (a group's pattern is read from its inputs' bits, a vector of inputs at a time).
 * Tables are small at the paper's sizes (16 rows per group) and built once per RBM in about a
 * microsecond. The swap
 * kernel's fused fields use the same tables ({@link #fields}). Non-binary inputs (means) take a dense
 * multiply-add path. Rows of M and of the tables are padded to a whole number of vector lanes with
 * zeros, so every load is a full vector even for short layers (n = 25).
 *
 * <p>Large layers: the tables are 4 times the size of M (16 rows per 4 inputs), 12.5 MB each way at
 * MNIST size (784 x 500), and the row-at-a-time loops read 1/16 of them per row from memory: a BGS
 * sweep of 100 chains took 6.4 ms where PyTorch takes 4.5 ms (issue 30). Kernels whose tables would
 * pass {@value #BLOCK_ABOVE_BYTES} bytes take a cache-blocked path for batches of at least
 * {@value #BLOCK_MIN_ROWS} rows ({@link #applyBlocked}): the output columns are cut into tiles of
 * {@value #TILE}, the groups into blocks of {@value #GROUP_BLOCK} (the inputs of the dense path into
 * blocks of {@value #INPUT_BLOCK}); the table rows of one block and one tile (16 x 16 x 64 doubles,
 * 128 KB) are built from M into a buffer that stays in the L2 cache (1 MB per core on the Zen 4
 * development machine; L1's 32 KB would hold too few groups: the partial sums would be loaded and
 * stored every few additions, which measured slower) while every row adds them, its partial sums
 * of the tile (rows x 64 doubles, 51 KB for 100 rows) kept in a second buffer between blocks. So M
 * (3.1 MB) streams from memory once per call instead of the tables, and no 12.5 MB tables are built
 * per RBM: building a block's rows costs 15 additions per group and column, against one per row,
 * about 15 % of the sums for 100 rows. A row's empty groups (all four inputs zero) add +0.0 and are
 * skipped ({@link #skipEmptyGroups}: most groups of a digit image's rows; the same bits). Every element is still bias + group 0 + group 1 + ... in
 * order (fma over inputs 0, 1, ... on the dense path), and a partial sum stored and loaded back is
 * the same double, so the blocked path gives the bits of the row-at-a-time path at every vector
 * width ({@code ConditionalKernelTest}, and {@code VectorWarmUpTest} at 16, 32 and 64-byte vectors).
 * Measured crossovers (sweeps of 100 chains, thread CPU time, the loaded 2-core development
 * machine): at 200 x 500 (3.2 MB tables) the row-at-a-time loops are 15 % faster, at 400 x 400
 * (5.1 MB) the two are even, at 500 x 784 and 784 x 500 (12.5 MB) the blocked path is 1.8 times
 * faster; at 784 x 500 the blocked path wins from 16 rows (1 row: 0.1 against 1.1 ms a sweep, its
 * blocks' table rows built for one row). Tiles of 32 to 128 columns and blocks of 8 to 16 groups
 * measured within the noise of each other; 16 columns or 4 groups were 20 to 60 % slower.
 *
 * <p>Cache lines: the tables, the blocks' table rows and partial sums, and the kernel's own copy of M
 * start {@link CacheLines#LEAD} doubles into their arrays (an RBM's W and W^T, which its kernels share, likewise), so that in a JVM with
 * 64-byte object alignment (the launcher's) every row starts a cache line and no vector load straddles
 * two: on an Intel Xeon with 512-bit vectors the table sums from misaligned rows ran at half speed
 * (docs/performance.md, "Cache lines"). Where the numbers are stored, not how they are summed: the
 * same bits with any lead.
 *
 * <p>Threads (train --threads, {@link ChunkPool}): with a pool installed and at least
 * {@link #SPLIT_MIN_WORK} multiply-adds, a call splits its outputs: the blocked path's tiles (and the
 * rows' patterns), the row-at-a-time path's rows in chunks of {@value #SPLIT_ROWS}, the sigmoids and
 * the draws in the {@value #SAMPLE_CHUNK}-element chunks above, each chunk's uniforms drawn at its own
 * position of the stream. Every element is still computed by the code and in the order above, so the
 * bits do not depend on the number of threads.
 */
public final class ConditionalKernel {
    static final VectorSpecies<Double> S = Lanes.SPECIES;
    private static final int LANES = S.length();
    private static final int GROUP = 4;
    private static final int PATTERNS = 1 << GROUP;
    /** Draws per chunk of the sampling step (8 KB of uniforms and of exponentials: L1-resident). */
    private static final int SAMPLE_CHUNK = 1024;
    private static final long ONE_BITS = Double.doubleToRawLongBits(1.0);
    /** Lane k of a vector of inputs lands on bit k of its pattern bits: shift counts 0, 1, ..., LANES-1. */
    private static final LongVector LANE_SHIFTS = LongVector.zero(S.withLanes(long.class)).addIndex(1);
    /** Whole groups of {@value #GROUP} inputs read per vector step: LANES / GROUP, or 1 below 4 lanes. */
    private static final int GROUPS_PER_STEP = Math.max(1, LANES / GROUP);
    /** Vectors per step: one at 4 and 8 lanes, two at 2 lanes (half a group each). */
    private static final int VECTORS_PER_STEP = Math.max(1, GROUP / LANES);
    /** Kernels whose tables would be larger than this (bytes) take the blocked path (see above). */
    static final long BLOCK_ABOVE_BYTES = 4L << 20;
    /** Batches of fewer rows take the row-at-a-time path even in a blocked kernel. */
    static final int BLOCK_MIN_ROWS = 16;
    /** Output columns per tile of the blocked path (a multiple of 8: whole vectors at every width). */
    static final int TILE = 64;
    /** Groups per block of the blocked path's table sums: 16 x 16 table rows of a tile, 128 KB. */
    static final int GROUP_BLOCK = 16;
    /** Inputs per block of the blocked path's dense sums: 256 rows of M of a tile, 128 KB. */
    static final int INPUT_BLOCK = 256;
    /**
     * The least rows x nIn x nOut of a call that splits its work over an installed {@link ChunkPool}
     * (train --threads): below it (the paper's 100 chains x 25 x 100) a call takes tens of microseconds
     * and stays on the calling thread. The bits are the same either way.
     */
    static final long SPLIT_MIN_WORK = 1L << 22;
    /** Rows per chunk of the row-at-a-time path when it is split over threads (fixed: the same for every T). */
    static final int SPLIT_ROWS = 8;
    /** The row list of the row-at-a-time path: one row, whose offsets start at 0. */
    private static final int[] FIRST_ROW = {0};
    /** The warm-up's row list of the blocked table sums: that row twice (their two-row loop). */
    private static final int[] ROW_TWICE = {0, 0};
    /** Doubles before the first row of the tables and buffers: their rows then start cache lines ({@link CacheLines}). */
    private static final int LEAD = CacheLines.LEAD;

    /** What to write for each output unit. */
    enum Mode {
        /** the field bias + x.M */
        FIELD,
        /** sig(beta * field) */
        MEAN,
        /** a Bernoulli(sig(beta * field)) draw, 0.0 or 1.0 */
        SAMPLE
    }

    private final int nIn;
    private final int nOut;
    private final int stride;
    private final int groups;
    private final double[] mat;    // nIn x stride from matOffset, zero padded
    /** Where row 0 of M starts in {@link #mat}: {@link #LEAD} in the kernel's own copy, the owner's in a shared one. */
    private final int matOffset;
    private final double[] bias;   // stride, zero padded
    /**
     * groups x PATTERNS x stride: sums of the rows of each group; built in the constructor for small
     * layers, on the first call of the row-at-a-time path for blocked ones (which build the table
     * rows of one block at a time, see {@link #applyBlocked}), so null until then.
     */
    private volatile double[] table;
    /** The blocks of the cache-blocked path, or null for the row-at-a-time loops (small layers). */
    private final Blocking blocking;
    /**
     * Whether the blocked path skips the groups of a row whose inputs are all zero (see
     * {@link #skipEmptyGroups}): true unless an entry of the bias is -0.0 or a NaN.
     */
    private final boolean skipsEmpty;
    /** Scratch of {@link #tableRow}'s group build (the warm-up's), made on first use. */
    private double[] warmRows;
    /** {@link #tableRow}'s ends of the blocked table sums (one row, one block: every group), made on first use. */
    private int[] warmEnds;

    /**
     * @param nIn input units
     * @param nOut output units
     * @param rowMajor M as nIn x nOut row-major
     * @param bias length nOut
     */
    public ConditionalKernel(int nIn, int nOut, double[] rowMajor, double[] bias) {
        this(nIn, nOut, rowMajor, bias, Blocking.forSize(nIn, nOut));
    }

    /**
     * A kernel with the given blocks (tests compare the blocked and the row-at-a-time paths).
     *
     * @param blocking the blocks of the cache-blocked path, or null for the row-at-a-time loops
     */
    ConditionalKernel(int nIn, int nOut, double[] rowMajor, double[] bias, Blocking blocking) {
        this(nIn, nOut, rowMajor, bias, blocking, false);
    }

    /**
     * The row length of a kernel's M for nOut output units: nOut rounded up to whole vectors of the
     * JVM's lanes ({@link Lanes}), the stride at which a caller lays out an M the kernel shares
     * ({@link #sharing}).
     *
     * @param nOut output units
     * @return the padded row length
     */
    static int paddedWidth(int nOut) {
        return ((nOut + LANES - 1) / LANES) * LANES;
    }

    /**
     * A kernel that reads M from the caller's array instead of a copy: for an {@link Rbm}, whose W and
     * W^T are its own, laid out in this form, and never change while the RBM is in use (a training
     * update builds its RBMs anew, and at 784 x 500 each copy is 3 MB). {@code spent}'s arrays (bias,
     * group tables) are taken where its sizes match: a kernel of an RBM its owner will never use again
     * (a training update's RBMs of the update before, see {@link Rbm#fromFlat}); they are overwritten
     * with this kernel's, and the entries no kernel of these sizes writes (a table's empty pattern) are
     * zero in both, so the arrays hold what fresh ones would.
     *
     * @param nIn input units
     * @param nOut output units
     * @param padded M from {@code offset}: row i at offset + i {@link #paddedWidth}(nOut), its entries
     *     past nOut zero (an owner that starts it at {@link CacheLines#LEAD} gives the kernel rows on
     *     cache lines)
     * @param offset where row 0 of M starts in {@code padded}
     * @param bias length nOut
     * @param spent a kernel whose arrays may be taken, or null
     * @return the kernel
     */
    static ConditionalKernel sharing(int nIn, int nOut, double[] padded, int offset, double[] bias,
                                     ConditionalKernel spent) {
        if (offset < 0 || padded.length - (long) offset < (long) nIn * paddedWidth(nOut)) {
            throw new IllegalArgumentException("a shared M of " + nIn + " rows of " + paddedWidth(nOut)
                    + " from " + offset + " does not fit " + padded.length + " values");
        }
        Blocking blocking = Blocking.forSize(nIn, nOut);
        boolean reuse = spent != null && spent.nIn == nIn && spent.nOut == nOut
                && Objects.equals(spent.blocking, blocking);
        return new ConditionalKernel(nIn, nOut, padded, offset, bias, blocking, true, reuse ? spent : null);
    }

    private ConditionalKernel(int nIn, int nOut, double[] rowMajor, double[] bias, Blocking blocking, boolean share) {
        this(nIn, nOut, rowMajor, 0, bias, blocking, share, null);
    }

    private ConditionalKernel(int nIn, int nOut, double[] rowMajor, int rowOffset, double[] bias, Blocking blocking,
                              boolean share, ConditionalKernel spent) {
        this.blocking = blocking;
        this.nIn = nIn;
        this.nOut = nOut;
        this.stride = paddedWidth(nOut);
        if (share) {
            // the caller's array, already in this layout (sharing)
            this.mat = rowMajor;
            this.matOffset = rowOffset;
        } else {
            // the own copy's rows start cache lines (CacheLines), its padding zero
            this.mat = new double[LEAD + nIn * stride];
            this.matOffset = LEAD;
            for (int i = 0; i < nIn; i++) {
                System.arraycopy(rowMajor, rowOffset + i * nOut, mat, LEAD + i * stride, nOut);
            }
        }
        this.bias = spent != null ? spent.bias : new double[stride];
        System.arraycopy(bias, 0, this.bias, 0, nOut);
        this.skipsEmpty = !hasNegativeZeroOrNaN(this.bias);
        this.groups = (nIn + GROUP - 1) / GROUP;
        this.table = blocking == null ? buildTable(spent != null ? spent.table : null) : null;
    }

    /** @return where the row of M of input unit i starts in {@link #mat} (row 0's start for units past nIn) */
    private int unitRow(int i) {
        return matOffset + (i < nIn ? i * stride : 0);
    }

    /** @return the blocked path's blocks of groups */
    private int groupBlocks() {
        return (groups + blocking.groups - 1) / blocking.groups;
    }

    /** @return whether some entry of {@code values} is -0.0 or a NaN */
    private static boolean hasNegativeZeroOrNaN(double[] values) {
        for (double v : values) {
            if (Double.doubleToRawLongBits(v) == Long.MIN_VALUE || Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }

    /** @return the group tables, built on first use in a blocked kernel */
    private double[] table() {
        double[] t = table;
        if (t == null) {
            synchronized (this) {
                t = table;
                if (t == null) {
                    t = buildTable(null);
                    table = t;
                }
            }
        }
        return t;
    }

    /**
     * The group tables: table row p of group g is row p &amp; (p - 1) plus the row of M of p's lowest unit.
     *
     * @param into the tables of a spent kernel of the same sizes to overwrite, or null for new ones
     * @return the tables
     */
    private double[] buildTable(double[] into) {
        int size = LEAD + groups * PATTERNS * stride;
        double[] t = into != null && into.length == size ? into : new double[size];
        int full = nIn / GROUP;
        for (int g = 0; g < full; g++) {
            int u = g * GROUP;
            buildGroupVector(mat, unitRow(u), unitRow(u + 1), unitRow(u + 2), unitRow(u + 3), 0, stride, t,
                    LEAD + g * PATTERNS * stride, stride);
        }
        // the last, partial group: the rows of its missing units stay zero
        for (int g = full; g < groups; g++) {
            for (int p = 1; p < PATTERNS; p++) {
                int unit = g * GROUP + Integer.numberOfTrailingZeros(p);
                int dst = LEAD + (g * PATTERNS + p) * stride;
                int prev = LEAD + (g * PATTERNS + (p & (p - 1))) * stride;
                if (unit < nIn) {
                    for (int j = 0; j < stride; j += LANES) {
                        DoubleVector.fromArray(S, t, prev + j)
                                .add(DoubleVector.fromArray(S, mat, matOffset + unit * stride + j))
                                .intoArray(t, dst + j);
                    }
                }
            }
        }
        return t;
    }

    /**
     * The fields bias + x.M of {@code rows} input rows (binary rows through the group tables, others
     * through the fused multiply-adds), for callers outside core that need one affine map of a layer's
     * states, such as the swap kernel's two fields of one configuration side by side
     * ({@code kernels.FusedField}): the same code, and so the same bits, as an RBM's own fields.
     *
     * @param x inputs, rows x nIn
     * @param rows number of rows
     * @param out outputs, rows x nOut (overwritten; must not be x)
     */
    public void fields(double[] x, int rows, double[] out) {
        apply(x, rows, out, Mode.FIELD, 1.0, null, null);
    }

    /**
     * Applies the kernel to {@code rows} input rows.
     *
     * @param x inputs, rows x nIn
     * @param rows number of rows
     * @param out outputs, rows x nOut (overwritten; must not be x)
     * @param mode what to write
     * @param beta inverse temperature applied to the field in MEAN and SAMPLE modes
     * @param rng stream for SAMPLE mode (exactly rows*nOut draws), else null
     * @param uniforms work array of at least rows*nOut doubles for SAMPLE mode, else unused
     */
    void apply(double[] x, int rows, double[] out, Mode mode, double beta, Rng rng, double[] uniforms) {
        ChunkPool pool = pool(rows);
        if (Arithmetic.blas()) {
            // the opt-in arithmetic: one dgemm over the whole batch (Arithmetic)
            NativeBlas.fields(x, rows, nIn, matOffset == 0 ? mat : Arrays.copyOfRange(mat, matOffset, matOffset
                    + nIn * stride), stride, bias, nOut, out);
        } else if (blocking != null && rows >= blocking.minRows) {
            applyBlocked(x, rows, out, false, pool);
        } else if (pool != null) {
            // chunks of whole rows: each row's fields are the same computation whoever runs them
            pool.forEach((rows + SPLIT_ROWS - 1) / SPLIT_ROWS,
                    (k, w) -> applyRows(x, k * SPLIT_ROWS, Math.min(rows, (k + 1) * SPLIT_ROWS), out, false));
        } else {
            applyRows(x, 0, rows, out, false);
        }
        finish(rows, out, mode, beta, rng, uniforms, pool);
    }

    /**
     * Two batches of inputs through one call: the same outputs, bits and draws as {@code apply(x1, rows1,
     * out1, mode1, 1.0, rng1, uniforms1)} followed by {@code apply(x2, rows2, out2, mode2, 1.0, rng2,
     * uniforms2)}, but where the layer takes the blocked path, the blocks' table rows are built once for
     * the binary rows of both batches (a training update's fresh hidden draws of its
     * chains and the hidden means of its data rows are two batches through the same W: at 784 x 500 the
     * building is about a third of a 100-row call).
     *
     * @param x1 the first batch's inputs, rows1 x nIn
     * @param rows1 its rows
     * @param out1 its outputs, rows1 x nOut (overwritten; not x1, x2 or out2)
     * @param mode1 what to write for it
     * @param rng1 its stream for SAMPLE mode, else null
     * @param uniforms1 its work array for SAMPLE mode, else unused
     * @param x2 the second batch's inputs, rows2 x nIn
     * @param rows2 its rows
     * @param out2 its outputs, rows2 x nOut (overwritten; not x1, x2 or out1)
     * @param mode2 what to write for it
     * @param rng2 its stream for SAMPLE mode, else null
     * @param uniforms2 its work array for SAMPLE mode, else unused
     */
    void applyTwo(double[] x1, int rows1, double[] out1, Mode mode1, Rng rng1, double[] uniforms1,
                  double[] x2, int rows2, double[] out2, Mode mode2, Rng rng2, double[] uniforms2) {
        int rows = rows1 + rows2;
        if (Arithmetic.blas() || blocking == null || rows < blocking.minRows || rows1 == 0 || rows2 == 0) {
            apply(x1, rows1, out1, mode1, 1.0, rng1, uniforms1);
            apply(x2, rows2, out2, mode2, 1.0, rng2, uniforms2);
            return;
        }
        ChunkPool pool = pool(rows);
        applyBlocked(x1, rows1, out1, x2, rows2, out2, false, pool);
        finish(rows1, out1, mode1, 1.0, rng1, uniforms1, pool(rows1));
        finish(rows2, out2, mode2, 1.0, rng2, uniforms2, pool(rows2));
    }

    /** @return the installed pool where a call of this many rows splits its work, else null */
    private ChunkPool pool(int rows) {
        ChunkPool pool = ChunkPool.current();
        return pool != null && (long) rows * nIn * nOut < SPLIT_MIN_WORK ? null : pool;
    }

    /** The mode's work on a batch's fields: none, the sigmoids or the Bernoulli draws. */
    private void finish(int rows, double[] out, Mode mode, double beta, Rng rng, double[] uniforms, ChunkPool pool) {
        // the transcendental work runs once over the whole batch: no per-row overhead, no padding lanes
        int total = rows * nOut;
        if (pool != null && mode != Mode.FIELD && total > SAMPLE_CHUNK) {
            finishSplit(pool, total, out, mode, beta, rng, uniforms);
        } else if (mode == Mode.MEAN) {
            VectorMath.sigmoidInPlace(beta, out, 0, total);
        } else if (mode == Mode.SAMPLE) {
            // h = 1 with probability sig(beta f) = 1 / (1 + e^{-beta f}): test u (1 + e) < 1, no division.
            // Chunks of a multiple of the vector length keep uniforms and exponentials in the L1 cache
            // and draw exactly the uniforms one fill of the whole batch would (same counters, in order).
            // The rare chunk with a draw the fast test cannot decide (within 1e-7 of the threshold, a
            // field beyond the exponential's range, NaN) is drawn again from the same uniforms by the
            // exact scalar draws: the same decisions, about once in several thousand chunks.
            for (int c = 0; c < total; c += SAMPLE_CHUNK) {
                int len = Math.min(SAMPLE_CHUNK, total - c);
                Rng replay = rng.copy();
                rng.fillUniform(uniforms, c, len);
                if (!VectorMath.bernoulliLogisticDeferred(uniforms, c, out, c, len, beta)) {
                    replay.fillUniform(uniforms, c, len);
                    VectorMath.bernoulliLogisticScalar(uniforms, c, out, c, len, beta);
                }
            }
        }
    }

    /**
     * The sigmoids (MEAN) or the Bernoulli draws (SAMPLE) of a batch's fields split over a pool, in the
     * chunks of {@value #SAMPLE_CHUNK} elements of the sequential code: the sigmoid is elementwise (a
     * chunk starts at a multiple of the vector length, so every element takes the vector or the scalar
     * code as in one call over the whole batch), and chunk c draws the uniforms at positions c, c + 1,
     * ... of the stream ({@link Rng#ahead}), the very draws of the sequential fill, which the stream is
     * then moved past.
     */
    private static void finishSplit(ChunkPool pool, int total, double[] out, Mode mode, double beta, Rng rng,
                                    double[] uniforms) {
        int chunks = (total + SAMPLE_CHUNK - 1) / SAMPLE_CHUNK;
        if (mode == Mode.MEAN) {
            pool.forEach(chunks, (k, w) -> {
                int c = k * SAMPLE_CHUNK;
                VectorMath.sigmoidInPlace(beta, out, c, Math.min(SAMPLE_CHUNK, total - c));
            });
            return;
        }
        Rng base = rng.ahead(0);
        rng.skip(total);
        pool.forEach(chunks, (k, w) -> {
            int c = k * SAMPLE_CHUNK;
            int len = Math.min(SAMPLE_CHUNK, total - c);
            base.ahead(c).fillUniform(uniforms, c, len);
            if (!VectorMath.bernoulliLogisticDeferred(uniforms, c, out, c, len, beta)) {
                base.ahead(c).fillUniform(uniforms, c, len);
                VectorMath.bernoulliLogisticScalar(uniforms, c, out, c, len, beta);
            }
        });
    }

    /** {@link #applyRows(double[], int, int, double[], boolean)} over all rows. */
    private void applyRows(double[] x, int rows, double[] out, boolean twins) {
        applyRows(x, 0, rows, out, twins);
    }

    /**
     * The fields of rows [r0, r1) one row at a time, each row's whole table or matrix in one pass (the
     * loops of small layers, whose tables stay in the caches). Writes only the rows [r0, r1) of out, so
     * that chunks of rows can run on several threads.
     */
    private void applyRows(double[] x, int r0, int r1, double[] out, boolean twins) {
        double[] tab = table();
        int[] offsets = new int[groups];
        double[] row = new double[stride];
        for (int r = r0; r < r1; r++) {
            int xo = r * nIn;
            int o = r * nOut;
            // rows are written whole vectors at a time straight into out: a row's padding lanes land on
            // the start of the next rows, which are written after it; a row whose padding would pass the
            // last row of the range (r1 * nOut; out may be longer and hold other data, or the next rows
            // may be another thread's) goes through the row buffer
            boolean direct = o + stride <= r1 * nOut;
            double[] dst = direct ? out : row;
            int dstOff = direct ? o : 0;
            if (!twins && VectorWarmUp.vector(VectorWarmUp.PATTERNS) ? patternsVector(x, xo, offsets, 0, stride)
                    : patterns(x, xo, offsets, 0, stride)) {
                if (!twins && VectorWarmUp.vector(VectorWarmUp.TABLE)) {
                    accumulateTable(tab, offsets, dst, dstOff);
                } else {
                    accumulateTableScalar(tab, offsets, dst, dstOff);
                }
            } else if (!twins && VectorWarmUp.vector(VectorWarmUp.DENSE)) {
                accumulateDense(x, xo, FIRST_ROW, 1, 0, nIn, 0, stride, bias, 0, 0, dst, dstOff, 0);
            } else {
                accumulateDenseScalar(x, xo, FIRST_ROW, 1, 0, nIn, 0, stride, bias, 0, 0, dst, dstOff, 0);
            }
            if (!direct) {
                System.arraycopy(row, 0, out, o, nOut);
            }
        }
    }

    /**
     * The fields of the rows in cache blocks ({@link Blocking}): for each tile of output columns, for
     * each block of groups (binary rows) or of inputs (other rows), every row's partial sums of the
     * tile go through one pass over the block, stored in a buffer of rows x tile between blocks. Each
     * element is still bias + group 0 + group 1 + ... (or fma over inputs 0, 1, ...) in order, and a
     * partial sum stored to memory and loaded back is the same double, so the bits are those of
     * {@link #applyRows}, at every vector width; only the order in which elements are worked on changes.
     */
    private void applyBlocked(double[] x, int rows, double[] out, boolean twins) {
        applyBlocked(x, rows, out, twins, null);
    }

    /**
     * {@link #applyBlocked(double[], int, double[], boolean)}, its tiles of output columns split over a
     * pool (null: sequential): a tile's outputs (all rows, its columns) depend on no other tile, and
     * each worker has its own partial sums and table rows.
     */
    private void applyBlocked(double[] x, int rows, double[] out, boolean twins, ChunkPool pool) {
        applyBlocked(x, rows, out, null, 0, null, twins, pool);
    }

    /**
     * {@link #applyBlocked(double[], int, double[], boolean, ChunkPool)} over two batches at once (the
     * second may be empty: x2 and out2 null): rows [0, rows1) of the pass are x1's, rows [rows1, rows1 +
     * rows2) x2's, so each block's table rows are built once for both. Every row's fields are computed
     * as in a call of its own batch (the blocked path's bits do not depend on the other rows).
     */
    private void applyBlocked(double[] x1, int rows1, double[] out1, double[] x2, int rows2, double[] out2,
                              boolean twins, ChunkPool pool) {
        int rows = rows1 + rows2;
        int tile = blocking.tile;
        int[] offsets = new int[rows * groups];
        int[] binaryRows = new int[rows];
        int[] denseRows1 = new int[rows1];
        int[] denseRows2 = new int[rows2];
        int nb = 0;
        int nd1 = 0;
        int nd2 = 0;
        boolean vectorPatterns = !twins && VectorWarmUp.vector(VectorWarmUp.PATTERNS);
        boolean[] binaryRow = new boolean[rows];
        int[] ends = skipsEmpty ? new int[rows * groupBlocks()] : null;
        if (pool == null) {
            rowPatterns(x1, 0, 0, rows1, offsets, binaryRow, ends, vectorPatterns);
            rowPatterns(x2, rows1, rows1, rows, offsets, binaryRow, ends, vectorPatterns);
        } else {
            // each row's offsets, binary test and ends are its own (integers and a yes/no answer)
            pool.forEach((rows1 + SPLIT_ROWS - 1) / SPLIT_ROWS, (k, w) -> rowPatterns(x1, 0, k * SPLIT_ROWS,
                    Math.min(rows1, (k + 1) * SPLIT_ROWS), offsets, binaryRow, ends, vectorPatterns));
            pool.forEach((rows2 + SPLIT_ROWS - 1) / SPLIT_ROWS, (k, w) -> rowPatterns(x2, rows1, rows1 + k * SPLIT_ROWS,
                    Math.min(rows, rows1 + (k + 1) * SPLIT_ROWS), offsets, binaryRow, ends, vectorPatterns));
        }
        for (int r = 0; r < rows; r++) {
            if (binaryRow[r]) {
                binaryRows[nb++] = r;
            } else if (r < rows1) {
                denseRows1[nd1++] = r;
            } else {
                denseRows2[nd2++] = r;
            }
        }
        Batches batches = new Batches(x1, rows1, out1, x2, out2, rows, offsets, ends, binaryRows, nb, denseRows1, nd1,
                denseRows2, nd2);
        int tiles = (stride + tile - 1) / tile;
        int workers = pool == null ? 1 : Math.min(pool.threads(), tiles);
        double[][] bufs = new double[workers][];
        double[][] slices = new double[workers][];
        if (pool == null) {
            for (int t = 0; t < tiles; t++) {
                blockedTile(batches, twins, t, bufs, slices, 0);
            }
        } else {
            pool.forEach(tiles, (t, w) -> blockedTile(batches, twins, t, bufs, slices, w));
        }
    }

    /**
     * The rows of one pass of the blocked path: rows [0, rows1) from x1 into out1, the rest from x2 into
     * out2; the rows' table offsets, where each binary row's groups end in each block (null: at the
     * block's end, see {@link #skipEmptyGroups}), the binary rows, and each batch's other rows (global row
     * numbers).
     */
    private record Batches(double[] x1, int rows1, double[] out1, double[] x2, double[] out2, int rows, int[] offsets,
                           int[] ends, int[] binaryRows, int nb, int[] denseRows1, int nd1, int[] denseRows2, int nd2) {
    }

    /**
     * The group offsets into a tile's table rows and the binary test of rows [r0, r1), row r being x's row
     * r - first, and for binary rows, where ends is not null, their empty groups skipped
     * ({@link #skipEmptyGroups}).
     */
    private void rowPatterns(double[] x, int first, int r0, int r1, int[] offsets, boolean[] binary, int[] ends,
                             boolean vectorCode) {
        int tile = blocking.tile;
        for (int r = r0; r < r1; r++) {
            // offsets into the block's table rows, whose rows are a tile long; row r is row r - first of x
            int xo = (r - first) * nIn;
            binary[r] = vectorCode ? patternsVector(x, xo, offsets, r * groups, tile)
                    : patterns(x, xo, offsets, r * groups, tile);
            if (binary[r] && ends != null) {
                skipEmptyGroups(offsets, r, ends);
            }
        }
    }

    /**
     * Drops the empty groups (all four inputs zero: table row 0, which is +0.0) of binary row r from its
     * offsets, block by block of the blocked path: the offsets of the other groups of block b move, in
     * order, to the block's first places, and ends[r blocks + b] is where they end. The sums then skip
     * additions of +0.0, and a sum x + (+0.0) is x, bit for bit, for every x but -0.0 and a signalling
     * NaN (which the addition makes quiet): the sums start from the bias and add table entries, none of
     * which is -0.0 or a signalling NaN (each is the result of an addition to +0.0, and x + y is -0.0
     * only when both are), so no partial sum is either unless the bias has such an entry, and kernels
     * whose bias has a -0.0 or a NaN keep every group ({@link #skipsEmpty}). The same bits, fewer
     * additions: on sparse inputs such as digit images most groups are empty.
     */
    private void skipEmptyGroups(int[] offsets, int r, int[] ends) {
        int gb = blocking.groups;
        int blocks = groupBlocks();
        int base = r * groups;
        int empty = PATTERNS * blocking.tile;
        for (int b = 0; b < blocks; b++) {
            int g0 = b * gb;
            int g1 = Math.min(groups, g0 + gb);
            int end = g0;
            for (int g = g0; g < g1; g++) {
                // without a branch (about half the groups of sparse rows are empty: a branch would be
                // mispredicted half the time): write every offset, keep it by advancing past it
                int offset = offsets[base + g];
                offsets[base + end] = offset;
                end += offset != g * empty ? 1 : 0;
            }
            ends[r * blocks + b] = end;
        }
    }

    /** Tile t (columns [t tile, (t + 1) tile)) of the blocked path, with worker w's buffers. */
    private void blockedTile(Batches b, boolean twins, int t, double[][] bufs, double[][] slices, int w) {
        int tile = blocking.tile;
        int gb = blocking.groups;
        int rows = b.rows();
        int nb = b.nb();
        if (bufs[w] == null) {
            bufs[w] = new double[LEAD + rows * tile];
            slices[w] = nb > 0 ? new double[LEAD + gb * PATTERNS * tile] : null;
        }
        double[] buf = bufs[w];
        double[] slice = slices[w];
        int j0 = t * tile;
        int j1 = Math.min(stride, j0 + tile);
        int blocks = groupBlocks();
        // element (r, j) of the tile is buf[LEAD + r * tile + j - j0]; the first block starts from the bias
        for (int g0 = 0; nb > 0 && g0 < groups; g0 += gb) {
            int g1 = Math.min(groups, g0 + gb);
            tableBlock(g0, g1, j0, j1, tile, slice, twins);
            double[] init = g0 == 0 ? bias : buf;
            int io = g0 == 0 ? 0 : LEAD - j0;
            int is = g0 == 0 ? 0 : tile;
            // table row p of group g, column j: slice[LEAD + ((g - g0) PATTERNS + p) tile + j - j0]
            int tb = LEAD - g0 * PATTERNS * tile - j0;
            int block = g0 / gb;
            if (!twins && VectorWarmUp.vector(VectorWarmUp.TABLE)) {
                accumulateTable(slice, tb, b.offsets(), 0, groups, b.ends(), block, blocks, b.binaryRows(), nb,
                        g0, g1, j0, j1, init, io, is, buf, LEAD - j0, tile);
            } else {
                accumulateTableScalar(slice, tb, b.offsets(), 0, groups, b.ends(), block, blocks, b.binaryRows(), nb,
                        g0, g1, j0, j1, init, io, is, buf, LEAD - j0, tile);
            }
        }
        // each batch's other rows: row r of the pass is row r - rows1 of x2 (its inputs from x2[-rows1 nIn + r nIn])
        denseBlocks(b.x1(), 0, b.denseRows1(), b.nd1(), j0, j1, buf, twins);
        denseBlocks(b.x2(), -b.rows1() * nIn, b.denseRows2(), b.nd2(), j0, j1, buf, twins);
        int len = Math.min(j1, nOut) - j0;
        for (int r = 0; r < b.rows1(); r++) {
            System.arraycopy(buf, LEAD + r * tile, b.out1(), r * nOut + j0, len);
        }
        for (int r = b.rows1(); r < rows; r++) {
            System.arraycopy(buf, LEAD + r * tile, b.out2(), (r - b.rows1()) * nOut + j0, len);
        }
    }

    /** The dense sums of a tile for the given rows (x's row r at xo + r nIn), by blocks of inputs. */
    private void denseBlocks(double[] x, int xo, int[] denseRows, int nd, int j0, int j1, double[] buf, boolean twins) {
        int tile = blocking.tile;
        for (int i0 = 0; nd > 0 && i0 < nIn; i0 += blocking.inputs) {
            int i1 = Math.min(nIn, i0 + blocking.inputs);
            double[] init = i0 == 0 ? bias : buf;
            int io = i0 == 0 ? 0 : LEAD - j0;
            int is = i0 == 0 ? 0 : tile;
            if (!twins && VectorWarmUp.vector(VectorWarmUp.DENSE)) {
                accumulateDense(x, xo, denseRows, nd, i0, i1, j0, j1, init, io, is, buf, LEAD - j0, tile);
            } else {
                accumulateDenseScalar(x, xo, denseRows, nd, i0, i1, j0, j1, init, io, is, buf, LEAD - j0, tile);
            }
        }
    }

    /**
     * The table rows of groups [g0, g1), columns [j0, j1), into slice[LEAD + ((g - g0) PATTERNS + p) tile +
     * j - j0], one group at a time by {@link #buildGroupVector} (or its twin): row p is row p &amp; (p - 1)
     * plus the row of M of p's lowest unit, the additions {@link #buildTable} makes, so the same bits.
     * Row 0 of each group is never written (zero from the allocation), so the rows of units past nIn,
     * which {@link #unitRow} points at row 0 of M, are written but never read: a binary row's pattern
     * has no bit for them.
     */
    private void tableBlock(int g0, int g1, int j0, int j1, int tile, double[] slice, boolean twins) {
        boolean vectorCode = !twins && VectorWarmUp.vector(VectorWarmUp.TABLE);
        for (int g = g0; g < g1; g++) {
            int u = g * GROUP;
            int d = LEAD + (g - g0) * PATTERNS * tile - j0;
            if (vectorCode) {
                buildGroupVector(mat, unitRow(u), unitRow(u + 1), unitRow(u + 2), unitRow(u + 3), j0, j1, slice, d,
                        tile);
            } else {
                buildGroupScalar(mat, unitRow(u), unitRow(u + 1), unitRow(u + 2), unitRow(u + 3), j0, j1, slice, d,
                        tile);
            }
        }
    }

    /**
     * The 15 nonzero table rows of one group, columns [j0, j1) (whole vectors): row p (1 to 15) at
     * dst[d + p ds + j] is row p &amp; (p - 1) plus the row of M of p's lowest unit, row 0 being +0.0
     * (so a one-unit row is 0.0 + M, as {@link #buildTable} has always added it). Each column's four
     * rows of M are loaded once and the 15 rows built from one another in registers: four loads and
     * fifteen additions and stores per vector of columns, where building each row from the stored row
     * below it loaded twice per addition (sampling at 784 x 500 about 17 % faster on an AMD Zen 5).
     *
     * @param mat M
     * @param m0 where the row of M of the group's unit 0 starts in mat (m1, m2, m3 likewise)
     */
    private static void buildGroupVector(double[] mat, int m0, int m1, int m2, int m3, int j0, int j1, double[] dst,
                                         int d, int ds) {
        DoubleVector zero = DoubleVector.zero(S);
        for (int j = j0; j < j1; j += LANES) {
            DoubleVector w0 = DoubleVector.fromArray(S, mat, m0 + j);
            DoubleVector w1 = DoubleVector.fromArray(S, mat, m1 + j);
            DoubleVector w2 = DoubleVector.fromArray(S, mat, m2 + j);
            DoubleVector w3 = DoubleVector.fromArray(S, mat, m3 + j);
            DoubleVector r2 = zero.add(w1);
            DoubleVector r4 = zero.add(w2);
            DoubleVector r6 = r4.add(w1);
            DoubleVector r8 = zero.add(w3);
            DoubleVector r10 = r8.add(w1);
            DoubleVector r12 = r8.add(w2);
            DoubleVector r14 = r12.add(w1);
            int b = d + j;
            zero.add(w0).intoArray(dst, b + ds);
            r2.intoArray(dst, b + 2 * ds);
            r2.add(w0).intoArray(dst, b + 3 * ds);
            r4.intoArray(dst, b + 4 * ds);
            r4.add(w0).intoArray(dst, b + 5 * ds);
            r6.intoArray(dst, b + 6 * ds);
            r6.add(w0).intoArray(dst, b + 7 * ds);
            r8.intoArray(dst, b + 8 * ds);
            r8.add(w0).intoArray(dst, b + 9 * ds);
            r10.intoArray(dst, b + 10 * ds);
            r10.add(w0).intoArray(dst, b + 11 * ds);
            r12.intoArray(dst, b + 12 * ds);
            r12.add(w0).intoArray(dst, b + 13 * ds);
            r14.intoArray(dst, b + 14 * ds);
            r14.add(w0).intoArray(dst, b + 15 * ds);
        }
    }

    /**
     * The scalar twin of {@link #buildGroupVector} (see {@link VectorWarmUp}): the same additions of the
     * same operands, element by element, so the same bits.
     */
    static void buildGroupScalar(double[] mat, int m0, int m1, int m2, int m3, int j0, int j1, double[] dst, int d,
                                 int ds) {
        for (int j = j0; j < j1; j++) {
            double w0 = mat[m0 + j];
            double w1 = mat[m1 + j];
            double w2 = mat[m2 + j];
            double w3 = mat[m3 + j];
            double r2 = 0.0 + w1;
            double r4 = 0.0 + w2;
            double r6 = r4 + w1;
            double r8 = 0.0 + w3;
            double r10 = r8 + w1;
            double r12 = r8 + w2;
            double r14 = r12 + w1;
            int b = d + j;
            dst[b + ds] = 0.0 + w0;
            dst[b + 2 * ds] = r2;
            dst[b + 3 * ds] = r2 + w0;
            dst[b + 4 * ds] = r4;
            dst[b + 5 * ds] = r4 + w0;
            dst[b + 6 * ds] = r6;
            dst[b + 7 * ds] = r6 + w0;
            dst[b + 8 * ds] = r8;
            dst[b + 9 * ds] = r8 + w0;
            dst[b + 10 * ds] = r10;
            dst[b + 11 * ds] = r10 + w0;
            dst[b + 12 * ds] = r12;
            dst[b + 13 * ds] = r12 + w0;
            dst[b + 14 * ds] = r14;
            dst[b + 15 * ds] = r14 + w0;
        }
    }

    /**
     * Reads the group patterns of one input row into table offsets offsets[ob..ob+groups).
     *
     * @return false if the row is not binary (then the offsets are meaningless)
     */
    private boolean patterns(double[] x, int xo, int[] offsets, int ob, int rowLen) {
        return groupsScalar(x, xo, offsets, ob, rowLen, 0, true);
    }

    /**
     * The offsets of groups from {@code first} on (into offsets[ob + g]), and the binary test of their
     * inputs.
     *
     * @param binarySoFar the test's answer for the groups before {@code first}
     * @return whether the whole row is binary
     */
    private boolean groupsScalar(double[] x, int xo, int[] offsets, int ob, int rowLen, int first, boolean binarySoFar) {
        int full = nIn / GROUP;
        // x - x^2 (one exactly rounded fma) is zero exactly for x in {0, 1} (and -0) and nonzero or NaN
        // for every other double, so the sum of its absolute values is zero exactly when the groups are
        // binary; the pattern is then x_0 + 2 x_1 + 4 x_2 + 8 x_3, exact in double arithmetic (the mask
        // only keeps the index in range for rows that are not binary, whose offsets are not used). This
        // costs about a third of testing each input's bits (BGS sweep 59.6 -> 51.5 us).
        double off = 0;
        for (int g = first; g < full; g++) {
            int i = xo + g * GROUP;
            double a = x[i];
            double b = x[i + 1];
            double c = x[i + 2];
            double d = x[i + 3];
            off += (Math.abs(Math.fma(a, -a, a)) + Math.abs(Math.fma(b, -b, b)))
                    + (Math.abs(Math.fma(c, -c, c)) + Math.abs(Math.fma(d, -d, d)));
            int p = (int) ((a + 2.0 * b) + (4.0 * c + 8.0 * d));
            offsets[ob + g] = (g * PATTERNS + (p & (PATTERNS - 1))) * rowLen;
        }
        boolean binary = binarySoFar && off == 0.0;
        // the last, partial group: 1.0 has exponent bit 52 set and 0.0 no bit, so bit 52 is the value
        for (int g = full; g < groups; g++) {
            int p = 0;
            for (int k = 0; g * GROUP + k < nIn; k++) {
                long v = Double.doubleToRawLongBits(x[xo + g * GROUP + k]);
                binary &= v == 0L | v == ONE_BITS;
                p |= (int) ((v >>> 52) & 1L) << k;
            }
            offsets[ob + g] = (g * PATTERNS + p) * rowLen;
        }
        return binary;
    }

    /**
     * The vector code of {@link #patterns} (its scalar twin, see {@link VectorWarmUp}): the same
     * offsets and the same binary decision. A group's pattern is read from bit 52 of its inputs'
     * raw bits (1.0 has it, 0.0 and -0.0 do not: the pattern of every binary group, as the twin's
     * sum x_0 + 2 x_1 + 4 x_2 + 8 x_3 gives it), one vector of LANES inputs at a time, each lane
     * shifted to its own bit and the lanes or-ed together; the binary test is the twin's, sum of
     * |x - x^2| == 0, with the sum taken lane by lane (a sum of non-negative terms is zero exactly
     * when every term is, in any order, and a NaN or infinity in any term keeps it nonzero). Whole
     * steps (8, 4 or 2+2 inputs) cover the full groups they can; the rest goes through the twin's
     * code. Integers and one yes/no answer: the same at every vector width.
     */
    private boolean patternsVector(double[] x, int xo, int[] offsets, int ob, int rowLen) {
        int full = nIn / GROUP;
        int stepGroups = GROUPS_PER_STEP;
        int vecGroups = LANES == 1 ? 0 : full / stepGroups * stepGroups;
        DoubleVector off = DoubleVector.zero(S);
        for (int g = 0; g < vecGroups; g += stepGroups) {
            int i = xo + g * GROUP;
            long bits = 0;
            for (int v = 0; v < VECTORS_PER_STEP; v++) {
                DoubleVector a = DoubleVector.fromArray(S, x, i + v * LANES);
                off = a.fma(a.neg(), a).abs().add(off);
                bits |= a.reinterpretAsLongs().lanewise(VectorOperators.LSHR, 52).and(1L)
                        .lanewise(VectorOperators.LSHL, LANE_SHIFTS).reduceLanes(VectorOperators.OR) << (v * LANES);
            }
            for (int q = 0; q < stepGroups; q++) {
                offsets[ob + g + q] = ((g + q) * PATTERNS + (int) ((bits >>> (q * GROUP)) & (PATTERNS - 1))) * rowLen;
            }
        }
        boolean binary = off.reduceLanes(VectorOperators.ADD) == 0.0;
        return groupsScalar(x, xo, offsets, ob, rowLen, vecGroups, binary);
    }

    /**
     * row[ro..ro+stride) = bias + sum over groups of the table row of the group's pattern: the
     * row-at-a-time path's form of the general routine below (same name, so the same JIT settings
     * and warm-up switch), kept apart because its one-row loops cost 10 % less at the paper's size.
     */
    private void accumulateTable(double[] table, int[] offsets, double[] row, int ro) {
        int j = 0;
        for (; j + 4 * LANES <= stride; j += 4 * LANES) {
            DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
            DoubleVector a1 = DoubleVector.fromArray(S, bias, j + LANES);
            DoubleVector a2 = DoubleVector.fromArray(S, bias, j + 2 * LANES);
            DoubleVector a3 = DoubleVector.fromArray(S, bias, j + 3 * LANES);
            for (int g = 0; g < groups; g++) {
                int base = offsets[g] + LEAD + j;
                a0 = DoubleVector.fromArray(S, table, base).add(a0);
                a1 = DoubleVector.fromArray(S, table, base + LANES).add(a1);
                a2 = DoubleVector.fromArray(S, table, base + 2 * LANES).add(a2);
                a3 = DoubleVector.fromArray(S, table, base + 3 * LANES).add(a3);
            }
            a0.intoArray(row, ro + j);
            a1.intoArray(row, ro + j + LANES);
            a2.intoArray(row, ro + j + 2 * LANES);
            a3.intoArray(row, ro + j + 3 * LANES);
        }
        for (; j < stride; j += LANES) {
            DoubleVector acc = DoubleVector.fromArray(S, bias, j);
            for (int g = 0; g < groups; g++) {
                acc = DoubleVector.fromArray(S, table, offsets[g] + LEAD + j).add(acc);
            }
            acc.intoArray(row, ro + j);
        }
    }

    /**
     * The scalar twin of {@link #accumulateTable(double[], int[], double[], int)} (see
     * {@link VectorWarmUp}): every element is
     * bias + t_0 + t_1 + ... added in group order, the same additions in the same order as the lanes
     * of the vector code, so the same bits: the blocked twin below for one row (the vector code keeps
     * a one-row form of its own, 10 % faster at 25 x 100; the twin runs only until the JIT has
     * compiled the vector code).
     */
    void accumulateTableScalar(double[] table, int[] offsets, double[] row, int ro) {
        // the blocked path's twin for one row, all groups and all columns: the same sums in the same order
        accumulateTableScalar(table, LEAD, offsets, 0, 0, null, 0, 0, FIRST_ROW, 1, 0, groups, 0, stride, bias, 0, 0, row, ro, 0);
    }

    /**
     * Table sums of a block: for each row r = rows[k], k &lt; count, and each column j in [j0, j1)
     * (j0 and j1 whole vectors), dst[dOff + r ds + j] = init[io + r is + j] + the table rows of the
     * row's groups in the block in order, the table row of its t-th group at offsets[ob + r os + g0 + t]
     * + j, for g0 + t below its end: ends[r es + eb] where ends is not null (its empty groups skipped,
     * {@link #skipEmptyGroups}), else g1. The row-at-a-time path calls it with one row (its offsets at 0,
     * no ends, the bias as init, [0, groups) and [0, stride)); the blocked path with all binary rows,
     * block eb of es of groups [g0, g1) and a tile of columns, the partial sums of the earlier blocks as
     * init. Rows go two at a time (eight independent sums of four vectors each, so that twice as many
     * table loads are in flight: a 100-row call at 784 x 500 about 15 % faster on an AMD Zen 5) while
     * both have groups left; each row's sum is still its own, in group order, so the bits do not change.
     */
    private void accumulateTable(double[] tab, int tb, int[] offsets, int ob, int os, int[] ends, int eb, int es,
                                 int[] rows, int count, int g0, int g1, int j0, int j1, double[] init, int io, int is,
                                 double[] dst, int dOff, int ds) {
        int k = 0;
        for (; k + 1 < count; k += 2) {
            int r = rows[k];
            int q = rows[k + 1];
            int rb = ob + r * os;
            int qb = ob + q * os;
            int ib = io + r * is;
            int qib = io + q * is;
            int db = dOff + r * ds;
            int qdb = dOff + q * ds;
            int gr = ends == null ? g1 : ends[r * es + eb];
            int gq = ends == null ? g1 : ends[q * es + eb];
            int gm = Math.min(gr, gq);
            int j = j0;
            for (; j + 4 * LANES <= j1; j += 4 * LANES) {
                DoubleVector a0 = DoubleVector.fromArray(S, init, ib + j);
                DoubleVector a1 = DoubleVector.fromArray(S, init, ib + j + LANES);
                DoubleVector a2 = DoubleVector.fromArray(S, init, ib + j + 2 * LANES);
                DoubleVector a3 = DoubleVector.fromArray(S, init, ib + j + 3 * LANES);
                DoubleVector c0 = DoubleVector.fromArray(S, init, qib + j);
                DoubleVector c1 = DoubleVector.fromArray(S, init, qib + j + LANES);
                DoubleVector c2 = DoubleVector.fromArray(S, init, qib + j + 2 * LANES);
                DoubleVector c3 = DoubleVector.fromArray(S, init, qib + j + 3 * LANES);
                int g = g0;
                for (; g < gm; g++) {
                    int base = offsets[rb + g] + tb + j;
                    int other = offsets[qb + g] + tb + j;
                    a0 = DoubleVector.fromArray(S, tab, base).add(a0);
                    a1 = DoubleVector.fromArray(S, tab, base + LANES).add(a1);
                    a2 = DoubleVector.fromArray(S, tab, base + 2 * LANES).add(a2);
                    a3 = DoubleVector.fromArray(S, tab, base + 3 * LANES).add(a3);
                    c0 = DoubleVector.fromArray(S, tab, other).add(c0);
                    c1 = DoubleVector.fromArray(S, tab, other + LANES).add(c1);
                    c2 = DoubleVector.fromArray(S, tab, other + 2 * LANES).add(c2);
                    c3 = DoubleVector.fromArray(S, tab, other + 3 * LANES).add(c3);
                }
                for (int h = g; h < gr; h++) {
                    int base = offsets[rb + h] + tb + j;
                    a0 = DoubleVector.fromArray(S, tab, base).add(a0);
                    a1 = DoubleVector.fromArray(S, tab, base + LANES).add(a1);
                    a2 = DoubleVector.fromArray(S, tab, base + 2 * LANES).add(a2);
                    a3 = DoubleVector.fromArray(S, tab, base + 3 * LANES).add(a3);
                }
                for (int h = g; h < gq; h++) {
                    int other = offsets[qb + h] + tb + j;
                    c0 = DoubleVector.fromArray(S, tab, other).add(c0);
                    c1 = DoubleVector.fromArray(S, tab, other + LANES).add(c1);
                    c2 = DoubleVector.fromArray(S, tab, other + 2 * LANES).add(c2);
                    c3 = DoubleVector.fromArray(S, tab, other + 3 * LANES).add(c3);
                }
                a0.intoArray(dst, db + j);
                a1.intoArray(dst, db + j + LANES);
                a2.intoArray(dst, db + j + 2 * LANES);
                a3.intoArray(dst, db + j + 3 * LANES);
                c0.intoArray(dst, qdb + j);
                c1.intoArray(dst, qdb + j + LANES);
                c2.intoArray(dst, qdb + j + 2 * LANES);
                c3.intoArray(dst, qdb + j + 3 * LANES);
            }
            for (; j < j1; j += LANES) {
                DoubleVector acc = DoubleVector.fromArray(S, init, ib + j);
                DoubleVector other = DoubleVector.fromArray(S, init, qib + j);
                for (int g = g0; g < gr; g++) {
                    acc = DoubleVector.fromArray(S, tab, offsets[rb + g] + tb + j).add(acc);
                }
                for (int g = g0; g < gq; g++) {
                    other = DoubleVector.fromArray(S, tab, offsets[qb + g] + tb + j).add(other);
                }
                acc.intoArray(dst, db + j);
                other.intoArray(dst, qdb + j);
            }
        }
        for (; k < count; k++) {
            int r = rows[k];
            int rb = ob + r * os;
            int ib = io + r * is;
            int db = dOff + r * ds;
            int gr = ends == null ? g1 : ends[r * es + eb];
            int j = j0;
            for (; j + 4 * LANES <= j1; j += 4 * LANES) {
                DoubleVector a0 = DoubleVector.fromArray(S, init, ib + j);
                DoubleVector a1 = DoubleVector.fromArray(S, init, ib + j + LANES);
                DoubleVector a2 = DoubleVector.fromArray(S, init, ib + j + 2 * LANES);
                DoubleVector a3 = DoubleVector.fromArray(S, init, ib + j + 3 * LANES);
                for (int g = g0; g < gr; g++) {
                    int base = offsets[rb + g] + tb + j;
                    a0 = DoubleVector.fromArray(S, tab, base).add(a0);
                    a1 = DoubleVector.fromArray(S, tab, base + LANES).add(a1);
                    a2 = DoubleVector.fromArray(S, tab, base + 2 * LANES).add(a2);
                    a3 = DoubleVector.fromArray(S, tab, base + 3 * LANES).add(a3);
                }
                a0.intoArray(dst, db + j);
                a1.intoArray(dst, db + j + LANES);
                a2.intoArray(dst, db + j + 2 * LANES);
                a3.intoArray(dst, db + j + 3 * LANES);
            }
            for (; j < j1; j += LANES) {
                DoubleVector acc = DoubleVector.fromArray(S, init, ib + j);
                for (int g = g0; g < gr; g++) {
                    acc = DoubleVector.fromArray(S, tab, offsets[rb + g] + tb + j).add(acc);
                }
                acc.intoArray(dst, db + j);
            }
        }
    }

    /**
     * The scalar twin of {@link #accumulateTable} (see {@link VectorWarmUp}): every element is
     * init + the row's table rows added in group order, the same additions in the same order as the
     * lanes of the vector code, so the same bits. Eight elements at a time, in eight independent sums,
     * so that the additions overlap in the processor as the lanes of a vector do.
     */
    void accumulateTableScalar(double[] tab, int tb, int[] offsets, int ob, int os, int[] ends, int eb, int es,
                               int[] rows, int count, int g0, int g1, int j0, int j1, double[] init, int io, int is,
                               double[] dst, int dOff, int ds) {
        for (int k = 0; k < count; k++) {
            int r = rows[k];
            int rb = ob + r * os;
            int ib = io + r * is;
            int db = dOff + r * ds;
            int gr = ends == null ? g1 : ends[r * es + eb];
            int j = j0;
            for (; j + 8 <= j1; j += 8) {
                double s0 = init[ib + j];
                double s1 = init[ib + j + 1];
                double s2 = init[ib + j + 2];
                double s3 = init[ib + j + 3];
                double s4 = init[ib + j + 4];
                double s5 = init[ib + j + 5];
                double s6 = init[ib + j + 6];
                double s7 = init[ib + j + 7];
                for (int g = g0; g < gr; g++) {
                    int b = offsets[rb + g] + tb + j;
                    s0 += tab[b];
                    s1 += tab[b + 1];
                    s2 += tab[b + 2];
                    s3 += tab[b + 3];
                    s4 += tab[b + 4];
                    s5 += tab[b + 5];
                    s6 += tab[b + 6];
                    s7 += tab[b + 7];
                }
                dst[db + j] = s0;
                dst[db + j + 1] = s1;
                dst[db + j + 2] = s2;
                dst[db + j + 3] = s3;
                dst[db + j + 4] = s4;
                dst[db + j + 5] = s5;
                dst[db + j + 6] = s6;
                dst[db + j + 7] = s7;
            }
            for (; j < j1; j++) {
                double s = init[ib + j];
                for (int g = g0; g < gr; g++) {
                    s += tab[offsets[rb + g] + tb + j];
                }
                dst[db + j] = s;
            }
        }
    }

    /**
     * Dense sums of a block, for non-binary inputs such as means: for each row r = rows[k], k &lt;
     * count, and each column j in [j0, j1) (whole vectors), dst[dOff + r ds + j] = init[io + r is + j]
     * with fma(M_ij, x_i, acc) applied for i = i0, ..., i1 - 1 in order, x_i = x[xo + r nIn + i].
     * Four vectors of columns at a time (four independent chains of fused multiply-adds).
     */
    private void accumulateDense(double[] x, int xo, int[] rows, int count, int i0, int i1, int j0, int j1,
                                 double[] init, int io, int is, double[] dst, int dOff, int ds) {
        for (int k = 0; k < count; k++) {
            int r = rows[k];
            int xb = xo + r * nIn;
            int ib = io + r * is;
            int db = dOff + r * ds;
            int j = j0;
            for (; j + 4 * LANES <= j1; j += 4 * LANES) {
                DoubleVector a0 = DoubleVector.fromArray(S, init, ib + j);
                DoubleVector a1 = DoubleVector.fromArray(S, init, ib + j + LANES);
                DoubleVector a2 = DoubleVector.fromArray(S, init, ib + j + 2 * LANES);
                DoubleVector a3 = DoubleVector.fromArray(S, init, ib + j + 3 * LANES);
                for (int i = i0; i < i1; i++) {
                    DoubleVector xi = DoubleVector.broadcast(S, x[xb + i]);
                    int mo = matOffset + i * stride + j;
                    a0 = DoubleVector.fromArray(S, mat, mo).fma(xi, a0);
                    a1 = DoubleVector.fromArray(S, mat, mo + LANES).fma(xi, a1);
                    a2 = DoubleVector.fromArray(S, mat, mo + 2 * LANES).fma(xi, a2);
                    a3 = DoubleVector.fromArray(S, mat, mo + 3 * LANES).fma(xi, a3);
                }
                a0.intoArray(dst, db + j);
                a1.intoArray(dst, db + j + LANES);
                a2.intoArray(dst, db + j + 2 * LANES);
                a3.intoArray(dst, db + j + 3 * LANES);
            }
            for (; j < j1; j += LANES) {
                DoubleVector acc = DoubleVector.fromArray(S, init, ib + j);
                for (int i = i0; i < i1; i++) {
                    acc = DoubleVector.fromArray(S, mat, matOffset + i * stride + j)
                            .fma(DoubleVector.broadcast(S, x[xb + i]), acc);
                }
                acc.intoArray(dst, db + j);
            }
        }
    }

    /**
     * The scalar twin of {@link #accumulateDense} (see {@link VectorWarmUp}): every element is
     * fma(M_i, x_i, acc) over i in order starting from init, as in each lane of the vector code.
     */
    void accumulateDenseScalar(double[] x, int xo, int[] rows, int count, int i0, int i1, int j0, int j1,
                               double[] init, int io, int is, double[] dst, int dOff, int ds) {
        for (int k = 0; k < count; k++) {
            int r = rows[k];
            int xb = xo + r * nIn;
            int ib = io + r * is;
            int db = dOff + r * ds;
            // dst may be init itself (the blocked path's partial sums): element by element, in place
            for (int j = j0; j < j1; j++) {
                dst[db + j] = init[ib + j];
            }
            for (int i = i0; i < i1; i++) {
                double xi = x[xb + i];
                int mo = matOffset + i * stride;
                for (int j = j0; j < j1; j++) {
                    dst[db + j] = Math.fma(mat[mo + j], xi, dst[db + j]);
                }
            }
        }
    }

    // ---------------------------------------------------------------- for VectorWarmUp and tests

    /** @return table offsets of an arbitrary binary input pattern, one per group */
    int[] scratchOffsets() {
        int[] offsets = new int[groups];
        for (int g = 0; g < groups; g++) {
            offsets[g] = (g * PATTERNS + (g * 7 + 5) % PATTERNS) * stride;
        }
        return offsets;
    }

    /** @return the padded row length that the accumulate routines write */
    int stride() {
        return stride;
    }

    /** @return whether the blocked path skips empty groups ({@link #skipsEmpty}; for tests) */
    boolean skipsEmptyGroups() {
        return skipsEmpty;
    }

    /** One table row into row[0..stride), with the vector code or its twin. */
    void tableRow(int[] offsets, double[] row, boolean vectorCode) {
        if (warmRows == null) {
            warmRows = new double[PATTERNS * stride];
            warmEnds = new int[] {groups};
        }
        // the blocked path's table build too (group 0 into a scratch no one reads: compiled and timed with the sums)
        if (vectorCode) {
            buildGroupVector(mat, unitRow(0), unitRow(1), unitRow(2), unitRow(3), 0, stride, warmRows, 0, stride);
        } else {
            buildGroupScalar(mat, unitRow(0), unitRow(1), unitRow(2), unitRow(3), 0, stride, warmRows, 0, stride);
        }
        if (vectorCode) {
            // both forms: the warm-up drives and times the blocked path's routine with the row path's
            accumulateTable(table(), offsets, row, 0);
            // as the blocked path calls it: with ends (every group kept), two rows at a time (the same
            // row twice, both writing the same sums)
            accumulateTable(table(), LEAD, offsets, 0, 0, warmEnds, 0, 1, ROW_TWICE, 2, 0, groups, 0, stride,
                    bias, 0, 0, row, 0, 0);
        } else {
            accumulateTableScalar(table(), offsets, row, 0); // the one-row form calls the blocked twin
        }
    }

    /**
     * The group offsets of one input row x[0..nIn), with the vector code or its twin.
     *
     * @return whether the row is binary
     */
    boolean patternRow(double[] x, int[] offsets, boolean vectorCode) {
        return vectorCode ? patternsVector(x, 0, offsets, 0, stride) : patterns(x, 0, offsets, 0, stride);
    }

    /**
     * The fields of a batch by a chosen path, for tests: the blocked path (this kernel's blocks, at any
     * number of rows; the kernel must have blocks) or the row-at-a-time one, each with the vector code
     * (as the warm-up switches allow) or with the scalar twins only.
     */
    void fieldsBy(double[] x, int rows, double[] out, boolean blocked, boolean twins) {
        if (blocked) {
            applyBlocked(x, rows, out, twins);
        } else {
            applyRows(x, rows, out, twins);
        }
    }

    /** One dense row x[0..nIn) into row[0..stride), with the vector code or its twin. */
    void denseRow(double[] x, double[] row, boolean vectorCode) {
        if (vectorCode) {
            accumulateDense(x, 0, FIRST_ROW, 1, 0, nIn, 0, stride, bias, 0, 0, row, 0, 0);
        } else {
            accumulateDenseScalar(x, 0, FIRST_ROW, 1, 0, nIn, 0, stride, bias, 0, 0, row, 0, 0);
        }
    }

    /**
     * The blocks of the cache-blocked path (see {@link #forSize}).
     *
     * @param tile output columns per tile, a multiple of 8 (a whole number of vectors at every width)
     * @param groups groups of {@value #GROUP} inputs per block of the table sums
     * @param inputs inputs per block of the dense sums
     * @param minRows the fewest rows that take the blocked path (fewer rows use the whole tables)
     */
    record Blocking(int tile, int groups, int inputs, int minRows) {
        Blocking {
            if (tile <= 0 || tile % 8 != 0 || groups <= 0 || inputs <= 0 || minRows <= 0) {
                throw new IllegalArgumentException("blocks " + tile + ", " + groups + ", " + inputs + ", " + minRows);
            }
        }

        /**
         * The blocks for a layer, or null where the row-at-a-time loops are as fast.
         *
         * @param nIn input units
         * @param nOut output units
         * @return the blocks, or null
         */
        static Blocking forSize(int nIn, int nOut) {
            long tableBytes = (long) ((nIn + GROUP - 1) / GROUP) * PATTERNS * nOut * Double.BYTES;
            return tableBytes <= BLOCK_ABOVE_BYTES ? null : new Blocking(TILE, GROUP_BLOCK, INPUT_BLOCK, BLOCK_MIN_ROWS);
        }
    }
}
