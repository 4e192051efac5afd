package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;
import dev.rbmsuite.diagnostics.Parallel;
import dev.rbmsuite.diagnostics.exact.StateIndex;

/**
 * The BGS transition matrix on the visible layer, P_ab = T^BGS(v^(b) | v^(a)) = sum_h P(h|v^(a))
 * P(v^(b)|h) (Appendix B), exactly or estimated, as a row-major 2^n x 2^n {@code double[]} in
 * {@link StateIndex} order.
 *
 * <ul>
 * <li>{@link #counts}: the paper's estimator, N2 one-step transitions per state, P_hat = counts / N2.</li>
 * <li>{@link #raoBlackwell}: docs/methods.md section 5, P_hat_RB[a,:] = (1/N2) sum_k P(. | h_k) with
 * h_k ~ P(h|v^(a)); unbiased, rows sum to one, variance no larger than the counts'.</li>
 * <li>{@link #exact}: sum over all 2^m hidden states (m &lt;= 16).</li>
 * </ul>
 *
 * <p>Both estimators draw h ~ P(h|v^(a)) through {@link GroupedFieldDraws}: the hidden units are
 * drawn eight at a time from their exact joint law (one uniform per group, Walker's alias method),
 * which yields the visible field eta(h) directly. P(v|h) factorises over units, so a whole row
 * P(.|h) is the outer product of two half tables (each built by doubling, 2^(n/2) products, no
 * exponentials per state), and the RB row sum is an accumulation of outer products. Every state a
 * is a parallel task with its own stream {@code rng.fork(a)}: results do not depend on the number
 * of threads.
 */
public final class BgsTransitionMatrix {
    /** The largest n (2^12 x 2^12 doubles = 128 MiB). */
    public static final int MAX_VISIBLE = 12;
    private static final int BLOCK = 1024;

    private BgsTransitionMatrix() {
    }

    private static void checkSize(Rbm rbm) {
        if (rbm.numVisible() > MAX_VISIBLE) {
            throw new IllegalArgumentException("the BGS transition matrix needs n <= " + MAX_VISIBLE
                    + ", got n = " + rbm.numVisible());
        }
    }

    /**
     * The paper's count-based estimate (Appendix B).
     *
     * @param rbm the model (n &lt;= 12)
     * @param n2 transitions per state (the paper: 2^15)
     * @param rng random stream (forked per state)
     * @return P_hat, row-major 2^n x 2^n
     */
    public static double[] counts(Rbm rbm, int n2, Rng rng) {
        checkSize(rbm);
        int n = rbm.numVisible();
        int size = 1 << n;
        double[] out = new double[size * size];
        Parallel.forEach(size, a -> {
            Rng r = rng.fork(a);
            int block = Math.min(BLOCK, n2);
            GroupedFieldDraws d = new GroupedFieldDraws(rbm, state(a, n), block);
            double[] v = new double[block * n];
            double[] u = new double[block * n];
            int row = a * size;
            for (int done = 0; done < n2; ) {
                int rows = Math.min(block, n2 - done);
                d.draw(rows, v, r);
                // v' ~ P(v | h): the fields in v become the binary draws
                r.fillUniform(u, 0, rows * n);
                VectorMath.bernoulliLogistic(u, 0, v, 0, rows * n, 1.0);
                for (int k = 0; k < rows; k++) {
                    // the draws are exactly 0.0 or 1.0: the state index without StateIndex.index's checks and
                    // branches (Lambda2Bench counts: 3.15 s here, 4.14 s through StateIndex.index)
                    int index = 0;
                    for (int i = 0; i < n; i++) {
                        index |= (int) v[k * n + i] << i;
                    }
                    out[row + index] += 1.0;
                }
                done += rows;
            }
            for (int b = 0; b < size; b++) {
                out[row + b] /= n2;
            }
        });
        return out;
    }

