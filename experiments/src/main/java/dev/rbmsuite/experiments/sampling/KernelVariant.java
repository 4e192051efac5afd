package dev.rbmsuite.experiments.sampling;

import java.util.TreeMap;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of a list of kernels where one kernel may appear at several parameter settings
 * ({@code rbm compare --kernels bgs,pt:temperatures=3,pt:temperatures=10}): an installed kernel's
 * name, then optionally its own parameters, each as {@code :k=v}, in the syntax of
 * {@code --kernel-param k=v}. The entry's text names the variant everywhere (trial folders, legend,
 * claims); a plain name is the kernel with the parameters given to every kernel. Where a kernel
 * is taken by name only (the figures), the text is the name and {@link #params} is empty.
 *
 * @param name the installed kernel's name
 * @param params the variant's own parameters, in the order written
 */
public record KernelVariant(String name, Map<String, String> params) {
    /** Copies the parameters. */
    public KernelVariant {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /**
     * @param text {@code NAME} or {@code NAME:k=v[:k=v...]}
     * @return the variant (not checked against the installed kernels: see {@link #check})
     * @throws IllegalArgumentException naming the entry if a parameter is not {@code k=v} or is given twice
     */
    public static KernelVariant parse(String text) {
        String[] parts = text.split(":", -1);
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + text + "': parameter '" + parts[i] + "' is not k=v (write "
                        + "NAME:k=v[:k=v...])");
            }
            if (params.put(parts[i].substring(0, eq), parts[i].substring(eq + 1)) != null) {
                throw new IllegalArgumentException("'" + text + "': parameter '" + parts[i].substring(0, eq)
                        + "' is given twice");
            }
        }
        return new KernelVariant(parts[0], params);
    }

    /**
     * @param text an entry
     * @return its kernel's name (the text before the first ':')
     */
    public static String nameOf(String text) {
        int colon = text.indexOf(':');
        return colon < 0 ? text : text.substring(0, colon);
    }

    /** @return the installed factory of {@link #name()} (IllegalArgumentException listing the installed ones if none) */
    public KernelFactory factory() {
        return KernelRegistry.installed().factory(name);
    }

    /**
     * Checks that the kernel is installed and takes the variant's parameters.
     *
     * @return this variant
     * @throws IllegalArgumentException naming the unknown kernel or parameter
     */
    public KernelVariant check() {
        KernelRegistry.checkParameters(factory(), params);
        return this;
    }

    /**
     * @param shared parameters given to every kernel ({@code --kernel-param}); those this kernel does
     *     not declare are left out
     * @return the parameters the variant runs with: the shared ones it declares, overridden by its own
     */
    public Map<String, String> params(Map<String, String> shared) {
        Map<String, String> declared = factory().parameters();
        Map<String, String> m = new TreeMap<>();
        shared.forEach((k, v) -> {
            if (declared.containsKey(k)) {
                m.put(k, v);
            }
        });
        m.putAll(params);
        return m;
    }
}
