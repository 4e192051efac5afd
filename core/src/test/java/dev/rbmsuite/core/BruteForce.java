package dev.rbmsuite.core;

/**
 * Reference implementations by explicit enumeration over both layers, written from the definitions
 * (paper Eqs. 1-2 and the conditionals) with plain loops, independent of the code under test.
 */
final class BruteForce {
    private BruteForce() {
    }

    static double[] bits(long state, int len) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = (state >>> k) & 1L;
        }
        return x;
    }

    /** E(v,h) = -b.v - c.h - v.W.h from scalar loops. */
    static double energy(Rbm r, double[] v, double[] h) {
        double e = 0;
        for (int i = 0; i < r.numVisible(); i++) {
            e -= r.visibleBias(i) * v[i];
        }
        for (int j = 0; j < r.numHidden(); j++) {
            e -= r.hiddenBias(j) * h[j];
        }
        for (int i = 0; i < r.numVisible(); i++) {
            for (int j = 0; j < r.numHidden(); j++) {
                e -= v[i] * r.weight(i, j) * h[j];
            }
        }
        return e;
    }

    /** ln sum_h exp(-E(v,h)), by enumerating h, with a max shift. */
    static double logMarginalVisible(Rbm r, double[] v) {
        int m = r.numHidden();
        double[] terms = new double[1 << m];
        for (int s = 0; s < terms.length; s++) {
            terms[s] = -energy(r, v, bits(s, m));
        }
        return Numerics.logSumExp(terms, 0, terms.length);
    }

    /** ln sum_v exp(-E(v,h)). */
    static double logMarginalHidden(Rbm r, double[] h) {
        int n = r.numVisible();
        double[] terms = new double[1 << n];
        for (int s = 0; s < terms.length; s++) {
            terms[s] = -energy(r, bits(s, n), h);
        }
        return Numerics.logSumExp(terms, 0, terms.length);
    }

    /** ln Z over both layers. */
    static double logZ(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        double[] terms = new double[1 << (n + m)];
        for (int s = 0; s < terms.length; s++) {
            terms[s] = -energy(r, bits(s & ((1 << n) - 1), n), bits(s >>> n, m));
        }
        return Numerics.logSumExp(terms, 0, terms.length);
    }

    /** P(h_j = 1 | v) by summing the joint over h. */
    static double[] hiddenMarginals(Rbm r, double[] v) {
        int m = r.numHidden();
        double[] logw = new double[1 << m];
        for (int s = 0; s < logw.length; s++) {
            logw[s] = -energy(r, v, bits(s, m));
        }
        double lz = Numerics.logSumExp(logw, 0, logw.length);
        double[] p = new double[m];
        for (int s = 0; s < logw.length; s++) {
            double w = Math.exp(logw[s] - lz);
            for (int j = 0; j < m; j++) {
                p[j] += ((s >>> j) & 1) * w;
            }
        }
        return p;
    }

    /** P(v_i = 1 | h) by summing the joint over v. */
    static double[] visibleMarginals(Rbm r, double[] h) {
        int n = r.numVisible();
        double[] logw = new double[1 << n];
        for (int s = 0; s < logw.length; s++) {
            logw[s] = -energy(r, bits(s, n), h);
        }
        double lz = Numerics.logSumExp(logw, 0, logw.length);
        double[] p = new double[n];
        for (int s = 0; s < logw.length; s++) {
            double w = Math.exp(logw[s] - lz);
            for (int i = 0; i < n; i++) {
                p[i] += ((s >>> i) & 1) * w;
            }
        }
        return p;
    }

    /** A random RBM with every parameter N(0, std^2). */
    static Rbm random(int n, int m, double std, long seed) {
        return Rbm.gaussian(n, m, std, Rng.seeded(seed));
    }
}
