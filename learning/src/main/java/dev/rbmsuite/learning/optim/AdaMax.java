package dev.rbmsuite.learning.optim;

import dev.rbmsuite.core.ChunkPool;
import java.util.Arrays;

/**
 * AdaMax (Kingma and Ba 2015, Algorithm 2) for gradient <b>ascent</b> on a flat float64 parameter
 * vector, with the defaults of docs/methods.md section 7.1: beta1 = 0.9, beta2 = 0.999, eps = 1e-8 and the
 * bias-corrected step
 * <pre>
 *   t += 1;  m = beta1 m + (1 - beta1) g;  u = max(beta2 u, |g|);
 *   theta += lr / (1 - beta1^t) * m / (u + eps)
 * </pre>
 * Implemented by hand (not through an ND4J updater) so that the sign and epsilon conventions are
 * explicit. The state (m, u, t) can be exported and restored for checkpoints, bit for bit.
 */
public final class AdaMax {
    /** Kingma and Ba's default beta1. */
    public static final double BETA1 = 0.9;
    /** Kingma and Ba's default beta2. */
    public static final double BETA2 = 0.999;
    /** The epsilon added to u. */
    public static final double EPS = 1e-8;

    /** The fewest parameters whose step is split over an installed {@link ChunkPool}. */
    static final int SPLIT_MIN = 1 << 16;
    /** Parameters per chunk of a split step (fixed: the same for every number of threads). */
    static final int SPLIT_CHUNK = 1 << 14;
    private final double lr;
    private final double beta1;
    private final double beta2;
    private final double eps;
    private final double[] m;
    private final double[] u;
    private long t;

    /**
     * AdaMax with the default betas and epsilon.
     *
     * @param size number of parameters
     * @param learningRate the fixed step size (the paper's epsilon, Table 1)
     */
    public AdaMax(int size, double learningRate) {
        this(size, learningRate, BETA1, BETA2, EPS);
    }

    /**
     * @param size number of parameters
     * @param learningRate step size, positive
     * @param beta1 decay of the first moment, in [0, 1)
     * @param beta2 decay of the infinity norm, in [0, 1)
     * @param eps added to u, non-negative
     */
    public AdaMax(int size, double learningRate, double beta1, double beta2, double eps) {
        if (!(learningRate > 0) || !Double.isFinite(learningRate)) {
            throw new IllegalArgumentException("learning rate must be positive and finite, got " + learningRate);
        }
        if (!(beta1 >= 0 && beta1 < 1) || !(beta2 >= 0 && beta2 < 1) || !(eps >= 0)) {
            throw new IllegalArgumentException("need 0 <= beta1, beta2 < 1 and eps >= 0");
        }
        this.lr = learningRate;
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.eps = eps;
        this.m = new double[size];
        this.u = new double[size];
    }

    /**
     * One ascent step: {@code theta} moves along the (bias-corrected, infinity-norm scaled) gradient.
     *
     * @param theta parameters, updated in place
     * @param grad the gradient of the objective to maximise (same length)
     */
    public void ascend(double[] theta, double[] grad) {
        if (theta.length != m.length || grad.length != m.length) {
            throw new IllegalArgumentException("parameter/gradient length " + theta.length + "/" + grad.length
                    + " but the optimiser holds " + m.length);
        }
        t++;
        double step = lr / (1.0 - StrictMath.pow(beta1, t));
        double a1 = 1.0 - beta1;
        ChunkPool pool = ChunkPool.current();
        if (pool != null && theta.length >= SPLIT_MIN) {
            // elementwise: ranges of parameters on several threads give the same bits (train --threads)
            int len = theta.length;
            pool.forEach((len + SPLIT_CHUNK - 1) / SPLIT_CHUNK, (c, w) ->
                    ascend(theta, grad, c * SPLIT_CHUNK, Math.min(len, (c + 1) * SPLIT_CHUNK), step, a1));
        } else {
            ascend(theta, grad, 0, theta.length, step, a1);
        }
    }

    /** The step of parameters [from, to), each on its own. */
    private void ascend(double[] theta, double[] grad, int from, int to, double step, double a1) {
        for (int k = from; k < to; k++) {
            stepAt(theta, k, grad[k], step, a1);
        }
    }

    /** Parameter q's step along gradient entry g: the update of m, u and theta (the class comment's). */
    private void stepAt(double[] theta, int q, double g, double step, double a1) {
        double mq = beta1 * m[q] + a1 * g;
        double uq = Math.max(beta2 * u[q], Math.abs(g));
        m[q] = mq;
        u[q] = uq;
        theta[q] += step * mq / (uq + eps);
    }

