package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;
import java.util.Locale;

/**
 * Gibbs-with-Gradients (Grathwohl, Swersky, Hashemi, Duvenaud &amp; Maddison, "Oops I took a
 * gradient: scalable sampling for discrete distributions", ICML 2021, Alg. 1) and its multi-flip
 * generalisation, the path auxiliary proposal (Sun, Dai, Xia, Schuurmans, "Path auxiliary proposal
 * for MCMC in discrete space", ICLR 2022), on the visible marginal P(v) proportional to e^{lv(v)} of
 * the bottom RBM, lv(v) = b.v + sum_j softplus(c_j + (vW)_j) = -F(v).
 *
 * <p>One transition of every chain, with d(x) the single-flip differences of lv at x
 * ({@link FlipDifferences}: exact by default, or the first-order approximation s_i (grad lv(x))_i of
 * the original), the locally balanced proposal q(i | x) = e^{d_i(x)/2} / Z(x) over the n units
 * (Zanella 2020, balancing function sqrt(t)), and R the path length (1 for Gibbs-with-Gradients):
 * <ol>
 *   <li>draw i_1, ..., i_R independently from q(. | x) and flip them in turn (a path of R single
 *       flips; an index drawn twice flips back), giving y;</li>
 *   <li>accept y with probability min(1, e^{lv(y) - lv(x)} prod_k q(i_k | y) / prod_k q(i_k | x)),
 *       else stay at x.</li>
 * </ol>
 * This is a Metropolis-Hastings step on the pair (x, path) whose proposal maps (x, i_1..i_R) to
 * (y, i_R..i_1), an involution (flipping the same units in reverse order returns to x), so it
 * satisfies detailed balance with respect to P(v) whatever the differences are: the exact and the
 * approximate differences give exact kernels, which differ only in how often they accept. With exact
 * differences and R = 1 the ratio reduces to Z(x) / Z(y), since d_i(y) = -d_i(x). R must be odd: R flips
 * change the number of ones by an amount of R's parity, so with R even a chain never leaves the half of
 * the states of its start's parity (invariant, but reducible); an odd R reaches every state, and the
 * test kit checks that the enumerated matrix is irreducible.
 *
 * <p>Cost per transition and chain: one hidden field of the proposal (binary input), m hidden means
 * and one softplus sum, then the n differences at the proposal: exact, n x m multiply-adds and n
 * logarithms; approximate, one dense product of the hidden means with W^T. The differences at the
 * current state come from the previous transition (the state is an {@link EvaluatedState}). Randomness:
 * R uniforms per chain for the path ({@link Rng#segment}(R)), then one per chain for the acceptance
 * ({@link Rng#segment}(1)), so the chains can be advanced in blocks ({@link #chainBlocks()}). Info: an
 * {@link AcceptanceInfo} with one level, N proposals and the accepted ones. The kernel holds no mutable
 * data and is safe to share between threads.
 */
public final class GibbsWithGradients implements TransitionKernel {
    /** How the single-flip differences of the proposal are computed. */
    public enum Differences {
        /** The exact differences lv(x with i flipped) - lv(x), which an RBM gives in n x m multiply-adds. */
        EXACT,
        /** The first-order approximation s_i (grad lv(x))_i of Grathwohl et al. (2021), their Eq. 3. */
        GRADIENT;

