package dev.rbmsuite.core;

/**
 * The suite's one brute-force test kit: reference values for tiny RBMs by explicit enumeration of
 * all 2^n visible and 2^m hidden states, written from the definitions (paper Eqs. 1-2 and the
 * conditionals that follow from them) as plain scalar loops. It calls nothing of the code under
 * test: no vector code, no {@link Numerics}; only the model's parameter getters, and the seeded
 * model constructors in {@link #random}.
 *
 * <p>Shared as core's test jar ({@code rbm-core}, type {@code test-jar}, scope {@code test}): the
 * tests of kernels, diagnostics, learning and experiments use it as well (docs/architecture.md, "The module
 * graph").
 * States are indices: bit k of a visible index is v_k, bit k of a hidden index is h_k.
 */
public final class BruteForce {
    private BruteForce() {
    }

    /** Exact first and second moments under P(v,h): E[v_i], E[h_j] and E[v_i h_j] at {@code i * m + j}. */
    public record JointMoments(int n, int m, double[] visible, double[] hidden, double[] joint) {
    }

    /** @return bit k of state a as 0 or 1 */
    public static double bit(long a, int k) {
        return (a >>> k) & 1L;
    }

    /** @return the state as a 0/1 vector of length len (bit k is entry k) */
    public static double[] bits(long state, int len) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = bit(state, k);
        }
        return x;
    }

    /** E(v,h) = -b.v - c.h - v.W.h from scalar loops. */
    public static double energy(Rbm r, double[] v, double[] h) {
        return -negEnergy(r, v, h);
    }

    /** -E(v,h) = b.v + c.h + v.W.h from scalar loops (paper Eq. 2). */
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

    /** ln sum_h exp(-E(v,h)), by enumerating h, with a max shift. */
    public static double logMarginalVisible(Rbm r, double[] v) {
        int m = r.numHidden();
        double[] terms = new double[1 << m];
        for (int s = 0; s < terms.length; s++) {
            terms[s] = negEnergy(r, v, bits(s, m));
        }
        return logSumExp(terms);
    }

    /** ln sum_v exp(-E(v,h)). */
    public static double logMarginalHidden(Rbm r, double[] h) {
        int n = r.numVisible();
        double[] terms = new double[1 << n];
        for (int s = 0; s < terms.length; s++) {
            terms[s] = negEnergy(r, bits(s, n), h);
        }
        return logSumExp(terms);
    }

    /** ln Z over both layers. */
    public static double logZ(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        double[] terms = new double[1 << (n + m)];
        for (int s = 0; s < terms.length; s++) {
            terms[s] = negEnergy(r, bits(s & ((1 << n) - 1), n), bits(s >>> n, m));
        }
        return logSumExp(terms);
    }

    /** @return ln P(v) for every visible state index (length 2^n), by summing the joint over h */
    public static double[] logVisibleDistribution(Rbm r) {
        int n = r.numVisible();
        double lz = logZ(r);
        double[] out = new double[1 << n];
        for (int a = 0; a < out.length; a++) {
            out[a] = logMarginalVisible(r, bits(a, n)) - lz;
        }
        return out;
    }

    /** @return P(v) for every visible state index (length 2^n) */
    public static double[] visibleDistribution(Rbm r) {
        double[] p = logVisibleDistribution(r);
        for (int a = 0; a < p.length; a++) {
            p[a] = Math.exp(p[a]);
        }
        return p;
    }

    /** @return the mean of ln P(v) over the rows of data (rows x n, entries 0/1) */
    public static double logLikelihood(Rbm r, double[] data, int rows) {
        int n = r.numVisible();
        double[] lp = logVisibleDistribution(r);
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

    /** P(h_j = 1 | v) by summing the joint over h. */
    public static double[] hiddenMarginals(Rbm r, double[] v) {
        int m = r.numHidden();
        double[] logw = new double[1 << m];
        for (int s = 0; s < logw.length; s++) {
            logw[s] = negEnergy(r, v, bits(s, m));
        }
        double lz = logSumExp(logw);
        double[] p = new double[m];
        for (int s = 0; s < logw.length; s++) {
            double w = Math.exp(logw[s] - lz);
            for (int j = 0; j < m; j++) {
                p[j] += bit(s, j) * w;
            }
        }
        return p;
    }

    /** P(v_i = 1 | h) by summing the joint over v. */
    public static double[] visibleMarginals(Rbm r, double[] h) {
        int n = r.numVisible();
        double[] logw = new double[1 << n];
        for (int s = 0; s < logw.length; s++) {
            logw[s] = negEnergy(r, bits(s, n), h);
        }
        double lz = logSumExp(logw);
        double[] p = new double[n];
        for (int s = 0; s < logw.length; s++) {
            double w = Math.exp(logw[s] - lz);
            for (int i = 0; i < n; i++) {
                p[i] += bit(s, i) * w;
            }
        }
        return p;
    }

    /** @return exact E[v_i], E[h_j], E[v_i h_j] under P(v,h), by enumeration of the joint */
    public static JointMoments moments(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        double lz = logZ(r);
        double[] ev = new double[n];
        double[] eh = new double[m];
        double[] evh = new double[n * m];
        for (int a = 0; a < (1 << n); a++) {
            double[] v = bits(a, n);
            for (int c = 0; c < (1 << m); c++) {
                double[] h = bits(c, m);
                double p = Math.exp(negEnergy(r, v, h) - lz);
                for (int i = 0; i < n; i++) {
                    ev[i] += p * v[i];
                    for (int j = 0; j < m; j++) {
                        evh[i * m + j] += p * v[i] * h[j];
                    }
                }
                for (int j = 0; j < m; j++) {
                    eh[j] += p * h[j];
                }
            }
        }
        return new JointMoments(n, m, ev, eh, evh);
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
                double[] h = bits(c, m);
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
                double[] v = bits(a, n);
                lw[(hj << n) | a] = negEnergy(r, v, y);
                f[(hj << n) | a] = sel < 0 ? hj : hj * v[sel];
            }
        }
        return expect(lw, f);
    }

    /** @return count exact samples of P(v) by inverse CDF over the enumerated table, rows x n */
    public static double[] sampleVisible(Rbm r, int count, Rng rng) {
        int n = r.numVisible();
        double[] lp = logVisibleDistribution(r);
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

    /** A random RBM with every parameter N(0, std^2) (core's {@link Rbm#gaussian}). */
    public static Rbm random(int n, int m, double std, long seed) {
        return Rbm.gaussian(n, m, std, Rng.seeded(seed));
    }

    /** An RBM with W ~ N(0, ws^2) and biases ~ N(0, bs^2), drawn W, then b, then c from rng. */
    public static Rbm random(int n, int m, double ws, double bs, Rng rng) {
        double[] w = new double[n * m];
        double[] b = new double[n];
        double[] c = new double[m];
        for (int k = 0; k < w.length; k++) {
            w[k] = ws * rng.nextGaussian();
        }
        for (int k = 0; k < n; k++) {
            b[k] = bs * rng.nextGaussian();
        }
        for (int k = 0; k < m; k++) {
            c[k] = bs * rng.nextGaussian();
        }
        return Rbm.of(n, m, w, b, c);
    }

    /** sum_k f_k w_k / sum_k w_k for log-weights lw, with a max shift. */
    private static double expect(double[] lw, double[] f) {
        double lz = logSumExp(lw);
        double s = 0;
        for (int k = 0; k < lw.length; k++) {
            s += f[k] * Math.exp(lw[k] - lz);
        }
        return s;
    }

    /** ln sum_k e^{x_k} with a max shift; the kit's own, so that it does not lean on core.Numerics. */
    private static double logSumExp(double[] x) {
        double mx = Double.NEGATIVE_INFINITY;
        for (double t : x) {
            mx = Math.max(mx, t);
        }
        if (mx == Double.NEGATIVE_INFINITY) {
            return mx;
        }
        double s = 0;
        for (double t : x) {
            s += Math.exp(t - mx);
        }
        return mx + Math.log(s);
    }
}
