package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;

/**
 * The discrete Langevin proposal on binary states (Zhang, Liu &amp; Liu, "A Langevin-like sampler for
 * discrete distributions", ICML 2022) on the visible marginal P(v) proportional to e^{lv(v)} of the
 * bottom RBM: unadjusted (DULA, biased by design) or Metropolis-adjusted (DMALA, exact).
 *
 * <p>The proposal (their Eq. 3 on {0,1}^n) changes every unit independently: with g = grad lv(x) =
 * b + sig(c + xW) W^T, s_i = 1 - 2 x_i and step size alpha, unit i flips with probability
 * <pre>
 *   p_i(x) = sig(a_i(x)),  a_i(x) = g_i s_i / 2 - 1 / (2 alpha),
 * </pre>
 * the normalised form of exp(g.(x' - x)/2 - |x' - x|^2 / (2 alpha)) over x'_i in {x_i, 1 - x_i}.
 * <ul>
 *   <li><b>DULA</b> moves to the proposal y. Its transition matrix has a stationary distribution that
 *       differs from P(v): the bias, shrinking with the step size only as far as the gradient
 *       approximation allows. The suite measures it exactly on models small enough to enumerate (the
 *       test kit's {@code ExactMatrix.stationary} and {@code KernelChecks.tv}; see docs/samplers.md)
 *       rather than hide it.</li>
 *   <li><b>DMALA</b> accepts y with probability min(1, e^{lv(y) - lv(x)} q(x | y) / q(y | x)), where
 *       q(y | x) = prod_i (p_i(x) if unit i flipped, else 1 - p_i(x)) and q(x | y) uses p_i(y) for the
 *       same units: a Metropolis-Hastings kernel, reversible with respect to P(v).</li>
 * </ul>
 * The log-probabilities of the proposal are sums of ln sig(+-a_i) = -softplus(-+a_i) (core's
 * {@link VectorMath#softplusSum}); the flips are core's {@link VectorMath#bernoulliLogistic} decisions.
 *
 * <p>Cost per transition and chain: one hidden field (binary input) and one dense product of the hidden
 * means with W^T for the gradient, n logistic draws; DMALA adds the softplus sums of the two proposal
 * probabilities and of lv, and keeps the proposal's gradient for the next transition when it is
 * accepted (its state is an {@link EvaluatedState}), so each transition evaluates one new state. The
 * defaults are the step sizes of the authors' RBM sampling experiment (DMALA 0.2, DULA 0.1).
 * Randomness: n uniforms per chain for the flips ({@link Rng#segment}(n)), then, for DMALA, one per
 * chain for the acceptance, so the chains can be advanced in blocks. Info: DMALA an
 * {@link AcceptanceInfo} with one level (N proposals, the accepted ones); DULA none. The kernel holds
 * no mutable data and is safe to share between threads.
 */
public final class DiscreteLangevin implements TransitionKernel {
    /** DMALA's default step size alpha. */
    public static final double DEFAULT_DMALA_STEP = 0.2;
    /** DULA's default step size alpha. */
    public static final double DEFAULT_DULA_STEP = 0.1;

    private static final int PROPOSAL = 0;
    private static final int ZETA = 1;
    private static final int MEANS = 2;
    private static final int GRADIENT = 4;
    private static final int LV = 5;
    private static final int UNIFORMS = 6;
    private static final int LOGITS = 7;
    private static final int FORWARD = 8;
    private static final int SOFTPLUS = 9;
    private static final int TERMS = 10;
    private static final int CURRENT_GRADIENT = 11;
    private static final int CURRENT_LV = 12;
    private static final int ACCEPT = 13;

    private final Rbm rbm;
    private final double stepSize;
    private final boolean adjusted;
    private final double offset;
    private final FlipDifferences flips;
    private final int n;
    private final int m;

    /**
     * @param rbm the target RBM
     * @param stepSize alpha, positive and finite
     * @param adjusted true for DMALA (Metropolis-adjusted), false for DULA
     */
    public DiscreteLangevin(Rbm rbm, double stepSize, boolean adjusted) {
        if (!(stepSize > 0 && Double.isFinite(stepSize))) {
            throw new IllegalArgumentException("parameter step-size: must be positive and finite, got " + stepSize);
        }
        this.rbm = rbm;
        this.stepSize = stepSize;
        this.adjusted = adjusted;
        this.offset = 1.0 / (2.0 * stepSize);
        this.flips = FlipDifferences.gradients(rbm);
        this.n = rbm.numVisible();
        this.m = rbm.numHidden();
    }

    /** @return the target RBM */
    public Rbm rbm() {
        return rbm;
    }

    /** @return alpha */
    public double stepSize() {
        return stepSize;
    }

    /** @return true for DMALA, false for DULA */
    public boolean adjusted() {
        return adjusted;
    }

    @Override
    public String name() {
        return adjusted ? "dmala" : "dula";
    }

    @Override
    public ChainState init(int chains, Rng rng) {
        ChainState s = ChainState.uniform(chains, new int[] {n}, rng);
        return adjusted ? new EvaluatedState(s) : s;
    }

    @Override
    public ChainState init(ChainState positions) {
        positions.requireVisible(n);
        return adjusted ? new EvaluatedState(positions) : positions.positions();
    }


    /** Its chains do not interact and every draw goes through {@link Rng#segment}. */
    @Override
    public boolean chainBlocks() {
        return true;
    }

    @Override
    public StepInfo zeroInfo() {
        return adjusted ? AcceptanceInfo.labelled("proposals", "accepted", 0, 0) : StepInfo.NONE;
    }

