package dev.rbmsuite.core;

import java.util.Arrays;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * An immutable binary restricted Boltzmann machine with n visible and m hidden units (paper Eq. 1-2):
 * {@code E(v,h) = -b.v - c.h - v.W.h}.
 *
 * <p>The public API speaks float64 ND4J arrays; parameters are held as private float64 Java arrays
 * (W and its transpose, row-major with rows padded to whole vectors, the layout the conditionals read,
 * so they share them instead of copying) so that the batched hot paths below run as vectorised loops
 * without a JNI call per operation. Batched methods take states as rows of a row-major buffer:
 * {@code v[r*n + i]} is unit i of chain r. Buffers may hold any real values (means as well as
 * binary states); exact 0/1 values take a faster path (a row of W added per active unit).
 *
 * <p>All results are finite for weights of magnitude up to (at least) 50.
 */
public final class Rbm {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    /** The least n x m whose W^T is built on an installed {@link ChunkPool}'s threads (the bits are copies). */
    private static final long SPLIT_MIN = 1L << 16;
    /** Rows of W (in {@link #fromFlat}) or of W^T (in the constructor) per chunk of that split (fixed: the same for every number of threads). */
    private static final int SPLIT_ROWS = 64;
    /** Rows of W per block of {@link #transpose}: 16 cache lines read together, runs of 128 bytes written. */
    private static final int TRANSPOSE_BLOCK = 16;
    /** Where row 0 of W and of W^T starts in its array: their rows then start cache lines for the conditionals ({@link CacheLines}). */
    private static final int LEAD = CacheLines.LEAD;
    private final int n;
    private final int m;
    /** Row length of {@link #w}: m rounded up to whole vectors ({@link ConditionalKernel#paddedWidth}). */
    private final int ws;
    /** Row length of {@link #wt}: n rounded up likewise. */
    private final int ts;
    /**
     * W, n rows of {@link #ws} from {@link #LEAD}: w[LEAD + i ws + j] = W_ij, the entries past m zero:
     * the layout the v -> h conditional reads, so it shares this array instead of copying it.
     */
    private final double[] w;
    /** W^T, m rows of {@link #ts} from {@link #LEAD}: wt[LEAD + j ts + i] = W_ij, the h -> v conditional's M. */
    private final double[] wt;
    private final double[] b;
    private final double[] c;
    private final ConditionalKernel up;    // v -> h: bias c, matrix W
    private final ConditionalKernel down;  // h -> v: bias b, matrix W^T

    /** An RBM of the given parameters: W row-major ({@code W_ij} at {@code i*m + j}), copied into its layout. */
    private Rbm(int n, int m, double[] w, double[] b, double[] c) {
        if (n <= 0 || m <= 0) {
            throw new IllegalArgumentException("an RBM needs n > 0 and m > 0, got n=" + n + ", m=" + m);
        }
        if (w.length != (long) n * m) {
            throw new IllegalArgumentException("W has " + w.length + " values, expected n*m = " + n + "*" + m);
        }
        if (b.length != n) {
            throw new IllegalArgumentException("visible bias b has length " + b.length + ", expected n = " + n);
        }
        if (c.length != m) {
            throw new IllegalArgumentException("hidden bias c has length " + c.length + ", expected m = " + m);
        }
        requireFinite(w, "W");
        requireFinite(b, "b");
        requireFinite(c, "c");
        this.n = n;
        this.m = m;
        this.ws = ConditionalKernel.paddedWidth(m);
        this.ts = ConditionalKernel.paddedWidth(n);
        this.w = new double[LEAD + n * ws];
        for (int i = 0; i < n; i++) {
            System.arraycopy(w, i * m, this.w, LEAD + i * ws, m);
        }
        this.b = b;
        this.c = c;
        this.wt = new double[LEAD + m * ts];
        ChunkPool pool = ChunkPool.current();
        if (pool != null && (long) n * m >= SPLIT_MIN) {
            // a training update builds its RBMs anew (train --threads): copies only, split by rows of W^T
            pool.forEach((m + SPLIT_ROWS - 1) / SPLIT_ROWS, (k, worker) ->
                    transpose(this.w, ws, wt, ts, 0, n, k * SPLIT_ROWS, Math.min(m, (k + 1) * SPLIT_ROWS)));
        } else {
            transpose(this.w, ws, wt, ts, 0, n, 0, m);
        }
        this.up = ConditionalKernel.sharing(n, m, this.w, LEAD, c, null);
        this.down = ConditionalKernel.sharing(m, n, wt, LEAD, b, null);
    }

