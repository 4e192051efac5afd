package dev.rbmsuite.diagnostics.ais;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;

/**
 * Reverse annealed importance sampling (Burda, Grosse and Salakhutdinov, AISTATS 2015; the
 * {@code rais} of RestrictedBoltzmannMachines.jl): start from states distributed as the model, anneal
 * on the visible marginal (hidden layer summed out, as mAIS) from beta = 1 down to the base, so that
 * E[w] = Z_0 / Z and ln Z_hat = ln Z_0 - logmeanexp(logw) is a stochastic UPPER bound. Together with
 * forward AIS it sandwiches ln Z.
 *
 * <p>Start states: {@link #estimateExact} draws exact i.i.d. samples from the enumerated P(v) (n &lt;= 25),
 * which makes the estimator exactly as stated. {@link #estimate} takes the caller's states, e.g. a
 * long chain or the persistent chains of training; then the upper-bound property holds only as far as
 * those states follow the model.
 */
public final class ReverseAis {
    private ReverseAis() {
    }

    /**
     * @param rbm the model
     * @param options schedule, base (runs = the number of start states)
     * @param start start states, options.runs() x n row-major, approximately from the model
     * @param rng random stream
     * @return ln Z estimate (upper side), standard error, log-weight SD and ESS
     */
    public static AisResult estimate(Rbm rbm, AisOptions options, double[] start, Rng rng) {
        Annealer a = new Annealer(rbm, options);
        return AisResult.summarise(a.logZ0(), -1.0, a.reverseMarginal(start, options.runs(), rng));
    }

    /**
     * Reverse AIS from exact samples of P(v) (inverse CDF over the enumerated table).
     *
     * @param rbm the model, n &lt;= 25
     * @param options schedule, runs, base
     * @param rng random stream (fork 0 for the start states, fork 1 for the annealing)
     * @return ln Z estimate (upper side)
     */
    public static AisResult estimateExact(Rbm rbm, AisOptions options, Rng rng) {
        double[] start = VisibleDistribution.of(rbm).sample(options.runs(), rng.fork(0));
        return estimate(rbm, options, start, rng.fork(1));
    }
}
