package dev.rbmsuite.kernels;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The short way to register a kernel: a {@link KernelFactory} whose name, description, layers and
 * parameters are given to the constructor as data, so that a factory is a constructor and a
 * {@link #create} method. The built-in kernels ({@link BuiltinKernels}) and the examples' plug-in use
 * it; a plug-in may equally implement {@link KernelFactory} directly.
 */
public abstract class NamedKernelFactory implements KernelFactory {
    /**
     * One parameter of a kernel.
     *
     * @param name the parameter's name, as given after {@code --kernel-param}
     * @param help one line saying what it is; " (default D)" is appended for {@link #help()}
     * @param defaultValue the default as text {@link KernelFactory#create} accepts, or a phrase in
     *     parentheses for a default that depends on the model (shown in the help, never recorded as a
     *     default: {@link KernelFactory#defaults()})
     */
    public record Parameter(String name, String help, String defaultValue) {
        /**
         * A parameter whose default is a fixed value.
         *
         * @param name its name
         * @param help what it is
         * @param defaultValue its default
         * @return the parameter
         */
        public static Parameter fixed(String name, String help, Object defaultValue) {
            return new Parameter(name, help, String.valueOf(defaultValue));
        }

        /**
         * A parameter whose default depends on the model (for example one proposal per visible unit).
         *
         * @param name its name
         * @param help what it is
         * @param defaultPhrase the default in words, shown in the help
         * @return the parameter
         */
        public static Parameter modelDependent(String name, String help, String defaultPhrase) {
            return new Parameter(name, help, "(" + defaultPhrase + ")");
        }

        private boolean hasFixedDefault() {
            return !defaultValue.startsWith("(");
        }

        /** @return the help line with its default, as {@code rbm kernels} prints it */
        public String helpWithDefault() {
            return help + " (default " + (hasFixedDefault() ? defaultValue : defaultValue.substring(1,
                    defaultValue.length() - 1)) + ")";
        }
    }

    private final String name;
    private final boolean usesUpperLayers;
    private final String description;
    private final List<Parameter> parameters;

    /**
     * @param name the kernel's name ({@link KernelFactory#name()})
     * @param usesUpperLayers whether it samples the whole stack ({@link KernelFactory#usesUpperLayers()})
     * @param description one line saying what it does
     * @param parameters its parameters, in the order {@code rbm kernels} lists them
     */
    protected NamedKernelFactory(String name, boolean usesUpperLayers, String description, Parameter... parameters) {
        this.name = name;
        this.usesUpperLayers = usesUpperLayers;
        this.description = description;
        this.parameters = List.of(parameters);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final boolean usesUpperLayers() {
        return usesUpperLayers;
    }

    @Override
    public final Map<String, String> parameters() {
        Map<String, String> m = new LinkedHashMap<>();
        parameters.forEach(p -> m.put(p.name(), p.helpWithDefault()));
        return m;
    }

    @Override
    public final Map<String, String> defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        parameters.stream().filter(Parameter::hasFixedDefault).forEach(p -> m.put(p.name(), p.defaultValue()));
        return m;
    }
}
