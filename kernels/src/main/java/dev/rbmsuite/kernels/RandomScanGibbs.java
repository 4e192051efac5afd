package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;

/**
 * Random-scan single-site Gibbs sampling on the visible marginal P(v) proportional to e^{lv(v)} of the
 * bottom RBM, lv(v) = b.v + sum_j softplus(c_j + (vW)_j) = -F(v): the generic sampler that
 * Gibbs-with-Gradients was measured against (Grathwohl et al. 2021, whose "Gibbs" baseline updates one
 * coordinate per iteration), with the hidden units summed out.
 *
 * <p>One transition of every chain is K site updates (the parameter {@code sites}; by default K = n, one
 * random-scan sweep). Each draws a unit i uniformly from the n units and sets it from its conditional
 * given the others: it flips with probability sig(d_i(v)), where d_i(v) = lv(v with i flipped) - lv(v) is
 * the exact flip difference ({@link FlipDifferences}). Each site update leaves P(v) invariant and is
 * reversible with respect to it; so is their uniform mixture, and its K-th power is stationary (the
 * test kit checks the enumerated matrix).
 *
 * <p>Cost: a site update forms one difference from the hidden means and complements, m multiply-adds and
 * one logarithm, and, when the unit flips, moves the m means and complements to the new state
 * ({@link FlipDifferences#flip}: three multiplications, an addition and a division per hidden unit, no
 * exponential), about 2m operations in all, so n updates cost about one bottom-layer sweep's 2nm
 * multiply-adds (the work unit of {@link KernelFactory#bottomSweeps}); in time they cost more, about ten
 * BGS sweeps at 784 x 500, since the updates run one after another and a flip divides once per hidden
 * unit. The hidden means are computed afresh from the positions at the start of every
 * transition (n x m additions for binary states), so that a transition is a function of its positions
 * and its draws alone: a resumed run and a copied state give the same bits; with K = 1 that field, not
 * the update, is the transition's cost, so compare times only with K near n.
 *
 * <p>Randomness: 2K uniforms per chain (unit k's index, then its decision, for k = 1..K;
 * {@link Rng#segment}(2K)), so the chains can be advanced in blocks. A decision flips unit i when
 * u (1 + e^{-d_i}) &lt; 1, the rule of core's {@link VectorMath#bernoulliLogistic}. Info: an
 * {@link AcceptanceInfo} with one level counting the N K site updates and those that flipped their
 * unit. The kernel holds no mutable data and is safe to share between threads.
 */
public final class RandomScanGibbs implements TransitionKernel {
    private static final int ZETA = 0;
    private static final int MEANS = 1;
    private static final int COMPLEMENTS = 2;
    private static final int UNIFORMS = 3;
    private static final int SOFTPLUS = 4;
    /** The most site updates of one transition: 2K uniforms per chain must stay an int count. */
    public static final int MAX_SITES = Integer.MAX_VALUE / 2;
    /** Site updates whose uniforms are drawn at once (the stream is sequential: the same draws as one fill). */
    private static final int SITE_CHUNK = 512;

    private final Rbm rbm;
    private final int sites;
    private final FlipDifferences flips;
    private final int n;
    private final int m;

    /**
     * @param rbm the target RBM
     * @param sites K, site updates per transition, at least 1
     * @throws IllegalArgumentException for K &lt; 1
     */
    public RandomScanGibbs(Rbm rbm, int sites) {
        if (sites < 1 || sites > MAX_SITES) {
            throw new IllegalArgumentException("parameter sites: must be between 1 and " + MAX_SITES + ", got " + sites);
        }
        this.rbm = rbm;
        this.sites = sites;
        this.flips = FlipDifferences.exact(rbm);
        this.n = rbm.numVisible();
        this.m = rbm.numHidden();
    }

    /**
     * One random-scan sweep per transition (K = n).
     *
     * @param rbm the target RBM
     */
    public RandomScanGibbs(Rbm rbm) {
        this(rbm, rbm.numVisible());
    }

    /** @return the target RBM */
    public Rbm rbm() {
        return rbm;
    }

    /** @return K, site updates per transition */
    public int sites() {
        return sites;
    }

    @Override
    public String name() {
        return "rsgibbs";
    }

    @Override
    public ChainState init(int chains, Rng rng) {
        return ChainState.uniform(chains, new int[] {n}, rng);
    }

    @Override
    public ChainState init(ChainState positions) {
        positions.requireVisible(n);
        return positions.positions();
    }

    /** Its chains do not interact and every draw goes through {@link Rng#segment}. */
    @Override
    public boolean chainBlocks() {
        return true;
    }

    @Override
    public StepInfo zeroInfo() {
        return AcceptanceInfo.labelled("site updates", "flipped their unit", 0, 0);
    }

    /**
     * One transition of every chain on layer 0, in place (other layers untouched).
     *
     * @param rng this transition's stream: N x 2K uniforms
     * @param state a state with the bottom RBM's visible layer
     * @return the N K site updates and those that flipped their unit
     */
    @Override
    public StepInfo advance(Rng rng, ChainState state) {
        state.requireVisible(n);
        int chains = state.chains();
        double[] v = state.buffer(0);
        Workspace work = state.workspace();
        int mp = flips.paddedHidden();
        double[] zeta = work.doubles(ZETA, chains * m);
        double[] means = work.doubles(MEANS, chains * mp);
        double[] complements = work.doubles(COMPLEMENTS, chains * mp);
        double[] e = work.doubles(SOFTPLUS, VectorMath.softplusScratch(m));
        flips.evaluate(v, chains, zeta, means, complements, null, e);
        double[] u = work.doubles(UNIFORMS, 2 * Math.min(sites, SITE_CHUNK));
        double[] logs = new double[1];
        int[] exps = new int[1];
        Rng draws = rng.segment(2 * sites);
        long flipped = 0;
        for (int r = 0; r < chains; r++) {
            int vo = r * n;
            int so = r * mp;
            for (int k0 = 0; k0 < sites; k0 += SITE_CHUNK) {
                int count = Math.min(SITE_CHUNK, sites - k0);
                draws.fillUniform(u, 0, 2 * count);
                for (int k = 0; k < count; k++) {
                    int i = Math.min(n - 1, (int) (u[2 * k] * n));
                    double d = flips.difference(v, vo, means, complements, so, i, logs, exps);
                    double w = u[2 * k + 1];
                    if (Math.fma(w, VectorMath.expScalar(-d), w) < 1.0) {
                        double before = v[vo + i];
                        flips.flip(before, means, complements, so, i);
                        v[vo + i] = 1.0 - before;
                        flipped++;
                    }
                }
            }
        }
        return AcceptanceInfo.labelled("site updates", "flipped their unit", (long) chains * sites, flipped);
    }

    @Override
    public String toString() {
        return "RandomScanGibbs[" + rbm + ", sites=" + sites + "]";
    }
}
