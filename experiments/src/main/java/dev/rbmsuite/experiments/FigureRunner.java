package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.SuiteVersion;
import dev.rbmsuite.experiments.claims.Decision;
import dev.rbmsuite.experiments.claims.DecisionJson;
import dev.rbmsuite.plots.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Runs figure experiments into {@code ROOT/ID/}, writes each figure's {@code manifest.json}
 * (settings, seed, scale, suite version, wall and compute time, files, decided claims), then
 * regenerates the reproduction report ({@code ROOT/REPORT.md}, {@code ROOT/claims.csv},
 * {@code ROOT/index.html}) from every manifest under ROOT, so figures run one at a time still end
 * up in one report. {@link #rebuild} does the same from kept raw numbers without running anything.
 */
public final class FigureRunner {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT).enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private FigureRunner() {
    }

    /**
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
        Files.createDirectories(root);
        List<ObjectNode> manifests = new ArrayList<>();
        for (Experiment e : experiments) {
            Path dir = root.resolve(e.id());
            Files.createDirectories(dir);
            ExperimentContext ctx = new ExperimentContext(e.id(), dir, scale, seed, threads, progress);
            ctx.progress("starting: " + e.title() + " (scale " + scale + ")");
            long t0 = System.nanoTime();
            FigureOutcome outcome = e.run(ctx);
            double seconds = (System.nanoTime() - t0) / 1e9;
            ObjectNode m = manifest(e, outcome, scale.toString(), seed, threads, seconds);
            writeJson(dir.resolve("manifest.json"), m);
            manifests.add(m);
            ctx.progress(String.format("finished in %.1f s: %s", seconds, String.join(", ", outcome.files())));
        }
        Report.write(root);
        return manifests;
    }

    /**
     * Rebuilds the claims, images, manifests and the report of every figure under {@code from}
     * from its raw numbers, without training or sampling, into {@code out} (which may be
     * {@code from}). Raw CSVs are copied when {@code out} differs; figures without raw numbers
     * (schematics) are copied as they are.
     *
     * @param from a figures' root written by {@link #run}
     * @param out the destination root
     * @param progress progress stream
     * @return the rebuilt manifests
     * @throws IOException on read or write failure
     * @throws InputException if {@code from} holds no figure manifest
     */
    public static List<ObjectNode> rebuild(Path from, Path out, PrintStream progress) throws IOException {
        List<JsonNode> old = Report.manifests(from);
        if (old.isEmpty()) {
            throw new InputException("report: no figure manifest (ID/manifest.json) under " + from);
        }
        List<ObjectNode> manifests = new ArrayList<>();
        for (JsonNode m : old) {
            String id = m.path("figure").asText();
            Path src = from.resolve(id);
            Path dst = out.resolve(id);
            Files.createDirectories(dst);
            List<String> data = new ArrayList<>();
            for (JsonNode f : m.path("files")) {
                String name = f.asText();
                boolean image = name.endsWith(".png") || name.endsWith(".svg");
                if (!image) {
                    data.add(name);
                }
                if (!src.equals(dst) && Files.isRegularFile(src.resolve(name)) && (!image || !(experiment(id)
                        instanceof ResultFigure<?>))) {
                    Files.copy(src.resolve(name), dst.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            ObjectNode next = ((ObjectNode) m).deepCopy();
            if (experiment(id) instanceof ResultFigure<?> rf) {
                FigureOutcome o = rf.rebuild(src, dst, m, data);
                next = manifest(rf, o, m.path("scale").asText(), m.path("seed").asLong(), m.path("threads").asInt(),
                        m.path("wallSeconds").asDouble());
                next.put("suiteVersion", m.path("suiteVersion").asText());
                next.put("java", m.path("java").asText());
                next.put("rebuiltBy", SuiteVersion.get());
                progress.println("report: rebuilt " + id + " from " + src);
            }
            writeJson(dst.resolve("manifest.json"), next);
            manifests.add(next);
        }
        Report.write(out);
        return manifests;
    }

    private static Experiment experiment(String id) {
        try {
            return Figures.select(id).get(0);
        } catch (InputException e) {
            return null;
        }
    }

    static ObjectNode manifest(Experiment e, FigureOutcome o, String scale, long seed, int threads, double seconds) {
        ObjectNode m = JSON.createObjectNode();
        m.put("figure", e.id());
        m.put("title", e.title());
        m.put("caption", o.caption());
        m.put("scale", scale);
        m.put("seed", seed);
        m.put("suiteVersion", SuiteVersion.get());
        m.put("java", System.getProperty("java.version"));
        m.put("threads", threads);
        m.put("wallSeconds", seconds);
        if (Double.isFinite(o.computeSeconds())) {
            m.put("computeSeconds", o.computeSeconds());
        } else {
            m.putNull("computeSeconds");
        }
        m.set("settings", JSON.valueToTree(new TreeMap<>(o.settings())));
        ArrayNode files = m.putArray("files");
        o.files().forEach(files::add);
        ArrayNode claims = m.putArray("claims");
        for (Decision d : o.claims()) {
            claims.add(DecisionJson.of(d));
        }
        ArrayNode notes = m.putArray("notes");
        o.notes().forEach(notes::add);
        return m;
    }

    static void writeJson(Path file, Object value) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsBytes(value));
    }

    static ObjectMapper json() {
        return JSON;
    }
}
