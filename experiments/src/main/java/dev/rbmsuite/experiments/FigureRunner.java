package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.DecisionJson;
import dev.rbmsuite.claims.Registration;
import dev.rbmsuite.claims.report.Markup;
import dev.rbmsuite.claims.report.Report;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.SuiteVersion;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.FolderLock;
import dev.rbmsuite.core.io.LinkGuard;
import dev.rbmsuite.core.io.OutputFolder;
import dev.rbmsuite.core.io.Provenance;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Runs figure experiments into {@code ROOT/ID/}, writes each figure's {@code manifest.json}
 * (the provenance record of core Provenance with the figure's settings, seed, scale and timing, then
 * its compute time, files, decided claims and notes), then
 * regenerates the reproduction report ({@code ROOT/REPORT.md}, {@code ROOT/claims.csv},
 * {@code ROOT/index.html}) from every manifest under ROOT, so figures run one at a time still end
 * up in one report. {@link #rebuild} does the same from kept raw numbers without running anything.
 *
 * <p>ROOT must be new, empty or a figures folder ({@link #KIND}: its {@code manifest.json} says
 * {@code "format":"report"}, written before the first figure runs; folders of earlier versions are
 * recognised by a figure's manifest or the shared training folder); with {@code force} foreign
 * files may sit beside the figures (core OutputFolder).
 */
public final class FigureRunner {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT).enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    static {
        // user text in a manifest (a data file's name) stays inert where a manifest is pasted into HTML
        JSON.getFactory().setCharacterEscapes(Markup.JSON_ESCAPES);
    }

    /** The {@code "format"} of a figures root's manifest (the report's provenance). */
    public static final String FORMAT = "report";
    /** The {@code "format"} of a figure's manifest. */
    public static final String FIGURE_FORMAT = "figure";
    /** The kind of folder {@code figure --out} writes. */
    public static final OutputFolder.Kind KIND = new OutputFolder.Kind(FORMAT, "a figures folder",
            n -> n.matches("manifest\\.json|REPORT\\.md|index\\.html|claims\\.csv|training|fig\\d+|lambda2|samplers"), FigureRunner::earlierRoot);

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
        try (Stream<Path> s = Files.list(root)) {
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
        return run(experiments, root, scale, seed, threads, progress, force, false);
    }

    /**
     * @param experiments the figures to run, in order
     * @param root the output root
     * @param scale how much work
     * @param seed root seed
     * @param threads trials run at once
     * @param progress progress stream (stderr)
     * @param force write beside foreign files in {@code root} (never over them)
     * @param restart move groups whose kept trials were computed with other settings aside and recompute
     *     them ({@code --restart}); without it such a group is refused (Trials)
     * @return the manifest of every figure run
     * @throws Exception if a figure fails
     */
    public static List<ObjectNode> run(List<Experiment> experiments, Path root, Scale scale, long seed, int threads,
                                       PrintStream progress, boolean force, boolean restart) throws Exception {
        return run(experiments, root, scale, seed, seed, threads, progress, force, restart);
    }

    /**
     * As {@link #run(List, Path, Scale, long, int, PrintStream, boolean, boolean)}, with the paper's
     * synthetic data sets generated from {@code dataSeed} instead of the root seed ({@code figure
     * --data-seed}): a replicate with new initial parameters, trained models and chains on the same data.
     *
     * @param experiments the figures to run, in order
     * @param root the output root
     * @param scale how much work
     * @param seed root seed
     * @param dataSeed the seed of the synthetic data sets (the root seed keeps every byte of a run without it)
     * @param threads trials run at once
     * @param progress progress stream (stderr)
     * @param force write beside foreign files in {@code root} (never over them)
     * @param restart move groups kept with other settings aside and recompute them
     * @return the manifest of every figure run
     * @throws Exception if a figure fails
     */
    @SuppressWarnings("try") // the resource is held for the body, not used in it
    public static List<ObjectNode> run(List<Experiment> experiments, Path root, Scale scale, long seed, long dataSeed,
                                       int threads, PrintStream progress, boolean force, boolean restart)
            throws Exception {
        try (OutputFolder.Claim claim = OutputFolder.claim(root, KIND, force, "rbm figure");
             Interruption.Scope stoppable = Interruption.stoppable()) {
            return runIn(experiments, root, scale, seed, dataSeed, threads, progress, false, restart);
        }
    }

    /**
     * The ids of every trial the figures need ({@link TrialUnits}), training trials first.
     *
     * @param experiments the figures
     * @param scale how much work
     * @return the ids, in a stable order
     */
    public static List<String> listTrials(List<Experiment> experiments, Scale scale) {
        return TrialUnits.ids(TrialUnits.groups(experiments, scale));
    }

    /**
     * Runs one trial into {@code root} ({@code figure --trial ID}), safe beside other such runs into
     * the same root: it is refused while another process holds the whole folder (a whole-figure run),
     * and takes no lock of the whole folder itself, only the trial's own
     * ({@link Trials}), and writes only the trial's files, atomically, plus the root's manifest when
     * there is none yet.
     *
     * @param experiments the figures that need it
     * @param root the figures' root
     * @param scale how much work
     * @param seed root seed
     * @param threads threads available to the trial
     * @param progress progress stream
     * @param id the trial's id (from {@link #listTrials})
     * @return the selected trial
     * @throws Exception if the trial fails; InputException if the id is unknown, its prerequisites
     *     are not finished, the root is not a figures folder or the group records other settings
     */
    public static TrialUnits.Selection runTrial(List<Experiment> experiments, Path root, Scale scale, long seed,
                                                int threads, PrintStream progress, String id) throws Exception {
        return runTrial(experiments, root, scale, seed, seed, threads, progress, id);
    }

    /**
     * As {@link #runTrial(List, Path, Scale, long, int, PrintStream, String)} with a data seed of its
     * own ({@code figure --data-seed}).
     *
     * @param experiments the figures that need it
     * @param root the figures' root
     * @param scale how much work
     * @param seed root seed
     * @param dataSeed the seed of the synthetic data sets
     * @param threads threads available to the trial
     * @param progress progress stream
     * @param id the trial's id (from {@link #listTrials})
     * @return the selected trial
     * @throws Exception as the other form
     */
    @SuppressWarnings("try") // the resource is held for the body, not used in it
    public static TrialUnits.Selection runTrial(List<Experiment> experiments, Path root, Scale scale, long seed,
                                                long dataSeed, int threads, PrintStream progress, String id)
            throws Exception {
        TrialUnits.Selection unit = TrialUnits.select(TrialUnits.groups(experiments, scale), id, root);
        OutputFolder.check(root, KIND, false);
        // a whole-figure run (or a render) holds the folder: it may be moving this trial's group aside
        String holder = FolderLock.otherHolder(root.resolve(OutputFolder.LOCK));
        if (holder != null) {
            throw new InputException(root + ": in use by another writer (" + holder
                    + "); wait for it to finish or stop it");
        }
        // the trial's folders are its own: no link on the way to them or inside them (LinkGuard)
        Path trialDir = unit.groupDir().resolve("trial-" + unit.trial());
        LinkGuard.refuseOnTheWay(root, trialDir);
        if (Files.isDirectory(trialDir)) {
            LinkGuard.refuseFolderLinksIn(root, trialDir);
        }
        if (!Files.exists(root.resolve(OutputFolder.MANIFEST))) {
            // so that the folder is recognised as a figures folder from the first trial on
            writeJson(root.resolve(OutputFolder.MANIFEST),
                    reportProvenance(experiments, scale, seed, dataSeed, threads).toJson());
        }
        String owner = unit.group().folder().equals(TrialUnits.TRAINING) ? experiments.stream()
                .filter(e -> e.trialGroups(scale).stream().anyMatch(g -> g.folder().equals(unit.group().folder())
                        && g.name().equals(unit.group().name()))).findFirst().orElseThrow().id()
                : unit.group().folder();
        ExperimentContext ctx = new ExperimentContext(owner, root.resolve(owner), scale, seed, threads, progress)
                .withDataSeed(dataSeed).forUnit(unit);
        try (LinkGuard.Scope owned = LinkGuard.own(root); Interruption.Scope stoppable = Interruption.stoppable()) {
            unit.group().runner().run(ctx);
        } catch (TrialUnits.Done done) {
            return unit;
        }
        throw new IllegalStateException("trial " + id + " was listed but its figure's code did not reach it");
    }

    /**
     * Builds the figures, CSVs, claims and the report from finished trials only
     * ({@code figure --render-only}).
     *
     * @param experiments the figures
     * @param root the figures' root
     * @param scale how much work
     * @param seed root seed
     * @param threads threads for reading and rendering
     * @param progress progress stream
     * @param force write beside foreign files in {@code root}
     * @return the manifest of every figure
     * @throws Exception on failure; InputException naming every missing trial, before anything is written
     */
    public static List<ObjectNode> renderOnly(List<Experiment> experiments, Path root, Scale scale, long seed,
                                              int threads, PrintStream progress, boolean force) throws Exception {
        return renderOnly(experiments, root, scale, seed, seed, threads, progress, force);
    }

    /**
     * As {@link #renderOnly(List, Path, Scale, long, int, PrintStream, boolean)} with a data seed of
     * its own ({@code figure --data-seed}).
     *
     * @param experiments the figures
     * @param root the figures' root
     * @param scale how much work
     * @param seed root seed
     * @param dataSeed the seed of the synthetic data sets
     * @param threads threads for reading and rendering
     * @param progress progress stream
     * @param force write beside foreign files in {@code root}
     * @return the manifest of every figure
     * @throws Exception as the other form
     */
    @SuppressWarnings("try") // the resource is held for the body, not used in it
    public static List<ObjectNode> renderOnly(List<Experiment> experiments, Path root, Scale scale, long seed,
                                              long dataSeed, int threads, PrintStream progress, boolean force)
            throws Exception {
        List<String> missing = TrialUnits.missing(TrialUnits.groups(experiments, scale), root);
        if (!missing.isEmpty()) {
            String recorded = recordedScale(root, experiments);
            if (recorded != null && !recorded.equals(scale.toString())) {
                // the trials there are another scale's: a --trial of this scale would be refused for its
                // settings, so name what works
                throw new InputException("figure --render-only: " + root + " holds trials computed at --scale "
                        + recorded + ", not " + scale + " (" + missing.size() + " trial(s) of --scale " + scale
                        + " missing); render it with --scale " + recorded);
            }
            throw new InputException("figure --render-only: " + missing.size() + " unfinished trial(s) under " + root
                    + ": " + String.join(" ", missing) + "; run each with --trial ID");
        }
        try (OutputFolder.Claim claim = OutputFolder.claim(root, KIND, force, "rbm figure --render-only");
             Interruption.Scope stoppable = Interruption.stoppable()) {
            return runIn(experiments, root, scale, seed, dataSeed, threads, progress, true, false);
        }
    }

    /**
     * @return the scale the folder's figures were computed at: its manifest's (a figure run's), else
     *     that of the first of the figures' own manifests; null where none records one
     */
    private static String recordedScale(Path root, List<Experiment> experiments) {
        JsonNode m = OutputFolder.readJson(root.resolve(OutputFolder.MANIFEST));
        if (m != null && m.path("settings").path("scale").isTextual()) {
            return m.path("settings").path("scale").asText();
        }
        for (Experiment e : experiments) {
            JsonNode f = OutputFolder.readJson(root.resolve(e.id()).resolve("manifest.json"));
            if (f != null && f.path("scale").isTextual()) {
                return f.path("scale").asText();
            }
        }
        return null;
    }

    private static List<ObjectNode> runIn(List<Experiment> experiments, Path root, Scale scale, long seed,
                                          long dataSeed, int threads, PrintStream progress, boolean keptOnly,
                                          boolean restart) throws Exception {
        Provenance.Stopwatch all = Provenance.Stopwatch.start();
        Provenance report = reportProvenance(experiments, scale, seed, dataSeed, threads);
        if (!Files.exists(root.resolve(OutputFolder.MANIFEST))) {
            // the folder's kind is on disk from the first figure on; an existing manifest stays until
            // this run succeeds, so a rerun refused for its settings leaves the folder as it was
            writeJson(root.resolve(OutputFolder.MANIFEST), report.toJson());
        }
        List<ObjectNode> manifests = new ArrayList<>();
        for (Experiment e : experiments) {
            Interruption.check("before " + e.id() + "; rerun the same command to resume");
            Path dir = root.resolve(e.id());
            AtomicFiles.createFolders(dir);
            ExperimentContext run = new ExperimentContext(e.id(), dir, scale, seed, threads, progress)
                    .withDataSeed(dataSeed).withRestart(restart);
            ExperimentContext ctx = keptOnly ? run.keptOnly() : run;
            ctx.progress("starting: " + e.title() + " (scale " + scale + ")");
            Provenance.Stopwatch watch = Provenance.Stopwatch.start();
            FigureOutcome outcome;
            ObjectNode m;
            double seconds;
            // the figure's files (images, tables, manifest) appear together or not at all
            try (AtomicFiles.Staging staging = AtomicFiles.Staging.begin(dir)) {
                outcome = e.run(ctx);
                Provenance.Timing timing = watch.elapsed();
                seconds = timing.wallSeconds();
                m = manifest(e, outcome, scale.toString(), seed, dataSeed, threads, timing);
                writeJson(dir.resolve("manifest.json"), m);
                staging.commit();
            }
            manifests.add(m);
            ctx.progress(String.format("finished in %.1f s: %s", seconds, String.join(", ", outcome.files())));
        }
        Report.write(root);
        writeJson(root.resolve(OutputFolder.MANIFEST), report.withTiming(all.elapsed()).toJson());
        return manifests;
    }

    /**
     * @return the provenance of the figures folder's own manifest (format {@value #FORMAT}): the
     *     command that last wrote the report, its figures, scale, seed and threads
     */
    private static Provenance reportProvenance(List<Experiment> experiments, Scale scale, long seed, long dataSeed,
                                               int threads) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("figures", experiments.stream().map(Experiment::id).toList());
        settings.put("scale", scale.toString());
        if (dataSeed != seed) {
            settings.put(PaperData.DATA_SEED, dataSeed);
        }
        return Provenance.of(FORMAT, 1, "figure", settings, seed, threads);
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
     * @throws InputException if {@code from} holds no figure manifest, or {@code out} is not a
     *     figures folder (core OutputFolder)
     */
    public static List<ObjectNode> rebuild(Path from, Path out, PrintStream progress) throws IOException {
        return rebuild(from, out, progress, false);
    }

    /**
     * As {@link #rebuild(Path, Path, PrintStream)}, with {@code force}: write beside foreign files in
     * {@code out} (never over them).
     *
     * @param from a figures' root written by {@link #run}
     * @param out the destination root
     * @param progress progress stream
     * @param force allow foreign files beside the report
     * @return the rebuilt manifests
     * @throws IOException on read or write failure
     */
    @SuppressWarnings("try") // the folder's claim is a scope guard, held for the block and never referenced in it
    public static List<ObjectNode> rebuild(Path from, Path out, PrintStream progress, boolean force) throws IOException {
        List<JsonNode> old = Report.manifests(from);
        if (old.isEmpty()) {
            throw new InputException("report: no figure manifest (ID/manifest.json) under " + from);
        }
        try (OutputFolder.Claim claim = OutputFolder.claim(out, KIND, force, "rbm report")) {
            if (!Files.exists(out.resolve(OutputFolder.MANIFEST))) {
                // the folder's kind is on disk from the first figure on; an existing manifest (in place,
                // the figure run's) stays until the rebuild succeeds, so a refused one leaves it as it was
                writeRootManifest(out);
            }
            List<ObjectNode> manifests = rebuildIn(old, from, out, progress);
            writeRootManifest(out);
            return manifests;
        }
    }

    private static List<ObjectNode> rebuildIn(List<JsonNode> old, Path from, Path out, PrintStream progress)
            throws IOException {
        List<ObjectNode> manifests = new ArrayList<>();
        for (JsonNode m : old) {
            String id = m.path("figure").asText();
            Path src = from.resolve(id);
            Path dst = out.resolve(id);
            AtomicFiles.createFolders(dst);
            // each figure all or nothing: its CSVs, images and manifest appear together (a full disk
            // left a figure's CSVs and PNG without its SVG and manifest)
            try (AtomicFiles.Staging staging = AtomicFiles.Staging.begin(dst)) {
                List<String> data = new ArrayList<>();
                for (JsonNode f : m.path("files")) {
                    String name = f.asText();
                    boolean image = name.endsWith(".png") || name.endsWith(".svg");
                    if (!image) {
                        data.add(name);
                    }
                    if (!src.equals(dst) && Files.isRegularFile(src.resolve(name)) && (!image || !(experiment(id)
                            instanceof ResultFigure<?>))) {
                        // the one atomic writer: a rebuild killed here leaves the old file or the whole new one
                        AtomicFiles.write(dst.resolve(name), Files.readAllBytes(src.resolve(name)));
                    }
                }
                ObjectNode next = ((ObjectNode) m).deepCopy();
                if (experiment(id) instanceof ResultFigure<?> rf) {
                    FigureOutcome o = rf.rebuild(src, dst, m, data);
                    next = manifest(rf, o, m.path("scale").asText(), m.path("seed").asLong(), PaperData.dataSeed(m),
                            m.path("threads").asInt(),
                            new Provenance.Timing(m.path("wallSeconds").asDouble(), m.path("cpuSeconds").asDouble()));
                    next.put("suiteVersion", m.path("suiteVersion").asText());
                    next.put("java", m.path("java").asText());
                    next.put("rebuiltBy", SuiteVersion.get());
                    progress.println("report: rebuilt " + id + " from " + src);
                }
                writeJson(dst.resolve("manifest.json"), next);
                staging.commit();
                manifests.add(next);
            }
        }
        try (AtomicFiles.Staging staging = AtomicFiles.Staging.begin(out)) {
            Report.write(out);
            staging.commit();
        }
        return manifests;
    }

    private static Experiment experiment(String id) {
        try {
            return Figures.select(id).get(0);
        } catch (InputException e) {
            return null;
        }
    }

    private static void writeRootManifest(Path root) throws IOException {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("report", "REPORT.md");
        writeJson(root.resolve(OutputFolder.MANIFEST), Provenance.of(FORMAT, 1, "report", settings, null, 1).toJson());
    }

    /**
     * A figure's manifest: the provenance record (format {@value #FIGURE_FORMAT}; settings: the scale,
     * then the figure's own settings by name), then the figure, title, caption, scale, the compute time
     * recorded with its trials, its files, decided claims and notes.
     */
    static ObjectNode manifest(Experiment e, FigureOutcome o, String scale, long seed, long dataSeed, int threads,
                               Provenance.Timing timing) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("scale", scale);
        if (dataSeed != seed) {
            // only when set apart, so a run without --data-seed keeps its manifest's bytes
            settings.put(PaperData.DATA_SEED, dataSeed);
        }
        settings.putAll(new TreeMap<>(o.settings()));
        ObjectNode m = Provenance.of(FIGURE_FORMAT, 1, "figure", settings, seed, threads).withTiming(timing).toJson();
        m.put("figure", e.id());
        m.put("title", e.title());
        m.put("caption", o.caption());
        m.put("scale", scale);
        if (Double.isFinite(o.computeSeconds())) {
            m.put("computeSeconds", o.computeSeconds());
        } else {
            m.putNull("computeSeconds");
        }
        ArrayNode files = m.putArray("files");
        o.files().forEach(files::add);
        if (!o.claims().isEmpty()) {
            // the rules the claims were decided under (issue 36): the registered document's version and digest
            ObjectNode rules = m.putObject("rules");
            rules.put("registration", Registration.VERSION);
            rules.put("sha256", Registration.digest());
            rules.put("registered", Registration.registered());
        }
        ArrayNode claims = m.putArray("claims");
        for (Decision d : o.claims()) {
            claims.add(DecisionJson.of(d));
        }
        ArrayNode notes = m.putArray("notes");
        o.notes().forEach(notes::add);
        return m;
    }

    /**
     * Writes JSON the way every manifest is written (indented, map keys sorted), atomically.
     *
     * @param file destination
     * @param value the value
     * @throws IOException on write failure
     */
    public static void writeJson(Path file, Object value) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsBytes(value));
    }

    static ObjectMapper json() {
        return JSON;
    }
}
