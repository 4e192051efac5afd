package dev.rbmsuite.kernels;

import dev.rbmsuite.core.RbmStack;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The factories of the suite's own kernels, registered in this module's
 * {@code META-INF/services/dev.rbmsuite.kernels.KernelFactory} like any plug-in: the paper's kernels
 * (bgs, dt, roundtrip) and parallel tempering, then the gradient-based samplers of the discrete-sampling
 * literature that compares them on RBMs (gwg, dmala, dula, pas; docs/samplers.md places them side by
 * side).
 */
public final class BuiltinKernels {
    /** The built-in kernel names, in their documented order. */
    public static final List<String> NAMES = List.of("bgs", "dt", "roundtrip", "pt", "gwg", "dmala", "dula", "pas");

    private BuiltinKernels() {
    }

    /** "bgs": blocked Gibbs sampling on theta_0 (Eq. bgs). */
    public static final class Bgs implements KernelFactory {
        @Override
        public String name() {
            return "bgs";
        }

        @Override
        public String description() {
            return "blocked Gibbs sampling on the bottom RBM (paper Eq. bgs)";
        }

        @Override
        public boolean usesUpperLayers() {
            return false;
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new BlockedGibbs(stack.bottom());
        }
    }

    /** "dt": deep tempering on the whole stack (Alg. 2). */
    public static final class Dt implements KernelFactory {
        @Override
        public String name() {
            return "dt";
        }

        @Override
        public String description() {
            return "deep tempering on the RBM stack: visible-space swaps of alternating levels, then BGS on every layer (Alg. 2)";
        }

        @Override
        public boolean usesUpperLayers() {
            return true;
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
    public static final class RoundTripFactory implements KernelFactory {
        @Override
        public String name() {
            return "roundtrip";
        }

        @Override
        public String description() {
            return "the proposed round-trip kernel on the RBM stack: swaps up to the top, BGS there, swaps down (Alg. 3)";
        }

        @Override
        public boolean usesUpperLayers() {
            return true;
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new RoundTrip(stack);
        }
    }

    /** "pt": parallel tempering on theta_0 over a geometric inverse-temperature ladder. */
    public static final class Pt implements KernelFactory {
        /** Parameter: the number of replicas, beta_0 = 1 included. */
        public static final String TEMPERATURES = "temperatures";
        /** Parameter: the smallest inverse temperature of the geometric ladder. */
        public static final String BETA_MIN = "beta-min";

        @Override
        public String name() {
            return "pt";
        }

        @Override
        public String description() {
            return "parallel tempering on the bottom RBM over a geometric inverse-temperature ladder (replica exchange)";
        }

        @Override
        public boolean usesUpperLayers() {
            return false;
        }

        @Override
        public Map<String, String> parameters() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put(TEMPERATURES, "number of replicas, beta_0 = 1 included (default "
                    + ParallelTempering.DEFAULT_TEMPERATURES + ")");
            m.put(BETA_MIN, "smallest inverse temperature of the geometric ladder, in (0, 1) (default "
                    + ParallelTempering.DEFAULT_BETA_MIN + ")");
            return m;
        }

        @Override
        public Map<String, String> defaults() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put(TEMPERATURES, Integer.toString(ParallelTempering.DEFAULT_TEMPERATURES));
            m.put(BETA_MIN, Double.toString(ParallelTempering.DEFAULT_BETA_MIN));
            return m;
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
    public static final class Gwg implements KernelFactory {
        /** Parameter: how the flip differences are computed, exact or gradient. */
        public static final String DIFFERENCES = "differences";

        @Override
        public String name() {
            return "gwg";
        }

        @Override
        public String description() {
            return "Gibbs-with-Gradients on the bottom RBM: one locally balanced flip, Metropolis-Hastings (Grathwohl et al. "
                    + "2021)";
        }

        @Override
        public boolean usesUpperLayers() {
            return false;
        }

        @Override
        public Map<String, String> parameters() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put(DIFFERENCES, differencesHelp());
            return m;
        }

        @Override
        public Map<String, String> defaults() {
            return Map.of(DIFFERENCES, GibbsWithGradients.Differences.EXACT.parameterValue());
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new GibbsWithGradients(stack.bottom(), differences(params));
        }
    }

