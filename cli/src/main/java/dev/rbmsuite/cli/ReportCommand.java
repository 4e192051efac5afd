package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.experiments.FigureRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code report --from DIR --out OUT}: rebuilds every figure's claims, images and manifest, and
 * REPORT.md, claims.csv and index.html, from the raw per-trial CSVs a {@code figure} run left in
 * DIR, without training or sampling anything. OUT may be DIR itself. Claims whose raw numbers DIR
 * lacks come out inconclusive with the run that supplies them.
 */
@Command(name = "report", description = "Rebuild REPORT.md, claims.csv and the figures from the raw CSVs of a figure run.")
final class ReportCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--from", required = true, paramLabel = "DIR", description = "folder written by `rbm figure`")
    Path from;

    @Option(names = "--out", required = true, paramLabel = "OUT", description = "destination folder (may be DIR)")
    Path out;

    @Option(names = "--force", description = "write into a folder that holds other files too (never over them)")
    boolean force;

    @Override
    public Integer call() throws Exception {
        out = OutputFiles.requireFolderName(out, "--out");
        if (!Files.isDirectory(from)) {
            throw new InputException("option --from: no such folder: " + from);
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new InputException("option --out: not a folder: " + out);
        }
        List<ObjectNode> manifests = FigureRunner.rebuild(from, out, System.err, force);
        ObjectNode result = Output.object();
        ArrayNode figs = result.putArray("figures");
        TreeMap<String, Integer> verdicts = new TreeMap<>();
        for (ObjectNode m : manifests) {
            figs.add(m.path("figure").asText());
            for (JsonNode c : m.path("claims")) {
                verdicts.merge(c.path("kind").asText() + ": " + c.path("verdict").asText(), 1, Integer::sum);
            }
        }
        ObjectNode v = result.putObject("verdicts");
        verdicts.forEach(v::put);
        result.put("report", out.resolve("REPORT.md").toString());
        result.put("claims", out.resolve("claims.csv").toString());
        Output.print(common, result, r -> "rebuilt " + manifests.size() + " figure(s) into " + out + ": " + verdicts);
        return 0;
    }
}