    /**
     * One ascent step along a gradient given as differences of segments, g = plus - minus (the positive
     * and negative phases' moments of Eqs. grad_W, grad_b, grad_c), without the gradient vector: segment s
     * holds the parameters theta[offsets[s] .. offsets[s] + plus[s].length). The same operations per
     * parameter as {@link #ascend(double[], double[])} after g = plus[k] - minus[k] (one subtraction,
     * exactly the value the gradient vector would hold), so the same bits, with one pass over the
     * parameters fewer (a training update at 784 x 500 wrote and read 3 MB of gradient).
     *
     * @param theta parameters, updated in place
     * @param plus per segment, the first term
     * @param minus per segment, the term subtracted (same lengths)
     * @param offsets per segment, its first parameter; the segments must cover theta exactly once
     */
    public void ascendDifferences(double[] theta, double[][] plus, double[][] minus, int[] offsets) {
        if (theta.length != m.length) {
            throw new IllegalArgumentException("parameter length " + theta.length + " but the optimiser holds "
                    + m.length);
        }
        long covered = 0;
        for (int s = 0; s < plus.length; s++) {
            if (minus[s].length != plus[s].length || offsets[s] < 0 || offsets[s] + plus[s].length > theta.length) {
                throw new IllegalArgumentException("segment " + s + " does not fit the parameters");
            }
            covered += plus[s].length;
        }
        if (covered != theta.length) {
            throw new IllegalArgumentException("segments cover " + covered + " of " + theta.length + " parameters");
        }
        t++;
        double step = lr / (1.0 - StrictMath.pow(beta1, t));
        double a1 = 1.0 - beta1;
        ChunkPool pool = ChunkPool.current();
        if (pool != null && theta.length >= SPLIT_MIN) {
            // chunks of SPLIT_CHUNK parameters within each segment: each parameter's step is its own
            int[] first = new int[plus.length + 1];
            for (int s = 0; s < plus.length; s++) {
                first[s + 1] = first[s] + (plus[s].length + SPLIT_CHUNK - 1) / SPLIT_CHUNK;
            }
            pool.forEach(first[plus.length], (c, w) -> {
                int s = 0;
                while (first[s + 1] <= c) {
                    s++;
                }
                int from = (c - first[s]) * SPLIT_CHUNK;
                ascendDifference(theta, plus[s], minus[s], offsets[s], from, Math.min(plus[s].length, from + SPLIT_CHUNK),
                        step, a1);
            });
        } else {
            for (int s = 0; s < plus.length; s++) {
                ascendDifference(theta, plus[s], minus[s], offsets[s], 0, plus[s].length, step, a1);
            }
        }
    }

    /** The step of segment entries [from, to), theta[off + k] with g = plus[k] - minus[k]. */
    private void ascendDifference(double[] theta, double[] plus, double[] minus, int off, int from, int to, double step,
                                  double a1) {
        if (off == 0) {
            ascendDifferenceAtZero(theta, plus, minus, from, to, step, a1);
            return;
        }
        for (int k = from; k < to; k++) {
            stepAt(theta, off + k, plus[k] - minus[k], step, a1);
        }
    }

    /**
     * {@link #ascendDifference} for a segment at parameter 0 (a single RBM's W, or a stack's first W: all
     * but a few thousand of the parameters): every array read and written at the same index k, which
     * lets C2 turn the loop into vector instructions (with an offset between the indices, as in the loop
     * above, it stays scalar; in JDK 17 the division, one per parameter, then bounds it): at 784 x 500
     * about 0.24 against 0.52 ms a step on an AMD Zen 5. The operations of {@link #stepAt} in its order
     * (two products and a sum, a maximum of a product and an absolute value, a product, a quotient and a
     * sum, none fused), each exactly rounded in a vector lane as in a scalar, so the same bits.
     */
    private void ascendDifferenceAtZero(double[] theta, double[] plus, double[] minus, int from, int to, double step,
                                        double a1) {
        double[] mm = m;
        double[] uu = u;
        double b1 = beta1;
        double b2 = beta2;
        double e = eps;
        for (int k = from; k < to; k++) {
            double g = plus[k] - minus[k];
            double mq = b1 * mm[k] + a1 * g;
            double uq = Math.max(b2 * uu[k], Math.abs(g));
            mm[k] = mq;
            uu[k] = uq;
            theta[k] += step * mq / (uq + e);
        }
    }

    /** @return the number of steps taken, t */
    public long steps() {
        return t;
    }

    /** @return the learning rate */
    public double learningRate() {
        return lr;
    }

    /** @return the number of parameters */
    public int size() {
        return m.length;
    }

    /** @return a copy of the state: first moment m, infinity norm u, and step count t */
    public State state() {
        return new State(m.clone(), u.clone(), t);
    }

    /**
     * Restores a state saved with {@link #state()}; later steps are then bit-identical to those of
     * the optimiser that saved it.
     *
     * @param s the saved state (same size)
     */
    public void restore(State s) {
        if (s.m().length != m.length || s.u().length != u.length || s.t() < 0) {
            throw new IllegalArgumentException("optimiser state of size " + s.m().length + " but the optimiser holds "
                    + m.length);
        }
        System.arraycopy(s.m(), 0, m, 0, m.length);
        System.arraycopy(s.u(), 0, u, 0, u.length);
        t = s.t();
    }

    /**
     * The exportable AdaMax state.
     *
     * @param m first-moment estimate
     * @param u exponentially weighted infinity norm
     * @param t steps taken
     */
    public record State(double[] m, double[] u, long t) {
        @Override
        public boolean equals(Object o) {
            return o instanceof State s && t == s.t && Arrays.equals(m, s.m) && Arrays.equals(u, s.u);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(m) * 31 + Arrays.hashCode(u) + Long.hashCode(t);
        }

        @Override
        public String toString() {
            return "AdaMax.State[t=" + t + ", size=" + m.length + "]";
        }
    }
}
