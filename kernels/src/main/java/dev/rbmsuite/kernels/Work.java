package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Package-private helpers for the kernels' hot paths: growing pre-allocated scratch buffers and
 * drawing Bernoulli states from an already computed field (so that a field computed for a swap's
 * log-marginal is not computed again for the following conditional draw).
 */
final class Work {
    private static final VectorSpecies<Double> S = Lanes.SPECIES;
    private static final int L = Lanes.LANES;
    private static final int W = Lanes.WIDTH;

    private Work() {
    }

    /**
     * The two parts of sum_k softplus(x_k) = sum_k max(x_k, 0) + ln prod_k (1 + e^{-|x_k|}) over a
     * whole number of vectors (one exp per term, no log), so that the caller takes the logarithms of
     * the products of many rows in one pass (the softplus sums of the swap's log-marginals, Eq.
     * swap_prob). Each factor lies in (1, 2], so the product of at most 1000 factors is finite. The
     * exponential is core's deterministic {@link VectorMath#expNegAbs} and
     * the lane reductions run in lane order, so results are identical in interpreted and compiled
     * code.
     *
     * @param x arguments
     * @param off first index
     * @param len number of terms: a multiple of {@value Lanes#WIDTH}, at most {@link #maxProductTerms()}
     * @param products receives the product at index {@code r}
     * @param r where to store the product
     * @param e scratch of at least {@code len} doubles for the exponentials (the caller's, so that the
     *          swap's evaluation of 10,000 chains allocates nothing per row)
     * @return sum_k max(x_k, 0)
     */
    static double softplusParts(double[] x, int off, int len, double[] products, int r, double[] e) {
        VectorMath.expNegAbs(x, off, e, 0, len);
        // Lanes.WIDTH partial sums and products (PARTS vectors), combined in index order: the same
        // bits at every hardware width, and in interpreted and compiled code
        double p = 1.0;
        double l = 0.0;
        for (int q = 0; q < W; q += L) {
            DoubleVector lin = DoubleVector.zero(S);
            DoubleVector prod = DoubleVector.broadcast(S, 1.0);
            for (int i = q; i < len; i += W) {
                lin = DoubleVector.fromArray(S, x, off + i).max(0.0).add(lin);
                prod = DoubleVector.fromArray(S, e, i).add(1.0).mul(prod);
            }
            for (int k = 0; k < L; k++) {
                p *= prod.lane(k);
                l += lin.lane(k);
            }
        }
        products[r] = p;
        return l;
    }

    /** @return the largest {@code len} {@link #softplusParts} accepts (products stay below 2^1000) */
    static int maxProductTerms() {
        return 1000 / W * W;
    }

    /** @return the padding unit {@value Lanes#WIDTH} (segments padded to it can use {@link #softplusParts}) */
    static int lanes() {
        return W;
    }

    /**
     * x[k] = ln x[k] for k in [0, len) (scalar {@link Fdlibm#log}, StrictMath's bits on every CPU,
     * in interpreted and compiled code alike, unlike the Vector API's LOG or Math.log's intrinsic).
     *
     * @param x positive values in, logarithms out
     * @param len number of values
     */
    static void logInPlace(double[] x, int len) {
        for (int i = 0; i < len; i++) {
            x[i] = Fdlibm.log(x[i]);
        }
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
