package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.TransitionKernel;
import java.util.Map;

/**
 * Resolves {@code --kernel NAME} and {@code --kernel-param k=v} through the installed
 * {@link KernelRegistry} (built-in kernels and plug-ins on the class path), turning a bad name or
 * parameter into a one-line input error.
 */
final class KernelChoice {
    private KernelChoice() {
    }

    /**
     * @param name the value of {@code --kernel}
     * @return its factory
     * @throws InputException naming the option and listing the installed kernels
     */
    static KernelFactory factory(String name) {
        try {
            return KernelRegistry.installed().factory(name);
        } catch (IllegalArgumentException e) {
            throw new InputException("option --kernel: " + e.getMessage(), e);
        }
    }

    /**
     * @param factory the kernel's factory
     * @param stack the model
     * @param params the values of {@code --kernel-param}
     * @return the kernel
     * @throws InputException naming the option for an unknown parameter or a bad value
     */
    static TransitionKernel create(KernelFactory factory, RbmStack stack, Map<String, String> params) {
        try {
            KernelRegistry.checkParameters(factory, params);
            return factory.create(stack, params);
        } catch (IllegalArgumentException e) {
            throw new InputException("option --kernel-param: " + e.getMessage(), e);
        }
    }
}
