package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.VectorMath;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The two fields a swap needs for one configuration x in {0,1}^{m_l}, computed in one pass
 * (Eq. swap_prob needs lh_l(x) and lv_{l+1}(x)): eta(x; theta_l) = b_l + W_l x (n_l values) and
 * zeta(x; theta_{l+1}) = c_{l+1} + x W_{l+1} (m_{l+1} values), side by side in one row, each
 * segment zero-padded to a multiple of {@value Lanes#WIDTH} (eta at offset 0, zeta at offset
 * {@link #upperOffset}; the padding fields are exactly 0, which lets the softplus sums run over whole
 * vectors). Row i of the fused matrix is [W_l[:, i], 0, W_{l+1}[i, :], 0], so a field row is the bias row plus the fused rows of the active units of x, added in increasing unit
 * order (the rounding order of core's fields). Both variants keep their vector accumulators in
 * registers across the inputs (no load or store of the output per input), which is several times
 * faster than adding rows into memory one unit at a time.
 *
 * <p>Immutable; the active-unit lists live in a caller's scratch arrays.
 */
final class FusedField {
    private static final VectorSpecies<Double> S = Lanes.SPECIES;

    final int inputs;
    final int lowerWidth;
    final int upperWidth;
    final int lowerPadded;
    final int upperPadded;
    final int upperOffset;
    final int stride;
    private final double[] w;
    private final double[] bias;

    /**
     * @param inputs m_l (= n_{l+1}), the length of x
     * @param lowerW W_l row-major (n_l x m_l)
     * @param lowerB b_l (n_l)
     * @param upperW W_{l+1} row-major (n_{l+1} x m_{l+1})
     * @param upperC c_{l+1} (m_{l+1})
     */
    FusedField(int inputs, double[] lowerW, double[] lowerB, double[] upperW, double[] upperC) {
        this.inputs = inputs;
        this.lowerWidth = lowerB.length;
        this.upperWidth = upperC.length;
        // padded to Lanes.WIDTH, not to the hardware vector: the padding enters the softplus products of
        // the swap (SwapKernel.evaluate), so its length must be the same at every width
        this.lowerPadded = Lanes.pad(lowerWidth);
        this.upperPadded = Lanes.pad(upperWidth);
        this.upperOffset = lowerPadded;
        this.stride = lowerPadded + upperPadded;
        this.w = new double[inputs * stride];
        this.bias = new double[stride];
        System.arraycopy(lowerB, 0, bias, 0, lowerWidth);
        System.arraycopy(upperC, 0, bias, upperOffset, upperWidth);
        for (int i = 0; i < inputs; i++) {
            for (int a = 0; a < lowerWidth; a++) {
                w[i * stride + a] = lowerW[a * inputs + i];
            }
            System.arraycopy(upperW, i * upperWidth, w, i * stride + upperOffset, upperWidth);
        }
    }

    /**
     * Computes the fused field rows [eta(x_r), 0 | zeta(x_r), 0] for r in [0, rows), choosing the
     * dense register-blocked product when at least a quarter of the inputs are active (typical
     * binary states; about 3 times cheaper per weight than the sparse gather) and the sparse
     * active-list sum for sparse states. Both add the weight rows in increasing input order, as
     * core's fields do.
     *
     * @param x states, rows x inputs row-major (any real values)
     * @param rows number of rows
     * @param out rows x stride (overwritten)
     * @param active scratch of at least {@code rows * inputs} ints
     * @param counts scratch of at least {@code rows} ints
     */
    void compute(double[] x, int rows, double[] out, int[] active, int[] counts) {
        int len = rows * inputs;
        if (VectorMath.dot(x, 0, x, 0, len) >= 0.25 * len) {
            computeDense(x, rows, out);
        } else {
            computeSparse(x, rows, out, active, counts);
        }
    }

    /**
     * Sparse variant: the sum of the fused rows of the active (nonzero) inputs.
     *
     * <p>Loop order: the active units of every row are listed first; then, for each block of up to
     * four output vectors, every row accumulates its active units' weights in registers. The block
     * of the fused matrix (inputs x 32 doubles, at most about 32 KiB) stays in the L1 cache across
     * rows, instead of the whole matrix streaming from L2 once per row.
     *
     * @param x states, rows x inputs row-major (any real values; binary ones take the add path)
     * @param rows number of rows
     * @param out rows x stride (overwritten)
     * @param active scratch of at least {@code rows * inputs} ints
     * @param counts scratch of at least {@code rows} ints
     */
    void computeSparse(double[] x, int rows, double[] out, int[] active, int[] counts) {
        int lanes = S.length();
        boolean unit = true;
        for (int r = 0; r < rows; r++) {
            int xo = r * inputs;
            int na = xo;
            for (int i = 0; i < inputs; i++) {
                double xi = x[xo + i];
                if (xi != 0.0) {
                    active[na++] = i;
                    unit &= xi == 1.0;
                }
            }
            counts[r] = na - xo;
        }
        if (!unit) {
            for (int r = 0; r < rows; r++) {
                general(x, r * inputs, active, counts[r], out, r * stride);
            }
            return;
        }
        int j = 0;
        for (; j + 4 * lanes <= stride; j += 4 * lanes) {
            DoubleVector b0 = DoubleVector.fromArray(S, bias, j);
            DoubleVector b1 = DoubleVector.fromArray(S, bias, j + lanes);
            DoubleVector b2 = DoubleVector.fromArray(S, bias, j + 2 * lanes);
            DoubleVector b3 = DoubleVector.fromArray(S, bias, j + 3 * lanes);
            for (int r = 0; r < rows; r++) {
                DoubleVector a0 = b0;
                DoubleVector a1 = b1;
                DoubleVector a2 = b2;
                DoubleVector a3 = b3;
                for (int t = r * inputs, end = t + counts[r]; t < end; t++) {
                    int base = active[t] * stride + j;
                    a0 = a0.add(DoubleVector.fromArray(S, w, base));
                    a1 = a1.add(DoubleVector.fromArray(S, w, base + lanes));
                    a2 = a2.add(DoubleVector.fromArray(S, w, base + 2 * lanes));
                    a3 = a3.add(DoubleVector.fromArray(S, w, base + 3 * lanes));
                }
                int o = r * stride + j;
                a0.intoArray(out, o);
                a1.intoArray(out, o + lanes);
                a2.intoArray(out, o + 2 * lanes);
                a3.intoArray(out, o + 3 * lanes);
            }
        }
        for (; j + 2 * lanes <= stride; j += 2 * lanes) {
            DoubleVector b0 = DoubleVector.fromArray(S, bias, j);
            DoubleVector b1 = DoubleVector.fromArray(S, bias, j + lanes);
            for (int r = 0; r < rows; r++) {
                DoubleVector a0 = b0;
                DoubleVector a1 = b1;
                for (int t = r * inputs, end = t + counts[r]; t < end; t++) {
                    int base = active[t] * stride + j;
                    a0 = a0.add(DoubleVector.fromArray(S, w, base));
                    a1 = a1.add(DoubleVector.fromArray(S, w, base + lanes));
                }
                int o = r * stride + j;
                a0.intoArray(out, o);
                a1.intoArray(out, o + lanes);
            }
        }
        for (; j < stride; j += lanes) {
            DoubleVector b0 = DoubleVector.fromArray(S, bias, j);
            for (int r = 0; r < rows; r++) {
                DoubleVector a0 = b0;
                for (int t = r * inputs, end = t + counts[r]; t < end; t++) {
                    a0 = a0.add(DoubleVector.fromArray(S, w, active[t] * stride + j));
                }
                a0.intoArray(out, r * stride + j);
            }
        }
    }

    /**
     * Dense variant: out = bias + x W over all inputs, blocked over 4 rows x 4 output vectors with
     * the accumulators in registers (x_ri broadcast, one FMA per weight vector and row).
     *
     * @param x states, rows x inputs row-major (any real values)
     * @param rows number of rows
     * @param out rows x stride (overwritten)
     */
    void computeDense(double[] x, int rows, double[] out) {
        int lanes = S.length();
        int r = 0;
        for (; r + 4 <= rows; r += 4) {
            int x0 = r * inputs;
            int x1 = x0 + inputs;
            int x2 = x1 + inputs;
            int x3 = x2 + inputs;
            int j = 0;
            for (; j + 4 * lanes <= stride; j += 4 * lanes) {
                DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
                DoubleVector a1 = DoubleVector.fromArray(S, bias, j + lanes);
                DoubleVector a2 = DoubleVector.fromArray(S, bias, j + 2 * lanes);
                DoubleVector a3 = DoubleVector.fromArray(S, bias, j + 3 * lanes);
                DoubleVector c0 = a0;
                DoubleVector c1 = a1;
                DoubleVector c2 = a2;
                DoubleVector c3 = a3;
                DoubleVector d0 = a0;
                DoubleVector d1 = a1;
                DoubleVector d2 = a2;
                DoubleVector d3 = a3;
                DoubleVector e0 = a0;
                DoubleVector e1 = a1;
                DoubleVector e2 = a2;
                DoubleVector e3 = a3;
                for (int i = 0; i < inputs; i++) {
                    int base = i * stride + j;
                    DoubleVector w0 = DoubleVector.fromArray(S, w, base);
                    DoubleVector w1 = DoubleVector.fromArray(S, w, base + lanes);
                    DoubleVector w2 = DoubleVector.fromArray(S, w, base + 2 * lanes);
                    DoubleVector w3 = DoubleVector.fromArray(S, w, base + 3 * lanes);
                    DoubleVector s0 = DoubleVector.broadcast(S, x[x0 + i]);
                    DoubleVector s1 = DoubleVector.broadcast(S, x[x1 + i]);
                    DoubleVector s2 = DoubleVector.broadcast(S, x[x2 + i]);
                    DoubleVector s3 = DoubleVector.broadcast(S, x[x3 + i]);
                    a0 = w0.fma(s0, a0);
                    a1 = w1.fma(s0, a1);
                    a2 = w2.fma(s0, a2);
                    a3 = w3.fma(s0, a3);
                    c0 = w0.fma(s1, c0);
                    c1 = w1.fma(s1, c1);
                    c2 = w2.fma(s1, c2);
                    c3 = w3.fma(s1, c3);
                    d0 = w0.fma(s2, d0);
                    d1 = w1.fma(s2, d1);
                    d2 = w2.fma(s2, d2);
                    d3 = w3.fma(s2, d3);
                    e0 = w0.fma(s3, e0);
                    e1 = w1.fma(s3, e1);
                    e2 = w2.fma(s3, e2);
                    e3 = w3.fma(s3, e3);
                }
                int o = r * stride + j;
                a0.intoArray(out, o);
                a1.intoArray(out, o + lanes);
                a2.intoArray(out, o + 2 * lanes);
                a3.intoArray(out, o + 3 * lanes);
                c0.intoArray(out, o + stride);
                c1.intoArray(out, o + stride + lanes);
                c2.intoArray(out, o + stride + 2 * lanes);
                c3.intoArray(out, o + stride + 3 * lanes);
                d0.intoArray(out, o + 2 * stride);
                d1.intoArray(out, o + 2 * stride + lanes);
                d2.intoArray(out, o + 2 * stride + 2 * lanes);
                d3.intoArray(out, o + 2 * stride + 3 * lanes);
                e0.intoArray(out, o + 3 * stride);
                e1.intoArray(out, o + 3 * stride + lanes);
                e2.intoArray(out, o + 3 * stride + 2 * lanes);
                e3.intoArray(out, o + 3 * stride + 3 * lanes);
            }
            for (; j + 2 * lanes <= stride; j += 2 * lanes) {
                DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
                DoubleVector a1 = DoubleVector.fromArray(S, bias, j + lanes);
                DoubleVector c0 = a0;
                DoubleVector c1 = a1;
                DoubleVector d0 = a0;
                DoubleVector d1 = a1;
                DoubleVector e0 = a0;
                DoubleVector e1 = a1;
                for (int i = 0; i < inputs; i++) {
                    int base = i * stride + j;
                    DoubleVector w0 = DoubleVector.fromArray(S, w, base);
                    DoubleVector w1 = DoubleVector.fromArray(S, w, base + lanes);
                    DoubleVector s0 = DoubleVector.broadcast(S, x[x0 + i]);
                    DoubleVector s1 = DoubleVector.broadcast(S, x[x1 + i]);
                    DoubleVector s2 = DoubleVector.broadcast(S, x[x2 + i]);
                    DoubleVector s3 = DoubleVector.broadcast(S, x[x3 + i]);
                    a0 = w0.fma(s0, a0);
                    a1 = w1.fma(s0, a1);
                    c0 = w0.fma(s1, c0);
                    c1 = w1.fma(s1, c1);
                    d0 = w0.fma(s2, d0);
                    d1 = w1.fma(s2, d1);
                    e0 = w0.fma(s3, e0);
                    e1 = w1.fma(s3, e1);
                }
                int o = r * stride + j;
                a0.intoArray(out, o);
                a1.intoArray(out, o + lanes);
                c0.intoArray(out, o + stride);
                c1.intoArray(out, o + stride + lanes);
                d0.intoArray(out, o + 2 * stride);
                d1.intoArray(out, o + 2 * stride + lanes);
                e0.intoArray(out, o + 3 * stride);
                e1.intoArray(out, o + 3 * stride + lanes);
            }
            for (; j < stride; j += lanes) {
                DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
                DoubleVector c0 = a0;
                DoubleVector d0 = a0;
                DoubleVector e0 = a0;
                for (int i = 0; i < inputs; i++) {
                    DoubleVector w0 = DoubleVector.fromArray(S, w, i * stride + j);
                    a0 = w0.fma(DoubleVector.broadcast(S, x[x0 + i]), a0);
                    c0 = w0.fma(DoubleVector.broadcast(S, x[x1 + i]), c0);
                    d0 = w0.fma(DoubleVector.broadcast(S, x[x2 + i]), d0);
                    e0 = w0.fma(DoubleVector.broadcast(S, x[x3 + i]), e0);
                }
                int o = r * stride + j;
                a0.intoArray(out, o);
                c0.intoArray(out, o + stride);
                d0.intoArray(out, o + 2 * stride);
                e0.intoArray(out, o + 3 * stride);
            }
        }
        for (; r < rows; r++) {
            int x0 = r * inputs;
            for (int j = 0; j < stride; j += lanes) {
                DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
                for (int i = 0; i < inputs; i++) {
                    a0 = DoubleVector.fromArray(S, w, i * stride + j).fma(DoubleVector.broadcast(S, x[x0 + i]), a0);
                }
                a0.intoArray(out, r * stride + j);
            }
        }
    }

    private void general(double[] x, int xo, int[] active, int na, double[] out, int o) {
        System.arraycopy(bias, 0, out, o, stride);
        for (int t = 0; t < na; t++) {
            int i = active[xo + t];
            double xi = x[xo + i];
            for (int j = 0; j < stride; j++) {
                out[o + j] += xi * w[i * stride + j];
            }
        }
    }
}
