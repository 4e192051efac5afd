package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;

/**
 * Package-private helpers for the kernels' hot paths: growing pre-allocated scratch buffers and
 * drawing Bernoulli states from an already computed field (so that a field computed for a swap's
 * log-marginal is not computed again for the following conditional draw).
 */
final class Work {
    private Work() {
    }

    /**
     * @param buf a buffer (may be null)
     * @param len the length needed
     * @return {@code buf} when it is long enough, else a new buffer of length {@code len}
     */
    static double[] grow(double[] buf, int len) {
        return buf != null && buf.length >= len ? buf : new double[len];
    }

    /**
     * @param buf a buffer (may be null)
     * @param len the length needed
     * @return {@code buf} when it is long enough, else a new buffer of length {@code len}
     */
    static int[] grow(int[] buf, int len) {
        return buf != null && buf.length >= len ? buf : new int[len];
    }

    /**
     * Draws x_k ~ Bern(sig(beta * field_k)) for k in [0, len), using exactly len draws of rng.
     *
     * @param beta inverse temperature (1 for an untempered RBM)
     * @param field the fields (unchanged)
     * @param out binary states (overwritten)
     * @param len number of units (rows times width)
     * @param rng random stream
     * @param scratch work array of at least len doubles
     */
    static void sampleFromField(double beta, double[] field, double[] out, int len, Rng rng, double[] scratch) {
        System.arraycopy(field, 0, out, 0, len);
        if (beta == 1.0) {
            VectorMath.sigmoidInPlace(out, 0, len);
        } else {
            VectorMath.sigmoidInPlace(beta, out, 0, len);
        }
        rng.bernoulliInPlace(out, 0, len, scratch);
    }

    /**
     * Exchanges rows r of a and b (each row {@code width} long).
     *
     * @param a first buffer
     * @param b second buffer
     * @param r row
     * @param width row length
     */
    static void swapRows(double[] a, double[] b, int r, int width) {
        int o = r * width;
        for (int i = o, end = o + width; i < end; i++) {
            double t = a[i];
            a[i] = b[i];
            b[i] = t;
        }
    }
}
