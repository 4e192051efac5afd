package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelOrigin;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.TransitionKernel;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
     * A kernel that samples the stack (dt, roundtrip, plug-ins that use the upper layers) on a model of
     * one layer would have no level to swap with and silently run BGS under another name: {@code sample}
     * and {@code tv} refuse it, with the same message.
     *
     * @param factory the kernel's factory
     * @param kernel the value of {@code --kernel}
     * @param stack the model
     * @param model the model folder, for the message
     * @throws InputException naming {@code --kernel} and the model
     */
    static void requireStack(KernelFactory factory, String kernel, RbmStack stack, Path model) {
        if (factory.usesUpperLayers() && stack.size() < 2) {
            throw new InputException("option --kernel: " + kernel + " needs a stack of at least two layers, " + model
                    + " has one");
        }
    }

    /**
     * The same rule for the commands that train ({@code train}, {@code compare}), where the stack is
     * given by {@code --hidden}: a kernel that samples the stack needs m0 and at least one upper size.
     *
     * @param factory the kernel's factory
     * @param kernel the kernel's name
     * @param hidden the values of {@code --hidden}
     * @throws InputException naming {@code --hidden}
     */
    static void requireStackSizes(KernelFactory factory, String kernel, int[] hidden) {
        if (factory.usesUpperLayers() && hidden.length < 2) {
            throw new InputException("option --hidden: kernel " + kernel + " samples a stack, give m0 and at least one "
                    + "upper size (for example " + (hidden.length == 1 ? hidden[0] : 100) + ",50)");
        }
    }

    /**
     * What a manifest records of the kernel a command ran: its name, the parameters it ran with
     * (defaults written out, {@link KernelRegistry#resolved}) and where it came from (the factory's
     * class; for a plug-in its jar or folder, SHA-256 and version: {@link KernelOrigin}).
     *
     * @param factory the kernel's factory
     * @param params the given parameters
     * @return the record, in a fixed order
     */
    static Map<String, Object> record(KernelFactory factory, Map<String, String> params) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", factory.name());
        m.put("parameters", KernelRegistry.resolved(factory, params));
        m.putAll(KernelOrigin.of(factory).asMap());
        return m;
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
            return KernelRegistry.create(factory, stack, params);
        } catch (IllegalArgumentException e) {
            throw new InputException("option --kernel-param: " + e.getMessage(), e);
        }
    }
}