    /**
     * Rows [i0, i1) of W into W^T, its columns [j0, j1) (W^T's rows), by blocks of {@value #TRANSPOSE_BLOCK}
     * rows of W: for each column j a block writes its 16 entries of row j of W^T as one run (two cache
     * lines) from the block's 16 rows of W read together, as sixteen written-out moves (the loop over
     * them, unrolled by the JIT, took twice as long: 784 x 500 in about 110 against 210 us, its arrays in
     * L3, on an AMD Zen 5); the rows past the last whole block one at a time. Copies only: no bit changes.
     *
     * @param w W, row i at {@link #LEAD} + i ws
     * @param wt W^T, row j at {@link #LEAD} + j ts
     */
    private static void transpose(double[] w, int ws, double[] wt, int ts, int i0, int i1, int j0, int j1) {
        int i = i0;
        for (; i + TRANSPOSE_BLOCK <= i1; i += TRANSPOSE_BLOCK) {
            for (int j = j0; j < j1; j++) {
                int o = LEAD + j * ts + i;
                int s = LEAD + i * ws + j;
                wt[o] = w[s];
                wt[o + 1] = w[s + ws];
                wt[o + 2] = w[s + 2 * ws];
                wt[o + 3] = w[s + 3 * ws];
                wt[o + 4] = w[s + 4 * ws];
                wt[o + 5] = w[s + 5 * ws];
                wt[o + 6] = w[s + 6 * ws];
                wt[o + 7] = w[s + 7 * ws];
                wt[o + 8] = w[s + 8 * ws];
                wt[o + 9] = w[s + 9 * ws];
                wt[o + 10] = w[s + 10 * ws];
                wt[o + 11] = w[s + 11 * ws];
                wt[o + 12] = w[s + 12 * ws];
                wt[o + 13] = w[s + 13 * ws];
                wt[o + 14] = w[s + 14 * ws];
                wt[o + 15] = w[s + 15 * ws];
            }
        }
        for (; i < i1; i++) {
            for (int j = j0; j < j1; j++) {
                wt[LEAD + j * ts + i] = w[LEAD + i * ws + j];
            }
        }
    }

    /**
     * The RBM of a trainer's update (Trainer's flat parameter layout), its W and W^T already in its
     * layout ({@link #fromFlat}); {@code spent}'s kernels' arrays are taken where given.
     */
    private Rbm(int n, int m, double[] w, double[] wt, double[] b, double[] c, Rbm spent) {
        this.n = n;
        this.m = m;
        this.ws = ConditionalKernel.paddedWidth(m);
        this.ts = ConditionalKernel.paddedWidth(n);
        this.w = w;
        this.wt = wt;
        this.b = b;
        this.c = c;
        this.up = ConditionalKernel.sharing(n, m, w, LEAD, c, spent == null ? null : spent.up);
        this.down = ConditionalKernel.sharing(m, n, wt, LEAD, b, spent == null ? null : spent.down);
    }