        /** @return the parameter value that names it: "exact" or "gradient" */
        public String parameterValue() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * @param value "exact" or "gradient"
         * @return the choice
         * @throws IllegalArgumentException naming the accepted values
         */
        public static Differences parse(String value) {
            for (Differences d : values()) {
                if (d.parameterValue().equals(value)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("parameter differences: '" + value + "' is not one of exact, gradient");
        }
    }

    /** Keys of the state's workspace. */
    private static final int PROPOSAL = 0;
    private static final int ZETA = 1;
    private static final int MEANS = 2;
    private static final int DIFFS = 4;
    private static final int LV = 5;
    private static final int NORM = 6;
    private static final int PATH_UNIFORMS = 7;
    private static final int ACCEPT_UNIFORMS = 8;
    private static final int FORWARD = 9;
    private static final int WEIGHTS = 10;
    private static final int SOFTPLUS = 11;
    private static final int COMPLEMENTS = 12;
    private static final int INDICES = 0;

    private final Rbm rbm;
    /**
     * The refusal of an even path length: R flips change the number of ones by R, R - 2, ..., so with R
     * even the parity of that number never changes and the chain, though it leaves P(v) invariant, never
     * leaves the half of the states its start lies in (a reducible kernel; issue 40's exact TV found its
     * plateau). An odd R reaches every state (two draws of one unit cancel, leaving single flips).
     */
    static final String EVEN_PATH = "parameter path-length: must be odd (an even number of flips keeps the parity of "
            + "the number of ones, so the chain never leaves half of the states), got ";

    private final String name;
    private final Differences differences;
    private final int pathLength;
    private final FlipDifferences flips;
    private final int n;
    private final int m;

    private GibbsWithGradients(Rbm rbm, Differences differences, int pathLength, String name) {
        if (pathLength < 1) {
            throw new IllegalArgumentException("parameter path-length: must be at least 1, got " + pathLength);
        }
        if (pathLength % 2 == 0) {
            throw new IllegalArgumentException(EVEN_PATH + pathLength);
        }
        this.rbm = rbm;
        this.name = name;
        this.differences = differences;
        this.pathLength = pathLength;
        this.flips = differences == Differences.EXACT ? FlipDifferences.exact(rbm) : FlipDifferences.gradients(rbm);
        this.n = rbm.numVisible();
        this.m = rbm.numHidden();
    }

    /**
     * Gibbs-with-Gradients ("gwg"): one locally balanced single-flip proposal per transition.
     *
     * @param rbm the target RBM
     * @param differences exact differences, or the gradient approximation of the original
     */
    public GibbsWithGradients(Rbm rbm, Differences differences) {
        this(rbm, differences, 1, "gwg");
    }

    /**
     * The path auxiliary proposal ("pas"): a path of R locally balanced flips per transition.
     *
     * @param rbm the target RBM
     * @param differences exact differences, or the gradient approximation
     * @param pathLength R, odd (an even R keeps the parity of the number of ones: a reducible chain)
     * @return the kernel
     * @throws IllegalArgumentException for R &lt; 1 or R even
     */
    public static GibbsWithGradients pathAuxiliary(Rbm rbm, Differences differences, int pathLength) {
        return new GibbsWithGradients(rbm, differences, pathLength, "pas");
    }

    /** @return the target RBM */
    public Rbm rbm() {
        return rbm;
    }

    /** @return how the differences are computed */
    public Differences differences() {
        return differences;
    }

    /** @return R, the flips proposed per transition (1 for Gibbs-with-Gradients) */
    public int pathLength() {
        return pathLength;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ChainState init(int chains, Rng rng) {
        return new EvaluatedState(ChainState.uniform(chains, new int[] {n}, rng));
    }

    @Override
    public ChainState init(ChainState positions) {
        positions.requireVisible(n);
        return new EvaluatedState(positions);
    }


    /** Its chains do not interact and every draw goes through {@link Rng#segment}. */
    @Override
    public boolean chainBlocks() {
        return true;
    }

    @Override
    public StepInfo zeroInfo() {
        return AcceptanceInfo.labelled("proposals", "accepted", 0, 0);
    }

    /**
     * One transition of every chain on layer 0, in place (other layers untouched).
     *
     * @param rng this transition's stream: N x R uniforms for the paths, then N for the acceptances
     * @param chainState a state made by this kernel's {@link #init}
     * @return N proposals and the accepted ones
     */
    @Override
    public StepInfo advance(Rng rng, ChainState chainState) {
        EvaluatedState state = EvaluatedState.require(chainState, name);
        state.requireVisible(n);
        int chains = state.chains();
        double[] v = state.buffer(0);
        Workspace work = state.workspace();
        if (!state.cacheValid(this, n)) {
            state.reserve(n);
            evaluate(v, chains, state.perUnit, state.logMarginal, state.normaliser, work);
            state.fill(this, n);
        }
        double[] y = work.doubles(PROPOSAL, chains * n);
        double[] uPath = work.doubles(PATH_UNIFORMS, chains * pathLength);
        double[] forward = work.doubles(FORWARD, chains);
        double[] weights = work.doubles(WEIGHTS, n);
        int[] path = work.ints(INDICES, chains * pathLength);
        rng.segment(pathLength).fillUniform(uPath, 0, chains * pathLength);
        System.arraycopy(v, 0, y, 0, chains * n);
        double[] d = state.perUnit;
        for (int r = 0; r < chains; r++) {
            int o = r * n;
            double norm = state.normaliser[r];
            double total = weights(d, o, norm, weights);
            double logQ = 0;
            for (int k = 0; k < pathLength; k++) {
                int i = pick(weights, total, uPath[r * pathLength + k]);
                path[r * pathLength + k] = i;
                logQ += 0.5 * d[o + i] - norm;
                y[o + i] = 1.0 - y[o + i];
            }
            forward[r] = logQ;
        }
        double[] dy = work.doubles(DIFFS, chains * n);
        double[] lvy = work.doubles(LV, chains);
        double[] normy = work.doubles(NORM, chains);
        evaluate(y, chains, dy, lvy, normy, work);
        double[] uAccept = work.doubles(ACCEPT_UNIFORMS, chains);
        rng.segment(1).fillUniform(uAccept, 0, chains);
        long accepted = 0;
        for (int r = 0; r < chains; r++) {
            int o = r * n;
            double logQ = 0;
            for (int k = pathLength - 1; k >= 0; k--) {
                logQ += 0.5 * dy[o + path[r * pathLength + k]] - normy[r];
            }
            double logRatio = (lvy[r] - state.logMarginal[r]) + (logQ - forward[r]);
            if (Fdlibm.log(uAccept[r]) < logRatio) {
                accepted++;
                System.arraycopy(y, o, v, o, n);
                System.arraycopy(dy, o, d, o, n);
                state.logMarginal[r] = lvy[r];
                state.normaliser[r] = normy[r];
            }
        }
        state.fill(this, n);
        return AcceptanceInfo.labelled("proposals", "accepted", chains, accepted);
    }

    /**
     * The differences d, lv and the normaliser ln Z = ln sum_i e^{d_i / 2} of every row of x.
     */
    private void evaluate(double[] x, int chains, double[] d, double[] lv, double[] norm, Workspace work) {
        int mp = flips.paddedHidden();
        double[] zeta = work.doubles(ZETA, chains * m);
        double[] means = work.doubles(MEANS, chains * mp);
        double[] e = work.doubles(SOFTPLUS, Math.max(VectorMath.softplusScratch(m), n));
        if (differences == Differences.EXACT) {
            double[] complements = work.doubles(COMPLEMENTS, chains * mp);
            flips.evaluate(x, chains, zeta, means, complements, lv, e);
            flips.exactDifferences(x, means, complements, chains, d);
        } else {
            flips.evaluate(x, chains, zeta, means, null, lv, e);
            flips.approximateDifferences(x, means, chains, d);
        }
        for (int r = 0; r < chains; r++) {
            norm[r] = logSumHalf(d, r * n, n, e);
        }
    }

    /**
     * ln sum_i e^{d_i / 2} over one row, stably: the largest logit plus the logarithm of the sum of
     * e^{l_i - max} (core's deterministic exponential, summed in index order).
     */
    private static double logSumHalf(double[] d, int off, int len, double[] scratch) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < len; i++) {
            max = Math.max(max, 0.5 * d[off + i]);
        }
        for (int i = 0; i < len; i++) {
            scratch[i] = 0.5 * d[off + i] - max;
        }
        VectorMath.expInPlace(scratch, 0, len);
        double s = 0;
        for (int i = 0; i < len; i++) {
            s += scratch[i];
        }
        return max + Fdlibm.log(s);
    }

    /**
     * The proposal's probabilities q_i = e^{d_i / 2 - ln Z} of one row into {@code weights}.
     *
     * @return their sum (1 up to rounding), the total the draws are scaled to
     */
    private double weights(double[] d, int off, double norm, double[] weights) {
        for (int i = 0; i < n; i++) {
            weights[i] = 0.5 * d[off + i] - norm;
        }
        VectorMath.expInPlace(weights, 0, n);
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += weights[i];
        }
        return s;
    }

    /**
     * Inversion of the cumulative weights: the first unit whose cumulative weight exceeds u x total
     * (the last unit of positive weight when rounding leaves u x total at the total).
     */
    private int pick(double[] weights, double total, double u) {
        double target = u * total;
        double c = 0;
        int last = 0;
        for (int i = 0; i < n; i++) {
            double w = weights[i];
            if (w > 0) {
                c += w;
                last = i;
                if (target < c) {
                    return i;
                }
            }
        }
        return last;
    }

    @Override
    public String toString() {
        return "GibbsWithGradients[" + name + ", " + rbm + ", differences=" + differences.parameterValue()
                + ", pathLength=" + pathLength + "]";
    }
}