    /** "dmala": the Metropolis-adjusted discrete Langevin proposal on theta_0 (Zhang, Liu &amp; Liu 2022). */
    public static final class Dmala implements KernelFactory {
        /** Parameter: the step size alpha. */
        public static final String STEP_SIZE = "step-size";

        @Override
        public String name() {
            return "dmala";
        }

        @Override
        public String description() {
            return "Metropolis-adjusted discrete Langevin (DMALA) on the bottom RBM (Zhang, Liu & Liu 2022)";
        }

        @Override
        public boolean usesUpperLayers() {
            return false;
        }

        @Override
        public Map<String, String> parameters() {
            return Map.of(STEP_SIZE, "step size alpha > 0 of the Langevin proposal (default "
                    + DiscreteLangevin.DEFAULT_DMALA_STEP + ")");
        }

        @Override
        public Map<String, String> defaults() {
            return Map.of(STEP_SIZE, Double.toString(DiscreteLangevin.DEFAULT_DMALA_STEP));
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new DiscreteLangevin(stack.bottom(),
                    KernelFactory.doubleParameter(params, STEP_SIZE, DiscreteLangevin.DEFAULT_DMALA_STEP), true);
        }
    }

    /** "dula": the unadjusted discrete Langevin proposal on theta_0, biased by design (Zhang, Liu &amp; Liu 2022). */
    public static final class Dula implements KernelFactory {
        @Override
        public String name() {
            return "dula";
        }

        @Override
        public String description() {
            return "unadjusted discrete Langevin (DULA) on the bottom RBM: no Metropolis step, biased by design (Zhang, Liu "
                    + "& Liu 2022)";
        }

        @Override
        public boolean usesUpperLayers() {
            return false;
        }

        @Override
        public Map<String, String> parameters() {
            return Map.of(Dmala.STEP_SIZE, "step size alpha > 0 of the Langevin proposal (default "
                    + DiscreteLangevin.DEFAULT_DULA_STEP + ")");
        }

        @Override
        public Map<String, String> defaults() {
            return Map.of(Dmala.STEP_SIZE, Double.toString(DiscreteLangevin.DEFAULT_DULA_STEP));
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            return new DiscreteLangevin(stack.bottom(),
                    KernelFactory.doubleParameter(params, Dmala.STEP_SIZE, DiscreteLangevin.DEFAULT_DULA_STEP), false);
        }
    }

    /** "pas": path auxiliary proposals on theta_0's visible marginal (Sun et al. 2022). */
    public static final class Pas implements KernelFactory {
        /** Parameter: R, the locally balanced flips of one proposal's path. */
        public static final String PATH_LENGTH = "path-length";
        /** Default R: odd, since an even path keeps the parity of the number of ones (GibbsWithGradients). */
        public static final int DEFAULT_PATH_LENGTH = 3;

        @Override
        public String name() {
            return "pas";
        }

        @Override
        public String description() {
            return "path auxiliary proposals on the bottom RBM: a path of locally balanced flips, Metropolis-Hastings (Sun et "
                    + "al. 2022)";
        }

        @Override
        public boolean usesUpperLayers() {
            return false;
        }

        @Override
        public Map<String, String> parameters() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put(PATH_LENGTH, "flips R of one proposal, odd, all drawn at its start (default " + DEFAULT_PATH_LENGTH + ")");
            m.put(Gwg.DIFFERENCES, differencesHelp());
            return m;
        }

        @Override
        public Map<String, String> defaults() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put(PATH_LENGTH, Integer.toString(DEFAULT_PATH_LENGTH));
            m.put(Gwg.DIFFERENCES, GibbsWithGradients.Differences.EXACT.parameterValue());
            return m;
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

    private static String differencesHelp() {
        return "flip differences of the proposal: exact, or gradient (the first-order approximation of the original) "
                + "(default exact)";
    }

    private static GibbsWithGradients.Differences differences(Map<String, String> params) {
        String v = params.get(Gwg.DIFFERENCES);
        return v == null ? GibbsWithGradients.Differences.EXACT : GibbsWithGradients.Differences.parse(v);
    }
}
