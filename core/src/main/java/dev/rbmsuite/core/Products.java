package dev.rbmsuite.core;

import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The sum of outer products {@code C[n x m] += sum_r a_r^T b_r} over the rows r of two row-major
 * matrices A (rows x n) and B (rows x m), the mixed moment {@code E[v h^T]} of the gradient
 * (positive phase and Monte Carlo negative phase), register-tiled and cache-blocked.
 *
 * <p><b>Summation order.</b> Every element is accumulated over r in increasing order, one operation
 * per row, independent of the hardware vector width, of the blocking and of the tile:
 * <pre>
 *   for r = 0 .. rows-1:
 *     c[i*m + j] = fma(a[r*n + i], b[r*m + j], c[i*m + j])     for j &lt; Lanes.bound(m)
 *     c[i*m + j] = c[i*m + j] + a[r*n + i] * b[r*m + j]           for j &ge; Lanes.bound(m) (two roundings)
 * </pre>
 * This is exactly what {@link VectorMath#axpy} does to one row of C, so the result equals the
 * row-by-row loop {@code axpy(a_ri, C_i, b_r)} bit for bit; with {@code a_ri = 1} it equals
 * {@link VectorMath#add} (fma(1, b, c) is c + b rounded once), and with {@code a_ri = 0} (or -0) it
 * leaves c unchanged whenever b is finite and c is not -0 (c + (+-0) = c), so the sum also equals the
 * loop that skips zero entries of a binary A. A C that starts at +0 never becomes -0 (a sum is -0 only
 * when both terms are), which is how {@code Moments.setSampleMeans} uses it.
 *
 * <p><b>Kernel.</b> Per block of {@link #KC} rows r, A is packed into panels of {@link #MR} columns
 * ({@code a_r,i..i+MR-1} consecutive) and B into column panels ({@link #NR} columns, then two vectors
 * and single vectors, each panel's rows consecutive, so a tile reads B as one stream instead of one
 * row per 4 KB page). A tile of {@link #MR} rows of C times {@link #NV} vectors of columns is held in
 * registers while r runs over the block ({@link #MR} broadcasts and {@link #NV} loads feed MR x NV
 * fused multiply-adds): 8 x 3 vectors (24 of the 32 registers) at 8 lanes, 4 x 4 below; the columns
 * past the last whole panel take an 8 x 2 tile where two vectors remain at 8 lanes, else tiles of one
 * vector, four rows at a time. The tiles read and write C in place (in a {@link #mean}'s first block
 * they start from zeros instead); rows of C past the last whole panel go through a panel-sized buffer, and the
 * columns from {@link Lanes#bound}(m) on take a multiply and an add per element (the operations
 * of the vector tail of {@link VectorMath#axpy}, in the same order). {@link #KC} comes from the L1
 * data cache the operating system reports ({@link CacheSizes}): a block's panel of B fills half of
 * it. None of these sizes changes an operation or its order, so the bits are the same on every
 * machine. {@link #accumulateScalar} is the scalar twin (the same operations per element), used while
 * the vector code is not yet compiled ({@link #warmUp}) and by tests.
 *
 * <p>Instances keep scratch buffers and are not thread-safe.
 */
public final class Products {
    /**
     * The least rows * n * m for which {@code Moments.setSampleMeans} calls the kernel: below it (the
     * paper's 100 x 25 x 100) the row-by-row loop it replaces is as fast once compiled, and it is compiled
     * at once (its vector additions are those of the samplers), where the kernel's tiles would need a
     * warm-up of their own.
     */
    public static final long MIN_WORK = 1L << 22;
    private static final VectorSpecies<Double> S = Lanes.SPECIES;
    private static final VectorSpecies<Long> LS = S.withLanes(long.class);
    private static final int L = Lanes.LANES;
    /** Rows of C per register tile: 8 at 8 lanes (32 vector registers), 4 below. */
    static final int MR = L >= 8 ? 8 : 4;
    /** Vectors of columns per register tile: 3 at 8 lanes (8 x 3 accumulators), 4 below. */
    static final int NV = L >= 8 ? 3 : 4;
    /** Columns of C per wide register tile. */
    static final int NR = NV * L;
    /**
     * Rows of A and B per packed block: the largest power of two, from 16 to 512, whose panel of B
     * (KC x {@link #NR} doubles) fills at most half of the L1 data cache (128 at 48 KB and 8 lanes, 64
     * at 32 KB); the system property {@code rbm.products.kc} sets it, for timing comparisons. Only the
     * speed depends on it.
     */
    static final int KC = Math.max(1, Integer.getInteger("rbm.products.kc", blockRows(CacheSizes.l1Data(), NR)));

    /** The longest warm-up, in milliseconds; the vector kernel is used after it in any case. */
    static final long WARM_UP_MILLIS = 3_000;
    /** Calls of the small problem that drive the vector kernel past C2's thresholds before timing starts. */
    static final int BUSY_CALLS = 1_000;

    /** Whether the vector kernel is used (false: the scalar twin), see {@link #enableVector}. */
    private static volatile boolean vector = !"false".equals(System.getProperty("rbm.products.vector"));
    private static Thread warmThread;
    private static volatile boolean armed;
    private static final boolean TRACE = "trace".equals(System.getProperty("rbm.warmup"));

    /** Columns of C per wide step of the sparse kernel: 4 vectors. */
    private static final int SR = 4 * L;
    /** Rows of A per block of the sparse kernel (a block's 4 vectors of B columns stay in the L1 cache). */
    static final int KS = 64;
    /**
     * The sparse kernel is used when at most this percentage of A is non-zero (the system property
     * {@code rbm.products.sparsePercent}, for timing comparisons; -1 never, 100 always). The measured
     * crossover, 100 x 784 x 500 on an AMD Zen 5 (2026-12-07): the sparse kernel 2 times faster than the
     * tiles at 5 % non-zeros, 11 % at 10 %, 5-17 % slower at 13 %, 15 % slower at 25 % (the threshold
     * was 25 % when the tiles were slower). Only the speed depends on it: both give the same bits where
     * the class's summation order says the zeros of A may be skipped (B finite, C not -0, as for the
     * moments).
     */
    static final int SPARSE_PERCENT = Integer.getInteger("rbm.products.sparsePercent", 12);
    /** Values of A {@link #sparse} counts between its checks of whether A is already too dense. */
    private static final int SPARSE_SCAN = 4096;

    /** Rows of C per chunk when a call is split over an installed {@link ChunkPool} (fixed: the same for every T). */
    static final int SPLIT_ROWS = 64;
    /** Doubles before the packed rows of B and C: their vectors then start cache lines ({@link CacheLines}). */
    private static final int LEAD = CacheLines.LEAD;
    /** A row of +0 as wide as a tile, read at stride 0 by the tiles of a mean's first block (never written). */
    private static final double[] ZEROS = new double[4 * L];

    private int[] ptr = new int[0];
    /** Per worker of a split call: a Products with its own scratch, and its chunk's columns of A and rows of C. */
    private Products[] helpers = new Products[0];
    private double[] aCols = new double[0];
    private double[] cRows = new double[0];
    private int[] idx = new int[0];
    private double[] val = new double[0];
    private double[] ap = new double[0];
    private double[] bp = new double[0];
    private double[] cp = new double[0];
    /** The rows of a last partial panel of C, MR x f (kept between calls). */
    private double[] partialRows = new double[0];
    /** The unfused columns of C from f, a row of whole vectors per row of C (kept between calls). */
    private double[] tailColumns = new double[0];

    /**
     * Selects the vector kernel (true, the default) or the scalar twin for every later call; both give
     * the same bits, so this changes only the speed (the scalar twin is faster while the Vector API code
     * still runs in the interpreter, as in the first epochs of a short training).
     *
     * @param on use the vector kernel
     */
    public static void enableVector(boolean on) {
        vector = on;
    }

    /**
     * Runs the scalar twin until the vector kernel is compiled: from the first call of {@link #accumulate}
     * on, a daemon thread calls the vector
     * kernel on small scratch problems (shaped so that every tile variant runs at every vector width)
     * until C2 has compiled it, which it sees by timing the kernel against the twin (three wins in a
     * row), then switches every later call to the vector kernel; after {@value #WARM_UP_MILLIS} ms it
     * switches in any case. Uncompiled Vector API code boxes every vector (milliseconds a call at the
     * paper's sizes), which was most of the first epochs of a training; the twin compiles at once.
     * Both give the same bits, so the switch changes only the speed. For the command line (training
     * commands); idempotent; the system property {@code rbm.warmup=off} (or {@code rbm.products.warmup=off},
     * for timing comparisons of this warm-up alone) makes it do nothing.
     */
    public static synchronized void warmUp() {
        if (!vector || warmThread != null || "off".equalsIgnoreCase(System.getProperty("rbm.warmup"))
                || "off".equalsIgnoreCase(System.getProperty("rbm.products.warmup"))) {
            return;
        }
        armed = true;
    }

    /** Starts the warm-up thread armed by {@link #warmUp} (on the first call, so never for a run without products). */
    private static synchronized void startWarmUp() {
        if (!armed) {
            return;
        }
        armed = false;
        vector = false;
        warmThread = new Thread(Products::warm, "rbm-products-warm-up");
        warmThread.setDaemon(true);
        warmThread.setPriority(Thread.MIN_PRIORITY);
        warmThread.start();
    }

    private static void warm() {
        try {
            long end = System.nanoTime() + WARM_UP_MILLIS * 1_000_000L;
            // 43 columns: at 8 lanes a 3-vector tile, an 8 x 2 tile and the scalar tail; at 4 lanes
            // a 4-vector tile, two 1-vector tiles and the tail; 12 rows of C: at 8 lanes one whole panel
            // and one partial, at 4 lanes three whole panels; 35 columns: at 8 lanes a 3-vector tile, a
            // 1-vector tile and the tail
            double[][] small = problem(9, 12, 43);
            double[][] odd = problem(9, 12, 35);
            double[][] mid = problem(100, 25, 100);
            Products p = new Products();
            int wins = 0;
            for (int call = 0; System.nanoTime() < end; call++) {
                run(p, small, true);
                run(p, odd, true);
                if (call < BUSY_CALLS || call % 50 != 0) {
                    continue;
                }
                if (TRACE) {
                    System.err.printf("products warm-up %d ms: call %d, %d wins%n",
                            (System.nanoTime() - end) / 1_000_000 + WARM_UP_MILLIS, call, wins);
                }
                long tv = Long.MAX_VALUE;
                long ts = Long.MAX_VALUE;
                for (int k = 0; k < 3; k++) {
                    long t0 = System.nanoTime();
                    run(p, mid, true);
                    long t1 = System.nanoTime();
                    run(p, mid, false);
                    long t2 = System.nanoTime();
                    tv = Math.min(tv, t1 - t0);
                    ts = Math.min(ts, t2 - t1);
                }
                wins = tv < ts ? wins + 1 : 0;
                if (wins == 3) {
                    return;
                }
            }
        } finally {
            vector = true;
        }
    }

    /** {a (rows x n, binary), b (rows x m), c (n x m), {rows, n, m}} of fixed values. */
    private static double[][] problem(int rows, int n, int m) {
        double[] a = new double[rows * n];
        double[] b = new double[rows * m];
        for (int k = 0; k < a.length; k++) {
            a[k] = (k * 7 + k / 3) % 5 < 2 ? 1.0 : 0.0;
        }
        for (int k = 0; k < b.length; k++) {
            b[k] = ((k * 13) % 17) / 17.0;
        }
        return new double[][] {a, b, new double[n * m], {rows, n, m}};
    }

    private static void run(Products p, double[][] x, boolean vectorCode) {
        int rows = (int) x[3][0];
        int n = (int) x[3][1];
        int m = (int) x[3][2];
        Arrays.fill(x[2], 0.0);
        if (vectorCode) {
            p.accumulateVector(x[0], x[1], rows, n, m, x[2]);
        } else {
            accumulateScalar(x[0], x[1], rows, n, m, x[2]);
        }
    }

    /** @return whether the vector kernel is selected */
    public static boolean vectorEnabled() {
        return vector;
    }

    /**
     * {@code c[i*m + j] += sum_r a[r*n + i] b[r*m + j]} in the order of the class comment (under
     * {@link Arithmetic#BLAS}: by OpenBLAS's dgemm, in its order).
     *
     * @param a rows x n, row-major
     * @param b rows x m, row-major
     * @param rows number of rows (0 leaves c unchanged)
     * @param n columns of A, rows of C
     * @param m columns of B and of C
     * @param c n x m, row-major, accumulated in place
     */
    public void accumulate(double[] a, double[] b, int rows, int n, int m, double[] c) {
        check(a, b, rows, n, m, c);
        compute(a, b, rows, n, m, c, false, 0.0);
    }

    /**
     * Sets the first n x m values of C to the mean of the rows' outer products, {@code c[i*m + j] = (sum_r
     * a[r*n + i] b[r*m + j]) * (1.0 / rows)}: the bits of zeroing them, {@link #accumulate}, then {@code
     * c[k] *= 1.0 / rows} for each of them (the sample average {@code E[v h^T]} of {@code Moments.setSampleMeans}).
     * The register tiles start their sums at +0 in the first block of rows and multiply them by 1 / rows
     * as they store them in the last (the other blocks multiply by 1.0, which leaves every double as it
     * is), where the three steps would pass over all of C (3.1 MB at 784 x 500, more than a core's L2)
     * twice more.
     *
     * @param a rows x n, row-major
     * @param b rows x m, row-major
     * @param rows number of rows, at least one
     * @param n columns of A, rows of C
     * @param m columns of B and of C
     * @param c n x m, row-major, overwritten
     */
    public void mean(double[] a, double[] b, int rows, int n, int m, double[] c) {
        check(a, b, rows, n, m, c);
        if (rows < 1) {
            throw new IllegalArgumentException("a mean needs at least one row, got " + rows);
        }
        compute(a, b, rows, n, m, c, true, 1.0 / rows);
    }

    /**
     * {@link #accumulate} (zero false, s 0) or {@link #mean} (zero true, s = 1 / rows) by the selected
     * arithmetic and kernel, on the installed {@link ChunkPool} if any.
     */
    private void compute(double[] a, double[] b, int rows, int n, int m, double[] c, boolean zero, double s) {
        if (Arithmetic.blas()) {
            if (zero) {
                Arrays.fill(c, 0, n * m, 0.0);
            }
            if (rows > 0) {
                NativeBlas.accumulateTransposedProduct(a, b, rows, n, m, c);
            }
            scale(c, 0, c, 0, n * m, s);
            return;
        }
        if (armed) {
            startWarmUp();
        }
        ChunkPool pool = ChunkPool.current();
        if (pool != null && (long) rows * n * m >= MIN_WORK && n > SPLIT_ROWS) {
            accumulateSplit(pool, a, b, rows, n, m, c, zero, s);
        } else {
            accumulateHere(a, b, rows, n, m, c, zero, s);
        }
    }

    /**
     * {@link #compute} on the calling thread, by the selected kernel: c (its first n x m values) zeroed
     * first if {@code zero}, and every element multiplied by s after its sum unless s is 0 (a mean's s
     * never is).
     */
    private void accumulateHere(double[] a, double[] b, int rows, int n, int m, double[] c, boolean zero,
            double s) {
        if (vector) {
            if (sparse(a, rows * n)) {
                sparseKernel(a, b, rows, n, m, c, zero, s);
            } else {
                vectorKernel(a, b, rows, n, m, c, zero, s);
            }
        } else {
            if (zero) {
                Arrays.fill(c, 0, n * m, 0.0);
            }
            accumulateScalar(a, b, rows, n, m, c);
            scale(c, 0, c, 0, n * m, s);
        }
    }

    /**
     * {@code dst[do + t] = src[so + t] * s} for t in [0, len) (in place when the arrays and offsets are
     * the same), one rounded multiplication per element as in {@code x[k] *= s}; nothing if s is 0 and
     * the ranges are the same, a plain copy if s is 0 and they differ.
     */
    private static void scale(double[] src, int so, double[] dst, int dOff, int len, double s) {
        if (s == 0.0) {
            if (src != dst || so != dOff) {
                System.arraycopy(src, so, dst, dOff, len);
            }
            return;
        }
        // a plain loop, which C2 vectorizes, and which the scalar twin can use before the Vector API is compiled
        for (int t = 0; t < len; t++) {
            dst[dOff + t] = src[so + t] * s;
        }
    }

    /**
     * {@link #accumulate} (or {@link #mean}) split over a pool by rows of C: chunk k takes rows i in [64 k, 64 k + 64) of C,
     * all rows r of A and B and all columns j. The dense vector kernel shares its packed B between the
     * chunks ({@link #accumulateVectorSplit}); the sparse kernel and the scalar twin run per chunk on its
     * columns of A, copied out, each chunk with the kernel its columns choose. Every element of C keeps
     * its operations over r in order (they do not depend on n, only on m: Lanes.bound(m)), so the result
     * is that of one call over the whole of C, whichever kernel each chunk runs.
     */
    private void accumulateSplit(ChunkPool pool, double[] a, double[] b, int rows, int n, int m, double[] c,
            boolean zero, double s) {
        if (vector && !sparse(a, rows * n)) {
            accumulateVectorSplit(pool, a, b, rows, n, m, c, zero, s);
            return;
        }
        if (helpers.length < pool.threads()) {
            helpers = Arrays.copyOf(helpers, pool.threads());
        }
        Products[] workers = helpers;
        pool.forEach((n + SPLIT_ROWS - 1) / SPLIT_ROWS, (k, w) -> {
            Products p = workers[w];
            if (p == null) {
                p = new Products();
                workers[w] = p;
            }
            int i0 = k * SPLIT_ROWS;
            int width = Math.min(SPLIT_ROWS, n - i0);
            if (p.aCols.length < rows * width) {
                p.aCols = new double[rows * SPLIT_ROWS];
            }
            if (p.cRows.length < width * m) {
                p.cRows = new double[SPLIT_ROWS * m];
            }
            double[] as = p.aCols;
            for (int r = 0; r < rows; r++) {
                System.arraycopy(a, r * n + i0, as, r * width, width);
            }
            if (!zero) {
                System.arraycopy(c, i0 * m, p.cRows, 0, width * m);
            }
            p.accumulateHere(as, b, rows, width, m, p.cRows, zero, s);
            System.arraycopy(p.cRows, 0, c, i0 * m, width * m);
        });
    }

    /**
     * @param l1Bytes the L1 data cache
     * @param nr columns of a wide tile
     * @return {@link #KC} for that cache
     */
    static int blockRows(long l1Bytes, int nr) {
        long rows = l1Bytes / 2 / ((long) nr * Double.BYTES);
        int kc = 16;
        while (kc < 512 && 2L * kc <= rows) {
            kc *= 2;
        }
        return kc;
    }

    /**
     * Grows the packed panels of A and B to a block of kc rows, and the buffers of a partial panel and
     * of the unfused columns to C's shape (all kept between calls).
     */
    private void reservePacks(int kc, int np, int f, int m) {
        if (ap.length < kc * np) {
            ap = new double[kc * np];
        }
        if (bp.length < LEAD + kc * (f + Lanes.WIDTH)) {
            bp = new double[LEAD + kc * (f + Lanes.WIDTH)];
        }
        if (partialRows.length < MR * f) {
            partialRows = new double[MR * f];
        }
        if (tailColumns.length < np * tailWidth(m, f)) {
            tailColumns = new double[np * tailWidth(m, f)];
        }
    }

    /** @return the columns from f of a row of C, rounded up to whole vectors */
    private static int tailWidth(int m, int f) {
        return (m - f + L - 1) / L * L;
    }

    /**
     * The dense vector kernel split over a pool by chunks of {@value #SPLIT_ROWS} rows of C (a multiple
     * of {@link #MR}: whole panels): per block of rows r, B is packed once (on the calling thread) and
     * shared, and each chunk packs its own panels of A and runs the tiles of its rows of C, which it
     * alone reads and writes. Per element of C the blocks come in order and the rows within them in
     * order, with the same operations as {@link #accumulateVector}: the same bits.
     */
    private void accumulateVectorSplit(ChunkPool pool, double[] a, double[] b, int rows, int n, int m, double[] c,
            boolean zero, double s) {
        int np = (n + MR - 1) / MR * MR;
        int f = Lanes.bound(m);
        int kc = Math.min(KC, rows);
        reservePacks(kc, np, f, m);
        double[] ap = this.ap;
        double[] bp = this.bp;
        double[] partial = partialRows;
        double[] tails = tailColumns;
        int chunks = (n + SPLIT_ROWS - 1) / SPLIT_ROWS;
        for (int r0 = 0; r0 < rows; r0 += kc) {
            int k = Math.min(kc, rows - r0);
            packB(b, bp, r0, k, m, f);
            int first = r0;
            boolean clear = zero && r0 == 0;
            double last = r0 + k == rows ? s : 0.0;
            pool.forEach(chunks, (q, w) -> {
                int i0 = q * SPLIT_ROWS;
                int i1 = Math.min(n, i0 + SPLIT_ROWS);
                packA(a, ap, first, k, n, i0, i1);
                block(ap, bp, k, m, f, c, i0, i1, partial, tails, clear, last);
            });
        }
    }

    /**
     * Rows [i0, i1) of C (i0 a multiple of {@link #MR}) over one packed block of k rows: the tiles of
     * the whole panels in place, the rows of a last partial panel through a buffer, and the unfused
     * columns from f = {@link Lanes#bound}(m) through a buffer of whole vectors per row. The buffers are
     * the caller's: {@code partial} (MR x f) serves the one partial panel of C, the last, and the rows
     * [i0, i1) of {@code tails} (a row of whole vectors per row of C) serve these rows alone, so that
     * chunks of rows run in parallel on one pair of buffers. With {@code zero} (a mean's first block)
     * the tiles start their sums at +0 instead of C's values; with s not 0 (a mean's last block) each
     * element is multiplied by s once its sum is complete: by the tiles of the fused columns as they store
     * it, for the unfused ones as they are copied back.
     */
    private static void block(double[] ap, double[] bp, int k, int m, int f, double[] c, int i0, int i1,
            double[] partial, double[] tails, boolean zero, double s) {
        int whole = i0 + (i1 - i0) / MR * MR;
        for (int i = i0; i < whole; i += MR) {
            panel(ap, i * k, bp, k, f, c, i * m, m, zero, s);
        }
        if (whole < i1) {
            int rest = i1 - whole;
            for (int q = 0; !zero && q < rest; q++) {
                System.arraycopy(c, (whole + q) * m, partial, q * f, f);
            }
            panel(ap, whole * k, bp, k, f, partial, 0, f, zero, s);
            for (int q = 0; q < rest; q++) {
                System.arraycopy(partial, q * f, c, (whole + q) * m, f);
            }
        }
        if (f < m) {
            // the columns from f: one vector per row, a multiply and an add, through the buffer rows of
            // the panels (past m and past n zeroed here, never copied back)
            int tail = m - f;
            int width = tailWidth(m, f);
            int panels = (i1 - i0 + MR - 1) / MR;
            int base = i0 * width;
            Arrays.fill(tails, base, base + panels * MR * width, 0.0);
            for (int i = i0; !zero && i < i1; i++) {
                System.arraycopy(c, i * m + f, tails, i * width, tail);
            }
            for (int q = 0; q < panels; q++) {
                for (int v = 0; v < width; v += L) {
                    tile1Unfused(ap, (i0 + q * MR) * k, bp, LEAD + (f + v) * k, k, tails,
                            base + q * MR * width + v, width);
                }
            }
            for (int i = i0; i < i1; i++) {
                scale(tails, i * width, c, i * m + f, tail, s);
            }
        }
    }

    /**
     * One panel of {@link #MR} rows of C (row stride cs, from co) over the fused columns [0, f): the tiles
     * start from C, or from +0 ({@link #ZEROS} at stride 0) if {@code fresh}, and store their sums
     * multiplied by s unless s is 0.
     */
    private static void panel(double[] ap, int ao, double[] bp, int k, int f, double[] c, int co, int cs,
            boolean fresh, double s) {
        double[] from = fresh ? ZEROS : c;
        int fs = fresh ? 0 : cs;
        double by = s != 0.0 ? s : 1.0;
        int wide = f / NR * NR;
        for (int j = 0; j < wide; j += NR) {
            int fo = fresh ? 0 : co + j;
            if (MR == 8) {
                tile8x3(ap, ao, bp, LEAD + j * k, k, from, fo, fs, c, co + j, cs, by);
            } else {
                tile4x4(ap, ao, bp, LEAD + j * k, k, from, fo, fs, c, co + j, cs, by);
            }
        }
        for (int j = wide; j < f; ) {
            int width = panelWidth(j, wide, f);
            int fo = fresh ? 0 : co + j;
            if (width == 2 * L) {
                tile8x2(ap, ao, bp, LEAD + j * k, k, from, fo, fs, c, co + j, cs, by);
            } else {
                tile1(ap, ao, bp, LEAD + j * k, k, from, fo, fs, c, co + j, cs, by);
            }
            j += width;
        }
    }

    /**
     * The width of the packed panel of B that starts at fused column j (wide: the end of the whole
     * {@link #NR}-column panels, f: of the fused columns): {@link #NR} before wide; after it two vectors
     * while two remain and the tiles have 8 rows ({@link #tile8x2}, 16 accumulators), else one
     * ({@link #tile1}). Only the speed depends on it: every tile makes the same fused multiply-adds.
     */
    private static int panelWidth(int j, int wide, int f) {
        if (j < wide) {
            return NR;
        }
        return MR == 8 && j + 2 * L <= f ? 2 * L : L;
    }

    private static void check(double[] a, double[] b, int rows, int n, int m, double[] c) {
        if (rows < 0 || n <= 0 || m <= 0 || a.length < (long) rows * n || b.length < (long) rows * m
                || c.length < (long) n * m) {
            throw new IllegalArgumentException("outer products of " + rows + " rows, n=" + n + ", m=" + m
                    + " with arrays of " + a.length + ", " + b.length + ", " + c.length);
        }
    }

    /**
     * The scalar twin: the same operation per element and row, in the same order, as the vector
     * kernel (row by row, as {@link VectorMath#axpy} would do it).
     *
     * @param a rows x n
     * @param b rows x m
     * @param rows rows
     * @param n n
     * @param m m
     * @param c n x m, accumulated
     */
    public static void accumulateScalar(double[] a, double[] b, int rows, int n, int m, double[] c) {
        check(a, b, rows, n, m, c);
        int f = Lanes.bound(m);
        for (int r = 0; r < rows; r++) {
            int bo = r * m;
            for (int i = 0; i < n; i++) {
                double x = a[r * n + i];
                int co = i * m;
                for (int j = 0; j < f; j++) {
                    c[co + j] = Math.fma(x, b[bo + j], c[co + j]);
                }
                for (int j = f; j < m; j++) {
                    c[co + j] = c[co + j] + x * b[bo + j];
                }
            }
        }
    }

    /**
     * The vector kernel (same bits as {@link #accumulateScalar} at every width).
     *
     * @param a rows x n
     * @param b rows x m
     * @param rows rows
     * @param n n
     * @param m m
     * @param c n x m, accumulated
     */
    public void accumulateVector(double[] a, double[] b, int rows, int n, int m, double[] c) {
        check(a, b, rows, n, m, c);
        vectorKernel(a, b, rows, n, m, c, false, 0.0);
    }

    /** {@link #accumulateVector}, zeroing and scaling C as {@link #block} says. */
    private void vectorKernel(double[] a, double[] b, int rows, int n, int m, double[] c, boolean zero, double s) {
        if (rows == 0) {
            return;
        }
        int np = (n + MR - 1) / MR * MR;
        int f = Lanes.bound(m);
        int kc = Math.min(KC, rows);
        reservePacks(kc, np, f, m);
        for (int r0 = 0; r0 < rows; r0 += kc) {
            int k = Math.min(kc, rows - r0);
            packA(a, ap, r0, k, n, 0, n);
            packB(b, bp, r0, k, m, f);
            block(ap, bp, k, m, f, c, 0, n, partialRows, tailColumns, zero && r0 == 0, r0 + k == rows ? s : 0.0);
        }
    }

    /** @return whether at most {@link #SPARSE_PERCENT} % of the first len values are non-zero */
    static boolean sparse(double[] a, int len) {
        long limit = SPARSE_PERCENT * (long) len;
        long nz = 0;
        int k = 0;
        // the non-zeros counted by vectors (the count is exact, so the answer is the scalar loop's),
        // stopping as soon as there are too many: at 1,000 x 784 the scalar count took 2 % of an update.
        // Integer lanes (VectorBits), not a mask's trueCount: at 16-byte vectors on x86 C2 does not
        // intrinsify that mask, and the scan ran as boxed Java code (most of an update's allocation there)
        while (k <= len - L) {
            int end = Math.min(len - L, k + SPARSE_SCAN);
            LongVector counts = LongVector.zero(LS);
            for (; k <= end; k += L) {
                counts = VectorBits.nonZero(DoubleVector.fromArray(S, a, k)).add(counts);
            }
            nz += counts.reduceLanes(VectorOperators.ADD);
            if (nz * 100 > limit) {
                return false;
            }
        }
        for (; k < len; k++) {
            nz += a[k] != 0.0 ? 1 : 0;
        }
        return nz * 100 <= limit;
    }

    /**
     * The kernel for A with many zeros (binary data): for each row i of C and group of 4 vectors of
     * columns, the non-zero a_ri of a block of {@value #KS} rows, in increasing r, each add
     * {@code a_ri b_r} to the 4 accumulators (the same fma, or multiply and add past Lanes.bound(m),
     * as the other kernels; a zero a_ri is skipped, which changes nothing where the dense kernels add
     * +-0 to a sum that is never -0 with a finite b). Same bits as {@link #accumulateScalar}.
     *
     * @param a rows x n
     * @param b rows x m
     * @param rows rows
     * @param n n
     * @param m m
     * @param c n x m, accumulated
     */
    public void accumulateSparse(double[] a, double[] b, int rows, int n, int m, double[] c) {
        check(a, b, rows, n, m, c);
        sparseKernel(a, b, rows, n, m, c, false, 0.0);
    }

    /**
     * {@link #accumulateSparse}; with {@code zero} its padded copy of C starts at +0 instead of C's values,
     * and with s not 0 each element is multiplied by s as it is copied back.
     */
    private void sparseKernel(double[] a, double[] b, int rows, int n, int m, double[] c, boolean zero, double s) {
        if (rows == 0) {
            return;
        }
        int mp = (m + L - 1) / L * L;
        int f = Lanes.bound(m);
        int blocks = (rows + KS - 1) / KS;
        if (bp.length < LEAD + rows * mp) {
            bp = new double[LEAD + rows * mp];
        }
        if (cp.length < LEAD + n * mp) {
            cp = new double[LEAD + n * mp];
        }
        if (ptr.length < blocks * (n + 1)) {
            ptr = new int[blocks * (n + 1)];
        }
        int nnz = 0;
        for (int k = 0; k < rows * n; k++) {
            nnz += a[k] != 0.0 ? 1 : 0;
        }
        if (idx.length < nnz) {
            idx = new int[nnz];
            val = new double[nnz];
        }
        double[] bp = this.bp;
        double[] cp = this.cp;
        int[] ptr = this.ptr;
        int[] idx = this.idx;
        double[] val = this.val;
        for (int r = 0; r < rows; r++) {
            System.arraycopy(b, r * m, bp, LEAD + r * mp, m);
            Arrays.fill(bp, LEAD + r * mp + m, LEAD + r * mp + mp, 0.0);
        }
        for (int i = 0; i < n; i++) {
            if (zero) {
                Arrays.fill(cp, LEAD + i * mp, LEAD + i * mp + mp, 0.0);
            } else {
                System.arraycopy(c, i * m, cp, LEAD + i * mp, m);
                Arrays.fill(cp, LEAD + i * mp + m, LEAD + i * mp + mp, 0.0);
            }
        }
        // per block, the non-zeros of each column i of A in increasing r (CSR by block and column)
        int pos = 0;
        for (int blk = 0; blk < blocks; blk++) {
            int r0 = blk * KS;
            int r1 = Math.min(rows, r0 + KS);
            int base = blk * (n + 1);
            for (int i = 0; i < n; i++) {
                ptr[base + i] = pos;
                for (int r = r0; r < r1; r++) {
                    double x = a[r * n + i];
                    if (x != 0.0) {
                        idx[pos] = LEAD + r * mp;
                        val[pos] = x;
                        pos++;
                    }
                }
            }
            ptr[base + n] = pos;
        }
        int wide = f / SR * SR;
        for (int j = 0; j < mp; ) {
            int width = j < wide ? SR : L;
            boolean fused = j < f;
            for (int blk = 0; blk < blocks; blk++) {
                int base = blk * (n + 1);
                for (int i = 0; i < n; i++) {
                    int p0 = ptr[base + i];
                    int p1 = ptr[base + i + 1];
                    if (p0 == p1) {
                        continue;
                    }
                    if (width == SR) {
                        sparse4(idx, val, p0, p1, bp, j, cp, LEAD + i * mp + j);
                    } else if (fused) {
                        sparse1(idx, val, p0, p1, bp, j, cp, LEAD + i * mp + j);
                    } else {
                        sparse1Unfused(idx, val, p0, p1, bp, j, cp, LEAD + i * mp + j);
                    }
                }
            }
            j += width;
        }
        for (int i = 0; i < n; i++) {
            scale(cp, LEAD + i * mp, c, i * m, m, s);
        }
    }

    private static void sparse4(int[] idx, double[] val, int p0, int p1, double[] bp, int j, double[] cp, int co) {
        DoubleVector c0 = DoubleVector.fromArray(S, cp, co);
        DoubleVector c1 = DoubleVector.fromArray(S, cp, co + L);
        DoubleVector c2 = DoubleVector.fromArray(S, cp, co + 2 * L);
        DoubleVector c3 = DoubleVector.fromArray(S, cp, co + 3 * L);
        for (int p = p0; p < p1; p++) {
            int bo = idx[p] + j;
            DoubleVector x = DoubleVector.broadcast(S, val[p]);
            c0 = x.fma(DoubleVector.fromArray(S, bp, bo), c0);
            c1 = x.fma(DoubleVector.fromArray(S, bp, bo + L), c1);
            c2 = x.fma(DoubleVector.fromArray(S, bp, bo + 2 * L), c2);
            c3 = x.fma(DoubleVector.fromArray(S, bp, bo + 3 * L), c3);
        }
        c0.intoArray(cp, co);
        c1.intoArray(cp, co + L);
        c2.intoArray(cp, co + 2 * L);
        c3.intoArray(cp, co + 3 * L);
    }

    private static void sparse1(int[] idx, double[] val, int p0, int p1, double[] bp, int j, double[] cp, int co) {
        DoubleVector c0 = DoubleVector.fromArray(S, cp, co);
        for (int p = p0; p < p1; p++) {
            c0 = DoubleVector.broadcast(S, val[p]).fma(DoubleVector.fromArray(S, bp, idx[p] + j), c0);
        }
        c0.intoArray(cp, co);
    }

    private static void sparse1Unfused(int[] idx, double[] val, int p0, int p1, double[] bp, int j, double[] cp,
                                       int co) {
        DoubleVector c0 = DoubleVector.fromArray(S, cp, co);
        for (int p = p0; p < p1; p++) {
            c0 = DoubleVector.fromArray(S, bp, idx[p] + j).mul(val[p]).add(c0);
        }
        c0.intoArray(cp, co);
    }

    /**
     * Packs rows [r0, r0+k) of A, columns [i0, i1) (i0 a multiple of {@link #MR}), into panels of
     * {@link #MR} columns: panel i / MR at (i / MR) MR k, row t at t MR, zero past n.
     */
    private static void packA(double[] a, double[] ap, int r0, int k, int n, int i0, int i1) {
        for (int p0 = i0; p0 < i1; p0 += MR) {
            int width = Math.min(MR, n - p0);
            int o = p0 * k;
            for (int t = 0; t < k; t++) {
                System.arraycopy(a, (r0 + t) * n + p0, ap, o + t * MR, width);
                for (int q = width; q < MR; q++) {
                    ap[o + t * MR + q] = 0.0;
                }
            }
        }
    }

    /**
     * Packs rows [r0, r0+k) of B into column panels: {@link #NR} columns wide up to the last whole wide
     * panel, then as {@link #panelWidth} says (two vectors or one), the last ones (columns from f, if
     * any) one vector wide and padded with zeros; the panel of column j starts at j k and its row t at t
     * times its width.
     */
    private static void packB(double[] b, double[] bp, int r0, int k, int m, int f) {
        int wide = f / NR * NR;
        for (int j = 0; j < f; ) {
            int width = panelWidth(j, wide, f);
            for (int t = 0; t < k; t++) {
                System.arraycopy(b, (r0 + t) * m + j, bp, LEAD + j * k + t * width, width);
            }
            j += width;
        }
        for (int j = f; j < m; j += L) {
            int len = Math.min(L, m - j);
            for (int t = 0; t < k; t++) {
                int o = LEAD + j * k + t * L;
                System.arraycopy(b, (r0 + t) * m + j, bp, o, len);
                Arrays.fill(bp, o + len, o + L, 0.0);
            }
        }
    }

    /**
     * 8 rows x 3 vectors of C (row stride cs, from co), fused, over k packed rows (B panel of 3 vectors from
     * bo), the sums starting from {@code from} (row stride fs, from fo: C itself, or {@link #ZEROS} at
     * stride 0) and stored multiplied by s (1.0, which changes no double, but in a mean's last block).
     */
    private static void tile8x3(double[] ap, int ao, double[] bp, int bo, int k, double[] from, int fo, int fs,
            double[] c, int co, int cs, double s) {
        int o0 = co;
        int o1 = co + 1 * cs;
        int o2 = co + 2 * cs;
        int o3 = co + 3 * cs;
        int o4 = co + 4 * cs;
        int o5 = co + 5 * cs;
        int o6 = co + 6 * cs;
        int o7 = co + 7 * cs;
        int f0 = fo + 0 * fs;
        int f1 = fo + 1 * fs;
        int f2 = fo + 2 * fs;
        int f3 = fo + 3 * fs;
        int f4 = fo + 4 * fs;
        int f5 = fo + 5 * fs;
        int f6 = fo + 6 * fs;
        int f7 = fo + 7 * fs;
        DoubleVector c00 = DoubleVector.fromArray(S, from, f0);
        DoubleVector c01 = DoubleVector.fromArray(S, from, f0 + L);
        DoubleVector c02 = DoubleVector.fromArray(S, from, f0 + 2 * L);
        DoubleVector c10 = DoubleVector.fromArray(S, from, f1);
        DoubleVector c11 = DoubleVector.fromArray(S, from, f1 + L);
        DoubleVector c12 = DoubleVector.fromArray(S, from, f1 + 2 * L);
        DoubleVector c20 = DoubleVector.fromArray(S, from, f2);
        DoubleVector c21 = DoubleVector.fromArray(S, from, f2 + L);
        DoubleVector c22 = DoubleVector.fromArray(S, from, f2 + 2 * L);
        DoubleVector c30 = DoubleVector.fromArray(S, from, f3);
        DoubleVector c31 = DoubleVector.fromArray(S, from, f3 + L);
        DoubleVector c32 = DoubleVector.fromArray(S, from, f3 + 2 * L);
        DoubleVector c40 = DoubleVector.fromArray(S, from, f4);
        DoubleVector c41 = DoubleVector.fromArray(S, from, f4 + L);
        DoubleVector c42 = DoubleVector.fromArray(S, from, f4 + 2 * L);
        DoubleVector c50 = DoubleVector.fromArray(S, from, f5);
        DoubleVector c51 = DoubleVector.fromArray(S, from, f5 + L);
        DoubleVector c52 = DoubleVector.fromArray(S, from, f5 + 2 * L);
        DoubleVector c60 = DoubleVector.fromArray(S, from, f6);
        DoubleVector c61 = DoubleVector.fromArray(S, from, f6 + L);
        DoubleVector c62 = DoubleVector.fromArray(S, from, f6 + 2 * L);
        DoubleVector c70 = DoubleVector.fromArray(S, from, f7);
        DoubleVector c71 = DoubleVector.fromArray(S, from, f7 + L);
        DoubleVector c72 = DoubleVector.fromArray(S, from, f7 + 2 * L);
        for (int t = 0; t < k; t++) {
            int q = bo + t * 3 * L;
            DoubleVector b0 = DoubleVector.fromArray(S, bp, q);
            DoubleVector b1 = DoubleVector.fromArray(S, bp, q + L);
            DoubleVector b2 = DoubleVector.fromArray(S, bp, q + 2 * L);
            int p = ao + t * 8;
            DoubleVector x0 = DoubleVector.broadcast(S, ap[p]);
            c00 = x0.fma(b0, c00);
            c01 = x0.fma(b1, c01);
            c02 = x0.fma(b2, c02);
            DoubleVector x1 = DoubleVector.broadcast(S, ap[p + 1]);
            c10 = x1.fma(b0, c10);
            c11 = x1.fma(b1, c11);
            c12 = x1.fma(b2, c12);
            DoubleVector x2 = DoubleVector.broadcast(S, ap[p + 2]);
            c20 = x2.fma(b0, c20);
            c21 = x2.fma(b1, c21);
            c22 = x2.fma(b2, c22);
            DoubleVector x3 = DoubleVector.broadcast(S, ap[p + 3]);
            c30 = x3.fma(b0, c30);
            c31 = x3.fma(b1, c31);
            c32 = x3.fma(b2, c32);
            DoubleVector x4 = DoubleVector.broadcast(S, ap[p + 4]);
            c40 = x4.fma(b0, c40);
            c41 = x4.fma(b1, c41);
            c42 = x4.fma(b2, c42);
            DoubleVector x5 = DoubleVector.broadcast(S, ap[p + 5]);
            c50 = x5.fma(b0, c50);
            c51 = x5.fma(b1, c51);
            c52 = x5.fma(b2, c52);
            DoubleVector x6 = DoubleVector.broadcast(S, ap[p + 6]);
            c60 = x6.fma(b0, c60);
            c61 = x6.fma(b1, c61);
            c62 = x6.fma(b2, c62);
            DoubleVector x7 = DoubleVector.broadcast(S, ap[p + 7]);
            c70 = x7.fma(b0, c70);
            c71 = x7.fma(b1, c71);
            c72 = x7.fma(b2, c72);
        }
        c00.mul(s).intoArray(c, o0);
        c01.mul(s).intoArray(c, o0 + L);
        c02.mul(s).intoArray(c, o0 + 2 * L);
        c10.mul(s).intoArray(c, o1);
        c11.mul(s).intoArray(c, o1 + L);
        c12.mul(s).intoArray(c, o1 + 2 * L);
        c20.mul(s).intoArray(c, o2);
        c21.mul(s).intoArray(c, o2 + L);
        c22.mul(s).intoArray(c, o2 + 2 * L);
        c30.mul(s).intoArray(c, o3);
        c31.mul(s).intoArray(c, o3 + L);
        c32.mul(s).intoArray(c, o3 + 2 * L);
        c40.mul(s).intoArray(c, o4);
        c41.mul(s).intoArray(c, o4 + L);
        c42.mul(s).intoArray(c, o4 + 2 * L);
        c50.mul(s).intoArray(c, o5);
        c51.mul(s).intoArray(c, o5 + L);
        c52.mul(s).intoArray(c, o5 + 2 * L);
        c60.mul(s).intoArray(c, o6);
        c61.mul(s).intoArray(c, o6 + L);
        c62.mul(s).intoArray(c, o6 + 2 * L);
        c70.mul(s).intoArray(c, o7);
        c71.mul(s).intoArray(c, o7 + L);
        c72.mul(s).intoArray(c, o7 + 2 * L);
    }

    /**
     * 8 rows x 2 vectors of C, as {@link #tile8x3} (B panel of 2 vectors from bo): the fused columns
     * past the last whole 3-vector panel (at 8 lanes, m = 500 leaves two vectors), with 16 independent
     * sums where {@link #tile1} has 4 at a time.
     */
    private static void tile8x2(double[] ap, int ao, double[] bp, int bo, int k, double[] from, int fo, int fs,
            double[] c, int co, int cs, double s) {
        int o0 = co;
        int o1 = co + 1 * cs;
        int o2 = co + 2 * cs;
        int o3 = co + 3 * cs;
        int o4 = co + 4 * cs;
        int o5 = co + 5 * cs;
        int o6 = co + 6 * cs;
        int o7 = co + 7 * cs;
        int f0 = fo + 0 * fs;
        int f1 = fo + 1 * fs;
        int f2 = fo + 2 * fs;
        int f3 = fo + 3 * fs;
        int f4 = fo + 4 * fs;
        int f5 = fo + 5 * fs;
        int f6 = fo + 6 * fs;
        int f7 = fo + 7 * fs;
        DoubleVector c00 = DoubleVector.fromArray(S, from, f0);
        DoubleVector c01 = DoubleVector.fromArray(S, from, f0 + L);
        DoubleVector c10 = DoubleVector.fromArray(S, from, f1);
        DoubleVector c11 = DoubleVector.fromArray(S, from, f1 + L);
        DoubleVector c20 = DoubleVector.fromArray(S, from, f2);
        DoubleVector c21 = DoubleVector.fromArray(S, from, f2 + L);
        DoubleVector c30 = DoubleVector.fromArray(S, from, f3);
        DoubleVector c31 = DoubleVector.fromArray(S, from, f3 + L);
        DoubleVector c40 = DoubleVector.fromArray(S, from, f4);
        DoubleVector c41 = DoubleVector.fromArray(S, from, f4 + L);
        DoubleVector c50 = DoubleVector.fromArray(S, from, f5);
        DoubleVector c51 = DoubleVector.fromArray(S, from, f5 + L);
        DoubleVector c60 = DoubleVector.fromArray(S, from, f6);
        DoubleVector c61 = DoubleVector.fromArray(S, from, f6 + L);
        DoubleVector c70 = DoubleVector.fromArray(S, from, f7);
        DoubleVector c71 = DoubleVector.fromArray(S, from, f7 + L);
        for (int t = 0; t < k; t++) {
            int q = bo + t * 2 * L;
            DoubleVector b0 = DoubleVector.fromArray(S, bp, q);
            DoubleVector b1 = DoubleVector.fromArray(S, bp, q + L);
            int p = ao + t * 8;
            DoubleVector x0 = DoubleVector.broadcast(S, ap[p]);
            c00 = x0.fma(b0, c00);
            c01 = x0.fma(b1, c01);
            DoubleVector x1 = DoubleVector.broadcast(S, ap[p + 1]);
            c10 = x1.fma(b0, c10);
            c11 = x1.fma(b1, c11);
            DoubleVector x2 = DoubleVector.broadcast(S, ap[p + 2]);
            c20 = x2.fma(b0, c20);
            c21 = x2.fma(b1, c21);
            DoubleVector x3 = DoubleVector.broadcast(S, ap[p + 3]);
            c30 = x3.fma(b0, c30);
            c31 = x3.fma(b1, c31);
            DoubleVector x4 = DoubleVector.broadcast(S, ap[p + 4]);
            c40 = x4.fma(b0, c40);
            c41 = x4.fma(b1, c41);
            DoubleVector x5 = DoubleVector.broadcast(S, ap[p + 5]);
            c50 = x5.fma(b0, c50);
            c51 = x5.fma(b1, c51);
            DoubleVector x6 = DoubleVector.broadcast(S, ap[p + 6]);
            c60 = x6.fma(b0, c60);
            c61 = x6.fma(b1, c61);
            DoubleVector x7 = DoubleVector.broadcast(S, ap[p + 7]);
            c70 = x7.fma(b0, c70);
            c71 = x7.fma(b1, c71);
        }
        c00.mul(s).intoArray(c, o0);
        c01.mul(s).intoArray(c, o0 + L);
        c10.mul(s).intoArray(c, o1);
        c11.mul(s).intoArray(c, o1 + L);
        c20.mul(s).intoArray(c, o2);
        c21.mul(s).intoArray(c, o2 + L);
        c30.mul(s).intoArray(c, o3);
        c31.mul(s).intoArray(c, o3 + L);
        c40.mul(s).intoArray(c, o4);
        c41.mul(s).intoArray(c, o4 + L);
        c50.mul(s).intoArray(c, o5);
        c51.mul(s).intoArray(c, o5 + L);
        c60.mul(s).intoArray(c, o6);
        c61.mul(s).intoArray(c, o6 + L);
        c70.mul(s).intoArray(c, o7);
        c71.mul(s).intoArray(c, o7 + L);
    }

    /** 4 rows x 4 vectors of C, as {@link #tile8x3} (B panel of 4 vectors from bo). */
    private static void tile4x4(double[] ap, int ao, double[] bp, int bo, int k, double[] from, int fo, int fs,
            double[] c, int co, int cs, double s) {
        int o0 = co;
        int o1 = co + 1 * cs;
        int o2 = co + 2 * cs;
        int o3 = co + 3 * cs;
        int f0 = fo + 0 * fs;
        int f1 = fo + 1 * fs;
        int f2 = fo + 2 * fs;
        int f3 = fo + 3 * fs;
        DoubleVector c00 = DoubleVector.fromArray(S, from, f0);
        DoubleVector c01 = DoubleVector.fromArray(S, from, f0 + L);
        DoubleVector c02 = DoubleVector.fromArray(S, from, f0 + 2 * L);
        DoubleVector c03 = DoubleVector.fromArray(S, from, f0 + 3 * L);
        DoubleVector c10 = DoubleVector.fromArray(S, from, f1);
        DoubleVector c11 = DoubleVector.fromArray(S, from, f1 + L);
        DoubleVector c12 = DoubleVector.fromArray(S, from, f1 + 2 * L);
        DoubleVector c13 = DoubleVector.fromArray(S, from, f1 + 3 * L);
        DoubleVector c20 = DoubleVector.fromArray(S, from, f2);
        DoubleVector c21 = DoubleVector.fromArray(S, from, f2 + L);
        DoubleVector c22 = DoubleVector.fromArray(S, from, f2 + 2 * L);
        DoubleVector c23 = DoubleVector.fromArray(S, from, f2 + 3 * L);
        DoubleVector c30 = DoubleVector.fromArray(S, from, f3);
        DoubleVector c31 = DoubleVector.fromArray(S, from, f3 + L);
        DoubleVector c32 = DoubleVector.fromArray(S, from, f3 + 2 * L);
        DoubleVector c33 = DoubleVector.fromArray(S, from, f3 + 3 * L);
        for (int t = 0; t < k; t++) {
            int q = bo + t * 4 * L;
            DoubleVector b0 = DoubleVector.fromArray(S, bp, q);
            DoubleVector b1 = DoubleVector.fromArray(S, bp, q + L);
            DoubleVector b2 = DoubleVector.fromArray(S, bp, q + 2 * L);
            DoubleVector b3 = DoubleVector.fromArray(S, bp, q + 3 * L);
            int p = ao + t * 4;
            DoubleVector x0 = DoubleVector.broadcast(S, ap[p]);
            c00 = x0.fma(b0, c00);
            c01 = x0.fma(b1, c01);
            c02 = x0.fma(b2, c02);
            c03 = x0.fma(b3, c03);
            DoubleVector x1 = DoubleVector.broadcast(S, ap[p + 1]);
            c10 = x1.fma(b0, c10);
            c11 = x1.fma(b1, c11);
            c12 = x1.fma(b2, c12);
            c13 = x1.fma(b3, c13);
            DoubleVector x2 = DoubleVector.broadcast(S, ap[p + 2]);
            c20 = x2.fma(b0, c20);
            c21 = x2.fma(b1, c21);
            c22 = x2.fma(b2, c22);
            c23 = x2.fma(b3, c23);
            DoubleVector x3 = DoubleVector.broadcast(S, ap[p + 3]);
            c30 = x3.fma(b0, c30);
            c31 = x3.fma(b1, c31);
            c32 = x3.fma(b2, c32);
            c33 = x3.fma(b3, c33);
        }
        c00.mul(s).intoArray(c, o0);
        c01.mul(s).intoArray(c, o0 + L);
        c02.mul(s).intoArray(c, o0 + 2 * L);
        c03.mul(s).intoArray(c, o0 + 3 * L);
        c10.mul(s).intoArray(c, o1);
        c11.mul(s).intoArray(c, o1 + L);
        c12.mul(s).intoArray(c, o1 + 2 * L);
        c13.mul(s).intoArray(c, o1 + 3 * L);
        c20.mul(s).intoArray(c, o2);
        c21.mul(s).intoArray(c, o2 + L);
        c22.mul(s).intoArray(c, o2 + 2 * L);
        c23.mul(s).intoArray(c, o2 + 3 * L);
        c30.mul(s).intoArray(c, o3);
        c31.mul(s).intoArray(c, o3 + L);
        c32.mul(s).intoArray(c, o3 + 2 * L);
        c33.mul(s).intoArray(c, o3 + 3 * L);
    }

    /**
     * {@link #MR} rows x 1 vector of C (row stride cs, from co), a multiply and an add (two roundings,
     * as the scalar tail of {@link VectorMath#axpy}), for the columns from {@link Lanes#bound}(m); four
     * rows at a time (four independent sums; {@link #MR} is 4 or 8).
     */
    private static void tile1Unfused(double[] ap, int ao, double[] bp, int bo, int k, double[] c, int co, int cs) {
        for (int r = 0; r < MR; r += 4) {
            DoubleVector c0 = DoubleVector.fromArray(S, c, co + r * cs);
            DoubleVector c1 = DoubleVector.fromArray(S, c, co + (r + 1) * cs);
            DoubleVector c2 = DoubleVector.fromArray(S, c, co + (r + 2) * cs);
            DoubleVector c3 = DoubleVector.fromArray(S, c, co + (r + 3) * cs);
            for (int t = 0; t < k; t++) {
                DoubleVector b0 = DoubleVector.fromArray(S, bp, bo + t * L);
                int p = ao + t * MR + r;
                c0 = b0.mul(ap[p]).add(c0);
                c1 = b0.mul(ap[p + 1]).add(c1);
                c2 = b0.mul(ap[p + 2]).add(c2);
                c3 = b0.mul(ap[p + 3]).add(c3);
            }
            c0.intoArray(c, co + r * cs);
            c1.intoArray(c, co + (r + 1) * cs);
            c2.intoArray(c, co + (r + 2) * cs);
            c3.intoArray(c, co + (r + 3) * cs);
        }
    }

    /**
     * {@link #MR} rows x 1 vector of C, fused, over k packed rows, starting and stored as {@link #tile8x3};
     * four rows at a time.
     */
    private static void tile1(double[] ap, int ao, double[] bp, int bo, int k, double[] from, int fo, int fs,
            double[] c, int co, int cs, double s) {
        for (int r = 0; r < MR; r += 4) {
            DoubleVector c0 = DoubleVector.fromArray(S, from, fo + r * fs);
            DoubleVector c1 = DoubleVector.fromArray(S, from, fo + (r + 1) * fs);
            DoubleVector c2 = DoubleVector.fromArray(S, from, fo + (r + 2) * fs);
            DoubleVector c3 = DoubleVector.fromArray(S, from, fo + (r + 3) * fs);
            for (int t = 0; t < k; t++) {
                DoubleVector b0 = DoubleVector.fromArray(S, bp, bo + t * L);
                int p = ao + t * MR + r;
                c0 = DoubleVector.broadcast(S, ap[p]).fma(b0, c0);
                c1 = DoubleVector.broadcast(S, ap[p + 1]).fma(b0, c1);
                c2 = DoubleVector.broadcast(S, ap[p + 2]).fma(b0, c2);
                c3 = DoubleVector.broadcast(S, ap[p + 3]).fma(b0, c3);
            }
            c0.mul(s).intoArray(c, co + r * cs);
            c1.mul(s).intoArray(c, co + (r + 1) * cs);
            c2.mul(s).intoArray(c, co + (r + 2) * cs);
            c3.mul(s).intoArray(c, co + (r + 3) * cs);
        }
    }
}
