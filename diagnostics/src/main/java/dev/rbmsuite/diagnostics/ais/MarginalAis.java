package dev.rbmsuite.diagnostics.ais;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;

/**
 * Marginalised annealed importance sampling (mAIS; Yasuda and Takahashi, Phys. Rev. E 106, 024127,
 * 2022; docs/methods.md sections 1.2-1.3): AIS on the visible marginal, with the hidden layer summed out
 * in every weight (the Rao-Blackwell step), so only v is carried; BGS on the tempered joint provides
 * the transitions. With a base-rate start (docs/methods.md section 1.4) this is also what Salakhutdinov and
 * Murray's RBM_AIS computes. The paper uses it for the wine and seeds log-likelihoods (Fig. 7).
 *
 * <p>ln Z_hat = ln Z_0 + logmeanexp(logw). Z_hat is unbiased, ln Z_hat biased down in expectation
 * (a stochastic lower bound), so the log-likelihood is overestimated slightly (docs/methods.md section 1.5).
 */
public final class MarginalAis {
    /**
     * Seconds per unit of {@link #estimatedSeconds}: one weight (n x m) of one run at one temperature,
     * the development machine's rate (2 cores; measured at n = 64, m = 500).
     */
    static final double SECONDS_PER_UNIT = 1.0e-10;

    private MarginalAis() {
    }

    /**
     * The estimated cost of {@link #estimate}: runs x temperatures x n x m units at
     * {@value #SECONDS_PER_UNIT} s each (each step computes the hidden fields for the weight, then one
     * BGS transition). A fixed model, not a timing, so that what is chosen from it (the training
     * monitor's {@code --eval-budget}) is the same on every machine.
     *
     * @param visible n
     * @param hidden m
     * @param temperatures K
     * @param runs N
     * @return the estimated seconds
     */
    public static double estimatedSeconds(int visible, int hidden, long temperatures, long runs) {
        return (double) runs * temperatures * visible * hidden * SECONDS_PER_UNIT;
    }

    /**
     * @param rbm the model
     * @param options schedule, runs and base
     * @param rng random stream (forked per block of runs)
     * @return ln Z estimate, standard error, log-weight SD and ESS
     */
    public static AisResult estimate(Rbm rbm, AisOptions options, Rng rng) {
        Annealer a = new Annealer(rbm, options);
        return AisResult.summarise(a.logZ0(), 1.0, a.forwardMarginal(options.runs(), rng));
    }
}
