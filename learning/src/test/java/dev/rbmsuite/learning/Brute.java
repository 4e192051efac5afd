package dev.rbmsuite.learning;

import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.learning.estimators.Moments;

/** Brute-force enumeration on tiny RBMs, the reference of the learning tests (independent of the code under test). */
public final class Brute {
    private Brute() {
    }

    /** @return bit k of state a as 0/1 */
    public static double bit(int a, int k) {
        return (a >> k) & 1;
    }

    /** @return the state a as a 0/1 vector of length len */
    public static double[] state(int a, int len) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = bit(a, k);
        }
        return x;
    }

    /** @return -E(v,h) computed directly from the definition (paper Eq. 2) */
    public static double negEnergy(Rbm r, double[] v, double[] h) {
        double s = 0;
        for (int i = 0; i < r.numVisible(); i++) {
            s += r.visibleBias(i) * v[i];
        }
        for (int j = 0; j < r.numHidden(); j++) {
            s += r.hiddenBias(j) * h[j];
        }
        for (int i = 0; i < r.numVisible(); i++) {
            for (int j = 0; j < r.numHidden(); j++) {
                s += v[i] * r.weight(i, j) * h[j];
            }
        }
        return s;
    }

    /** @return ln Z by enumeration of all (v, h) */
    public static double logZ(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        double[] t = new double[1 << (n + m)];
        for (int a = 0; a < (1 << n); a++) {
            for (int c = 0; c < (1 << m); c++) {
                t[(a << m) | c] = negEnergy(r, state(a, n), state(c, m));
            }
        }
        return Numerics.logSumExp(t, 0, t.length);
    }

    /** @return ln P(v) for every visible state a (length 2^n), by enumeration of the joint */
    public static double[] logPv(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        double lz = logZ(r);
        double[] out = new double[1 << n];
        double[] t = new double[1 << m];
        for (int a = 0; a < (1 << n); a++) {
            for (int c = 0; c < (1 << m); c++) {
                t[c] = negEnergy(r, state(a, n), state(c, m));
            }
            out[a] = Numerics.logSumExp(t, 0, t.length) - lz;
        }
        return out;
    }

    /** @return the mean log-likelihood of the rows (rows x n) */
    public static double logLikelihood(Rbm r, double[] data, int rows) {
        int n = r.numVisible();
        double[] lp = logPv(r);
        double s = 0;
        for (int k = 0; k < rows; k++) {
            int a = 0;
            for (int i = 0; i < n; i++) {
                if (data[k * n + i] != 0) {
                    a |= 1 << i;
                }
            }
            s += lp[a];
        }
        return s / rows;
    }

    /** @return exact E[v_i], E[h_j], E[v_i h_j] under P(v,h) */
    public static Moments moments(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        double lz = logZ(r);
        double[] ev = new double[n];
        double[] eh = new double[m];
        double[] evh = new double[n * m];
        for (int a = 0; a < (1 << n); a++) {
            for (int c = 0; c < (1 << m); c++) {
                double p = Math.exp(negEnergy(r, state(a, n), state(c, m)) - lz);
                for (int i = 0; i < n; i++) {
                    ev[i] += p * bit(a, i);
                    for (int j = 0; j < m; j++) {
                        evh[i * m + j] += p * bit(a, i) * bit(c, j);
                    }
                }
                for (int j = 0; j < m; j++) {
                    eh[j] += p * bit(c, j);
                }
            }
        }
        return Moments.of(n, m, ev, eh, evh);
    }

    /**
     * E[v_i | v_{-i}] (sel = -1) or E[v_i h_j | v_{-i}] (sel = j): conditioned on v_{-i}, summing v_i and all h.
     */
    public static double visibleConditional(Rbm r, double[] v, int i, int sel) {
        int m = r.numHidden();
        double[] lw = new double[2 << m];
        double[] f = new double[2 << m];
        double[] x = v.clone();
        for (int vi = 0; vi < 2; vi++) {
            x[i] = vi;
            for (int c = 0; c < (1 << m); c++) {
                double[] h = state(c, m);
                lw[(vi << m) | c] = negEnergy(r, x, h);
                f[(vi << m) | c] = sel < 0 ? vi : vi * h[sel];
            }
        }
        return expect(lw, f);
    }

    /**
     * E[h_j | h_{-j}] (sel = -1) or E[v_i h_j | h_{-j}] (sel = i): conditioned on h_{-j}, summing h_j and all v.
     */
    public static double hiddenConditional(Rbm r, double[] h, int j, int sel) {
        int n = r.numVisible();
        double[] lw = new double[2 << n];
        double[] f = new double[2 << n];
        double[] y = h.clone();
        for (int hj = 0; hj < 2; hj++) {
            y[j] = hj;
            for (int a = 0; a < (1 << n); a++) {
                double[] v = state(a, n);
                lw[(hj << n) | a] = negEnergy(r, v, y);
                f[(hj << n) | a] = sel < 0 ? hj : hj * v[sel];
            }
        }
        return expect(lw, f);
    }

    private static double expect(double[] lw, double[] f) {
        double lz = Numerics.logSumExp(lw, 0, lw.length);
        double s = 0;
        for (int k = 0; k < lw.length; k++) {
            s += f[k] * Math.exp(lw[k] - lz);
        }
        return s;
    }

    /** @return `count` exact samples of P(v) by inverse CDF over the enumerated table, rows x n */
    public static double[] sampleVisible(Rbm r, int count, Rng rng) {
        int n = r.numVisible();
        double[] lp = logPv(r);
        double[] cdf = new double[lp.length];
        double acc = 0;
        for (int a = 0; a < lp.length; a++) {
            acc += Math.exp(lp[a]);
            cdf[a] = acc;
        }
        double[] out = new double[count * n];
        for (int k = 0; k < count; k++) {
            double u = rng.nextDouble() * acc;
            int a = 0;
            while (a < cdf.length - 1 && cdf[a] <= u) {
                a++;
            }
            for (int i = 0; i < n; i++) {
                out[k * n + i] = bit(a, i);
            }
        }
        return out;
    }
}
