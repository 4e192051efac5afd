package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.OutputException;
import dev.rbmsuite.experiments.FigureNames;
import dev.rbmsuite.experiments.FigureRunner;
import dev.rbmsuite.experiments.Figures;
import dev.rbmsuite.experiments.ReportInputs;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
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
        // every name the report will make, then every input, checked before anything is written (issue 37)
        List<Path> names = new ArrayList<>(FigureNames.forRender(Figures.select("all"), out));
        if (!Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            names.add(0, out); // a new folder is written as its temporary sibling first (rebuildNew)
        }
        OutputNames.require("--out", out, names);
        ReportInputs.check(from);
        List<ObjectNode> manifests = Files.exists(out, LinkOption.NOFOLLOW_LINKS)
                ? FigureRunner.rebuild(from, out, System.err, force) : rebuildNew(from, out);
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

    /**
     * Rebuilds into a folder that does not exist yet, so that it appears whole or not at all: the report
     * is written into a sibling temporary folder ({@code .OUT.tmp-PID-report}, the suite's temporary
     * name) that is renamed to OUT when the report is complete; a report refused or failing on the way
     * (a raw number out of range, a full disk) removes the temporary folder and the folders made above
     * it, leaving nothing behind.
     *
     * @param from the figures folder
     * @param out the new output folder
     * @return the rebuilt manifests
     * @throws IOException if a folder cannot be made, listed or renamed
     */
    private List<ObjectNode> rebuildNew(Path from, Path out) throws IOException {
        Path abs = out.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        if (parent == null) {
            throw new InputException("option --out: the file system's root cannot be a report folder");
        }
        Path made = firstMissing(parent);
        Path staging = parent.resolve("." + abs.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-report");
        boolean moved = false;
        try {
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                throw new OutputException(abs, e);
            }
            List<ObjectNode> manifests;
            try {
                manifests = FigureRunner.rebuild(from, staging, System.err, force);
            } catch (InputException e) {
                // named as the folder the user asked for, not its temporary name
                String msg = e.getMessage();
                throw msg == null || !msg.contains(staging.toString()) ? e
                        : new InputException(msg.replace(staging.toString(), abs.toString()), e);
            }
            try {
                AtomicFiles.rename(staging, abs, false, "report-rename");
            } catch (OutputException e) {
                if (e.getCause() instanceof FileAlreadyExistsException
                        || e.getCause() instanceof DirectoryNotEmptyException) {
                    throw new InputException("option --out: " + out + " appeared while the report was written "
                            + "(another writer?); nothing was written into it", e.getCause());
                }
                throw e;
            }
            moved = true;
            return manifests;
        } finally {
            if (!moved) {
                deleteTree(staging);
                for (Path p = parent; made != null && p != null && p.startsWith(made); p = p.getParent()) {
                    Files.deleteIfExists(p); // only the folders made here, each empty
                }
            }
        }
    }

    /** @return the outermost missing folder of {@code dir} (which rebuilding makes), or null if it exists */
    private static Path firstMissing(Path dir) {
        Path missing = null;
        for (Path p = dir; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            missing = p;
        }
        return missing;
    }

    /** Removes a folder this command made, with everything in it (links removed, not followed). */
    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
