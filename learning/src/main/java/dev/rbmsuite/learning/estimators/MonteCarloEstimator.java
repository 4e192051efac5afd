package dev.rbmsuite.learning.estimators;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.VectorMath;

/**
 * Plain Monte Carlo averages of the sample points (paper Sec. 2.2, the sampling approximation
 * before SMCI): E[v_i] ~ mean v_i, E[h_j] ~ mean h_j, E[v_i h_j] ~ mean v_i h_j.
 */
public final class MonteCarloEstimator implements MomentEstimator {
    /** The command-line name. */
    public static final String NAME = "mc";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void estimate(Rbm rbm, double[] v, double[] h, int rows, Moments out) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        if (rows <= 0) {
            throw new IllegalArgumentException("need at least one sample, got " + rows);
        }
        out.clear();
        double[] ev = out.visible();
        double[] eh = out.hidden();
        double[] evh = out.pair();
        for (int r = 0; r < rows; r++) {
            VectorMath.add(ev, 0, v, r * n, n);
            VectorMath.add(eh, 0, h, r * m, m);
            for (int i = 0; i < n; i++) {
                double vi = v[r * n + i];
                if (vi != 0.0) {
                    VectorMath.axpy(vi, evh, i * m, h, r * m, m);
                }
            }
        }
        double inv = 1.0 / rows;
        scale(ev, inv);
        scale(eh, inv);
        scale(evh, inv);
    }

    static void scale(double[] x, double a) {
        for (int k = 0; k < x.length; k++) {
            x[k] *= a;
        }
    }
}
