package dev.rbmsuite.diagnostics.samples;

/**
 * The effective sample size of one scalar chain, as TensorFlow Probability's
 * {@code tfp.mcmc.effective_sample_size} computes it with its defaults, which the RBM experiments of
 * Grathwohl et al. (ICML 2021) and Zhang, Liu &amp; Liu (ICML 2022) call on each chain:
 * <pre>
 *   ESS = N / (-1 + 2 sum_{k=0}^{N-1} (1 - k/N) rho_k),
 * </pre>
 * with rho_k the lag-k autocorrelation (the biased estimate: the sum of the N - k lagged products of
 * the centred values divided by N, over the lag-0 sum), and every rho_k from the first negative one on
 * set to zero (TFP's {@code filter_threshold=0}). A chain that never changes has no autocorrelation to
 * speak of; TFP returns NaN for it, which those experiments replace by 1, and so does this class.
 * The sums run in a fixed order in plain double arithmetic: the same bits on every CPU.
 */
public final class EffectiveSampleSize {
    private EffectiveSampleSize() {
    }

    /**
     * @param x the chain's values
     * @param from the first value used (after a burn-in)
     * @param to one past the last value used
     * @return the effective sample size in [0, N] for N = to - from values (1 for a constant chain)
     * @throws IllegalArgumentException if the range is empty or outside x
     */
    public static double of(double[] x, int from, int to) {
        if (from < 0 || to > x.length || to - from < 1) {
            throw new IllegalArgumentException("range [" + from + ", " + to + ") of a chain of " + x.length
                    + " values holds no value");
        }
        int len = to - from;
        double mean = 0;
        for (int t = from; t < to; t++) {
            mean += x[t];
        }
        mean /= len;
        double[] c = new double[len];
        for (int t = 0; t < len; t++) {
            c[t] = x[from + t] - mean;
        }
        double c0 = 0;
        for (int t = 0; t < len; t++) {
            c0 += c[t] * c[t];
        }
        if (!(c0 > 0)) {
            return 1;
        }
        // sum_{k} (1 - k/N) rho_k, rho_0 = 1, until the first negative rho_k
        double sum = 1;
        for (int k = 1; k < len; k++) {
            double ck = 0;
            for (int t = 0; t + k < len; t++) {
                ck += c[t] * c[t + k];
            }
            double rho = ck / c0;
            if (rho < 0) {
                break;
            }
            sum += (1 - (double) k / len) * rho;
        }
        return len / (2 * sum - 1);
    }

    /**
     * @param x the chain's values
     * @return {@link #of(double[], int, int)} over the whole chain
     */
    public static double of(double[] x) {
        return of(x, 0, x.length);
    }
}
