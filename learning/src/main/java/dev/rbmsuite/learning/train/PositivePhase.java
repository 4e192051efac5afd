package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.learning.estimators.Moments;

/**
 * The positive phase of the gradient of every layer of a stack (first terms of paper Eqs. grad_b,
 * grad_c, grad_W and Eq. grad_Deep):
 * <ul>
 *   <li>layer 0, exactly over the data: {@code E_Q[v]}, {@code E_Q[sig(zeta(v))]},
 *       {@code E_Q[v sig(zeta(v))^T]};</li>
 *   <li>layer l &ge; 1, over one binary ancestral sample per data point from the extended data
 *       distribution Q^(l) (Eq. extended_data_dist with the corrected recursion of docs/methods.md section 0 and
 *       3.3: {@code d -> h_0 ~ P_0(h|d) =: v_1 -> h_1 ~ P_1(h|v_1) =: v_2 -> ...}), redrawn at every
 *       call with the current parameters, then the same three averages given that sample.</li>
 * </ul>
 * The conditional means {@code sig(zeta_l(v_l))} of layer l serve both as its positive statistics
 * and as the Bernoulli probabilities of the next layer's sample, so each layer costs one field
 * evaluation ({@link Rbm#hiddenMeans}, whose deterministic sigmoids give the same bits in interpreted
 * and compiled code). Scratch buffers are reused; not thread-safe.
 */
public final class PositivePhase {
    private final double[] data;
    private final int rows;
    private double[][] visible = new double[0][];
    private double[][] means = new double[0][];
    private double[] scratch = new double[0];

    /**
     * @param data the data set, rows x n_0 row-major, binary (kept, not copied)
     * @param rows N_d
     */
    public PositivePhase(double[] data, int rows) {
        if (rows <= 0) {
            throw new IllegalArgumentException("the data set is empty");
        }
        this.data = data;
        this.rows = rows;
    }

    /** @return N_d, the number of data points (= samples per layer) */
    public int rows() {
        return rows;
    }

    /**
     * Computes the positive statistics of every layer.
     *
     * @param stack the current parameters Theta
     * @param rng stream for the ancestral samples of the upper layers (layer l &ge; 1 uses
     *     {@code rng.fork(l)}); unused for a single RBM
     * @param out one {@link Moments} per layer, overwritten
     */
    public void compute(RbmStack stack, Rng rng, Moments[] out) {
        compute(stack, rng, out, data, rows);
    }

    /**
     * Computes the positive statistics of every layer over given rows (a mini-batch) instead of the
     * whole data set.
     *
     * @param stack the current parameters Theta
     * @param rng stream for the ancestral samples of the upper layers, as in {@link #compute(RbmStack, Rng, Moments[])}
     * @param out one {@link Moments} per layer, overwritten
     * @param data the rows, rows x n_0 row-major binary (kept until the next call)
     * @param rows their number, at least 1
     */
    public void compute(RbmStack stack, Rng rng, Moments[] out, double[] data, int rows) {
        compute(stack, rng, out, data, rows, null);
    }

    /**
     * {@link #compute(RbmStack, Rng, Moments[], double[], int)} with the bottom layer's hidden means of the
     * rows already computed (the trainer computes them together with its chains' hidden draws:
     * {@code Rbm.sampleHiddenAndMeans}).
     *
     * @param stack the current parameters Theta
     * @param rng stream for the ancestral samples of the upper layers
     * @param out one {@link Moments} per layer, overwritten
     * @param data the rows, rows x n_0 row-major binary (kept until the next call)
     * @param rows their number, at least 1
     * @param bottomMeans P(h_0 = 1 | row), rows x m_0, as {@code stack.bottom().hiddenMeans} writes them
     *     (read during this call only), or null to compute them here
     */
    public void compute(RbmStack stack, Rng rng, Moments[] out, double[] data, int rows, double[] bottomMeans) {
        if (rows <= 0) {
            throw new IllegalArgumentException("the batch is empty");
        }
        int depth = stack.size();
        if (out.length != depth) {
            throw new IllegalArgumentException(out.length + " moment holders for " + depth + " layers");
        }
        if (visible.length != depth) {
            visible = new double[depth][];
            means = new double[depth][];
        }
        int n0 = stack.bottom().numVisible();
        if (data.length != rows * n0) {
            throw new IllegalArgumentException("data has " + data.length + " values, expected " + rows + " x " + n0);
        }
        visible[0] = data;
        for (int l = 0; l < depth; l++) {
            Rbm r = stack.layer(l);
            int m = r.numHidden();
            double[] mean;
            if (l == 0 && bottomMeans != null) {
                if (bottomMeans.length < rows * m) {
                    throw new IllegalArgumentException("bottom means hold " + bottomMeans.length + " values, need "
                            + rows + " x " + m);
                }
                mean = bottomMeans;
            } else {
                if (means[l] == null || means[l].length != rows * m) {
                    means[l] = new double[rows * m];
                }
                mean = means[l];
                r.hiddenMeans(visible[l], rows, mean);
            }
            out[l].setSampleMeans(visible[l], mean, rows);
            if (l + 1 < depth) {
                if (visible[l + 1] == null || visible[l + 1].length != rows * m) {
                    visible[l + 1] = new double[rows * m];
                }
                if (scratch.length < rows * m) {
                    scratch = new double[rows * m];
                }
                System.arraycopy(mean, 0, visible[l + 1], 0, rows * m);
                rng.fork(l + 1).bernoulliInPlace(visible[l + 1], 0, rows * m, scratch);
            }
        }
    }

    /**
     * @param l layer
     * @return the samples of layer l used in the last call (rows x n_l; layer 0 is the data), live
     */
    public double[] samples(int l) {
        return visible[l];
    }
}
