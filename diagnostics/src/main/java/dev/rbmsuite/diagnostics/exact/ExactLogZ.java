package dev.rbmsuite.diagnostics.exact;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.VectorModule;
import dev.rbmsuite.core.cost.CostGuard;

/**
 * The exact log partition function ln Z of an RBM (paper Eq. 2-3; docs/methods.md section 7.2 "Exact LL"),
 * by enumerating the smaller layer and summing the other out analytically.
 *
 * <p>When m &lt; n the hidden layer is enumerated through {@link Rbm#transpose()} (the partition
 * function is the same). The enumeration is streamed: no array of 2^n values is ever formed, only
 * two half tables of 2^(n/2) rows. It runs on all cores, in float64, with a reduction order that
 * depends only on the model size, so the result is bit-identical from run to run. See
 * {@link SplitEnumerator} for the fast path (one product of factors per state instead of m
 * softplus calls) and its overflow bookkeeping; {@link #logZPlain} is the straightforward
 * reference it is proven equal to.
 */
public final class ExactLogZ {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    /**
     * Seconds per enumerated state and summed-out unit on the fast path: 1.7e-10 measured at
     * n = 26, m = 100 on the 2-core development machine under load, rounded up.
     */
    static final double SECONDS_PER_STATE_UNIT = 2.5e-10;

    private ExactLogZ() {
    }

    /**
     * @param rbm the model; min(n, m) must be at most 30
     * @return ln Z, by the fast path (with the safe fallback where arguments are extreme), refused
     *     when estimated above {@link CostGuard#DEFAULT}'s limit
     */
    public static double logZ(Rbm rbm) {
        return logZ(rbm, CostGuard.DEFAULT);
    }

    /**
     * @param rbm the model; min(n, m) must be at most 30
     * @param guard the cost limit and progress reports ({@link #estimatedSeconds})
     * @return ln Z, by the fast path (with the safe fallback where arguments are extreme)
     * @throws dev.rbmsuite.core.cost.CostLimitException if the estimate exceeds the guard's limit
     */
    public static double logZ(Rbm rbm, CostGuard guard) {
        Rbm e = smallerLayerFirst(rbm);
        SplitEnumerator.checkSize(e.numVisible());
        try (CostGuard.Task task = guard.start("exact log Z (" + states(e) + ")", estimatedSeconds(rbm),
                SplitEnumerator.progressUnits(e.numVisible()))) {
            return new SplitEnumerator(e).logZ(true, task);
        }
    }

    /**
     * The estimated cost of {@link #logZ}: 2^min(n,m) states times max(n, m) summed-out units at
     * {@value #SECONDS_PER_STATE_UNIT} s each (the development machine's rate).
     *
     * @param rbm the model
     * @return the estimated seconds
     */
    public static double estimatedSeconds(Rbm rbm) {
        int k = Math.min(rbm.numVisible(), rbm.numHidden());
        int other = Math.max(rbm.numVisible(), rbm.numHidden());
        return Math.scalb((double) other + 8, k) * SECONDS_PER_STATE_UNIT;
    }

    /** @return "2^k states x m units" for an enumerated model (visible layer enumerated) */
    static String states(Rbm enumerated) {
        return "2^" + enumerated.numVisible() + " states x " + enumerated.numHidden() + " units";
    }

    /**
     * The reference implementation: the same enumeration with a plain stable softplus sum
     * (max(x,0) + log1p(e^-|x|)) for every state and an online log-sum-exp. About ten times slower.
     *
     * @param rbm the model; min(n, m) must be at most 30
     * @return ln Z
     */
    public static double logZPlain(Rbm rbm) {
        return new SplitEnumerator(smallerLayerFirst(rbm)).logZ(false);
    }

    /**
     * @param rbm a model
     * @return the model itself when n &lt;= m, otherwise its transpose (so the enumerated layer is the smaller)
     */
    static Rbm smallerLayerFirst(Rbm rbm) {
        return rbm.numVisible() <= rbm.numHidden() ? rbm : rbm.transpose();
    }
}
