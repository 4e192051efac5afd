package dev.rbmsuite.diagnostics.ais;

import dev.rbmsuite.core.Fdlibm;

/**
 * The base-rate model of Salakhutdinov and Murray (docs/methods.md section 1.4): an RBM with zero
 * weights and hidden biases whose visible biases bA = logit(p) match the data's marginal rates,
 * so annealing starts near the data rather than from the uniform distribution.
 *
 * <p>Smoothing: p_i = (count_i + lp) / (N + 2 lp) with lp = 5 pseudo-observations of each value.
 * This deliberately differs from the one-sided (count_i + lp) / (N + lp) of the MATLAB code quoted in
 * docs/methods.md section 1.4, which gives p_i = 1 and an infinite bias for a unit that is on in every data point
 * (constant columns occur, e.g. with tied rank-hot thresholds).
 */
public final class BaseRate {
    /** The pseudo-count per value. */
    public static final double PSEUDO_COUNT = 5.0;

    private BaseRate() {
    }

    /**
     * @param data binary data, rows x n (row-major)
     * @param rows number of data points (at least 1)
     * @param n visible units
     * @return bA, length n, all finite
     */
    public static double[] visibleBias(double[] data, int rows, int n) {
        if (rows <= 0 || data.length < (long) rows * n) {
            throw new IllegalArgumentException("need at least one data row of " + n + " units");
        }
        double[] bias = new double[n];
        for (int i = 0; i < n; i++) {
            double count = 0;
            for (int r = 0; r < rows; r++) {
                count += data[r * n + i];
            }
            double p = (count + PSEUDO_COUNT) / (rows + 2 * PSEUDO_COUNT);
            bias[i] = Fdlibm.log(p) - Fdlibm.log1p(-p);
        }
        return bias;
    }
}