    /**
     * One transition of every chain on layer 0, in place (other layers untouched).
     *
     * @param rng this transition's stream: N x n uniforms for the flips, then (DMALA) N for the acceptances
     * @param chainState a state made by this kernel's {@link #init}
     * @return DMALA: N proposals and the accepted ones; DULA: {@link StepInfo#NONE}
     */
    @Override
    public StepInfo advance(Rng rng, ChainState chainState) {
        chainState.requireVisible(n);
        int chains = chainState.chains();
        double[] v = chainState.buffer(0);
        Workspace work = chainState.workspace();
        EvaluatedState state = adjusted ? EvaluatedState.require(chainState, name()) : null;
        double[] g;
        double[] lv;
        if (state == null) {
            g = work.doubles(CURRENT_GRADIENT, chains * n);
            lv = work.doubles(CURRENT_LV, chains);
            evaluate(v, chains, g, lv, work);
        } else {
            if (!state.cacheValid(this, n)) {
                state.reserve(n);
                evaluate(v, chains, state.perUnit, state.logMarginal, work);
                state.fill(this, n);
            }
            g = state.perUnit;
            lv = state.logMarginal;
        }
        double[] u = work.doubles(UNIFORMS, chains * n);
        double[] a = work.doubles(LOGITS, chains * n);
        double[] y = work.doubles(PROPOSAL, chains * n);
        // chain by chain, so that a row's uniforms, logits and flips stay in the L1 cache: the draws of one
        // fill of the whole batch (the stream is counter-based) and the same decisions (elementwise)
        Rng draws = rng.segment(n);
        for (int o = 0; o < chains * n; o += n) {
            draws.fillUniform(u, o, n);
            logits(v, g, o, n, a);
            System.arraycopy(a, o, y, o, n);
            VectorMath.bernoulliLogistic(u, o, y, o, n, 1.0); // y_k = 1: unit k flips
            if (!adjusted) {
                for (int k = o; k < o + n; k++) {
                    v[k] = Math.abs(v[k] - y[k]); // 1 - v where y = 1, else v (binary, exact)
                }
            }
        }
        if (!adjusted) {
            return StepInfo.NONE;
        }
        double[] terms = work.doubles(TERMS, n);
        double[] e = work.doubles(SOFTPLUS, VectorMath.softplusScratch(n));
        double[] forward = work.doubles(FORWARD, chains);
        for (int r = 0; r < chains; r++) {
            forward[r] = logProposal(a, y, r * n, terms, e);
        }
        // y: the flip indicators become the proposal's states, keeping the indicators in u
        for (int k = 0; k < chains * n; k++) {
            u[k] = y[k];
            y[k] = y[k] == 1.0 ? 1.0 - v[k] : v[k];
        }
        double[] gy = work.doubles(GRADIENT, chains * n);
        double[] lvy = work.doubles(LV, chains);
        evaluate(y, chains, gy, lvy, work);
        logits(y, gy, 0, chains * n, a);
        double[] uAccept = work.doubles(ACCEPT, chains);
        rng.segment(1).fillUniform(uAccept, 0, chains);
        long accepted = 0;
        for (int r = 0; r < chains; r++) {
            int o = r * n;
            double reverse = logProposal(a, u, o, terms, e);
            double logRatio = (lvy[r] - lv[r]) + (reverse - forward[r]);
            if (Fdlibm.log(uAccept[r]) < logRatio) {
                accepted++;
                System.arraycopy(y, o, v, o, n);
                System.arraycopy(gy, o, g, o, n);
                lv[r] = lvy[r];
            }
        }
        state.fill(this, n);
        return AcceptanceInfo.labelled("proposals", "accepted", chains, accepted);
    }

    /**
     * a_k = g_k s_k / 2 - 1/(2 alpha), s_k = 1 - 2 x_k, for k in [off, off + len): without a branch (the
     * product by s_k = +-1 is exact, so the same bits as choosing +-g_k / 2), which the JIT vectorises.
     */
    private void logits(double[] x, double[] g, int off, int len, double[] a) {
        for (int k = off; k < off + len; k++) {
            a[k] = 0.5 * g[k] * (1.0 - 2.0 * x[k]) - offset;
        }
    }

    /**
     * ln q = sum_i ln sig(a_i) over the flipped units plus ln(1 - sig(a_i)) over the others, as
     * -sum_i softplus(-a_i) and -softplus(a_i).
     */
    private double logProposal(double[] a, double[] flipped, int off, double[] terms, double[] e) {
        for (int i = 0; i < n; i++) {
            terms[i] = flipped[off + i] == 1.0 ? -a[off + i] : a[off + i];
        }
        return -VectorMath.softplusSum(1.0, terms, 0, n, e);
    }

    /** The gradient g = b + sig(zeta(x)) W^T and lv(x) of every row of x. */
    private void evaluate(double[] x, int chains, double[] g, double[] lv, Workspace work) {
        double[] zeta = work.doubles(ZETA, chains * m);
        double[] means = work.doubles(MEANS, chains * flips.paddedHidden());
        double[] e = work.doubles(SOFTPLUS, Math.max(VectorMath.softplusScratch(n), VectorMath.softplusScratch(m)));
        flips.evaluate(x, chains, zeta, means, null, adjusted ? lv : null, e);
        flips.gradient(means, chains, g);
    }

    @Override
    public String toString() {
        return "DiscreteLangevin[" + name() + ", " + rbm + ", stepSize=" + stepSize + "]";
    }
}
