package dev.rbmsuite.core;

import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
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
 * <p><b>Kernel.</b> Rows of A are packed per block of {@value #KC} rows into panels of
 * {@value #MR} columns ({@code a_r,i..i+3} consecutive), B into the same block of rows padded to a
 * whole number of vectors; C is copied into a padded buffer once per call. A tile of {@value #MR}
 * rows of C times 4 vectors of columns is held in 16 registers while r runs over the block (4
 * broadcasts and 4 loads feed 16 fused multiply-adds); the last columns take tiles of one vector,
 * and the columns from {@link Lanes#bound}(m) on take a multiply and an add instead of the fma.
 * Padding rows of A and columns of B are zero and their results are never copied back.
 * {@link #accumulateScalar} is the scalar twin (the same operations per element), used while the
 * vector code is not yet compiled ({@link #warmUp}) and by tests.
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
    /** Rows of A per packed block (packed A and B of one block stay within the L2 cache at n, m &le; 1000). */
    static final int KC = 128;
    /** Rows of C per register tile. */
    static final int MR = 4;
    private static final VectorSpecies<Double> S = Lanes.SPECIES;
    private static final int L = Lanes.LANES;
    /** Columns of C per wide register tile. */
    private static final int NR = 4 * L;

    /** The longest warm-up, in milliseconds; the vector kernel is used after it in any case. */
    static final long WARM_UP_MILLIS = 3_000;
    /** Calls of the small problem that drive the vector kernel past C2's thresholds before timing starts. */
    static final int BUSY_CALLS = 1_000;

    /** Whether the vector kernel is used (false: the scalar twin), see {@link #enableVector}. */
    private static volatile boolean vector = !"false".equals(System.getProperty("rbm.products.vector"));
    private static Thread warmThread;
    private static volatile boolean armed;
    private static final boolean TRACE = "trace".equals(System.getProperty("rbm.warmup"));

    /** Rows of A per block of the sparse kernel (a block's 4 vectors of B columns stay in the L1 cache). */
    static final int KS = 64;
    /**
     * The sparse kernel is used when at most this percentage of A is non-zero (the system property
     * {@code rbm.products.sparsePercent}, for timing comparisons; -1 never, 100 always).
     */
    static final int SPARSE_PERCENT = Integer.getInteger("rbm.products.sparsePercent", 25);

    /** Rows of C per chunk when a call is split over an installed {@link ChunkPool} (fixed: the same for every T). */
    static final int SPLIT_ROWS = 64;

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
            // 43 columns: at 8 lanes a 4-vector tile, a 1-vector tile and the unfused tail; at 4 lanes
            // two 1-vector tiles and the tail; 6 rows of C: one whole tile and one padded
            double[][] small = problem(9, 6, 43);
            double[][] mid = problem(100, 25, 100);
            Products p = new Products();
            int wins = 0;
            for (int call = 0; System.nanoTime() < end; call++) {
                run(p, small, true);
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
     * {@code c[i*m + j] += sum_r a[r*n + i] b[r*m + j]} in the order of the class comment.
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
        if (armed) {
            startWarmUp();
        }
        ChunkPool pool = ChunkPool.current();
        if (pool != null && (long) rows * n * m >= MIN_WORK && n > SPLIT_ROWS) {
            accumulateSplit(pool, a, b, rows, n, m, c);
        } else {
            accumulateHere(a, b, rows, n, m, c);
        }
    }

    /** {@link #accumulate} on the calling thread, by the selected kernel. */
    private void accumulateHere(double[] a, double[] b, int rows, int n, int m, double[] c) {
        if (vector) {
            if (sparse(a, rows * n)) {
                accumulateSparse(a, b, rows, n, m, c);
            } else {
                accumulateVector(a, b, rows, n, m, c);
            }
        } else {
            accumulateScalar(a, b, rows, n, m, c);
        }
    }

    /**
     * {@link #accumulate} split over a pool by rows of C: chunk k takes rows i in [64 k, 64 k + 64) of C,
     * all rows r of A and B and all columns j. The dense vector kernel shares its packed B between the
     * chunks ({@link #accumulateVectorSplit}); the sparse kernel and the scalar twin run per chunk on its
     * columns of A, copied out, each chunk with the kernel its columns choose. Every element of C keeps
     * its operations over r in order (they do not depend on n, only on m: Lanes.bound(m)), so the result
     * is that of one call over the whole of C, whichever kernel each chunk runs.
     */
    private void accumulateSplit(ChunkPool pool, double[] a, double[] b, int rows, int n, int m, double[] c) {
        if (vector && !sparse(a, rows * n)) {
            accumulateVectorSplit(pool, a, b, rows, n, m, c);
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
            System.arraycopy(c, i0 * m, p.cRows, 0, width * m);
            p.accumulateHere(as, b, rows, width, m, p.cRows);
            System.arraycopy(p.cRows, 0, c, i0 * m, width * m);
        });
    }

    /** Grows the packed panels of A and B and the padded C to a block of kc rows (kept between calls). */
    private void reservePacks(int kc, int np, int mp) {
        if (ap.length < kc * np) {
            ap = new double[kc * np];
        }
        if (bp.length < kc * mp) {
            bp = new double[kc * mp];
        }
        if (cp.length < np * mp) {
            cp = new double[np * mp];
        }
    }

    /**
     * The dense vector kernel split over a pool by chunks of {@value #SPLIT_ROWS} rows of C: per block of
     * rows r, B is packed once (on the calling thread) and shared, and each chunk packs its own panels of
     * A and runs the tiles of its rows of C, which it alone reads and writes; so B is not packed once per
     * chunk. Per element of C the blocks come in order and the rows within them in order, with the same
     * operations as {@link #accumulateVector}: the same bits.
     */
    private void accumulateVectorSplit(ChunkPool pool, double[] a, double[] b, int rows, int n, int m, double[] c) {
        int np = (n + MR - 1) / MR * MR;
        int mp = (m + L - 1) / L * L;
        int f = Lanes.bound(m);
        int kc = Math.min(KC, rows);
        reservePacks(kc, np, mp);
        double[] ap = this.ap;
        double[] bp = this.bp;
        double[] cp = this.cp;
        int wide = f / NR * NR;
        int chunks = (np + SPLIT_ROWS - 1) / SPLIT_ROWS; // SPLIT_ROWS is a multiple of MR: whole tiles
        for (int r0 = 0; r0 < rows; r0 += kc) {
            int k = Math.min(kc, rows - r0);
            for (int t = 0; t < k; t++) {
                System.arraycopy(b, (r0 + t) * m, bp, t * mp, m);
                Arrays.fill(bp, t * mp + m, t * mp + mp, 0.0);
            }
            int first = r0;
            boolean last = r0 + k == rows;
            pool.forEach(chunks, (q, w) -> {
                int i0 = q * SPLIT_ROWS;
                int i1 = Math.min(np, i0 + SPLIT_ROWS);
                if (first == 0) {
                    for (int i = i0; i < i1; i++) {
                        if (i < n) {
                            System.arraycopy(c, i * m, cp, i * mp, m);
                            Arrays.fill(cp, i * mp + m, i * mp + mp, 0.0);
                        } else {
                            Arrays.fill(cp, i * mp, i * mp + mp, 0.0);
                        }
                    }
                }
                for (int t = 0; t < k; t++) {
                    int ao = (first + t) * n;
                    for (int i = i0; i < i1; i++) {
                        ap[(i / MR) * MR * k + t * MR + (i % MR)] = i < n ? a[ao + i] : 0.0;
                    }
                }
                for (int j = 0; j < wide; j += NR) {
                    for (int i = i0; i < i1; i += MR) {
                        tile4(ap, i * k, bp, j, mp, k, cp, i * mp + j);
                    }
                }
                for (int j = wide; j < f; j += L) {
                    for (int i = i0; i < i1; i += MR) {
                        tile1(ap, i * k, bp, j, mp, k, cp, i * mp + j);
                    }
                }
                for (int j = f; j < mp; j += L) {
                    for (int i = i0; i < i1; i += MR) {
                        tile1Unfused(ap, i * k, bp, j, mp, k, cp, i * mp + j);
                    }
                }
                if (last) {
                    for (int i = i0; i < Math.min(i1, n); i++) {
                        System.arraycopy(cp, i * mp, c, i * m, m);
                    }
                }
            });
        }
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
        if (rows == 0) {
            return;
        }
        int np = (n + MR - 1) / MR * MR;
        int mp = (m + L - 1) / L * L;
        int f = Lanes.bound(m);
        int kc = Math.min(KC, rows);
        reservePacks(kc, np, mp);
        double[] cp = this.cp;
        for (int i = 0; i < n; i++) {
            System.arraycopy(c, i * m, cp, i * mp, m);
            Arrays.fill(cp, i * mp + m, i * mp + mp, 0.0);
        }
        Arrays.fill(cp, n * mp, np * mp, 0.0);
        int wide = f / NR * NR; // columns [0, wide): tiles of 4 vectors, fused
        for (int r0 = 0; r0 < rows; r0 += kc) {
            int k = Math.min(kc, rows - r0);
            pack(a, b, r0, k, n, m, np, mp);
            for (int j = 0; j < wide; j += NR) {
                for (int i = 0; i < np; i += MR) {
                    tile4(ap, i * k, bp, j, mp, k, cp, i * mp + j);
                }
            }
            for (int j = wide; j < f; j += L) {
                for (int i = 0; i < np; i += MR) {
                    tile1(ap, i * k, bp, j, mp, k, cp, i * mp + j);
                }
            }
            for (int j = f; j < mp; j += L) {
                for (int i = 0; i < np; i += MR) {
                    tile1Unfused(ap, i * k, bp, j, mp, k, cp, i * mp + j);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            System.arraycopy(cp, i * mp, c, i * m, m);
        }
    }

    /** @return whether at most {@link #SPARSE_PERCENT} % of the first len values are non-zero */
    private static boolean sparse(double[] a, int len) {
        int nz = 0;
        for (int k = 0; k < len; k++) {
            nz += a[k] != 0.0 ? 1 : 0;
        }
        return nz * 100L <= SPARSE_PERCENT * (long) len;
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
        if (rows == 0) {
            return;
        }
        int mp = (m + L - 1) / L * L;
        int f = Lanes.bound(m);
        int blocks = (rows + KS - 1) / KS;
        if (bp.length < rows * mp) {
            bp = new double[rows * mp];
        }
        if (cp.length < n * mp) {
            cp = new double[n * mp];
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
            System.arraycopy(b, r * m, bp, r * mp, m);
            Arrays.fill(bp, r * mp + m, r * mp + mp, 0.0);
        }
        for (int i = 0; i < n; i++) {
            System.arraycopy(c, i * m, cp, i * mp, m);
            Arrays.fill(cp, i * mp + m, i * mp + mp, 0.0);
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
                        idx[pos] = r * mp;
                        val[pos] = x;
                        pos++;
                    }
                }
            }
            ptr[base + n] = pos;
        }
        int wide = f / NR * NR;
        for (int j = 0; j < mp; ) {
            int width = j < wide ? NR : L;
            boolean fused = j < f;
            for (int blk = 0; blk < blocks; blk++) {
                int base = blk * (n + 1);
                for (int i = 0; i < n; i++) {
                    int p0 = ptr[base + i];
                    int p1 = ptr[base + i + 1];
                    if (p0 == p1) {
                        continue;
                    }
                    if (width == NR) {
                        sparse4(idx, val, p0, p1, bp, j, cp, i * mp + j);
                    } else if (fused) {
                        sparse1(idx, val, p0, p1, bp, j, cp, i * mp + j);
                    } else {
                        sparse1Unfused(idx, val, p0, p1, bp, j, cp, i * mp + j);
                    }
                }
            }
            j += width;
        }
        for (int i = 0; i < n; i++) {
            System.arraycopy(cp, i * mp, c, i * m, m);
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
     * Packs rows [r0, r0+k) of A into panels of MR columns (panel p at p*MR*k, row t at t*MR) and of B
     * into rows of mp (zero padding).
     */
    private void pack(double[] a, double[] b, int r0, int k, int n, int m, int np, int mp) {
        double[] ap = this.ap;
        double[] bp = this.bp;
        for (int t = 0; t < k; t++) {
            int ao = (r0 + t) * n;
            for (int i = 0; i < n; i++) {
                ap[(i / MR) * MR * k + t * MR + (i % MR)] = a[ao + i];
            }
            for (int i = n; i < np; i++) {
                ap[(i / MR) * MR * k + t * MR + (i % MR)] = 0.0;
            }
            System.arraycopy(b, (r0 + t) * m, bp, t * mp, m);
            Arrays.fill(bp, t * mp + m, t * mp + mp, 0.0);
        }
    }

    /** MR rows x 4 vectors of C at cp[co..], fused, over k packed rows. */
    private static void tile4(double[] ap, int ao, double[] bp, int j, int mp, int k, double[] cp, int co) {
        int c1 = co + mp;
        int c2 = c1 + mp;
        int c3 = c2 + mp;
        DoubleVector c00 = DoubleVector.fromArray(S, cp, co);
        DoubleVector c01 = DoubleVector.fromArray(S, cp, co + L);
        DoubleVector c02 = DoubleVector.fromArray(S, cp, co + 2 * L);
        DoubleVector c03 = DoubleVector.fromArray(S, cp, co + 3 * L);
        DoubleVector c10 = DoubleVector.fromArray(S, cp, c1);
        DoubleVector c11 = DoubleVector.fromArray(S, cp, c1 + L);
        DoubleVector c12 = DoubleVector.fromArray(S, cp, c1 + 2 * L);
        DoubleVector c13 = DoubleVector.fromArray(S, cp, c1 + 3 * L);
        DoubleVector c20 = DoubleVector.fromArray(S, cp, c2);
        DoubleVector c21 = DoubleVector.fromArray(S, cp, c2 + L);
        DoubleVector c22 = DoubleVector.fromArray(S, cp, c2 + 2 * L);
        DoubleVector c23 = DoubleVector.fromArray(S, cp, c2 + 3 * L);
        DoubleVector c30 = DoubleVector.fromArray(S, cp, c3);
        DoubleVector c31 = DoubleVector.fromArray(S, cp, c3 + L);
        DoubleVector c32 = DoubleVector.fromArray(S, cp, c3 + 2 * L);
        DoubleVector c33 = DoubleVector.fromArray(S, cp, c3 + 3 * L);
        for (int t = 0; t < k; t++) {
            int bo = t * mp + j;
            DoubleVector b0 = DoubleVector.fromArray(S, bp, bo);
            DoubleVector b1 = DoubleVector.fromArray(S, bp, bo + L);
            DoubleVector b2 = DoubleVector.fromArray(S, bp, bo + 2 * L);
            DoubleVector b3 = DoubleVector.fromArray(S, bp, bo + 3 * L);
            int p = ao + t * MR;
            DoubleVector x = DoubleVector.broadcast(S, ap[p]);
            c00 = x.fma(b0, c00);
            c01 = x.fma(b1, c01);
            c02 = x.fma(b2, c02);
            c03 = x.fma(b3, c03);
            x = DoubleVector.broadcast(S, ap[p + 1]);
            c10 = x.fma(b0, c10);
            c11 = x.fma(b1, c11);
            c12 = x.fma(b2, c12);
            c13 = x.fma(b3, c13);
            x = DoubleVector.broadcast(S, ap[p + 2]);
            c20 = x.fma(b0, c20);
            c21 = x.fma(b1, c21);
            c22 = x.fma(b2, c22);
            c23 = x.fma(b3, c23);
            x = DoubleVector.broadcast(S, ap[p + 3]);
            c30 = x.fma(b0, c30);
            c31 = x.fma(b1, c31);
            c32 = x.fma(b2, c32);
            c33 = x.fma(b3, c33);
        }
        c00.intoArray(cp, co);
        c01.intoArray(cp, co + L);
        c02.intoArray(cp, co + 2 * L);
        c03.intoArray(cp, co + 3 * L);
        c10.intoArray(cp, c1);
        c11.intoArray(cp, c1 + L);
        c12.intoArray(cp, c1 + 2 * L);
        c13.intoArray(cp, c1 + 3 * L);
        c20.intoArray(cp, c2);
        c21.intoArray(cp, c2 + L);
        c22.intoArray(cp, c2 + 2 * L);
        c23.intoArray(cp, c2 + 3 * L);
        c30.intoArray(cp, c3);
        c31.intoArray(cp, c3 + L);
        c32.intoArray(cp, c3 + 2 * L);
        c33.intoArray(cp, c3 + 3 * L);
    }

    /** MR rows x 1 vector of C, fused. */
    private static void tile1(double[] ap, int ao, double[] bp, int j, int mp, int k, double[] cp, int co) {
        DoubleVector c0 = DoubleVector.fromArray(S, cp, co);
        DoubleVector c1 = DoubleVector.fromArray(S, cp, co + mp);
        DoubleVector c2 = DoubleVector.fromArray(S, cp, co + 2 * mp);
        DoubleVector c3 = DoubleVector.fromArray(S, cp, co + 3 * mp);
        for (int t = 0; t < k; t++) {
            DoubleVector b0 = DoubleVector.fromArray(S, bp, t * mp + j);
            int p = ao + t * MR;
            c0 = DoubleVector.broadcast(S, ap[p]).fma(b0, c0);
            c1 = DoubleVector.broadcast(S, ap[p + 1]).fma(b0, c1);
            c2 = DoubleVector.broadcast(S, ap[p + 2]).fma(b0, c2);
            c3 = DoubleVector.broadcast(S, ap[p + 3]).fma(b0, c3);
        }
        c0.intoArray(cp, co);
        c1.intoArray(cp, co + mp);
        c2.intoArray(cp, co + 2 * mp);
        c3.intoArray(cp, co + 3 * mp);
    }

    /** MR rows x 1 vector of C, a multiply and an add (two roundings), for the columns from Lanes.bound(m). */
    private static void tile1Unfused(double[] ap, int ao, double[] bp, int j, int mp, int k, double[] cp, int co) {
        DoubleVector c0 = DoubleVector.fromArray(S, cp, co);
        DoubleVector c1 = DoubleVector.fromArray(S, cp, co + mp);
        DoubleVector c2 = DoubleVector.fromArray(S, cp, co + 2 * mp);
        DoubleVector c3 = DoubleVector.fromArray(S, cp, co + 3 * mp);
        for (int t = 0; t < k; t++) {
            DoubleVector b0 = DoubleVector.fromArray(S, bp, t * mp + j);
            int p = ao + t * MR;
            c0 = b0.mul(ap[p]).add(c0);
            c1 = b0.mul(ap[p + 1]).add(c1);
            c2 = b0.mul(ap[p + 2]).add(c2);
            c3 = b0.mul(ap[p + 3]).add(c3);
        }
        c0.intoArray(cp, co);
        c1.intoArray(cp, co + mp);
        c2.intoArray(cp, co + 2 * mp);
        c3.intoArray(cp, co + 3 * mp);
    }
}
