package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;
import java.util.Arrays;

/**
 * Parallel tempering (replica exchange; Swendsen &amp; Wang 1986, Hukushima &amp; Nemoto 1996, used
 * for RBM training by Desjardins et al. 2010) on a single RBM over an inverse-temperature ladder
 * 1 = beta_0 &gt; beta_1 &gt; ... &gt; beta_K &gt;= 0: the classic baseline that deep tempering
 * replaces by learned RBMs (paper sections 1 and 3).
 *
 * <p>Replica k samples the tempered RBM with every parameter (W, b, c) multiplied by beta_k, whose
 * visible marginal is P_k(v) proportional to exp(lv_k(v)), lv_k(v) = beta_k b.v +
 * sum_j sfp(beta_k zeta_j(v)). Layer k of the {@link ChainState} holds replica k; layer 0 is the
 * target P(v). The product prod_k P_k(x_k) is invariant.
 *
 * <p>One transition with parity c (in the state, flipped every step, as in Alg. 2):
 * <ol>
 *   <li>for every pair (k, k+1) with k = c mod 2: propose to exchange x_k and x_{k+1}, accepted
 *       iff ln u &lt; log r, log r = lv_k(x_{k+1}) + lv_{k+1}(x_k) - lv_k(x_k) - lv_{k+1}(x_{k+1})
 *       (the exact Metropolis ratio on the tempered visible marginals; partition functions
 *       cancel);</li>
 *   <li>one tempered blocked Gibbs sweep on every replica: h ~ Bern(sig(beta_k zeta(x_k))),
 *       x_k' ~ Bern(sig(beta_k eta(h)));</li>
 *   <li>c' = 1 - c.</li>
 * </ol>
 * State: a {@link TemperedState} (replicas and the parity). Info: an {@link AcceptanceInfo} with
 * swapAttempts[k] = N and swapAccepts[k] the accepted exchanges for the pairs of this step's parity.
 * Hot path: the field zeta(x_k) of every replica is computed once per step and serves both the swap
 * ratio and the sweep; buffers live in the state's {@link Workspace}. The kernel holds no mutable
 * data and is safe to share between threads.
 */
public final class ParallelTempering implements TransitionKernel {
    /** Default number of temperatures (replicas, beta_0 = 1 included). */
    public static final int DEFAULT_TEMPERATURES = 10;
    /** Default smallest inverse temperature of the geometric ladder. */
    public static final double DEFAULT_BETA_MIN = 0.1;

    private final Rbm rbm;
    private final double[] betas;
    private final double[] b;
    private final int n;
    private final int m;
    private static final int HIDDEN = 0;
    private static final int SCRATCH = 1;
    private static final int UNIFORMS = 2;
    private static final int FIELDS = 3;

    /**
     * @param rbm the target RBM (beta_0 = 1)
     * @param betas the ladder, strictly decreasing, betas[0] = 1, all finite and &gt;= 0
     */
    public ParallelTempering(Rbm rbm, double[] betas) {
        this.rbm = rbm;
        this.betas = checkLadder(betas);
        this.b = rbm.visibleBiasArray();
        this.n = rbm.numVisible();
        this.m = rbm.numHidden();
    }

    /**
     * The geometric ladder beta_k = betaMin^(k/(K)) for k = 0..K, K = temperatures - 1: equal ratios
     * between neighbours, the usual choice when the energy scale is unknown.
     *
     * @param temperatures number of replicas K+1 (at least 1; 1 gives plain BGS)
     * @param betaMin the smallest inverse temperature, in (0, 1)
     * @return the ladder, beta_0 = 1
     */
    public static double[] geometricLadder(int temperatures, double betaMin) {
        if (temperatures < 1) {
            throw new IllegalArgumentException("the ladder needs at least one temperature, got " + temperatures);
        }
        if (!(betaMin > 0 && betaMin < 1)) {
            throw new IllegalArgumentException("betaMin must lie in (0, 1), got " + betaMin);
        }
        double[] beta = new double[temperatures];
        for (int k = 0; k < temperatures; k++) {
            beta[k] = temperatures == 1 ? 1.0 : StrictMath.pow(betaMin, (double) k / (temperatures - 1));
        }
        beta[0] = 1.0;
        return beta;
    }

    /** @return the default ladder: {@link #geometricLadder}(10, 0.1) */
    public static double[] defaultLadder() {
        return geometricLadder(DEFAULT_TEMPERATURES, DEFAULT_BETA_MIN);
    }

    private static double[] checkLadder(double[] betas) {
        if (betas.length == 0 || betas[0] != 1.0) {
            throw new IllegalArgumentException("the ladder must start at beta_0 = 1, got " + Arrays.toString(betas));
        }
        for (int k = 1; k < betas.length; k++) {
            if (!(betas[k] < betas[k - 1] && betas[k] >= 0)) {
                throw new IllegalArgumentException("the ladder must be strictly decreasing and non-negative, got "
                        + Arrays.toString(betas));
            }
        }
        return betas.clone();
    }

    /** @return the target RBM */
    public Rbm rbm() {
        return rbm;
    }

    /** @return a copy of the ladder beta_0 = 1 &gt; ... &gt; beta_K */
    public double[] betas() {
        return betas.clone();
    }

