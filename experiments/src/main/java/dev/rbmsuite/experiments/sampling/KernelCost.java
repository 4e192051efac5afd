package dev.rbmsuite.experiments.sampling;

import dev.rbmsuite.kernels.KernelRegistry;
import java.util.Map;

/**
 * The work of one transition of each kernel on the bottom (training) RBM, for comparisons per
 * unit of compute rather than per transition (the paper compares per transition), as each kernel's
 * factory states it ({@link dev.rbmsuite.kernels.KernelFactory#bottomSweeps}): BGS and the round trip
 * (which draws h_0 on the way up and v_0 on the way down once per transition, Alg. 3) 1, deep
 * tempering 1.5 (docs/methods.md section 3.4).
 */
public final class KernelCost {
    private KernelCost() {
    }

    /**
     * @param kernel an installed kernel's name, with its default parameters
     * @return conditional sweeps of the bottom layer per transition, on average
     */
    public static double bottomSweeps(String kernel) {
        return KernelRegistry.installed().factory(kernel).bottomSweeps(Map.of());
    }

    /**
     * @param kernel an installed kernel's name or a variant ({@link KernelVariant})
     * @param params the parameters it runs with
     * @return conditional sweeps of the bottom layer per transition, on average
     */
    public static double bottomSweeps(String kernel, Map<String, String> params) {
        return KernelRegistry.installed().factory(KernelVariant.nameOf(kernel)).bottomSweeps(params);
    }

    /**
     * @param kernel an installed kernel's name or a variant ({@link KernelVariant})
     * @param visible n, the bottom RBM's visible units (a kernel of single-site updates costs a fraction of
     *     a sweep of them)
     * @param params the parameters it runs with
     * @return conditional sweeps of the bottom layer per transition, on average
     */
    public static double bottomSweeps(String kernel, int visible, Map<String, String> params) {
        return KernelRegistry.installed().factory(KernelVariant.nameOf(kernel)).bottomSweeps(visible, params);
    }
}
