package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code kernels}: lists the installed transition kernels (the built-in ones and the plug-ins on the
 * class path, for example jars named in {@code RBM_PLUGINS}) with their descriptions, whether they
 * sample the whole stack, their parameters and where each came from. {@code --json}:
 * {@code {"kernels": [{"name", "description", "usesUpperLayers", "parameters": {name: description},
 * "source"}]}}, where source is {@value #BUILT_IN} for the suite's own kernels and otherwise the
 * absolute path of the jar (or folder of classes) that holds the plug-in's factory.
 */
@Command(name = "kernels", description = "List the installed transition kernels (built-in and plug-ins) with descriptions.")
final class KernelsCommand implements Callable<Integer> {
    /** The source of the kernels that ship in rbm-kernels. */
    static final String BUILT_IN = "built-in";

    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        ObjectNode result = Output.object();
        ArrayNode list = result.putArray("kernels");
        for (KernelFactory f : KernelRegistry.installed().factories()) {
            ObjectNode k = list.addObject();
            k.put("name", f.name());
            k.put("description", f.description());
            k.put("usesUpperLayers", f.usesUpperLayers());
            ObjectNode p = k.putObject("parameters");
            for (Map.Entry<String, String> e : f.parameters().entrySet()) {
                p.put(e.getKey(), e.getValue());
            }
            k.put("source", source(f));
        }
        Output.print(common, result, r -> {
            StringBuilder sb = new StringBuilder();
            int width = 0;
            for (KernelFactory f : KernelRegistry.installed().factories()) {
                width = Math.max(width, f.name().length());
            }
            for (KernelFactory f : KernelRegistry.installed().factories()) {
                if (sb.length() > 0) {
                    sb.append('\n');
                }
                sb.append(String.format("%-" + width + "s  %s", f.name(), f.description()));
                String source = source(f);
                if (!source.equals(BUILT_IN)) {
                    sb.append(String.format("%n%-" + width + "s    from %s", "", source));
                }
                for (Map.Entry<String, String> e : f.parameters().entrySet()) {
                    sb.append(String.format("%n%-" + width + "s    --kernel-param %s=...: %s", "", e.getKey(), e.getValue()));
                }
            }
            return sb.toString();
        });
        return 0;
    }

    /**
     * @param f an installed factory
     * @return {@value #BUILT_IN} when its class comes from the same jar (or folder) as the kernel
     *     API, otherwise that jar's or folder's absolute path, or "unknown" when the class loader
     *     does not say
     */
    static String source(KernelFactory f) {
        String own = location(KernelFactory.class);
        String it = location(f.getClass());
        if (it == null) {
            return "unknown";
        }
        return it.equals(own) ? BUILT_IN : it;
    }

    private static String location(Class<?> c) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(cs.getLocation().toURI()).toAbsolutePath().toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return cs.getLocation().toString();
        }
    }
}
