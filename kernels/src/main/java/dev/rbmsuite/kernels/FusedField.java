package dev.rbmsuite.kernels;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The two fields a swap needs for one configuration x in {0,1}^{m_l}, computed in one pass
 * (Eq. swap_prob needs lh_l(x) and lv_{l+1}(x)): eta(x; theta_l) = b_l + W_l x (n_l values) and
 * zeta(x; theta_{l+1}) = c_{l+1} + x W_{l+1} (m_{l+1} values), side by side in one row, each
 * segment zero-padded to a whole number of vector lanes (eta at offset 0, zeta at offset
 * {@link #upperOffset}; the padding fields are exactly 0, which lets the softplus sums run over whole
 * vectors). Row i of the fused matrix is [W_l[:, i], 0, W_{l+1}[i, :], 0], so a field row is the bias row plus the fused rows of the active units of x, added in increasing unit
 * order (the rounding order of core's fields). The loop keeps up to four vector accumulators in
 * registers across all active units (no load or store of the output per unit), which is several
 * times faster than adding rows into memory one unit at a time.
 *
 * <p>Immutable; the active-unit lists live in a caller's scratch arrays.
 */
final class FusedField {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;

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
        int lanes = S.length();
        this.lowerPadded = (lowerWidth + lanes - 1) / lanes * lanes;
        this.upperPadded = (upperWidth + lanes - 1) / lanes * lanes;
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
     * Computes the fused field rows [eta(x_r), 0 | zeta(x_r), 0] for r in [0, rows).
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
    void compute(double[] x, int rows, double[] out, int[] active, int[] counts) {
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
