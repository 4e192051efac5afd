package dev.rbmsuite.learning.estimators;

import dev.rbmsuite.core.Rbm;

/**
 * Estimates the negative-phase moments E[v_i], E[h_j], E[v_i h_j] of an RBM (second terms of paper
 * Eqs. grad_b, grad_c, grad_W) from N_s chain samples {@code (v^nu, h^nu)} with
 * {@code h^nu ~ P(h|v^nu)} drawn fresh after the last transition (docs/methods.md section 2.2).
 *
 * <p>Implementations keep pre-allocated scratch buffers and are therefore not thread-safe: use one
 * instance per layer and thread.
 */
public interface MomentEstimator {
    /** @return the estimator's name on the command line ("smci2" or "mc") */
    String name();

    /**
     * Averages the estimator over the samples. With {@code rows = 1} this is the per-sample
     * estimator.
     *
     * @param rbm the model whose moments are estimated
     * @param v binary visible samples, rows x n row-major
     * @param h binary hidden samples, rows x m row-major, h ~ P(h|v) row by row
     * @param rows N_s, the number of samples (at least one)
     * @param out overwritten with the estimates
     */
    void estimate(Rbm rbm, double[] v, double[] h, int rows, Moments out);

    /**
     * @param name "smci2" (semi-second-order SMCI) or "mc" (plain Monte Carlo)
     * @return a new estimator
     * @throws IllegalArgumentException for any other name
     */
    static MomentEstimator named(String name) {
        switch (name) {
            case SemiSecondOrderSmci.NAME:
                return new SemiSecondOrderSmci();
            case MonteCarloEstimator.NAME:
                return new MonteCarloEstimator();
            default:
                throw new IllegalArgumentException("unknown estimator \"" + name + "\" (expected smci2 or mc)");
        }
    }
}
