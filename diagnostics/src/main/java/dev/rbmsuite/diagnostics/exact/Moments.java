package dev.rbmsuite.diagnostics.exact;

import dev.rbmsuite.core.Nd;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The first and mixed moments of an RBM's joint distribution, E[v_i], E[h_j] and E[v_i h_j]
 * (paper section 2.3), either exact ({@link ExactMoments}) or estimated (for example by SMCI).
 *
 * @param n visible units
 * @param m hidden units
 * @param visible E[v_i], length n
 * @param hidden E[h_j], length m
 * @param joint E[v_i h_j], row-major n x m
 */
public record Moments(int n, int m, double[] visible, double[] hidden, double[] joint) {
    /**
     * Validates the shapes.
     *
     * @param n visible units
     * @param m hidden units
     * @param visible E[v_i]
     * @param hidden E[h_j]
     * @param joint E[v_i h_j], n x m row-major
     */
    public Moments {
        if (visible.length != n || hidden.length != m || joint.length != (long) n * m) {
            throw new IllegalArgumentException("moment shapes (" + visible.length + ", " + hidden.length + ", "
                    + joint.length + ") do not match n = " + n + ", m = " + m);
        }
    }

    /** @return E[v] as a float64 vector */
    public INDArray visibleArray() {
        return Nd.vector(visible);
    }

    /** @return E[h] as a float64 vector */
    public INDArray hiddenArray() {
        return Nd.vector(hidden);
    }

    /** @return E[v h^T] as a float64 (n, m) matrix */
    public INDArray jointArray() {
        return Nd.matrix(joint, n, m);
    }
}
