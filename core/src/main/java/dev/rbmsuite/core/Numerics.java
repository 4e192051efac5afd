package dev.rbmsuite.core;

/**
 * Numerically stable scalar functions used throughout the suite.
 *
 * <p>All are exact to double rounding for every finite argument and never return NaN or infinity
 * for finite input (ND4J's own softplus overflows at x = 800, so it is never used).
 */
public final class Numerics {
    private Numerics() {
    }

    /**
     * softplus(x) = ln(1 + e^x), computed as max(x,0) + log1p(e^-|x|).
     *
     * @param x any finite value
     * @return ln(1 + e^x), finite
     */
    public static double softplus(double x) {
        return Math.max(x, 0.0) + Fdlibm.log1p(Fdlibm.exp(-Math.abs(x)));
    }

    /**
     * The logistic sigmoid 1/(1+e^-x), evaluated on the side where the exponential cannot overflow.
     *
     * @param x any value
     * @return sig(x) in [0, 1]
     */
    public static double sigmoid(double x) {
        if (x >= 0) {
            return 1.0 / (1.0 + Fdlibm.exp(-x));
        }
        double e = Fdlibm.exp(x);
        return e / (1.0 + e);
    }

    /**
     * @param x any finite value
     * @return ln sig(x) = -softplus(-x)
     */
    public static double logSigmoid(double x) {
        return -softplus(-x);
    }

    /**
     * @param p a probability in (0, 1)
     * @return ln(p / (1 - p))
     */
    public static double logit(double p) {
        return Fdlibm.log(p) - Fdlibm.log1p(-p);
    }

    /**
     * @param a first term
     * @param b second term
     * @return ln(e^a + e^b) without overflow
     */
    public static double logAddExp(double a, double b) {
        if (a == Double.NEGATIVE_INFINITY) {
            return b;
        }
        if (b == Double.NEGATIVE_INFINITY) {
            return a;
        }
        double mx = Math.max(a, b);
        return mx + Fdlibm.log1p(Fdlibm.exp(-Math.abs(a - b)));
    }

    /**
     * LSE(0, a, p) = ln(1 + e^a + e^p), the normaliser of the semi-second-order SMCI estimators
     * (docs/methods.md section 2.3).
     *
     * @param a first exponent
     * @param p second exponent
     * @return ln(1 + e^a + e^p)
     */
    public static double logSumExp0(double a, double p) {
        double mx = Math.max(0.0, Math.max(a, p));
        return mx + Fdlibm.log(Fdlibm.exp(-mx) + Fdlibm.exp(a - mx) + Fdlibm.exp(p - mx));
    }

    /**
     * @param x values
     * @param off first index
     * @param len number of values (at least one)
     * @return ln sum_k e^{x_k}, shifted by the maximum; -infinity only if every term is -infinity
     */
    public static double logSumExp(double[] x, int off, int len) {
        double mx = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < len; k++) {
            mx = Math.max(mx, x[off + k]);
        }
        if (mx == Double.NEGATIVE_INFINITY) {
            return mx;
        }
        double s = 0;
        for (int k = 0; k < len; k++) {
            s += Fdlibm.exp(x[off + k] - mx);
        }
        return mx + Fdlibm.log(s);
    }

    /**
     * @param x values
     * @return ln mean_k e^{x_k}, the AIS estimator's log-mean-exp
     */
    public static double logMeanExp(double[] x) {
        return logSumExp(x, 0, x.length) - Fdlibm.log(x.length);
    }
}
