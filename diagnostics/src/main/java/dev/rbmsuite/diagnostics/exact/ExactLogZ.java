package dev.rbmsuite.diagnostics.exact;

import dev.rbmsuite.core.Rbm;

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
    private ExactLogZ() {
    }

    /**
     * @param rbm the model; min(n, m) must be at most 30
     * @return ln Z, by the fast path (with the safe fallback where arguments are extreme)
     */
    public static double logZ(Rbm rbm) {
        return new SplitEnumerator(smallerLayerFirst(rbm)).logZ(true);
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
