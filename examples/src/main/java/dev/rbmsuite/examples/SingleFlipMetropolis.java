package dev.rbmsuite.examples;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.AcceptanceInfo;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.NamedKernelFactory;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TransitionKernel;
import dev.rbmsuite.kernels.Workspace;
import java.util.Map;

/**
 * A plug-in transition kernel: random-scan single-flip Metropolis on the visible layer of one RBM.
 * One transition makes K proposals; each picks a unit i uniformly, proposes v' = v with unit i
 * flipped, and accepts with probability min(1, P(v') / P(v)) = min(1, exp(lv(v') - lv(v))), where
 * lv(v) = b.v + sum_j softplus(c_j + (v W)_j) is the unnormalised log-marginal of the RBM (paper Eq.
 * rbm_v). Each proposal satisfies detailed balance with respect to P(v), so their composition leaves
 * P(v) invariant; the test proves both exactly with the test kit.
 *
 * <p>It follows the suite's kernel API: the state is a plain {@link ChainState} (layer 0 holds v),
 * the buffers live in the state's {@link Workspace} (so one instance serves any number of threads),
 * all randomness comes from the stream given to {@link #advance} (per chain and proposal, one unit
 * index and one uniform), and the info is an {@link AcceptanceInfo} with one level (the proposals).
 * {@link Factory} registers it as "metropolis-flip" through
 * {@code META-INF/services/dev.rbmsuite.kernels.KernelFactory}, so that {@code ./rbm sample --kernel
 * metropolis-flip} works with this jar in {@code RBM_PLUGINS}.
 */
public final class SingleFlipMetropolis implements TransitionKernel {
    private static final int LV = 0;
    private static final int LV_NEW = 1;
    private static final int UNIFORMS = 2;
    private static final int UNITS = 0;

    private final Rbm rbm;
    private final int proposals;

    /**
     * @param rbm the target RBM
     * @param proposals K, the single-flip proposals per transition (at least 1)
     */
    public SingleFlipMetropolis(Rbm rbm, int proposals) {
        if (proposals < 1) {
            throw new IllegalArgumentException("parameter flips: must be at least 1, got " + proposals);
        }
        this.rbm = rbm;
        this.proposals = proposals;
    }

    @Override
    public String name() {
        return "metropolis-flip";
    }

    @Override
    public ChainState init(int chains, Rng rng) {
        return ChainState.uniform(chains, new int[] {rbm.numVisible()}, rng);
    }

    @Override
    public ChainState init(ChainState positions) {
        if (positions.size(0) != rbm.numVisible()) {
            throw new IllegalArgumentException("layer 0 has " + positions.size(0) + " units, the RBM "
                    + rbm.numVisible());
        }
        return positions.positions();
    }

    @Override
    public StepInfo zeroInfo() {
        return AcceptanceInfo.zero(1);
    }

    @Override
    public StepInfo advance(Rng rng, ChainState state) {
        int n = rbm.numVisible();
        int chains = state.chains();
        double[] v = state.buffer(0);
        Workspace work = state.workspace();
        double[] lv = work.doubles(LV, chains);
        double[] lvNew = work.doubles(LV_NEW, chains);
        double[] u = work.doubles(UNIFORMS, chains);
        int[] unit = work.ints(UNITS, chains);
        rbm.logMarginalVisible(v, chains, lv);
        long accepted = 0;
        for (int k = 0; k < proposals; k++) {
            for (int r = 0; r < chains; r++) {
                unit[r] = rng.nextInt(n);
                flip(v, r * n + unit[r]);
            }
            rbm.logMarginalVisible(v, chains, lvNew);
            rng.fillUniform(u, 0, chains);
            for (int r = 0; r < chains; r++) {
                if (Fdlibm.log(u[r]) < lvNew[r] - lv[r]) {
                    lv[r] = lvNew[r];
                    accepted++;
                } else {
                    flip(v, r * n + unit[r]);
                }
            }
        }
        return new AcceptanceInfo(new long[] {(long) proposals * chains}, new long[] {accepted});
    }

    private static void flip(double[] v, int i) {
        v[i] = 1.0 - v[i];
    }

    /** @return a description of the kernel's settings */
    @Override
    public String toString() {
        return "SingleFlipMetropolis[" + rbm + ", proposals=" + proposals + "]";
    }

    /**
     * The plug-in's registration: "metropolis-flip" with the parameter "flips" (K, default n), on the
     * bottom RBM of a stack.
     */
    public static final class Factory extends NamedKernelFactory {
        /** The parameter: single-flip proposals per transition. */
        public static final String FLIPS = "flips";

        /** The factory, as the service loader makes it. */
        public Factory() {
            super("metropolis-flip", false, "random-scan single-flip Metropolis on the bottom RBM's visible layer (examples plug-in)",
                    Parameter.modelDependent(FLIPS, "single-flip proposals per transition", "n, the number of visible units"));
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            Rbm rbm = stack.bottom();
            return new SingleFlipMetropolis(rbm, KernelFactory.intParameter(params, FLIPS, rbm.numVisible()));
        }
    }
}
