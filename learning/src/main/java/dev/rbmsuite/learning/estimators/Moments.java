package dev.rbmsuite.learning.estimators;

import dev.rbmsuite.core.Products;
import dev.rbmsuite.core.VectorMath;
import java.util.Arrays;

/**
 * The first and mixed moments of one RBM that enter the log-likelihood gradient (paper Eqs.
 * grad_b, grad_c, grad_W): {@code E[v_i]} (n values), {@code E[h_j]} (m values) and
 * {@code E[v_i h_j]} (n x m, row-major, {@code i*m + j}).
 *
 * <p>A mutable holder of float64 buffers so that estimators can fill it on the hot path without
 * allocating; {@link #visible()}, {@link #hidden()} and {@link #pair()} return the live buffers.
 */
public final class Moments {
    private final int n;
    private final int m;
    private final double[] v;
    private final double[] h;
    private final double[] vh;
    /** Scratch of the outer-product kernel, made on first use. */
    private Products products;
    /** Scratch of setSampleMeans: the samples whose v_i is 1, for one i at a time. */
    private int[] active = new int[0];

    /**
     * Zero moments of the given sizes.
     *
     * @param n visible units
     * @param m hidden units
     */
    public Moments(int n, int m) {
        if (n <= 0 || m <= 0) {
            throw new IllegalArgumentException("moments need n > 0 and m > 0, got n=" + n + ", m=" + m);
        }
        this.n = n;
        this.m = m;
        this.v = new double[n];
        this.h = new double[m];
        this.vh = new double[n * m];
    }

    /**
     * Moments from given values (copied), for example exact moments by enumeration.
     *
     * @param n visible units
     * @param m hidden units
     * @param visible E[v_i] (n)
     * @param hidden E[h_j] (m)
     * @param pair E[v_i h_j], n x m row-major
     * @return the moments
     */
    public static Moments of(int n, int m, double[] visible, double[] hidden, double[] pair) {
        Moments r = new Moments(n, m);
        if (visible.length != n || hidden.length != m || pair.length != n * m) {
            throw new IllegalArgumentException("moment sizes " + visible.length + ", " + hidden.length + ", "
                    + pair.length + " do not match n=" + n + ", m=" + m);
        }
        System.arraycopy(visible, 0, r.v, 0, n);
        System.arraycopy(hidden, 0, r.h, 0, m);
        System.arraycopy(pair, 0, r.vh, 0, n * m);
        return r;
    }

    /** @return n */
    public int numVisible() {
        return n;
    }

    /** @return m */
    public int numHidden() {
        return m;
    }

    /** @return the live buffer of E[v_i] (n) */
    public double[] visible() {
        return v;
    }

    /** @return the live buffer of E[h_j] (m) */
    public double[] hidden() {
        return h;
    }

    /** @return the live buffer of E[v_i h_j] (n x m, row-major) */
    public double[] pair() {
        return vh;
    }

    /** Sets every moment to zero. */
    public void clear() {
        Arrays.fill(v, 0);
        Arrays.fill(h, 0);
        Arrays.fill(vh, 0);
    }

    /**
     * Sets the moments to the plain sample averages E[v], E[h], E[v h^T] over rows of paired samples
     * (h may hold probabilities, as in the positive phase of Eqs. grad_c and grad_W).
     *
     * @param v visible rows, rows x n
     * @param h hidden rows, rows x m
     * @param rows number of rows (at least one)
     */
    public void setSampleMeans(double[] v, double[] h, int rows) {
        int n = numVisible();
        int m = numHidden();
        double s = 1.0 / rows;
        Arrays.fill(this.v, 0);
        Arrays.fill(this.h, 0);
        for (int r = 0; r < rows; r++) {
            VectorMath.add(this.v, 0, v, r * n, n);
            VectorMath.add(this.h, 0, h, r * m, m);
        }
        scale(this.v, s);
        scale(this.h, s);
        if ((long) rows * n * m >= Products.MIN_WORK && VectorMath.allFinite(h, 0, rows * m)) {
            // the blocked kernel for large products: the same operation per element and row as the loop
            // below (an fma with v_ri = 0 adds +-0 to a sum that is never -0, which changes nothing for
            // finite h), then the same multiplication by 1 / rows, C zeroed and scaled panel by panel in
            // cache (Products.mean); small ones (the paper's sizes) keep the loop, which needs no warm-up
            // of its own
            if (products == null) {
                products = new Products();
            }
            products.mean(v, h, rows, n, m, vh);
            return;
        }
        Arrays.fill(vh, 0);
        if (binary(v, rows * n)) {
            // row i of E[v h^T]: the h rows of the samples with v_i = 1, added in the order of the samples
            // with the row in registers (VectorMath.addRows), the same additions per element as the loop below
            if (active.length < rows) {
                active = new int[rows];
            }
            for (int i = 0; i < n; i++) {
                int count = 0;
                for (int r = 0; r < rows; r++) {
                    active[count] = r;
                    count += v[r * n + i] == 1.0 ? 1 : 0;
                }
                VectorMath.addRows(vh, i * m, h, active, count, m, m);
            }
        } else {
            for (int r = 0; r < rows; r++) {
                for (int i = 0; i < n; i++) {
                    double vi = v[r * n + i];
                    if (vi == 1.0) {
                        VectorMath.add(vh, i * m, h, r * m, m);
                    } else if (vi != 0.0) {
                        VectorMath.axpy(vi, vh, i * m, h, r * m, m);
                    }
                }
            }
        }
        scale(vh, s);
    }

    /** {@code x[k] *= a} for every k. */
    private static void scale(double[] x, double a) {
        for (int k = 0; k < x.length; k++) {
            x[k] *= a;
        }
    }

    /** @return whether every one of the first len values is 0.0 or 1.0 */
    private static boolean binary(double[] x, int len) {
        for (int k = 0; k < len; k++) {
            if (x[k] != 0.0 && x[k] != 1.0) {
                return false;
            }
        }
        return true;
    }

    /** @param a factor applied to every moment */
    public void scale(double a) {
        scale(v, a);
        scale(h, a);
        scale(vh, a);
    }

    /** @param other moments of the same sizes, copied into this one */
    public void copyFrom(Moments other) {
        requireSameShape(other);
        System.arraycopy(other.v, 0, v, 0, n);
        System.arraycopy(other.h, 0, h, 0, m);
        System.arraycopy(other.vh, 0, vh, 0, n * m);
    }

    /**
     * The three mean absolute errors of Fig. 2 (paper Sec. 2.3): {MAE_b, MAE_c, MAE_W}, i.e. the mean
     * of |this - reference| over E[v], over E[h] and over E[v h^T].
     *
     * @param reference for example the exact moments
     * @return {mae over v, mae over h, mae over vh}
     */
    public double[] meanAbsoluteErrors(Moments reference) {
        requireSameShape(reference);
        return new double[] {mae(v, reference.v), mae(h, reference.h), mae(vh, reference.vh)};
    }

    private static double mae(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += Math.abs(a[k] - b[k]);
        }
        return s / a.length;
    }

    private void requireSameShape(Moments o) {
        if (o.n != n || o.m != m) {
            throw new IllegalArgumentException("moments of shape (" + o.n + "," + o.m + ") vs (" + n + "," + m + ")");
        }
    }
}