    /**
     * The Rao-Blackwellised estimate (docs/methods.md section 5).
     *
     * @param rbm the model (n &lt;= 12)
     * @param n2 hidden draws per state (recommended 1024)
     * @param rng random stream (forked per state)
     * @return P_hat_RB, row-major 2^n x 2^n
     */
    public static double[] raoBlackwell(Rbm rbm, int n2, Rng rng) {
        checkSize(rbm);
        int n = rbm.numVisible();
        int size = 1 << n;
        double[] out = new double[size * size];
        Parallel.forEach(size, a -> {
            Rng r = rng.fork(a);
            int block = Math.min(BLOCK, n2);
            GroupedFieldDraws d = new GroupedFieldDraws(rbm, state(a, n), block);
            double[] eta = new double[block * n];
            RowBuilder rb = new RowBuilder(n);
            for (int done = 0; done < n2; ) {
                int rows = Math.min(block, n2 - done);
                d.draw(rows, eta, r);
                for (int k = 0; k < rows; k++) {
                    rb.accumulate(eta, k * n, 1.0, out, a * size);
                }
                done += rows;
            }
            double inv = 1.0 / n2;
            for (int b = 0; b < size; b++) {
                out[a * size + b] *= inv;
            }
        });
        return out;
    }

    private static double[] state(int a, int n) {
        double[] v = new double[n];
        StateIndex.state(a, n, v, 0);
        return v;
    }

    /**
     * The exact BGS matrix, by enumerating the hidden layer.
     *
     * @param rbm the model (n &lt;= 12, m &lt;= 16)
     * @return P, row-major 2^n x 2^n
     */
    public static double[] exact(Rbm rbm) {
        checkSize(rbm);
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        if (m > 16) {
            throw new IllegalArgumentException("the exact BGS matrix enumerates the hidden layer: m <= 16, got " + m);
        }
        int size = 1 << n;
        int hs = 1 << m;
        double[] hStates = StateIndex.allStates(m);
        double[] eta = new double[hs * n];
        rbm.visibleField(hStates, hs, eta);
        double[] out = new double[size * size];
        Parallel.forEach(size, a -> {
            double[] zeta = new double[m];
            double[] v = new double[n];
            StateIndex.state(a, n, v, 0);
            rbm.hiddenField(v, 1, zeta);
            RowBuilder rb = new RowBuilder(n);
            for (int y = 0; y < hs; y++) {
                double logw = 0;
                for (int j = 0; j < m; j++) {
                    logw += ((y >>> j) & 1) != 0 ? Numerics.logSigmoid(zeta[j]) : Numerics.logSigmoid(-zeta[j]);
                }
                rb.accumulate(eta, y * n, Fdlibm.exp(logw), out, a * size);
            }
        });
        return out;
    }

    /** Accumulates weight * P(. | h) into a row, as an outer product of half tables. */
    private static final class RowBuilder {
        final int n;
        final int nA;
        final int nB;
        final double[] ta;
        final double[] tb;

        RowBuilder(int n) {
            this.n = n;
            this.nA = (n + 1) / 2;
            this.nB = n - nA;
            this.ta = new double[1 << nA];
            this.tb = new double[1 << nB];
        }

        void accumulate(double[] eta, int off, double weight, double[] out, int rowOff) {
            if (weight == 0.0) {
                return;
            }
            half(eta, off, 0, nA, ta);
            half(eta, off, nA, nB, tb);
            int numA = ta.length;
            for (int b = 0; b < tb.length; b++) {
                double f = weight * tb[b];
                if (f != 0.0) {
                    VectorMath.axpy(f, out, rowOff + b * numA, ta, 0, numA);
                }
            }
        }

        /** t[x] = prod_{i in half} P(v_i = bit | h), built by doubling. */
        private static void half(double[] eta, int off, int first, int count, double[] t) {
            t[0] = 1.0;
            int len = 1;
            for (int i = 0; i < count; i++) {
                double e = eta[off + first + i];
                double p1 = Numerics.sigmoid(e);
                double p0 = Numerics.sigmoid(-e);
                for (int x = 0; x < len; x++) {
                    double base = t[x];
                    t[x + len] = base * p1;
                    t[x] = base * p0;
                }
                len <<= 1;
            }
        }
    }
}
