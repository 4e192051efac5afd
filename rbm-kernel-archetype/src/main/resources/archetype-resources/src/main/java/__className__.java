package ${package};

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
 * The kernel "${kernelName}": random-scan single-flip Metropolis on the visible layer of the bottom
 * RBM, a working starting point to replace with your own transition. One transition makes K
 * proposals; each picks a unit i uniformly, proposes v' = v with unit i flipped, and accepts with
 * probability min(1, P(v') / P(v)) = min(1, exp(lv(v') - lv(v))), where lv(v) is the RBM's
 * unnormalised log-marginal of v. Each proposal satisfies detailed balance with respect to P(v), so
 * the composition leaves P(v) invariant; {@code ${className}Test} proves both exactly with the
 * suite's test kit.
 *
 * <p>The suite's kernel contract: the state is a {@link ChainState} (layer 0 holds v, one row per
 * chain), buffers live in the state's {@link Workspace} (one kernel instance serves any number of
 * threads), every random number comes from the stream passed to {@code advance} (so that the same
 * seed gives the same bits on any machine), and the returned {@link StepInfo} counts proposals and
 * acceptances.
 */
public final class ${className} implements TransitionKernel {
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
    public ${className}(Rbm rbm, int proposals) {
        if (proposals < 1) {
            throw new IllegalArgumentException("parameter flips: must be at least 1, got " + proposals);
        }
        this.rbm = rbm;
        this.proposals = proposals;
    }

    @Override
    public String name() {
        return "${kernelName}";
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
                if (StrictMath.log(u[r]) < lvNew[r] - lv[r]) {
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

    @Override
    public String toString() {
        return "${className}[" + rbm + ", proposals=" + proposals + "]";
    }

    /**
     * The plug-in's registration, listed in
     * {@code META-INF/services/dev.rbmsuite.kernels.KernelFactory}: the kernel "${kernelName}" with the
     * parameter "flips" (K, default n), on the bottom RBM of a stack.
     */
    public static final class Factory extends NamedKernelFactory {
        /** The parameter: single-flip proposals per transition. */
        public static final String FLIPS = "flips";

        /** The factory, as the service loader makes it. */
        public Factory() {
            super("${kernelName}", false, "random-scan single-flip Metropolis on the bottom RBM's visible layer (plug-in ${artifactId})",
                    Parameter.modelDependent(FLIPS, "single-flip proposals per transition", "n, the number of visible units"));
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            Rbm rbm = stack.bottom();
            return new ${className}(rbm, KernelFactory.intParameter(params, FLIPS, rbm.numVisible()));
        }
    }
}
