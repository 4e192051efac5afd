package dev.rbmsuite.experiments.spectral;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.diagnostics.spectral.KernelSpectrum;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import java.util.Locale;

/**
 * Exact mixing rates of the three kernels on tiny stacks, beyond the paper: the second-largest
 * eigenvalue modulus (SLEM) of the exact transition matrices built by
 * {@link ExactTransitionMatrices} on the joint state space V = (v_0, ..., v_L) (at most 13 bits).
 *
 * <ul>
 * <li>BGS: the bottom RBM alone, on v_0 (reversible; symmetric path, the symmetric eigensolver).</li>
 * <li>Deep tempering: not reversible, and its parity alternates, so the honest object is the
 * two-step kernel T_DT(c=0) T_DT(c=1); its SLEM is reported together with the per-step rate
 * sqrt(SLEM_2) (general eigensolver).</li>
 * <li>Round trip: reversible with respect to prod_l P_l(v_l) (it is a palindromic composition,
 * docs/methods.md section 0), so it goes through the symmetric path.</li>
 * </ul>
 * Relaxation times 1/(1 - rate) then say, per step, how much faster one kernel mixes than another.
 * Note that the stack kernels' SLEM includes the mixing of the upper layers, not only of v_0.
 *
 * <p>It lives in experiments because it joins two modules that do not know each other: the kernels'
 * exact matrices (kernels) and the eigensolvers of {@link KernelSpectrum} (diagnostics).
 *
 * <p><b>Cost.</b> Dense eigenproblems cost (2^bits)^3: on the 2-core development machine a 10-bit
 * stack took 2.4 s for the round trip and 13 s for deep tempering (general eigensolver on the
 * composed two-step kernel), an 11-bit stack 15 s and 160 s, so a 13-bit stack would take about
 * 20 min and 3 h. Every method
 * estimates its cost first ({@link #estimatedSeconds}) and, under {@link CostGuard#DEFAULT},
 * refuses above 10 minutes; pass {@link CostGuard#UNLIMITED} to run it anyway.
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

    /** Seconds per (2^bits)^3 for a reversible kernel (build, symmetrise, symmetric eigensolver). */
    static final double SECONDS_PER_CUBE_REVERSIBLE = 3e-9;
    /** Seconds per (2^bits)^3 for deep tempering (two builds, a product, the general eigensolver). */
    static final double SECONDS_PER_CUBE_GENERAL = 2.5e-8;

    /** The kernels whose spectra this class computes. */
    public enum Kernel {
        /** BGS on the bottom RBM. */
        BGS,
        /** The deep-tempering two-step kernel. */
        DEEP_TEMPERING,
        /** The round-trip kernel. */
        ROUND_TRIP
    }

    private StackSpectra() {
    }

    /**
     * @param stack a stack
     * @param kernel which spectrum
     * @return the estimated seconds of that spectrum on the development machine
     */
    public static double estimatedSeconds(RbmStack stack, Kernel kernel) {
        return switch (kernel) {
            case BGS -> cube(stack.bottom().numVisible()) * SECONDS_PER_CUBE_REVERSIBLE;
            case ROUND_TRIP -> cube(jointBits(stack)) * SECONDS_PER_CUBE_REVERSIBLE;
            case DEEP_TEMPERING -> cube(jointBits(stack)) * SECONDS_PER_CUBE_GENERAL;
        };
    }

    /** @return the bits of the joint state (v_0, ..., v_{L-1}) of the stack's exact matrices */
    static int jointBits(RbmStack stack) {
        int bits = 0;
        for (int l = 0; l < stack.size(); l++) {
            bits += stack.layer(l).numVisible();
        }
        return bits;
    }

    private static double cube(int bits) {
        return Math.scalb(1.0, 3 * bits);
    }

    private static CostGuard.Task start(CostGuard guard, RbmStack stack, Kernel kernel) {
        int bits = kernel == Kernel.BGS ? stack.bottom().numVisible() : jointBits(stack);
        return guard.start("exact spectrum of " + kernel.name().toLowerCase(Locale.ROOT).replace('_', ' ')
                + " (2^" + bits + " states)", estimatedSeconds(stack, kernel), 0);
    }

    /**
     * @param stack a tiny stack (joint space at most 13 bits)
     * @return the SLEM of BGS on its bottom RBM
     */
    public static double bgs(RbmStack stack) {
        return bgs(stack, CostGuard.DEFAULT);
    }

    /**
     * @param stack a tiny stack
     * @param guard the cost limit and progress reports
     * @return the SLEM of BGS on its bottom RBM
     */
    public static double bgs(RbmStack stack, CostGuard guard) {
        try (CostGuard.Task task = start(guard, stack, Kernel.BGS)) {
            return bgsUnguarded(stack);
        }
    }

    private static double bgsUnguarded(RbmStack stack) {
        double[][] p = ExactTransitionMatrices.bgs(stack.bottom());
        return KernelSpectrum.secondModulusReversible(p, log(ExactTransitionMatrices.visibleMarginal(stack.bottom())));
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @return the SLEM of the deep-tempering two-step kernel (parity 0 then parity 1)
     */
    public static double deepTemperingTwoStep(RbmStack stack) {
        return deepTemperingTwoStep(stack, CostGuard.DEFAULT);
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @param guard the cost limit and progress reports
     * @return the SLEM of the deep-tempering two-step kernel (parity 0 then parity 1)
     */
    public static double deepTemperingTwoStep(RbmStack stack, CostGuard guard) {
        try (CostGuard.Task task = start(guard, stack, Kernel.DEEP_TEMPERING)) {
            return deepTemperingUnguarded(stack);
        }
    }

    private static double deepTemperingUnguarded(RbmStack stack) {
        return KernelSpectrum.secondModulus(KernelSpectrum.compose(ExactTransitionMatrices.deepTempering(stack, 0),
                ExactTransitionMatrices.deepTempering(stack, 1)));
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @return the SLEM of the round-trip kernel
     */
    public static double roundTrip(RbmStack stack) {
        return roundTrip(stack, CostGuard.DEFAULT);
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @param guard the cost limit and progress reports
     * @return the SLEM of the round-trip kernel
     */
    public static double roundTrip(RbmStack stack, CostGuard guard) {
        try (CostGuard.Task task = start(guard, stack, Kernel.ROUND_TRIP)) {
            return roundTripUnguarded(stack);
        }
    }

    private static double roundTripUnguarded(RbmStack stack) {
        return KernelSpectrum.secondModulusReversible(ExactTransitionMatrices.roundTrip(stack),
                log(ExactTransitionMatrices.target(stack)));
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @return all three rates
     */
    public static Result compare(RbmStack stack) {
        return compare(stack, CostGuard.DEFAULT);
    }

    /**
     * @param stack a tiny stack with at least two layers
     * @param guard the cost limit (checked against the sum of the three estimates) and progress reports
     * @return all three rates
     */
    public static Result compare(RbmStack stack, CostGuard guard) {
        double total = 0;
        for (Kernel k : Kernel.values()) {
            total += estimatedSeconds(stack, k);
        }
        try (CostGuard.Task task = guard.start("exact spectra of bgs, deep tempering and the round trip (2^"
                + jointBits(stack) + " states)", total, 0)) {
            double dt = deepTemperingUnguarded(stack);
            return new Result(bgsUnguarded(stack), dt, Math.sqrt(dt), roundTripUnguarded(stack));
        }
    }

    private static double[] log(double[] p) {
        double[] out = new double[p.length];
        for (int k = 0; k < p.length; k++) {
            out[k] = Fdlibm.log(p[k]);
        }
        return out;
    }
}
