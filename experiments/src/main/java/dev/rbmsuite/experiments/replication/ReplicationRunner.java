package dev.rbmsuite.experiments.replication;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.replication.Replication;
import dev.rbmsuite.claims.replication.ReplicationReport;
import dev.rbmsuite.claims.replication.ReplicationTables;
import dev.rbmsuite.claims.replication.SeedRun;
import dev.rbmsuite.claims.report.Report;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.OutputFolder;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.experiments.FigureRunner;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.render.FigureRenderer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code rbm replicate}: reads the decided figures folders of several seeds (each written by {@code
 * figure} or rebuilt by {@code report}), hands their rows to the claim engine's replication
 * ({@link Replication}) and writes {@code replication.csv}, {@code replication-rows.csv},
 * {@code REPORT.md}, one figure per paper figure with the seeds' curves, and a manifest, all at once
 * (a refused or interrupted run leaves the folder as it was). The output folder may hold the seeds'
 * folders themselves ({@code seed-N}).
 */
public final class ReplicationRunner {
    /** The manifest format of a replication folder. */
    public static final String FORMAT = "replication";
    /** The files a replication writes at the top of its folder (figures are {@code replication-*.png}). */
    private static final Set<String> OWN = Set.of("replication.csv", "replication-rows.csv", "REPORT.md",
            OutputFolder.MANIFEST);
    /**
     * A replication folder: its manifest says so, or (before its first report) it holds nothing but the
     * seeds' folders {@code seed-N}.
     */
    public static final OutputFolder.Kind KIND = new OutputFolder.Kind(FORMAT, "a replication folder",
            name -> OWN.contains(name) || name.startsWith("replication-"), ReplicationRunner::onlySeeds);

    private ReplicationRunner() {
    }

    private static boolean onlySeeds(Path dir) {
        try {
            // the entries the suite counts (its own locks and temporaries left out)
            return OutputFolder.entries(dir).stream().allMatch(n -> n.matches("seed-\\d+")
                    && Files.isDirectory(dir.resolve(n)));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * @param confirmatory the confirmatory seeds' figures folders
     * @param exploratory the exploratory seed's folder, or null
     * @param out the output folder
     * @param force write beside foreign files in {@code out} (never over them)
     * @param progress progress stream (stderr)
     * @return the replication
     * @throws IOException on read or write failure
     * @throws InputException when a folder holds no decided figures, or two folders hold the same seed
     */
    @SuppressWarnings("try") // the resource is held for the body, not used in it
    public static Replication.Result run(List<Path> confirmatory, Path exploratory, Path out, boolean force,
                                         PrintStream progress) throws IOException {
        List<SeedRun> seeds = new ArrayList<>();
        Map<String, Path> folders = new LinkedHashMap<>();
        Set<Long> seen = new LinkedHashSet<>();
        for (Path p : confirmatory) {
            SeedRun s = read(p, true, seen);
            seeds.add(s);
            folders.put(s.label(), p);
        }
        SeedRun explore = null;
        if (exploratory != null) {
            explore = read(exploratory, false, seen);
            folders.put(explore.label(), exploratory);
        }
        Replication.Result r = Replication.of(seeds, explore);
        Map<String, Figure> figures = ReplicationFigures.all(folders);
        try (OutputFolder.Claim claim = OutputFolder.claim(out, KIND, force, "rbm replicate");
             AtomicFiles.Staging staging = AtomicFiles.Staging.begin(out)) {
            ReplicationTables.sentences(r).write(out.resolve("replication.csv"));
            ReplicationTables.rows(r).write(out.resolve("replication-rows.csv"));
            List<String> pngs = new ArrayList<>();
            for (Map.Entry<String, Figure> f : figures.entrySet()) {
                String name = f.getKey() + ".png";
                AtomicFiles.write(out.resolve(name), FigureRenderer.png(f.getValue()));
                pngs.add(name);
                progress.println("replicate: drew " + name);
            }
            AtomicFiles.write(out.resolve("REPORT.md"),
                    ReplicationReport.markdown(r, pngs).getBytes(StandardCharsets.UTF_8));
            Map<String, Object> settings = new LinkedHashMap<>();
            settings.put("confirmatory", seeds.stream().map(SeedRun::label).toList());
            settings.put("exploratory", explore == null ? "" : explore.label());
            FigureRunner.writeJson(out.resolve(OutputFolder.MANIFEST),
                    Provenance.of(FORMAT, 1, "replicate", settings, null, 1).toJson());
            staging.commit();
        }
        return r;
    }

    private static SeedRun read(Path dir, boolean confirmatory, Set<Long> seen) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new InputException("replicate: no such folder: " + dir);
        }
        List<JsonNode> manifests = Report.manifests(dir);
        List<JsonNode> decided = manifests.stream().filter(m -> m.path("claims").size() > 0).toList();
        if (decided.isEmpty()) {
            throw new InputException("replicate: " + dir + " holds no decided figure (ID/manifest.json with claims); "
                    + "give folders written by `rbm figure` or `rbm report`");
        }
        Set<Long> seeds = new LinkedHashSet<>();
        decided.forEach(m -> seeds.add(m.path("seed").asLong()));
        if (seeds.size() != 1) {
            throw new InputException("replicate: " + dir + " mixes figures of seeds " + seeds + "; one folder per seed");
        }
        long seed = seeds.iterator().next();
        if (!seen.add(seed)) {
            throw new InputException("replicate: seed " + seed + " given twice (" + dir + ")");
        }
        return new SeedRun("seed " + seed + (confirmatory ? "" : " (exploratory)"), seed, confirmatory, manifests);
    }
}
