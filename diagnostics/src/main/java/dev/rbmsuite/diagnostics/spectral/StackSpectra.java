package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;

/**
 * Exact mixing rates of the three kernels on tiny stacks, beyond the paper: the second-largest
 * eigenvalue modulus (SLEM) of the exact transition matrices built by
 * {@link ExactTransitionMatrices} on the joint state space V = (v_0, ..., v_L) (at most 13 bits).
 *
 * <ul>
 * <li>BGS: the bottom RBM alone, on v_0 (reversible; symmetric path, LAPACK).</li>
 * <li>Deep tempering: not reversible, and its parity alternates, so the honest object is the
 * two-step kernel T_DT(c=0) T_DT(c=1); its SLEM is reported together with the per-step rate
 * sqrt(SLEM_2) (general eigensolver).</li>
 * <li>Round trip: reversible with respect to prod_l P_l(v_l) (it is a palindromic composition,
 * docs/methods.md section 0), so it goes through the symmetric path.</li>
 * </ul>
 * Relaxation times 1/(1 - rate) then say, per step, how much faster one kernel mixes than another.
 * Note that the stack kernels' SLEM includes the mixing of the upper layers, not only of v_0.
 */
public final class StackSpectra {
    /**
     * @param bgs SLEM of BGS on the bottom RBM
     * @param deepTemperingTwoStep SLEM of one DT step of each parity
     * @param deepTemperingPerStep sqrt of the two-step SLEM
     * @param roundTrip SLEM of the round-trip kernel
     */
    public record Result(double bgs, double deepTemperingTwoStep, double deepTemperingPerStep, double roundTrip) {
    }

    private StackSpectra() {
    }

    /**
     * @param stack a tiny stack (joint space at most 13 bits)
     * @return the SLEM of BGS on its bottom RBM
     */
    public static double bgs(RbmStack stack) {
        double[][] p = ExactTransitionMatrices.bgs(stack.bottom());
        return KernelSpectrum.secondModulusReversible(p, log(ExactTransitionMatrices.visibleMarginal(stack.bottom())));
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @return the SLEM of the deep-tempering two-step kernel (parity 0 then parity 1)
     */
    public static double deepTemperingTwoStep(RbmStack stack) {
        return KernelSpectrum.secondModulus(KernelSpectrum.compose(ExactTransitionMatrices.deepTempering(stack, 0),
                ExactTransitionMatrices.deepTempering(stack, 1)));
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @return the SLEM of the round-trip kernel
     */
    public static double roundTrip(RbmStack stack) {
        return KernelSpectrum.secondModulusReversible(ExactTransitionMatrices.roundTrip(stack),
                log(ExactTransitionMatrices.target(stack)));
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @return all three rates
     */
    public static Result compare(RbmStack stack) {
        double dt = deepTemperingTwoStep(stack);
        return new Result(bgs(stack), dt, Math.sqrt(dt), roundTrip(stack));
    }

    private static double[] log(double[] p) {
        double[] out = new double[p.length];
        for (int k = 0; k < p.length; k++) {
            out[k] = Math.log(p[k]);
        }
        return out;
    }
}
