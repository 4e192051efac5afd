package dev.rbmsuite.kernels;

import dev.rbmsuite.core.ConditionalKernel;
import dev.rbmsuite.core.Lanes;

/**
 * The two fields a swap needs for one configuration x in {0,1}^{m_l}, computed in one pass
 * (Eq. swap_prob needs lh_l(x) and lv_{l+1}(x)): eta(x; theta_l) = b_l + W_l x (n_l values) and
 * zeta(x; theta_{l+1}) = c_{l+1} + x W_{l+1} (m_{l+1} values), side by side in one row, each
 * segment zero-padded to a multiple of {@value Lanes#WIDTH} (eta at offset 0, zeta at offset
 * {@link #upperOffset}; the padding fields are exactly 0, which lets the softplus sums run over whole
 * vectors). Row i of the fused matrix is [W_l[:, i], 0, W_{l+1}[i, :], 0], and a field row is the
 * bias row plus the fused rows of the active units of x, computed by core's conditional kernel
 * (group tables for binary x), so each half has the bits of core's own field of that layer.
 *
 * <p>Immutable and safe to share between threads.
 */
final class FusedField {
    final int inputs;
    final int lowerWidth;
    final int upperWidth;
    final int lowerPadded;
    final int upperPadded;
    final int upperOffset;
    final int stride;
    private final ConditionalKernel kernel;

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
        double[] w = new double[inputs * stride];
        double[] bias = new double[stride];
        System.arraycopy(lowerB, 0, bias, 0, lowerWidth);
        System.arraycopy(upperC, 0, bias, upperOffset, upperWidth);
        for (int i = 0; i < inputs; i++) {
            for (int a = 0; a < lowerWidth; a++) {
                w[i * stride + a] = lowerW[a * inputs + i];
            }
            System.arraycopy(upperW, i * upperWidth, w, i * stride + upperOffset, upperWidth);
        }
        this.kernel = new ConditionalKernel(inputs, stride, w, bias);
    }

    /**
     * Computes the fused field rows [eta(x_r), 0 | zeta(x_r), 0] for r in [0, rows) with core's
     * conditional kernel ({@link ConditionalKernel#fields}) on the fused matrix: binary rows (chain
     * states) as sums of group-table rows, other rows as fused multiply-adds in increasing input order.
     * The fused matrix's columns are those of W_l^T and W_{l+1} and its inputs the same units in the
     * same groups of four, so both halves are bit for bit the fields core computes for the two layers
     * on their own ({@code Rbm}'s visible field of theta_l and hidden field of theta_{l+1}), and the
     * padding fields are exactly 0. About half the time of the register-blocked dense product that
     * it replaces on the paper's stack, and the table sums lose less than the dense product when the
     * vectors are narrower (docs/methods.md section 10).
     *
     * @param x states, rows x inputs row-major (any real values)
     * @param rows number of rows
     * @param out rows x stride (overwritten)
     */
    void compute(double[] x, int rows, double[] out) {
        kernel.fields(x, rows, out);
    }
}
