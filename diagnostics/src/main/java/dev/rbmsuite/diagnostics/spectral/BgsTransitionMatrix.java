package dev.rbmsuite.diagnostics.spectral;

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
 * <li>{@link #raoBlackwell}: METHODS.md section 5, P_hat_RB[a,:] = (1/N2) sum_k P(. | h_k) with
 * h_k ~ P(h|v^(a)); unbiased, rows sum to one, variance no larger than the counts'.</li>
 * <li>{@link #exact}: sum over all 2^m hidden states (m &lt;= 16).</li>
 * </ul>
 *
 * <p>P(v|h) factorises over units, so a whole row P(.|h) is the outer product of two half tables
 * (each built by doubling, 2^(n/2) products, no exponentials per state), and the RB row sum is an
 * accumulation of outer products. Every state a is a parallel task with its own stream
 * {@code rng.fork(a)}: results do not depend on the number of threads.
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
        int m = rbm.numHidden();
        int size = 1 << n;
        double[] out = new double[size * size];
        Parallel.forEach(size, a -> {
            HiddenDraws d = new HiddenDraws(rbm, a, n2, rng, Math.max(n, m));
            double[] v = new double[d.block * n];
            int row = a * size;
            for (int rows; (rows = d.next()) > 0; ) {
                rbm.sampleVisible(d.h, rows, v, d.r, d.scratch);
                for (int k = 0; k < rows; k++) {
                    out[row + (int) StateIndex.index(v, k, n)] += 1.0;
                }
            }
            for (int b = 0; b < size; b++) {
                out[row + b] /= n2;
            }
        });
        return out;
    }

    /**
     * The Rao-Blackwellised estimate (METHODS.md section 5).
     *
     * @param rbm the model (n &lt;= 12)
     * @param n2 hidden draws per state (recommended 1024)
     * @param rng random stream (forked per state)
     * @return P_hat_RB, row-major 2^n x 2^n
     */
    public static double[] raoBlackwell(Rbm rbm, int n2, Rng rng) {
        checkSize(rbm);
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        int size = 1 << n;
        double[] out = new double[size * size];
        Parallel.forEach(size, a -> {
            HiddenDraws d = new HiddenDraws(rbm, a, n2, rng, m);
            double[] eta = new double[d.block * n];
            RowBuilder rb = new RowBuilder(n);
            for (int rows; (rows = d.next()) > 0; ) {
                rbm.visibleField(d.h, rows, eta);
                for (int k = 0; k < rows; k++) {
                    rb.accumulate(eta, k * n, 1.0, out, a * size);
                }
            }
            double inv = 1.0 / n2;
            for (int b = 0; b < size; b++) {
                out[a * size + b] *= inv;
            }
        });
        return out;
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
                rb.accumulate(eta, y * n, Math.exp(logw), out, a * size);
            }
        });
        return out;
    }

    /**
     * The hidden draws both estimators start from: for one state a, n2 independent h ~ P(h|v^(a)) from
     * the state's own stream {@code rng.fork(a)}, in blocks of at most {@link #BLOCK} rows. The stream
     * {@link #r} and the {@link #scratch} buffer are shared with the caller's draws on each block.
     */
    private static final class HiddenDraws {
        final Rng r;
        final int block;
        final double[] h;
        final double[] scratch;
        private final double[] ph;
        private final int m;
        private final int total;
        private int done;

        /** @param scratchWidth scratch columns per row (at least m) */
        HiddenDraws(Rbm rbm, int a, int n2, Rng rng, int scratchWidth) {
            this.r = rng.fork(a);
            int n = rbm.numVisible();
            this.m = rbm.numHidden();
            double[] v = new double[n];
            StateIndex.state(a, n, v, 0);
            this.ph = new double[m];
            rbm.hiddenMeans(v, 1, ph);
            this.block = Math.min(BLOCK, n2);
            this.h = new double[block * m];
            this.scratch = new double[block * scratchWidth];
            this.total = n2;
        }

        /** Draws the next block into {@link #h}; returns its number of rows, 0 once all n2 are drawn. */
        int next() {
            if (done >= total) {
                return 0;
            }
            int rows = Math.min(block, total - done);
            for (int k = 0; k < rows; k++) {
                System.arraycopy(ph, 0, h, k * m, m);
            }
            r.bernoulliInPlace(h, 0, rows * m, scratch);
            done += rows;
            return rows;
        }
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