    /**
     * Builds the RBM of parameters laid out flat from {@code offset}: W row-major ({@code W_ij} at
     * {@code offset + i*m + j}), then b, then c, as a trainer holds them, copied. Where {@code spent}
     * is given (an RBM of the same sizes that the caller owns alone and will never use or hand out
     * again: a training update's model of the update before), the new RBM is built in its
     * arrays (W, W^T, the biases, the conditionals' group tables) instead of new
     * ones; every value is overwritten, so the RBM is the one fresh arrays would give. At 784 x 500 the
     * arrays are about 10 MB per update, at the paper's 25 x 100 the group tables about 200 KB, and
     * writing new ones each update (and collecting them) took about a tenth of an update.
     *
     * @param n visible units
     * @param m hidden units
     * @param params the flat parameters (read only)
     * @param offset where W starts
     * @param spent an RBM whose arrays may be taken (it must not be used afterwards), or null
     * @return the RBM
     * @throws IllegalArgumentException when the sizes do not fit {@code params} or a parameter is not finite
     */
    public static Rbm fromFlat(int n, int m, double[] params, int offset, Rbm spent) {
        if (n <= 0 || m <= 0) {
            throw new IllegalArgumentException("an RBM needs n > 0 and m > 0, got n=" + n + ", m=" + m);
        }
        long size = (long) n * m + n + m;
        if (offset < 0 || params.length - (long) offset < size) {
            throw new IllegalArgumentException("parameters from " + offset + " of " + params.length
                    + " values cannot hold an RBM of n=" + n + ", m=" + m + " (" + size + " values)");
        }
        boolean reuse = spent != null && spent.n == n && spent.m == m;
        int wl = n * m;
        int ws = ConditionalKernel.paddedWidth(m);
        int ts = ConditionalKernel.paddedWidth(n);
        double[] w = reuse ? spent.w : new double[LEAD + n * ws];
        double[] wt = reuse ? spent.wt : new double[LEAD + m * ts];
        double[] b = reuse ? spent.b : new double[n];
        double[] c = reuse ? spent.c : new double[m];
        int chunks = (n + SPLIT_ROWS - 1) / SPLIT_ROWS;
        boolean[] finite = new boolean[chunks];
        ChunkPool pool = ChunkPool.current();
        if (pool != null && (long) n * m >= SPLIT_MIN) {
            pool.forEach(chunks, (k, worker) -> finite[k] = copyAndTranspose(params, offset, n, m, w, wt,
                    k * SPLIT_ROWS, Math.min(n, (k + 1) * SPLIT_ROWS)));
        } else {
            for (int k = 0; k < chunks; k++) {
                finite[k] = copyAndTranspose(params, offset, n, m, w, wt, k * SPLIT_ROWS,
                        Math.min(n, (k + 1) * SPLIT_ROWS));
            }
        }
        System.arraycopy(params, offset + wl, b, 0, n);
        System.arraycopy(params, offset + wl + n, c, 0, m);
        for (boolean f : finite) {
            if (!f) {
                requireFinite(w, "W"); // names the first non-finite value (the layout's padding is zero)
            }
        }
        requireFinite(b, "b");
        requireFinite(c, "c");
        return new Rbm(n, m, w, wt, b, c, reuse ? spent : null);
    }

    /**
     * Rows [i0, i1) of W copied from the flat parameters into the RBM's layout of W and written into
     * W^T ({@link #transpose}) while they are in cache.
     *
     * @return whether those rows are all finite
     */
    private static boolean copyAndTranspose(double[] params, int offset, int n, int m, double[] w, double[] wt,
                                            int i0, int i1) {
        int ws = ConditionalKernel.paddedWidth(m);
        for (int i = i0; i < i1; i++) {
            System.arraycopy(params, offset + i * m, w, LEAD + i * ws, m);
        }
        transpose(w, ws, wt, ConditionalKernel.paddedWidth(n), i0, i1, 0, m);
        return VectorMath.allFinite(params, offset + i0 * m, (i1 - i0) * m);
    }

