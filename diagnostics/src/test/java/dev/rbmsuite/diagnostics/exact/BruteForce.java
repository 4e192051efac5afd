package dev.rbmsuite.diagnostics.exact;

import dev.rbmsuite.core.Rbm;

/** Brute-force sums over BOTH layers of tiny RBMs: the independent reference for the exact tests. */
final class BruteForce {
    private BruteForce() {
    }

    /** -E(v,h) = b.v + c.h + v.W.h for state indices x (visible) and y (hidden). */
    static double negEnergy(Rbm rbm, int x, int y) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double s = 0;
        for (int i = 0; i < n; i++) {
            if (((x >> i) & 1) != 0) {
                s += rbm.visibleBias(i);
            }
        }
        for (int j = 0; j < m; j++) {
            if (((y >> j) & 1) != 0) {
                s += rbm.hiddenBias(j);
                for (int i = 0; i < n; i++) {
                    if (((x >> i) & 1) != 0) {
                        s += rbm.weight(i, j);
                    }
                }
            }
        }
        return s;
    }

    /** ln of sum over all (v,h) of exp(-E), with a max shift. */
    static double logZ(Rbm rbm) {
        int nv = 1 << rbm.numVisible();
        int nh = 1 << rbm.numHidden();
        double mx = Double.NEGATIVE_INFINITY;
        for (int x = 0; x < nv; x++) {
            for (int y = 0; y < nh; y++) {
                mx = Math.max(mx, negEnergy(rbm, x, y));
            }
        }
        double s = 0;
        for (int x = 0; x < nv; x++) {
            for (int y = 0; y < nh; y++) {
                s += Math.exp(negEnergy(rbm, x, y) - mx);
            }
        }
        return mx + Math.log(s);
    }

    /** P(v) for every visible state, by summing h explicitly. */
    static double[] visibleMarginal(Rbm rbm) {
        double logZ = logZ(rbm);
        int nv = 1 << rbm.numVisible();
        int nh = 1 << rbm.numHidden();
        double[] p = new double[nv];
        for (int x = 0; x < nv; x++) {
            for (int y = 0; y < nh; y++) {
                p[x] += Math.exp(negEnergy(rbm, x, y) - logZ);
            }
        }
        return p;
    }

    /** {E[v_i], E[h_j], E[v_i h_j]} by explicit joint enumeration. */
    static Moments moments(Rbm rbm) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double logZ = logZ(rbm);
        double[] ev = new double[n];
        double[] eh = new double[m];
        double[] evh = new double[n * m];
        for (int x = 0; x < (1 << n); x++) {
            for (int y = 0; y < (1 << m); y++) {
                double p = Math.exp(negEnergy(rbm, x, y) - logZ);
                for (int i = 0; i < n; i++) {
                    if (((x >> i) & 1) != 0) {
                        ev[i] += p;
                    }
                }
                for (int j = 0; j < m; j++) {
                    if (((y >> j) & 1) != 0) {
                        eh[j] += p;
                        for (int i = 0; i < n; i++) {
                            if (((x >> i) & 1) != 0) {
                                evh[i * m + j] += p;
                            }
                        }
                    }
                }
            }
        }
        return new Moments(n, m, ev, eh, evh);
    }

    /** An RBM with W ~ N(0, ws^2) and biases ~ N(0, bs^2). */
    static Rbm random(int n, int m, double ws, double bs, dev.rbmsuite.core.Rng rng) {
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
}
