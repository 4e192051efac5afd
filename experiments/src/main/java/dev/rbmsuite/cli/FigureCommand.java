package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.experiments.Experiment;
import dev.rbmsuite.experiments.FigureRunner;
import dev.rbmsuite.experiments.Figures;
import dev.rbmsuite.experiments.Scale;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code figure ID|all --scale smoke|quick|paper --out DIR}: regenerates paper figures (PNG, CSV and
 * a manifest per figure) and the reproduction report. Finished trials are kept, so an interrupted
 * run resumes where it stopped.
 */
@Command(name = "figure", description = "Regenerate paper figures (PNG + CSV + manifest) and REPORT.md.")
final class FigureCommand implements Callable<Integer> {
    /** The most trials run at once: each holds its own chains and buffers, and a thread's stack. */
    static final int MAX_THREADS = 256;

    @Mixin
    CommonOptions common;

    @Parameters(index = "0", paramLabel = "ID|all", description = "figure id (fig1 ... fig9, or 2 ... 9) or all")
    String id;

    @Option(names = "--scale", paramLabel = "smoke|quick|paper", description = "how much work (default ${DEFAULT-VALUE})")
    String scale = "paper";

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output root folder")
    Path out;

    @Option(names = "--force", description = "write into a folder that holds other files too (never over them)")
    boolean force;

    @Option(names = "--threads", paramLabel = "T", description = "trials run at once (default: all cores)")
    Integer threads;

    @Override
    public Integer call() throws Exception {
        Scale s = Scale.parse(scale);
        List<Experiment> experiments = Figures.select(id);
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1 || t > MAX_THREADS) {
            throw new dev.rbmsuite.core.InputException("option --threads: must be in [1, " + MAX_THREADS + "], got " + t);
        }
        List<ObjectNode> manifests = FigureRunner.run(experiments, out, s, common.seed(), t, System.err, force);
        ObjectNode result = Output.object();
        ArrayNode figs = result.putArray("figures");
        for (ObjectNode m : manifests) {
            ObjectNode f = figs.addObject();
            f.put("id", m.path("figure").asText());
            f.put("seconds", m.path("wallSeconds").asDouble());
            f.set("files", m.path("files"));
        }
        result.put("report", out.resolve("REPORT.md").toString());
        Output.print(common, result, r -> "wrote " + manifests.size() + " figure(s) and " + out.resolve("REPORT.md"));
        return 0;
    }
}
