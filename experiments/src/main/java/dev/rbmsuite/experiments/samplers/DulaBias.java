package dev.rbmsuite.experiments.samplers;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.diagnostics.exact.StateIndex;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;

/**
 * DULA's bias on a trained model, exactly: the stationary distribution pi of the unadjusted discrete
 * Langevin kernel (Zhang, Liu &amp; Liu, ICML 2022), from its transition matrix with every flip pattern
 * enumerated, against the model's visible marginal P, as TV(pi, P). A TV curve of DULA's chains mixes
 * this bias with slow mixing (at a small step size DULA flips few units per step); the stationary
 * distribution separates them. Only for n &lt;= {@value #MAX_VISIBLE}: the matrix has 4^n entries.
 *
 * <p>Row x of the matrix: with g = b + sig(c + xW) W^T and s_i = 1 - 2 x_i, unit i flips with
 * probability p_i = sig(g_i s_i / 2 - 1 / (2 alpha)), independently, so T[x][y] = prod_i (p_i if x_i
 * differs from y_i, else 1 - p_i) (the kernel's Javadoc, {@code kernels.DiscreteLangevin}). The
 * stationary distribution solves pi (T - I) = 0 with sum pi = 1, by Gaussian elimination with partial
 * pivoting in a fixed order.
 */
final class DulaBias {
    /** The largest n whose matrix is built (2^12 x 2^12 doubles: 128 MB). */
    static final int MAX_VISIBLE = 12;

    private DulaBias() {
    }

    /**
     * @param rbm the model, n &lt;= {@value #MAX_VISIBLE}
     * @param alpha DULA's step size
     * @return TV(pi_DULA, P)
     * @throws IllegalArgumentException for a larger model
     */
    static double tv(Rbm rbm, double alpha) {
        int n = rbm.numVisible();
        if (n > MAX_VISIBLE) {
            throw new IllegalArgumentException("DULA's exact bias needs n <= " + MAX_VISIBLE + ", got " + n);
        }
        double[] pi = stationary(matrix(rbm, alpha));
        VisibleDistribution p = VisibleDistribution.of(rbm);
        double s = 0;
        for (int x = 0; x < pi.length; x++) {
            s += Math.abs(pi[x] - p.probability(x));
        }
        return s / 2;
    }

    /** @return DULA's transition matrix on the 2^n visible states ({@link StateIndex} order) */
    static double[][] matrix(Rbm rbm, double alpha) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        int size = 1 << n;
        double[] states = StateIndex.allStates(n);
        double[] means = new double[size * m];
        rbm.hiddenMeans(states, size, means);
        double[][] t = new double[size][size];
        double[] flip = new double[n];
        for (int x = 0; x < size; x++) {
            for (int i = 0; i < n; i++) {
                double g = rbm.visibleBias(i);
                for (int j = 0; j < m; j++) {
                    g += means[x * m + j] * rbm.weight(i, j);
                }
                double s = ((x >>> i) & 1) == 0 ? 1 : -1;
                flip[i] = 1 / (1 + Fdlibm.exp(-(g * s / 2 - 1 / (2 * alpha))));
            }
            for (int y = 0; y < size; y++) {
                int d = x ^ y;
                double q = 1;
                for (int i = 0; i < n; i++) {
                    q *= ((d >>> i) & 1) == 1 ? flip[i] : 1 - flip[i];
                }
                t[x][y] = q;
            }
        }
        return t;
    }

    /**
     * @param t a stochastic matrix with one stationary distribution
     * @return pi with pi T = pi and sum pi = 1: the system (T^T - I) pi = 0 with its last equation replaced
     *     by sum pi = 1, by Gaussian elimination with partial pivoting
     */
    static double[] stationary(double[][] t) {
        int size = t.length;
        double[][] a = new double[size][size + 1];
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                a[r][c] = t[c][r] - (r == c ? 1 : 0);
            }
        }
        for (int c = 0; c < size; c++) {
            a[size - 1][c] = 1;
        }
        a[size - 1][size] = 1;
        for (int col = 0; col < size; col++) {
            int pivot = col;
            for (int r = col + 1; r < size; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            double[] tmp = a[col];
            a[col] = a[pivot];
            a[pivot] = tmp;
            double d = a[col][col];
            for (int r = col + 1; r < size; r++) {
                double f = a[r][col] / d;
                if (f != 0) {
                    for (int c = col; c <= size; c++) {
                        a[r][c] -= f * a[col][c];
                    }
                }
            }
        }
        double[] pi = new double[size];
        for (int r = size - 1; r >= 0; r--) {
            double s = a[r][size];
            for (int c = r + 1; c < size; c++) {
                s -= a[r][c] * pi[c];
            }
            pi[r] = s / a[r][r];
        }
        return pi;
    }
}
