package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.io.ModelStore;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code info}: the layer sizes and the manifest of a model folder (every array is loaded and checked). */
@Command(name = "info", description = "Show the layer sizes and manifest of a model folder.")
final class InfoCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--model", required = true, paramLabel = "DIR", description = "model folder")
    Path model;

    @Override
    public Integer call() {
        JsonNode manifest = ModelStore.readManifest(model);
        RbmStack stack = ModelStore.load(model);
        ObjectNode result = Output.object();
        result.set("layers", ModelStore.layersJson(stack));
        result.set("manifest", manifest);
        Output.print(common, result, r -> {
            StringBuilder sb = new StringBuilder("model " + model + ": " + stack.size() + " layer(s)\n");
            for (int l = 0; l < stack.size(); l++) {
                sb.append(String.format("  layer %d: %d visible, %d hidden%n", l,
                        stack.layer(l).numVisible(), stack.layer(l).numHidden()));
            }
            sb.append("manifest: ").append(manifest.toPrettyString());
            return sb.toString();
        });
        return 0;
    }
}