    private static void requireFinite(double[] values, String what) {
        for (double x : values) {
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException(what + " contains a non-finite value: " + x);
            }
        }
    }

    /**
     * Builds an RBM from ND4J arrays (copied).
     *
     * @param weights W, shape (n, m)
     * @param visibleBias b, shape (n)
     * @param hiddenBias c, shape (m)
     * @return the RBM
     * @throws IllegalArgumentException naming the mismatch when the shapes disagree
     */
    public static Rbm of(INDArray weights, INDArray visibleBias, INDArray hiddenBias) {
        if (weights.rank() != 2) {
            throw new IllegalArgumentException("W must be a matrix (n, m), got shape " + Arrays.toString(weights.shape()));
        }
        int n = weights.rows();
        int m = weights.columns();
        if (visibleBias.length() != n || visibleBias.rank() > 2 || (visibleBias.rank() == 2 && !visibleBias.isVector())) {
            throw new IllegalArgumentException("visible bias b has shape " + Arrays.toString(visibleBias.shape())
                    + " but W has n = " + n + " rows");
        }
        if (hiddenBias.length() != m || hiddenBias.rank() > 2 || (hiddenBias.rank() == 2 && !hiddenBias.isVector())) {
            throw new IllegalArgumentException("hidden bias c has shape " + Arrays.toString(hiddenBias.shape())
                    + " but W has m = " + m + " columns");
        }
        return new Rbm(n, m, Nd.toArray(weights), Nd.toArray(visibleBias), Nd.toArray(hiddenBias));
    }

    /**
     * Builds an RBM from Java arrays (copied).
     *
     * @param n visible units
     * @param m hidden units
     * @param weightsRowMajor W with {@code W_ij} at {@code i*m + j}
     * @param visibleBias b (n)
     * @param hiddenBias c (m)
     * @return the RBM
     */
    public static Rbm of(int n, int m, double[] weightsRowMajor, double[] visibleBias, double[] hiddenBias) {
        return new Rbm(n, m, weightsRowMajor.clone(), visibleBias.clone(), hiddenBias.clone());
    }

    /**
     * The paper's initialisation: zero biases and Gaussian Xavier (Glorot normal) weights
     * W_ij ~ N(0, 2/(n+m)).
     *
     * @param n visible units
     * @param m hidden units
     * @param rng the stream to draw from
     * @return a new RBM
     */
    public static Rbm xavier(int n, int m, Rng rng) {
        double std = Math.sqrt(2.0 / (n + m));
        double[] w = new double[n * m];
        for (int k = 0; k < w.length; k++) {
            w[k] = std * rng.nextGaussian();
        }
        return new Rbm(n, m, w, new double[n], new double[m]);
    }

    /**
     * An RBM with every parameter (W, b and c) drawn i.i.d. from N(0, std^2), as the GenRBM
     * generator and {@code init --weight-std} use.
     *
     * @param n visible units
     * @param m hidden units
     * @param std standard deviation
     * @param rng the stream to draw from
     * @return a new RBM
     */
    public static Rbm gaussian(int n, int m, double std, Rng rng) {
        double[] w = new double[n * m];
        double[] b = new double[n];
        double[] c = new double[m];
        for (int k = 0; k < w.length; k++) {
            w[k] = std * rng.nextGaussian();
        }
        for (int k = 0; k < n; k++) {
            b[k] = std * rng.nextGaussian();
        }
        for (int k = 0; k < m; k++) {
            c[k] = std * rng.nextGaussian();
        }
        return new Rbm(n, m, w, b, c);
    }

    /** @return n, the number of visible units */
    public int numVisible() {
        return n;
    }

    /** @return m, the number of hidden units */
    public int numHidden() {
        return m;
    }

    /** @return a copy of W, shape (n, m), float64 */
    public INDArray weights() {
        return Nd.matrix(weightsArray(), n, m);
    }

    /** @return a copy of b, shape (n), float64 */
    public INDArray visibleBias() {
        return Nd.vector(b);
    }

    /** @return a copy of c, shape (m), float64 */
    public INDArray hiddenBias() {
        return Nd.vector(c);
    }

    /** @return a copy of W in row-major order, {@code W_ij} at {@code i*m + j} */
    public double[] weightsArray() {
        double[] out = new double[n * m];
        for (int i = 0; i < n; i++) {
            System.arraycopy(w, LEAD + i * ws, out, i * m, m);
        }
        return out;
    }

    /** @return a copy of b */
    public double[] visibleBiasArray() {
        return b.clone();
    }

    /** @return a copy of c */
    public double[] hiddenBiasArray() {
        return c.clone();
    }

    /**
     * @param i visible index
     * @param j hidden index
     * @return W_ij
     */
    public double weight(int i, int j) {
        return w[LEAD + i * ws + j];
    }

    /** @param i visible index @return b_i */
    public double visibleBias(int i) {
        return b[i];
    }

    /** @param j hidden index @return c_j */
    public double hiddenBias(int j) {
        return c[j];
    }

    /**
     * The same model with the roles of the layers exchanged (W to W^T, b and c swapped), so that every
     * hidden-side quantity is the visible-side quantity of the transpose: lh(h) of this RBM equals
     * lv(h) of the transpose.
     *
     * @return the transposed RBM
     */
    public Rbm transpose() {
        // W^T in this RBM's layout is W in the transpose's, and W likewise its W^T
        return new Rbm(m, n, wt.clone(), w.clone(), c.clone(), b.clone(), null);
    }

    // ---------------------------------------------------------------- batched hot paths (double[])

    /**
     * zeta(v) = c + vW for each row (Eq. rbm_h|v).
     *
     * @param v visible states, rows x n
     * @param rows number of rows
     * @param out hidden fields, rows x m (overwritten)
     */
    public void hiddenField(double[] v, int rows, double[] out) {
        up.apply(v, rows, out, ConditionalKernel.Mode.FIELD, 1.0, null, null);
    }

    /**
     * eta(h) = b + hW^T for each row (Eq. rbm_v|h).
     *
     * @param h hidden states, rows x m
     * @param rows number of rows
     * @param out visible fields, rows x n (overwritten)
     */
    public void visibleField(double[] h, int rows, double[] out) {
        down.apply(h, rows, out, ConditionalKernel.Mode.FIELD, 1.0, null, null);
    }

    /**
     * P(h_j = 1 | v) = sig(zeta_j(v)) for each row.
     *
     * @param v visible states, rows x n
     * @param rows number of rows
     * @param out probabilities, rows x m (overwritten)
     */
    public void hiddenMeans(double[] v, int rows, double[] out) {
        up.apply(v, rows, out, ConditionalKernel.Mode.MEAN, 1.0, null, null);
    }

    /**
     * P(v_i = 1 | h) = sig(eta_i(h)) for each row.
     *
     * @param h hidden states, rows x m
     * @param rows number of rows
     * @param out probabilities, rows x n (overwritten)
     */
    public void visibleMeans(double[] h, int rows, double[] out) {
        down.apply(h, rows, out, ConditionalKernel.Mode.MEAN, 1.0, null, null);
    }

    /**
     * Draws h ~ P(h | v) for each row (Eq. rbm_h|v), using exactly rows*m draws of {@code rng}, row
     * after row (one {@link Rng#segment} of m per row, so a chain-block view of the stream works).
     *
     * @param v visible states, rows x n
     * @param rows number of rows
     * @param out binary hidden states, rows x m (overwritten)
     * @param rng random stream
     * @param scratch a work array of at least rows*m doubles
     */
    public void sampleHidden(double[] v, int rows, double[] out, Rng rng, double[] scratch) {
        up.apply(v, rows, out, ConditionalKernel.Mode.SAMPLE, 1.0, rng.segment(m), scratch);
    }

    /**
     * {@link #sampleHidden(double[], int, double[], Rng, double[])} of the rows of v and
     * {@link #hiddenMeans(double[], int, double[])} of the rows of x in one call, with the same draws and
     * bits as the two calls: a training update draws its chains' hidden units and takes its data rows'
     * hidden means from the same W, and at large sizes (784 x 500) one pass over both batches builds the
     * group tables' blocks once instead of twice.
     *
     * @param v visible states to draw from, rows x n
     * @param rows their number
     * @param out binary hidden states, rows x m (overwritten)
     * @param rng random stream of the draws (exactly rows*m of them, as sampleHidden)
     * @param scratch a work array of at least rows*m doubles
     * @param x visible states whose hidden means are wanted, xRows x n
     * @param xRows their number
     * @param means P(h_j = 1 | x), xRows x m (overwritten)
     */
    public void sampleHiddenAndMeans(double[] v, int rows, double[] out, Rng rng, double[] scratch, double[] x,
                                     int xRows, double[] means) {
        up.applyTwo(v, rows, out, ConditionalKernel.Mode.SAMPLE, rng.segment(m), scratch,
                x, xRows, means, ConditionalKernel.Mode.MEAN, null, null);
    }

    /**
     * Draws v ~ P(v | h) for each row (Eq. rbm_v|h), using exactly rows*n draws of {@code rng}.
     *
     * @param h hidden states, rows x m
     * @param rows number of rows
     * @param out binary visible states, rows x n (overwritten)
     * @param rng random stream
     * @param scratch a work array of at least rows*n doubles
     */
    public void sampleVisible(double[] h, int rows, double[] out, Rng rng, double[] scratch) {
        down.apply(h, rows, out, ConditionalKernel.Mode.SAMPLE, 1.0, rng.segment(n), scratch);
    }

    /**
     * Tempered conditional draw h ~ P_beta(h | v) = prod_j Bern(sig(beta zeta_j(v))), the hidden
     * update of parallel tempering and AIS at inverse temperature beta.
     *
     * @param beta inverse temperature
     * @param v visible states, rows x n
     * @param rows number of rows
     * @param out binary hidden states, rows x m (overwritten)
     * @param rng random stream (exactly rows*m draws)
     * @param scratch a work array of at least rows*m doubles
     */
    public void sampleHidden(double beta, double[] v, int rows, double[] out, Rng rng, double[] scratch) {
        up.apply(v, rows, out, ConditionalKernel.Mode.SAMPLE, beta, rng.segment(m), scratch);
    }

    /**
     * Tempered conditional draw v ~ P_beta(v | h) = prod_i Bern(sig(beta eta_i(h))).
     *
     * @param beta inverse temperature
     * @param h hidden states, rows x m
     * @param rows number of rows
     * @param out binary visible states, rows x n (overwritten)
     * @param rng random stream (exactly rows*n draws)
     * @param scratch a work array of at least rows*n doubles
     */
    public void sampleVisible(double beta, double[] h, int rows, double[] out, Rng rng, double[] scratch) {
        down.apply(h, rows, out, ConditionalKernel.Mode.SAMPLE, beta, rng.segment(n), scratch);
    }

    /**
     * The unnormalised log-marginal of the visible layer, lv(v) = b.v + sum_j softplus(zeta_j(v)),
     * which is minus the visible free energy of Eq. energy_v.
     *
     * @param v visible states, rows x n
     * @param rows number of rows
     * @param out lv per row (overwritten)
     */
    public void logMarginalVisible(double[] v, int rows, double[] out) {
        logMarginal(up, v, rows, n, m, b, out);
    }

    /**
     * The unnormalised log-marginal of the hidden layer, lh(h) = c.h + sum_i softplus(eta_i(h)).
     *
     * @param h hidden states, rows x m
     * @param rows number of rows
     * @param out lh per row (overwritten)
     */
    public void logMarginalHidden(double[] h, int rows, double[] out) {
        logMarginal(down, h, rows, m, n, c, out);
    }

    /** biasIn . x + sum softplus(field(x)) per row, with the field from the same kernel as the draws. */
    private static void logMarginal(ConditionalKernel k, double[] x, int rows, int nIn, int nOut, double[] biasIn,
                                    double[] out) {
        double[] f = new double[rows * nOut];
        k.apply(x, rows, f, ConditionalKernel.Mode.FIELD, 1.0, null, null);
        double[] e = new double[VectorMath.softplusScratch(nOut)];
        for (int r = 0; r < rows; r++) {
            out[r] = VectorMath.dot(biasIn, 0, x, r * nIn, nIn) + VectorMath.softplusSum(1.0, f, r * nOut, nOut, e);
        }
    }

    /**
     * The joint energy E(v,h) = -b.v - c.h - v.W.h of each row pair (Eq. energy).
     *
     * @param v visible states, rows x n
     * @param h hidden states, rows x m
     * @param rows number of rows
     * @param out energies (overwritten)
     */
    public void energy(double[] v, double[] h, int rows, double[] out) {
        double[] zeta = new double[rows * m];
        hiddenField(v, rows, zeta);
        for (int r = 0; r < rows; r++) {
            // E = -b.v - (c + vW).h
            out[r] = -VectorMath.dot(b, 0, v, r * n, n) - VectorMath.dot(zeta, r * m, h, r * m, m);
        }
    }

    // ---------------------------------------------------------------- ND4J API

    /** @param v visible states (rows x n, or one vector) @return zeta(v), rows x m */
    public INDArray hiddenField(INDArray v) {
        int rows = Nd.rowCount(v);
        double[] out = new double[rows * m];
        hiddenField(Nd.rows(v, n, "visible states"), rows, out);
        return Nd.matrix(out, rows, m);
    }

    /** @param h hidden states (rows x m, or one vector) @return eta(h), rows x n */
    public INDArray visibleField(INDArray h) {
        int rows = Nd.rowCount(h);
        double[] out = new double[rows * n];
        visibleField(Nd.rows(h, m, "hidden states"), rows, out);
        return Nd.matrix(out, rows, n);
    }

    /** @param v visible states @return P(h_j=1|v), rows x m */
    public INDArray hiddenMeans(INDArray v) {
        int rows = Nd.rowCount(v);
        double[] out = new double[rows * m];
        hiddenMeans(Nd.rows(v, n, "visible states"), rows, out);
        return Nd.matrix(out, rows, m);
    }

    /** @param h hidden states @return P(v_i=1|h), rows x n */
    public INDArray visibleMeans(INDArray h) {
        int rows = Nd.rowCount(h);
        double[] out = new double[rows * n];
        visibleMeans(Nd.rows(h, m, "hidden states"), rows, out);
        return Nd.matrix(out, rows, n);
    }

    /** @param v visible states @param rng stream @return h ~ P(h|v), rows x m, binary */
    public INDArray sampleHidden(INDArray v, Rng rng) {
        int rows = Nd.rowCount(v);
        double[] out = new double[rows * m];
        sampleHidden(Nd.rows(v, n, "visible states"), rows, out, rng, new double[rows * m]);
        return Nd.matrix(out, rows, m);
    }

    /** @param h hidden states @param rng stream @return v ~ P(v|h), rows x n, binary */
    public INDArray sampleVisible(INDArray h, Rng rng) {
        int rows = Nd.rowCount(h);
        double[] out = new double[rows * n];
        sampleVisible(Nd.rows(h, m, "hidden states"), rows, out, rng, new double[rows * n]);
        return Nd.matrix(out, rows, n);
    }

    /** @param v visible states @return lv(v) per row, shape (rows) */
    public INDArray logMarginalVisible(INDArray v) {
        int rows = Nd.rowCount(v);
        double[] out = new double[rows];
        logMarginalVisible(Nd.rows(v, n, "visible states"), rows, out);
        return Nd.vector(out);
    }

    /** @param h hidden states @return lh(h) per row, shape (rows) */
    public INDArray logMarginalHidden(INDArray h) {
        int rows = Nd.rowCount(h);
        double[] out = new double[rows];
        logMarginalHidden(Nd.rows(h, m, "hidden states"), rows, out);
        return Nd.vector(out);
    }

    /**
     * The visible free energy F(v) = -lv(v) = -ln sum_h e^{-E(v,h)} (Eq. energy_v).
     *
     * @param v visible states
     * @return F(v) per row
     */
    public INDArray freeEnergyVisible(INDArray v) {
        return logMarginalVisible(v).negi();
    }

    /**
     * The hidden-side twin F(h) = -lh(h) = -ln sum_v e^{-E(v,h)}.
     *
     * @param h hidden states
     * @return F(h) per row
     */
    public INDArray freeEnergyHidden(INDArray h) {
        return logMarginalHidden(h).negi();
    }

    /**
     * @param v visible states, rows x n
     * @param h hidden states, rows x m
     * @return E(v,h) per row
     */
    public INDArray energy(INDArray v, INDArray h) {
        int rows = Nd.rowCount(v);
        if (Nd.rowCount(h) != rows) {
            throw new IllegalArgumentException("v has " + rows + " rows but h has " + Nd.rowCount(h));
        }
        double[] out = new double[rows];
        energy(Nd.rows(v, n, "visible states"), Nd.rows(h, m, "hidden states"), rows, out);
        return Nd.vector(out);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Rbm)) {
            return false;
        }
        Rbm r = (Rbm) o;
        return n == r.n && m == r.m && Arrays.equals(w, r.w) && Arrays.equals(b, r.b) && Arrays.equals(c, r.c);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(w) + Arrays.hashCode(b)) + Arrays.hashCode(c);
    }

    @Override
    public String toString() {
        return "Rbm[n=" + n + ", m=" + m + "]";
    }
}
