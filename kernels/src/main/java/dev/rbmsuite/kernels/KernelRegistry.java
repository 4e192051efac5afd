package dev.rbmsuite.kernels;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.VectorModule;
import dev.rbmsuite.core.io.DecimalText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The installed kernels by name: every {@link KernelFactory} that {@link ServiceLoader} finds on the
 * class path (the built-in "bgs", "dt", "roundtrip" and "pt" first, then plug-ins in name order).
 * Every place that takes a kernel name resolves it here, so that a plug-in jar on the class path
 * (the launcher adds the jars named in {@code RBM_PLUGINS}) is usable everywhere.
 *
 * <p>Instances are immutable and safe to share between threads.
 */
public final class KernelRegistry {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    private static volatile KernelRegistry installed;

    private final Map<String, KernelFactory> factories;

    private KernelRegistry(Map<String, KernelFactory> factories) {
        this.factories = Collections.unmodifiableMap(factories);
    }

    /**
     * The kernels on the class path of this class's loader (loaded once, then cached).
     *
     * @return the registry
     * @throws IllegalStateException if a plug-in cannot be loaded, two factories share a name or a name
     *     is malformed
     */
    public static KernelRegistry installed() {
        KernelRegistry r = installed;
        if (r == null) {
            r = load();
        }
        return r;
    }

    private static synchronized KernelRegistry load() {
        KernelRegistry r = installed;
        if (r == null) {
            List<KernelFactory> found = new ArrayList<>();
            try {
                ServiceLoader.load(KernelFactory.class, KernelRegistry.class.getClassLoader()).forEach(found::add);
            } catch (ServiceConfigurationError e) {
                throw new IllegalStateException("a kernel plug-in on the class path could not be loaded: "
                        + e.getMessage(), e);
            }
            r = of(found);
            installed = r;
        }
        return r;
    }

    /**
     * Adds a kernel to the {@link #installed()} registry at run time, for kernels defined in code
     * rather than in a jar with a service file (a notebook, a test): afterwards its name resolves
     * everywhere a kernel name does (training, sampling, the command line run in-process).
     *
     * @param factory the kernel's factory
     * @throws IllegalStateException if a kernel of that name is already installed
     */
    public static synchronized void register(KernelFactory factory) {
        List<KernelFactory> all = new ArrayList<>(installed().factories.values());
        all.add(factory);
        installed = of(all);
    }

    /**
     * A registry of the given factories: the built-in ones in their documented order, then the others
     * by name.
     *
     * @param list the factories
     * @return the registry
     * @throws IllegalStateException if two factories share a name or a name is malformed
     */
    public static KernelRegistry of(List<? extends KernelFactory> list) {
        List<KernelFactory> sorted = new ArrayList<>(list);
        sorted.sort((a, b) -> {
            int ia = rank(a.name());
            int ib = rank(b.name());
            return ia != ib ? Integer.compare(ia, ib) : a.name().compareTo(b.name());
        });
        Map<String, KernelFactory> m = new LinkedHashMap<>();
        for (KernelFactory f : sorted) {
            String name = f.name();
            if (name == null || !name.matches("[a-z0-9][a-z0-9-]*")) {
                throw new IllegalStateException("kernel factory " + f.getClass().getName() + " has a malformed name '"
                        + name + "' (lower case letters, digits and '-')");
            }
            KernelFactory old = m.put(name, f);
            if (old != null) {
                throw new IllegalStateException("two kernel factories are named '" + name + "': "
                        + old.getClass().getName() + " and " + f.getClass().getName());
            }
        }
        return new KernelRegistry(m);
    }

    private static int rank(String name) {
        int i = BuiltinKernels.NAMES.indexOf(name);
        return i < 0 ? BuiltinKernels.NAMES.size() : i;
    }

    /** @return the installed names: the built-in ones in their documented order, then the others by name */
    public List<String> names() {
        return List.copyOf(factories.keySet());
    }

    /** @return the installed factories, in the order of {@link #names()} */
    public List<KernelFactory> factories() {
        return List.copyOf(factories.values());
    }

    /**
     * @param name a kernel name
     * @return whether a kernel of that name is installed
     */
    public boolean contains(String name) {
        return factories.containsKey(name);
    }

    /**
     * @param name a kernel name
     * @return its factory
     * @throws IllegalArgumentException with one line listing the installed names, if none is installed
     */
    public KernelFactory factory(String name) {
        KernelFactory f = factories.get(name);
        if (f == null) {
            throw new IllegalArgumentException("unknown kernel '" + name + "' (installed: "
                    + String.join(", ", factories.keySet()) + ")");
        }
        return f;
    }

    /**
     * A kernel by name with its default parameters.
     *
     * @param name a kernel name
     * @param stack the model
     * @return the kernel
     * @throws IllegalArgumentException for an unknown name
     */
    public TransitionKernel create(String name, RbmStack stack) {
        return create(name, stack, Map.of());
    }

    /**
     * A kernel by name.
     *
     * @param name a kernel name
     * @param stack the model
     * @param params parameter values by name
     * @return the kernel
     * @throws IllegalArgumentException for an unknown name, an unknown parameter name (the message
     *     lists the accepted ones) or a bad parameter value
     */
    public TransitionKernel create(String name, RbmStack stack, Map<String, String> params) {
        KernelFactory f = factory(name);
        checkParameters(f, params);
        return f.create(stack, params);
    }

    /**
     * The parameters a kernel runs with: its {@link KernelFactory#defaults()} overridden by the given
     * values, in name order (what manifests record, so that a run with defaults is not recorded as
     * {@code {}}).
     *
     * @param f a factory
     * @param params parameter values by name
     * @return the given values and the defaults of the others, sorted by name
     */
    public static Map<String, String> resolved(KernelFactory f, Map<String, String> params) {
        Map<String, String> m = new TreeMap<>();
        f.defaults().forEach((k, v) -> {
            if (f.parameters().containsKey(k)) {
                m.put(k, v);
            }
        });
        m.putAll(params);
        return Collections.unmodifiableMap(m);
    }

    /**
     * The given parameters less those equal to their {@link KernelFactory#defaults() default} (as text,
     * or as the same decimal number: "5" and "5.0"), in name order: the same form for a run that
     * leaves a default out and one that writes it out.
     *
     * @param f a factory
     * @param params parameter values by name
     * @return the values that differ from a default, sorted by name
     */
    public static Map<String, String> withoutDefaults(KernelFactory f, Map<String, String> params) {
        Map<String, String> m = new TreeMap<>(params);
        Map<String, String> defaults = f.defaults();
        m.entrySet().removeIf(e -> defaults.containsKey(e.getKey()) && sameValue(e.getValue(), defaults.get(e.getKey())));
        return Collections.unmodifiableMap(m);
    }

    private static boolean sameValue(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return DecimalText.parseDouble(a) == DecimalText.parseDouble(b);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * @param f a factory
     * @param params parameter values by name
     * @throws IllegalArgumentException if a name is not among {@code f.parameters()}
     */
    public static void checkParameters(KernelFactory f, Map<String, String> params) {
        for (String p : params.keySet()) {
            if (!f.parameters().containsKey(p)) {
                throw new IllegalArgumentException("kernel " + f.name() + " has no parameter '" + p + "' ("
                        + (f.parameters().isEmpty() ? "it takes none" : "accepted: "
                        + String.join(", ", f.parameters().keySet())) + ")");
            }
        }
    }
}