    @Override
    public String name() {
        return "pt";
    }

    @Override
    public ChainState init(int chains, Rng rng) {
        int[] sizes = new int[betas.length];
        Arrays.fill(sizes, n);
        return new TemperedState(ChainState.uniform(chains, sizes, rng), 0);
    }

    /**
     * @param positions one state per replica, or the target's states alone (one layer of n units),
     *     from which every replica starts, as in {@link #init(int, Rng, double[], int)}
     */
    @Override
    public ChainState init(ChainState positions) {
        if (positions.layers() == 1 && betas.length > 1 && positions.size(0) == n) {
            int[] sizes = new int[betas.length];
            Arrays.fill(sizes, n);
            double[][] buffers = new double[betas.length][];
            for (int k = 0; k < buffers.length; k++) {
                buffers[k] = positions.buffer(0).clone();
            }
            positions = new ChainState(positions.chains(), sizes, buffers);
        }
        check(positions);
        return new TemperedState(positions, 0);
    }

    /** Every replica starts at the given states (they all live in the target's visible space). */
    @Override
    public ChainState init(int chains, Rng rng, double[] starts, int rows) {
        ChainState s = init(chains, rng);
        for (int k = 0; k < s.layers(); k++) {
            TransitionKernel.copyRows(starts, rows, s, k);
        }
        return s;
    }

    @Override
    public StepInfo zeroInfo() {
        return AcceptanceInfo.zero(betas.length - 1);
    }

    private void check(ChainState state) {
        int reps = betas.length;
        if (state.layers() != reps) {
            throw new IllegalArgumentException("the state has " + state.layers() + " layers but the ladder has "
                    + reps + " temperatures");
        }
        for (int k = 0; k < reps; k++) {
            if (state.size(k) != n) {
                throw new IllegalArgumentException("replica " + k + " has " + state.size(k) + " units, the RBM " + n);
            }
        }
    }

    /**
     * One PT transition with the state's parity, in place; flips the parity.
     *
     * @param rng stream for this transition
     * @param chainState K+1 layers (replicas) of n units each (a {@link TemperedState}, as this kernel's init makes)
     * @return per-pair attempts and acceptances
     */
    @Override
    public StepInfo advance(Rng rng, ChainState chainState) {
        TemperedState state = TemperedState.require(chainState, name());
        check(state);
        int reps = betas.length;
        int chains = state.chains();
        Workspace work = state.workspace();
        double[][] fields = new double[reps][];
        for (int k = 0; k < reps; k++) {
            fields[k] = work.doubles(FIELDS + k, chains * m);
        }
        double[] hidden = work.doubles(HIDDEN, chains * m);
        double[] scratch = work.doubles(SCRATCH, chains * Math.max(n, m));
        double[] uniforms = work.doubles(UNIFORMS, chains);
        int c = state.parity();
        long[] attempts = new long[reps - 1];
        long[] accepts = new long[reps - 1];
        for (int k = 0; k < reps; k++) {
            rbm.hiddenField(state.buffer(k), chains, fields[k]);
        }
        for (int k = c; k + 1 < reps; k += 2) {
            double[] xa = state.buffer(k);
            double[] xb = state.buffer(k + 1);
            double[] fa = fields[k];
            double[] fb = fields[k + 1];
            double ba = betas[k];
            double bb = betas[k + 1];
            rng.fillUniform(uniforms, 0, chains);
            int accepted = 0;
            double[] e = new double[VectorMath.softplusScratch(m)];
            for (int r = 0; r < chains; r++) {
                double bva = VectorMath.dot(b, 0, xa, r * n, n);
                double bvb = VectorMath.dot(b, 0, xb, r * n, n);
                // lv_k(x_{k+1}) + lv_{k+1}(x_k) - lv_k(x_k) - lv_{k+1}(x_{k+1})
                double logR = (ba * bvb + VectorMath.softplusSum(ba, fb, r * m, m, e))
                        + (bb * bva + VectorMath.softplusSum(bb, fa, r * m, m, e))
                        - (ba * bva + VectorMath.softplusSum(ba, fa, r * m, m, e))
                        - (bb * bvb + VectorMath.softplusSum(bb, fb, r * m, m, e));
                if (Fdlibm.log(uniforms[r]) < logR) {
                    accepted++;
                    Work.swapRows(xa, xb, r, n);
                    Work.swapRows(fa, fb, r, m);
                }
            }
            attempts[k] = chains;
            accepts[k] = accepted;
        }
        for (int k = 0; k < reps; k++) {
            double beta = betas[k];
            double[] x = state.buffer(k);
            Work.sampleFromField(beta, fields[k], hidden, chains * m, rng, scratch);
            rbm.visibleField(hidden, chains, x);
            if (beta == 1.0) {
                VectorMath.sigmoidInPlace(x, 0, chains * n);
            } else {
                VectorMath.sigmoidInPlace(beta, x, 0, chains * n);
            }
            rng.bernoulliInPlace(x, 0, chains * n, scratch);
        }
        state.setParity(1 - c);
        return new AcceptanceInfo(attempts, accepts);
    }
}
