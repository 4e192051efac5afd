package dev.rbmsuite.kernels;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The two fields a swap needs for one configuration x in {0,1}^{m_l}, computed in one pass
 * (Eq. swap_prob needs lh_l(x) and lv_{l+1}(x)): eta(x; theta_l) = b_l + W_l x (n_l values) and
 * zeta(x; theta_{l+1}) = c_{l+1} + x W_{l+1} (m_{l+1} values), side by side in one row of a
 * lane-padded width. Row i of the fused matrix is [W_l[:, i], W_{l+1}[i, :], 0-padding], so a
 * field row is the bias row plus the fused rows of the active units of x. The loop keeps up to four
 * vector accumulators in registers across all active units (no load or store of the output per
 * unit), which is several times faster than adding rows into memory one unit at a time.
 *
 * <p>Immutable; the per-row active-unit list lives in a caller's scratch array.
 */
final class FusedField {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;

    final int inputs;
    final int lowerWidth;
    final int upperWidth;
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
        this.stride = (lowerWidth + upperWidth + lanes - 1) / lanes * lanes;
        this.w = new double[inputs * stride];
        this.bias = new double[stride];
        System.arraycopy(lowerB, 0, bias, 0, lowerWidth);
        System.arraycopy(upperC, 0, bias, lowerWidth, upperWidth);
        for (int i = 0; i < inputs; i++) {
            for (int a = 0; a < lowerWidth; a++) {
                w[i * stride + a] = lowerW[a * inputs + i];
            }
            System.arraycopy(upperW, i * upperWidth, w, i * stride + lowerWidth, upperWidth);
        }
    }

    /**
     * Computes the fused field rows [eta(x_r) | zeta(x_r) | 0] for r in [0, rows).
     *
     * @param x states, rows x inputs row-major (any real values; binary ones take the add path)
     * @param rows number of rows
     * @param out rows x stride (overwritten)
     * @param active scratch of at least {@code inputs} ints
     */
    void compute(double[] x, int rows, double[] out, int[] active) {
        int lanes = S.length();
        for (int r = 0; r < rows; r++) {
            int xo = r * inputs;
            int na = 0;
            boolean unit = true;
            for (int i = 0; i < inputs; i++) {
                double xi = x[xo + i];
                if (xi != 0.0) {
                    active[na++] = i;
                    unit &= xi == 1.0;
                }
            }
            int o = r * stride;
            if (!unit) {
                general(x, xo, active, na, out, o);
                continue;
            }
            int j = 0;
            for (; j + 4 * lanes <= stride; j += 4 * lanes) {
                DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
                DoubleVector a1 = DoubleVector.fromArray(S, bias, j + lanes);
                DoubleVector a2 = DoubleVector.fromArray(S, bias, j + 2 * lanes);
                DoubleVector a3 = DoubleVector.fromArray(S, bias, j + 3 * lanes);
                for (int t = 0; t < na; t++) {
                    int base = active[t] * stride + j;
                    a0 = a0.add(DoubleVector.fromArray(S, w, base));
                    a1 = a1.add(DoubleVector.fromArray(S, w, base + lanes));
                    a2 = a2.add(DoubleVector.fromArray(S, w, base + 2 * lanes));
                    a3 = a3.add(DoubleVector.fromArray(S, w, base + 3 * lanes));
                }
                a0.intoArray(out, o + j);
                a1.intoArray(out, o + j + lanes);
                a2.intoArray(out, o + j + 2 * lanes);
                a3.intoArray(out, o + j + 3 * lanes);
            }
            for (; j + 2 * lanes <= stride; j += 2 * lanes) {
                DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
                DoubleVector a1 = DoubleVector.fromArray(S, bias, j + lanes);
                for (int t = 0; t < na; t++) {
                    int base = active[t] * stride + j;
                    a0 = a0.add(DoubleVector.fromArray(S, w, base));
                    a1 = a1.add(DoubleVector.fromArray(S, w, base + lanes));
                }
                a0.intoArray(out, o + j);
                a1.intoArray(out, o + j + lanes);
            }
            for (; j < stride; j += lanes) {
                DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
                for (int t = 0; t < na; t++) {
                    a0 = a0.add(DoubleVector.fromArray(S, w, active[t] * stride + j));
                }
                a0.intoArray(out, o + j);
            }
        }
    }

    private void general(double[] x, int xo, int[] active, int na, double[] out, int o) {
        System.arraycopy(bias, 0, out, o, stride);
        for (int t = 0; t < na; t++) {
            int i = active[t];
            double xi = x[xo + i];
            for (int j = 0; j < stride; j++) {
                out[o + j] += xi * w[i * stride + j];
            }
        }
    }
}
