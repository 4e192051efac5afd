package dev.rbmsuite.kernels.exact;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;

/**
 * Brute-force tables of one (possibly tempered) RBM, built from the joint energy
 * beta * E(v,h) = -beta (b.v + c.h + v.W.h) (paper Eq. energy) by enumerating every (v, h): the
 * unnormalised log-marginals lv(v) = ln sum_h e^{-beta E} and lh(h) = ln sum_v e^{-beta E}, the
 * conditionals P(h | v) and P(v | h), and log Z. They use no formula of the sampling code
 * (no softplus or sigmoid), so that the exact matrices are an independent implementation.
 *
 * <p>A configuration is an integer whose bit i is unit i. The accessors return the tables themselves
 * (read-only by convention: they are shared by every exact matrix built from this instance).
 */
public final class RbmTables {
    /** Largest n + m enumerated. */
    public static final int MAX_UNITS = 20;

    final int n;
    final int m;
    final double[] lv;
    final double[] lh;
    final double[][] condHidden;
    final double[][] condVisible;
    final double logZ;

    /**
     * @param rbm an RBM with n + m &lt;= {@value #MAX_UNITS}
     * @param beta inverse temperature (1 for the RBM itself)
     */
    public RbmTables(Rbm rbm, double beta) {
        n = rbm.numVisible();
        m = rbm.numHidden();
        if (n + m > MAX_UNITS) {
            throw new IllegalArgumentException("exact enumeration needs n + m <= " + MAX_UNITS + ", got " + rbm);
        }
        int nv = 1 << n;
        int nh = 1 << m;
        double[][] negE = new double[nv][nh];
        for (int v = 0; v < nv; v++) {
            for (int h = 0; h < nh; h++) {
                double s = 0;
                for (int i = 0; i < n; i++) {
                    if ((v >> i & 1) != 0) {
                        s += rbm.visibleBias(i);
                        for (int j = 0; j < m; j++) {
                            if ((h >> j & 1) != 0) {
                                s += rbm.weight(i, j);
                            }
                        }
                    }
                }
                for (int j = 0; j < m; j++) {
                    if ((h >> j & 1) != 0) {
                        s += rbm.hiddenBias(j);
                    }
                }
                negE[v][h] = beta * s;
            }
        }
        lv = new double[nv];
        lh = new double[nh];
        double[] col = new double[nv];
        for (int v = 0; v < nv; v++) {
            lv[v] = Numerics.logSumExp(negE[v], 0, nh);
        }
        for (int h = 0; h < nh; h++) {
            for (int v = 0; v < nv; v++) {
                col[v] = negE[v][h];
            }
            lh[h] = Numerics.logSumExp(col, 0, nv);
        }
        logZ = Numerics.logSumExp(lv, 0, nv);
        condHidden = new double[nv][nh];
        condVisible = new double[nh][nv];
        for (int v = 0; v < nv; v++) {
            for (int h = 0; h < nh; h++) {
                condHidden[v][h] = Fdlibm.exp(negE[v][h] - lv[v]);
                condVisible[h][v] = Fdlibm.exp(negE[v][h] - lh[h]);
            }
        }
    }

    /** @return P(h | v) as a table [v][h] (the conditional of Eq. rbm_h|v) */
    public double[][] conditionalHidden() {
        return condHidden;
    }

    /** @return P(v | h) as a table [h][v] (Eq. rbm_v|h) */
    public double[][] conditionalVisible() {
        return condVisible;
    }

    /** @return the unnormalised log-marginal lv(v) = ln sum_h e^{-beta E(v,h)} for every v */
    public double[] logMarginalVisible() {
        return lv;
    }

    /** @return the unnormalised log-marginal lh(h) = ln sum_v e^{-beta E(v,h)} for every h */
    public double[] logMarginalHidden() {
        return lh;
    }

    /** @return log Z */
    public double logZ() {
        return logZ;
    }

    /** @return n */
    public int visibleUnits() {
        return n;
    }

    /** @return m */
    public int hiddenUnits() {
        return m;
    }

    /** @return P(v) = exp(lv(v) - log Z) for every visible configuration */
    public double[] visibleMarginal() {
        double[] p = new double[lv.length];
        for (int v = 0; v < p.length; v++) {
            p[v] = Fdlibm.exp(lv[v] - logZ);
        }
        return p;
    }
}
