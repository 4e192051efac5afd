package dev.rbmsuite.kernels;

import dev.rbmsuite.core.RbmStack;
import java.util.List;
import java.util.Map;

/**
 * Shortcuts to the {@link KernelRegistry#installed() installed registry}: "bgs" (blocked Gibbs on
 * theta_0, Eq. bgs), "dt" (deep tempering, Alg. 2), "roundtrip" (the proposed kernel, Alg. 3), "pt"
 * (parallel tempering on theta_0), the gradient-based samplers of theta_0 "gwg", "dmala", "dula" and
 * "pas", random-scan Gibbs "rsgibbs" ({@link BuiltinKernels}), and any plug-in kernel on the class path.
 */
public final class Kernels {
    /** The built-in kernel names, in the order they are documented ({@link BuiltinKernels#NAMES}). */
    public static final List<String> NAMES = BuiltinKernels.NAMES;

    private Kernels() {
    }

    /**
     * An installed kernel with its default parameters (for "pt" the
     * {@link ParallelTempering#defaultLadder()}).
     *
     * @param name an installed kernel's name
     * @param stack the model; "bgs" and "pt" use its bottom RBM theta_0 only
     * @return a kernel bound to the stack
     * @throws IllegalArgumentException for an unknown name (the message lists the installed ones)
     */
    public static TransitionKernel create(String name, RbmStack stack) {
        return KernelRegistry.installed().create(name, stack, Map.of());
    }

    /**
     * @param name an installed kernel's name
     * @param stack the model
     * @param params the kernel's parameters by name ({@link KernelFactory#parameters()})
     * @return a kernel bound to the stack
     * @throws IllegalArgumentException for an unknown name or parameter, or a bad value
     */
    public static TransitionKernel create(String name, RbmStack stack, Map<String, String> params) {
        return KernelRegistry.installed().create(name, stack, params);
    }
}
