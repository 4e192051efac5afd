package dev.rbmsuite.diagnostics.ais;

import dev.rbmsuite.core.Fdlibm;

/**
 * The outcome of an annealed-importance-sampling estimate of ln Z (docs/methods.md sections 1.3-1.5).
 *
 * @param logZ the estimate of ln Z
 * @param stdErr its standard error by the delta method, sd(w) / (sqrt(N) mean(w)) with the
 *        importance weights w of the N runs (meaningful only when the ESS is not tiny)
 * @param logWeightSd the standard deviation of the N log-weights
 * @param ess the effective sample size (sum w)^2 / sum w^2, between 1 and N
 * @param logWeights the log-weights of every run (a copy)
 */
public record AisResult(double logZ, double stdErr, double logWeightSd, double ess, double[] logWeights) {
    /**
     * Summarises log-weights: ln Z = logZ0 + sign * logmeanexp(logw).
     *
     * @param logZ0 the log partition function of the base (forward) or target-side constant
     * @param sign +1 for forward AIS (E[w] = Z/Z0), -1 for reverse AIS (E[w] = Z0/Z)
     * @param logw log-weights (kept)
     * @return the summary
     */
    static AisResult summarise(double logZ0, double sign, double[] logw) {
        int n = logw.length;
        double mx = Double.NEGATIVE_INFINITY;
        double mean = 0;
        for (double x : logw) {
            mx = Math.max(mx, x);
            mean += x / n;
        }
        double s1 = 0;
        double s2 = 0;
        double spread = 0;
        for (double x : logw) {
            spread = Math.max(spread, Math.abs(x - mean));
        }
        // Beyond 1e150 the squares are taken of deviations scaled by the largest, so that log weights
        // of size up to FloatLimits.MAX_SCALE cannot overflow them (below, unscaled: the same bits as ever).
        double unit = spread > 1e150 ? spread : 1.0;
        double var = 0;
        for (double x : logw) {
            double w = Fdlibm.exp(x - mx);
            s1 += w;
            s2 += w * w;
            double d = (x - mean) / unit;
            var += d * d;
        }
        double wMean = s1 / n;
        double wVar = n > 1 ? Math.max(0.0, (s2 / n - wMean * wMean) * n / (n - 1)) : Double.NaN;
        double lme = mx + Fdlibm.log(wMean);
        double se = Math.sqrt(wVar / n) / wMean;
        return new AisResult(logZ0 + sign * lme, se, n > 1 ? unit * Math.sqrt(var / (n - 1)) : Double.NaN, s1 * s1 / s2,
                logw.clone());
    }

    /** @return a copy of the log-weights */
    @Override
    public double[] logWeights() {
        return logWeights.clone();
    }
}
