package dev.rbmsuite.diagnostics.tv;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import org.apache.commons.math3.util.CombinatoricsUtils;

/**
 * The floor of the empirical TV distance: the TV between P and the empirical distribution of N
 * exact i.i.d. samples from P (docs/methods.md section 6, Fig. 9). A chain's TV cannot be expected to go
 * below it, so plots draw it as the "zero" line.
 *
 * <p>{@link #expected} is exact: Q(v) N is Binomial(N, P(v)), so E[TV] = (1/2N) sum_v E|X_v - N P(v)|,
 * and each mean absolute deviation has de Moivre's closed form
 * E|X - Np| = 2 nu C(N, nu) p^nu (1-p)^(N-nu+1) with nu = floor(Np) + 1. {@link #sampled} draws the
 * samples by inverse CDF over the table, to show the spread.
 */
public final class TvFloor {
    private TvFloor() {
    }

    /**
     * @param p the exact visible marginal
     * @param samples N, the number of samples per empirical distribution
     * @return E[D_TV(P, Q_N)] for N i.i.d. exact samples
     */
    public static double expected(VisibleDistribution p, int samples) {
        if (samples <= 0) {
            throw new IllegalArgumentException("samples must be positive: " + samples);
        }
        double sum = 0;
        for (int x = 0; x < p.size(); x++) {
            sum += binomialMeanAbsoluteDeviation(samples, p.probability(x), p.logProbability(x));
        }
        return 0.5 * sum / samples;
    }

    /**
     * de Moivre's E|X - Np| for X ~ Binomial(N, p), in the log domain.
     *
     * @param trials N
     * @param prob p
     * @param logProb ln p (exact, also where p underflows)
     * @return the mean absolute deviation
     */
    static double binomialMeanAbsoluteDeviation(int trials, double prob, double logProb) {
        if (!(prob > 0) || prob >= 1.0) {
            return 0.0;
        }
        long nu = (long) Math.floor(trials * prob) + 1;
        if (nu > trials) {
            return 0.0;
        }
        double log = Fdlibm.log(2.0 * nu) + CombinatoricsUtils.binomialCoefficientLog(trials, (int) nu)
                + nu * logProb + (trials - nu + 1) * Fdlibm.log1p(-prob);
        return Fdlibm.exp(log);
    }

    /**
     * @param p the exact visible marginal
     * @param samples N per repeat
     * @param repeats how many independent empirical distributions
     * @param rng random stream (forked per repeat)
     * @return the TV of each repeat
     */
    public static double[] sampled(VisibleDistribution p, int samples, int repeats, Rng rng) {
        double[] out = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            int[] idx = p.sampleIndices(samples, rng.fork(r));
            long[] l = new long[samples];
            for (int k = 0; k < samples; k++) {
                l[k] = idx[k];
            }
            out[r] = TotalVariation.distanceOfIndices(p, l);
        }
        return out;
    }
}
