package dev.rbmsuite.kernels;

import dev.rbmsuite.core.RbmStack;
import java.util.List;
import java.util.Map;

/**
 * The factories of the suite's own kernels, registered in this module's
 * {@code META-INF/services/dev.rbmsuite.kernels.KernelFactory} like any plug-in: the paper's kernels
 * (bgs, dt, roundtrip) and parallel tempering, then the gradient-based samplers of the discrete-sampling
 * literature that compares them on RBMs (gwg, dmala, dula, pas; docs/samplers.md places them side by
 * side), and the generic sampler they were measured against (rsgibbs).
 */
public final class BuiltinKernels {
    /** The built-in kernel names, in their documented order. */
    public static final List<String> NAMES = List.of("bgs", "dt", "roundtrip", "pt", "gwg", "dmala", "dula", "pas",
            "rsgibbs");

    private BuiltinKernels() {
    }

    /** "bgs": blocked Gibbs sampling on theta_0 (Eq. bgs). */
    public static final class Bgs extends NamedKernelFactory {
        /** The factory, as the service loader makes it. */
        public Bgs() {
            super("bgs", false, "blocked Gibbs sampling on the bottom RBM (paper Eq. bgs)");
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new BlockedGibbs(stack.bottom());
        }
    }

    /** "dt": deep tempering on the whole stack (Alg. 2). */
    public static final class Dt extends NamedKernelFactory {
        /** The factory, as the service loader makes it. */
        public Dt() {
            super("dt", true, "deep tempering on the RBM stack: visible-space swaps of alternating levels, then BGS on "
                    + "every layer (Alg. 2)");
        }

        /**
         * One blocked Gibbs sweep of every layer per step plus, on every other step (the parity that
         * includes the pair (0, 1), docs/methods.md section 3.4), a swap at level 0 that redraws h_0
         * and then v_0: 1.5 sweeps of the bottom layer per transition on average.
         */
        @Override
        public double bottomSweeps(Map<String, String> params) {
            return 1.5;
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new DeepTempering(stack);
        }
    }

    /** "roundtrip": the proposed round-trip kernel on the whole stack (Alg. 3). */
    public static final class RoundTripFactory extends NamedKernelFactory {
        /** The factory, as the service loader makes it. */
        public RoundTripFactory() {
            super("roundtrip", true, "the proposed round-trip kernel on the RBM stack: swaps up to the top, BGS there, "
                    + "swaps down (Alg. 3)");
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new RoundTrip(stack);
        }
    }

    /** "pt": parallel tempering on theta_0 over a geometric inverse-temperature ladder. */
    public static final class Pt extends NamedKernelFactory {
        /** Parameter: the number of replicas, beta_0 = 1 included. */
        public static final String TEMPERATURES = "temperatures";
        /** Parameter: the smallest inverse temperature of the geometric ladder. */
        public static final String BETA_MIN = "beta-min";

        /** The factory, as the service loader makes it. */
        public Pt() {
            super("pt", false, "parallel tempering on the bottom RBM over a geometric inverse-temperature ladder (replica "
                    + "exchange)",
                    Parameter.fixed(TEMPERATURES, "number of replicas, beta_0 = 1 included",
                            ParallelTempering.DEFAULT_TEMPERATURES),
                    Parameter.fixed(BETA_MIN, "smallest inverse temperature of the geometric ladder, in (0, 1)",
                            ParallelTempering.DEFAULT_BETA_MIN));
        }

        /** One sweep of the bottom RBM per replica, at its inverse temperature. */
        @Override
        public double bottomSweeps(Map<String, String> params) {
            return KernelFactory.intParameter(params, TEMPERATURES, ParallelTempering.DEFAULT_TEMPERATURES);
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            int k = KernelFactory.intParameter(params, TEMPERATURES, ParallelTempering.DEFAULT_TEMPERATURES);
            double b = KernelFactory.doubleParameter(params, BETA_MIN, ParallelTempering.DEFAULT_BETA_MIN);
            if (k < 1) {
                throw new IllegalArgumentException("parameter " + TEMPERATURES + ": must be at least 1, got " + k);
            }
            if (!(b > 0 && b < 1)) {
                throw new IllegalArgumentException("parameter " + BETA_MIN + ": must lie in (0, 1), got " + b);
            }
            return new ParallelTempering(stack.bottom(), ParallelTempering.geometricLadder(k, b));
        }
    }

    /** "gwg": Gibbs-with-Gradients on theta_0's visible marginal (Grathwohl et al. 2021). */
    public static final class Gwg extends NamedKernelFactory {
        /** Parameter: how the flip differences are computed, exact or gradient. */
        public static final String DIFFERENCES = "differences";

        /** The factory, as the service loader makes it. */
        public Gwg() {
            super("gwg", false, "Gibbs-with-Gradients on the bottom RBM: one locally balanced flip, Metropolis-Hastings "
                    + "(Grathwohl et al. 2021)", DIFFERENCES_PARAMETER);
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new GibbsWithGradients(stack.bottom(), differences(params));
        }
    }

    /** "dmala": the Metropolis-adjusted discrete Langevin proposal on theta_0 (Zhang, Liu &amp; Liu 2022). */
    public static final class Dmala extends NamedKernelFactory {
        /** Parameter: the step size alpha. */
        public static final String STEP_SIZE = "step-size";

