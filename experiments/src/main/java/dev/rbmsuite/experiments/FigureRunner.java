package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.SuiteVersion;
import dev.rbmsuite.core.io.OutputFolder;
import dev.rbmsuite.core.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Runs figure experiments into {@code ROOT/ID/}, writes each figure's {@code manifest.json}
 * (settings, seed, scale, suite version, wall time, files and claims), then regenerates the
 * reproduction report ({@code ROOT/REPORT.md} and {@code ROOT/index.html}) from every manifest
 * under ROOT, so figures run one at a time still end up in one report.
 *
 * <p>ROOT must be new, empty or a figures folder ({@link #KIND}: its {@code manifest.json} says
 * {@code "format":"report"}, written before the first figure runs; folders of earlier versions are
 * recognised by a figure's manifest or the shared training folder); with {@code force} foreign
 * files may sit beside the figures (core OutputFolder).
 */
public final class FigureRunner {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT).enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    /** The {@code "format"} of a figures root's manifest. */
    public static final String FORMAT = "report";
    /** The kind of folder {@code figure --out} writes. */
    public static final OutputFolder.Kind KIND = new OutputFolder.Kind(FORMAT, "a figures folder",
            n -> n.matches("manifest\\.json|REPORT\\.md|index\\.html|training|fig\\d+"), FigureRunner::earlierRoot);

    private FigureRunner() {
    }

    /**
     * @param root a folder without a manifest format
     * @return whether figures of an earlier version were written there: a figure folder with its
     *     manifest, or the shared training folder
     */
    static boolean earlierRoot(Path root) {
        if (Files.isDirectory(root.resolve("training"))) {
            return true;
        }
        try (java.util.stream.Stream<Path> s = Files.list(root)) {
            return s.anyMatch(d -> d.getFileName().toString().matches("fig\\d+")
                    && OutputFolder.readJson(d.resolve("manifest.json")) != null
                    && OutputFolder.readJson(d.resolve("manifest.json")).has("figure"));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * As {@link #run(List, Path, Scale, long, int, PrintStream, boolean)} without force.
     *
     * @param experiments the figures to run, in order
     * @param root the output root
     * @param scale how much work
     * @param seed root seed
     * @param threads trials run at once
     * @param progress progress stream (stderr)
     * @return the manifest of every figure run
     * @throws Exception if a figure fails
     */
    public static List<ObjectNode> run(List<Experiment> experiments, Path root, Scale scale, long seed, int threads,
                                       PrintStream progress) throws Exception {
        return run(experiments, root, scale, seed, threads, progress, false);
    }

    /**
     * @param experiments the figures to run, in order
     * @param root the output root
     * @param scale how much work
     * @param seed root seed
     * @param threads trials run at once
     * @param progress progress stream (stderr)
     * @param force write beside foreign files in {@code root} (never over them)
     * @return the manifest of every figure run
     * @throws Exception if a figure fails
     */
    public static List<ObjectNode> run(List<Experiment> experiments, Path root, Scale scale, long seed, int threads,
                                       PrintStream progress, boolean force) throws Exception {
        try (OutputFolder.Claim claim = OutputFolder.claim(root, KIND, force, "rbm figure");
             Interruption.Scope stoppable = Interruption.stoppable()) {
            return runIn(experiments, root, scale, seed, threads, progress);
        }
    }

    private static List<ObjectNode> runIn(List<Experiment> experiments, Path root, Scale scale, long seed, int threads,
                                          PrintStream progress) throws Exception {
        writeRootManifest(root);
        List<ObjectNode> manifests = new ArrayList<>();
        for (Experiment e : experiments) {
            Interruption.check("before " + e.id() + "; rerun the same command to resume");
            Path dir = root.resolve(e.id());
            Files.createDirectories(dir);
            ExperimentContext ctx = new ExperimentContext(e.id(), dir, scale, seed, threads, progress);
            ctx.progress("starting: " + e.title() + " (scale " + scale + ")");
            long t0 = System.nanoTime();
            FigureOutcome outcome = e.run(ctx);
            double seconds = (System.nanoTime() - t0) / 1e9;
            ObjectNode m = manifest(e, outcome, scale, seed, threads, seconds);
            writeJson(dir.resolve("manifest.json"), m);
            manifests.add(m);
            ctx.progress(String.format("finished in %.1f s: %s", seconds, String.join(", ", outcome.files())));
        }
        Report.write(root);
        return manifests;
    }

    private static void writeRootManifest(Path root) throws IOException {
        ObjectNode m = JSON.createObjectNode();
        m.put("format", FORMAT);
        m.put("version", 1);
        m.put("suiteVersion", SuiteVersion.get());
        m.put("report", "REPORT.md");
        writeJson(root.resolve(OutputFolder.MANIFEST), m);
    }

    static ObjectNode manifest(Experiment e, FigureOutcome o, Scale scale, long seed, int threads, double seconds) {
        ObjectNode m = JSON.createObjectNode();
        m.put("figure", e.id());
        m.put("title", e.title());
        m.put("caption", o.caption());
        m.put("scale", scale.toString());
        m.put("seed", seed);
        m.put("suiteVersion", SuiteVersion.get());
        m.put("java", System.getProperty("java.version"));
        m.put("threads", threads);
        m.put("wallSeconds", seconds);
        m.set("settings", JSON.valueToTree(new TreeMap<>(o.settings())));
        ArrayNode files = m.putArray("files");
        o.files().forEach(files::add);
        ArrayNode claims = m.putArray("claims");
        for (Claim c : o.claims()) {
            ObjectNode cn = claims.addObject();
            cn.put("statement", c.statement());
            cn.put("measured", c.measured());
            cn.put("verdict", c.verdict().name());
        }
        return m;
    }

    static void writeJson(Path file, Object value) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsBytes(value));
    }

    static ObjectMapper json() {
        return JSON;
    }
}
