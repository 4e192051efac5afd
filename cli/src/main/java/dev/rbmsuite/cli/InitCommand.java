package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.Provenance;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code init}: writes a random RBM stack. Zero biases and Xavier-normal weights N(0, 2/(n+m)) by
 * default (the paper's initialisation); with {@code --weight-std s}, W, b and c all N(0, s^2).
 */
@Command(name = "init", description = "Write a random RBM stack to a model folder.")
final class InitCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--visible", required = true, paramLabel = "n", description = "visible units of layer 0")
    int visible;

    @Option(names = "--hidden", required = true, split = ",", paramLabel = "m[,m1,...]",
            description = "hidden units of each layer, bottom first")
    int[] hidden;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "model folder to write")
    Path out;

    @Option(names = "--force", description = "write the model beside other files in the folder (never over them)")
    boolean force;

    @Option(names = "--weight-std", paramLabel = "s", description = "draw W, b and c from N(0, s^2) instead of Xavier")
    Double weightStd;

    @Override
    public Integer call() throws Exception {
        out = OutputFiles.requireFolderName(out, "--out");
        if (visible <= 0) {
            throw new InputException("option --visible: must be a positive integer, got " + visible);
        }
        if (hidden.length == 0) {
            throw new InputException("option --hidden: at least one size is needed, e.g. --hidden 16 or --hidden 16,8");
        }
        for (int m : hidden) {
            if (m <= 0) {
                throw new InputException("option --hidden: sizes must be positive integers, got " + m);
            }
        }
        if (weightStd != null && !(weightStd >= 0 && Double.isFinite(weightStd))) {
            throw new InputException("option --weight-std: must be a finite non-negative number, got " + weightStd);
        }
        long params = 0;
        long n = visible;
        for (int m : hidden) {
            Memory.requireArray((long) n * m, "option --hidden: a " + n + " x " + m + " weight matrix");
            params = Memory.plus(params, (long) n * m + n + m);
            n = m;
        }
        // The stack's arrays, their copy inside each Rbm and one layer's write buffer: three copies at most.
        Memory.require(Memory.doubles(3, params), "options --visible/--hidden: " + params + " parameters");
        if (weightStd != null && weightStd * 8.0 * params > FloatLimits.MAX_SCALE) {
            throw new InputException("option --weight-std: " + weightStd + " is too large for float64 with " + params
                    + " parameters: sum of |W|, |b|, |c| would exceed " + FloatLimits.MAX_SCALE
                    + " (docs/contract.md, Limits)");
        }
        RbmStack stack = weightStd == null
                ? RbmStack.xavier(visible, hidden, common.rng())
                : RbmStack.gaussian(visible, hidden, weightStd, common.rng());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("visible", visible);
        settings.put("hidden", hidden);
        settings.put("initialisation", weightStd == null ? "xavier-normal" : "gaussian");
        if (weightStd != null) {
            settings.put("weightStd", weightStd);
        }
        Provenance provenance = Provenance.of(ModelStore.FORMAT, ModelStore.VERSION, "init", settings, common.seed(), 1);
        ModelStore.save(stack, out, provenance, Map.of(), force);
        ObjectNode result = Output.object();
        result.set("layers", ModelStore.layersJson(stack));
        Output.print(common, result, r -> "wrote " + stack + " to " + out);
        return 0;
    }
}
