package dev.rbmsuite.claims.replication;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Random-effects pooling of one effect over independent seeds (registration section 5): each seed
 * (a trained model, its chains, its trials) estimates the effect with its own standard error, and
 * the seeds' true effects scatter around a mean with variance τ². τ² by DerSimonian and Laird; the
 * mean's interval by Hartung, Knapp, Sidik and Jonkman, with q* = max(1, q) so that a set of seeds
 * that agree better than their standard errors predict cannot narrow the interval below the
 * fixed-effect one, and Student's t with k - 1 degrees of freedom. With five seeds this interval
 * covers far better than the normal one (IntHout, Ioannidis and Borm 2014).
 */
public final class RandomEffects {
    private static final double LEVEL = 0.95;

    private RandomEffects() {
    }

    /**
     * A pooled effect.
     *
     * @param k the seeds pooled
     * @param mean the random-effects mean
     * @param se its standard error (HKSJ, with q*)
     * @param lo the interval's lower end
     * @param hi its upper end
     * @param tau2 DerSimonian-Laird's between-seed variance
     * @param df the t distribution's degrees of freedom, k - 1
     */
    public record Pooled(int k, double mean, double se, double lo, double hi, double tau2, int df) {
        /**
         * @param threshold a value
         * @return the one-sided p-value of "the pooled effect is at most the threshold"
         */
        public double pAbove(double threshold) {
            return se == 0 ? (mean > threshold ? 0 : 1)
                    : 1 - new TDistribution(null, df).cumulativeProbability((mean - threshold) / se);
        }

        /**
         * @param threshold a value
         * @return the one-sided p-value of "the pooled effect is at least the threshold"
         */
        public double pBelow(double threshold) {
            return se == 0 ? (mean < threshold ? 0 : 1)
                    : new TDistribution(null, df).cumulativeProbability((mean - threshold) / se);
        }
    }

    /**
     * @param y each seed's effect
     * @param se each seed's standard error (positive and finite)
     * @return the pooled effect; an interval needs at least two seeds (the caller asks for three)
     */
    public static Pooled pool(double[] y, double[] se) {
        int k = y.length;
        if (k != se.length || k < 2) {
            throw new IllegalArgumentException("pooling needs at least two seeds with a standard error each, got " + k);
        }
        double sw = 0;
        double sw2 = 0;
        double swy = 0;
        for (int i = 0; i < k; i++) {
            if (!(se[i] > 0) || !Double.isFinite(se[i]) || !Double.isFinite(y[i])) {
                throw new IllegalArgumentException("seed " + i + ": effect " + y[i] + ", standard error " + se[i]);
            }
            double w = 1 / (se[i] * se[i]);
            sw += w;
            sw2 += w * w;
            swy += w * y[i];
        }
        double fixed = swy / sw;
        double q = 0;
        for (int i = 0; i < k; i++) {
            q += (y[i] - fixed) * (y[i] - fixed) / (se[i] * se[i]);
        }
        double tau2 = Math.max(0, (q - (k - 1)) / (sw - sw2 / sw));
        double sws = 0;
        double swsy = 0;
        for (int i = 0; i < k; i++) {
            double w = 1 / (se[i] * se[i] + tau2);
            sws += w;
            swsy += w * y[i];
        }
        double mean = swsy / sws;
        double spread = 0;
        for (int i = 0; i < k; i++) {
            spread += (y[i] - mean) * (y[i] - mean) / (se[i] * se[i] + tau2);
        }
        double qStar = Math.max(1, spread / (k - 1));
        double seMean = Math.sqrt(qStar / sws);
        double half = new TDistribution(null, k - 1).inverseCumulativeProbability((1 + LEVEL) / 2) * seMean;
        return new Pooled(k, mean, seMean, mean - half, mean + half, tau2, k - 1);
    }
}