        /** The factory, as the service loader makes it. */
        public Dmala() {
            super("dmala", false, "Metropolis-adjusted discrete Langevin (DMALA) on the bottom RBM (Zhang, Liu & Liu 2022)",
                    stepSize(DiscreteLangevin.DEFAULT_DMALA_STEP));
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new DiscreteLangevin(stack.bottom(),
                    KernelFactory.doubleParameter(params, STEP_SIZE, DiscreteLangevin.DEFAULT_DMALA_STEP), true);
        }
    }

    /** "dula": the unadjusted discrete Langevin proposal on theta_0, biased by design (Zhang, Liu &amp; Liu 2022). */
    public static final class Dula extends NamedKernelFactory {
        /** The factory, as the service loader makes it. */
        public Dula() {
            super("dula", false, "unadjusted discrete Langevin (DULA) on the bottom RBM: no Metropolis step, biased by "
                    + "design (Zhang, Liu & Liu 2022)", stepSize(DiscreteLangevin.DEFAULT_DULA_STEP));
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new DiscreteLangevin(stack.bottom(),
                    KernelFactory.doubleParameter(params, Dmala.STEP_SIZE, DiscreteLangevin.DEFAULT_DULA_STEP), false);
        }
    }

    /** "pas": path auxiliary proposals on theta_0's visible marginal (Sun et al. 2022). */
    public static final class Pas extends NamedKernelFactory {
        /** Parameter: R, the locally balanced flips of one proposal's path. */
        public static final String PATH_LENGTH = "path-length";
        /** Default R: odd, since an even path keeps the parity of the number of ones (GibbsWithGradients). */
        public static final int DEFAULT_PATH_LENGTH = 3;

        /** The factory, as the service loader makes it. */
        public Pas() {
            super("pas", false, "path auxiliary proposals on the bottom RBM: a path of locally balanced flips, "
                    + "Metropolis-Hastings (Sun et al. 2022)",
                    Parameter.fixed(PATH_LENGTH, "flips R of one proposal, odd, all drawn at its start", DEFAULT_PATH_LENGTH),
                    DIFFERENCES_PARAMETER);
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            int r = KernelFactory.intParameter(params, PATH_LENGTH, DEFAULT_PATH_LENGTH);
            if (r < 1) {
                throw new IllegalArgumentException("parameter " + PATH_LENGTH + ": must be at least 1, got " + r);
            }
            return GibbsWithGradients.pathAuxiliary(stack.bottom(), differences(params), r);
        }
    }

    /**
     * "rsgibbs": random-scan single-site Gibbs on theta_0's visible marginal, the generic baseline of
     * Grathwohl et al. (2021).
     */
    public static final class Rsgibbs extends NamedKernelFactory {
        /** Parameter: K, the site updates of one transition (default n, one random-scan sweep). */
        public static final String SITES = "sites";

        /** The factory, as the service loader makes it. */
        public Rsgibbs() {
            super("rsgibbs", false, "random-scan single-site Gibbs on the bottom RBM's visible marginal: each site update "
                    + "redraws one random unit from its conditional (the generic baseline of Grathwohl et al. 2021)",
                    Parameter.modelDependent(SITES, "site updates K of one transition",
                            "n, one random-scan sweep"));
        }

        /**
         * Without the model: one sweep's work for the default K = n; a given K is K / n sweeps, which needs
         * the model ({@link #bottomSweeps(int, Map)}).
         *
         * @throws IllegalArgumentException when K is given
         */
        @Override
        public double bottomSweeps(Map<String, String> params) {
            if (params.containsKey(SITES)) {
                throw new IllegalArgumentException("parameter " + SITES + ": the work of K site updates, K / n sweeps, "
                        + "depends on the model's visible units");
            }
            return 1.0;
        }

        /** K site updates cost about K / n bottom-layer sweeps (RandomScanGibbs: about 2m operations each). */
        @Override
        public double bottomSweeps(int visible, Map<String, String> params) {
            return (double) KernelFactory.intParameter(params, SITES, visible) / visible;
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            int n = stack.bottom().numVisible();
            return new RandomScanGibbs(stack.bottom(), KernelFactory.intParameter(params, SITES, n));
        }
    }

    /** gwg's and pas's "differences". */
    private static final NamedKernelFactory.Parameter DIFFERENCES_PARAMETER = NamedKernelFactory.Parameter.fixed(
            Gwg.DIFFERENCES, "flip differences of the proposal: exact, or gradient (the first-order approximation of the "
            + "original)", GibbsWithGradients.Differences.EXACT.parameterValue());

    /** dmala's and dula's "step-size". */
    private static NamedKernelFactory.Parameter stepSize(double defaultValue) {
        return NamedKernelFactory.Parameter.fixed(Dmala.STEP_SIZE, "step size alpha > 0 of the Langevin proposal",
                defaultValue);
    }

    private static GibbsWithGradients.Differences differences(Map<String, String> params) {
        String v = params.get(Gwg.DIFFERENCES);
        return v == null ? GibbsWithGradients.Differences.EXACT : GibbsWithGradients.Differences.parse(v);
    }
}
