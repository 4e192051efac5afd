package dev.rbmsuite.learning.estimators;

import dev.rbmsuite.core.Rbm;

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
        out.setSampleMeans(v, h, rows);
    }
}
