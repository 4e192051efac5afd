package dev.rbmsuite.kernels;

import dev.rbmsuite.core.RbmStack;
import java.util.List;

/**
 * The registry of kernels by name, used by the command line ({@code sample --kernel}) and by the
 * learning code: "bgs" (blocked Gibbs on theta_0, Eq. bgs), "dt" (deep tempering, Alg. 2),
 * "roundtrip" (the proposed kernel, Alg. 3) and "pt" (parallel tempering on theta_0).
 */
public final class Kernels {
    /** The kernel names, in the order they are documented. */
    public static final List<String> NAMES = List.of("bgs", "dt", "roundtrip", "pt");

    private Kernels() {
    }

    /**
     * A kernel with default settings (for "pt" the {@link ParallelTempering#defaultLadder()}).
     *
     * @param name one of {@link #NAMES}
     * @param stack the model; "bgs" and "pt" use its bottom RBM theta_0 only
     * @return a new kernel instance (kernels hold scratch buffers: one per thread)
     * @throws IllegalArgumentException for an unknown name
     */
    public static TransitionKernel create(String name, RbmStack stack) {
        return create(name, stack, ParallelTempering.defaultLadder());
    }

    /**
     * @param name one of {@link #NAMES}
     * @param stack the model; "bgs" and "pt" use its bottom RBM theta_0 only
     * @param ptBetas the inverse-temperature ladder of "pt" (ignored by the others)
     * @return a new kernel instance
     * @throws IllegalArgumentException for an unknown name
     */
    public static TransitionKernel create(String name, RbmStack stack, double[] ptBetas) {
        switch (name) {
            case "bgs":
                return new BlockedGibbs(stack.bottom());
            case "dt":
                return new DeepTempering(stack);
            case "roundtrip":
                return new RoundTrip(stack);
            case "pt":
                return new ParallelTempering(stack.bottom(), ptBetas);
            default:
                throw new IllegalArgumentException("unknown kernel '" + name + "' (expected one of " + NAMES + ")");
        }
    }
}
