package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code kernels}: lists the installed transition kernels (the built-in ones and the plug-ins on the
 * class path, for example jars named in {@code RBM_PLUGINS}) with their descriptions, whether they
 * sample the whole stack, and their parameters. {@code --json}: {@code {"kernels": [{"name",
 * "description", "usesUpperLayers", "parameters": {name: description}}]}}.
 */
@Command(name = "kernels", description = "List the installed transition kernels (built-in and plug-ins) with descriptions.")
final class KernelsCommand implements Callable<Integer> {
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
                for (Map.Entry<String, String> e : f.parameters().entrySet()) {
                    sb.append(String.format("%n%-" + width + "s    --kernel-param %s=...: %s", "", e.getKey(), e.getValue()));
                }
            }
            return sb.toString();
        });
        return 0;
    }
}
