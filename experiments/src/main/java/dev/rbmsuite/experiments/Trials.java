package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.core.io.FolderLock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs the independent trials of an experiment in parallel and keeps every finished trial on disk,
 * so an interrupted figure resumes where it stopped.
 *
 * <p>Trial r of group {@code name} draws from {@code ctx.rng().fork(label(name), r)}: its result
 * depends only on the seed, the settings and r, not on scheduling. Finished trials live in
 * {@code DIR/trials/NAME/trial-R.csv} next to {@code settings.json} and {@code trial-R.seconds}
 * (the wall time the trial took when it was computed, which the report shows as the figure's
 * compute time). Kept trials of other settings (another seed, scale, number of epochs or trials) are
 * never discarded implicitly: the run is refused, naming the differing setting, unless the user asks
 * for a restart ({@code --restart}, {@link ExperimentContext#restart()}), which moves the group's
 * folder aside whole ({@code NAME.before-restart-K}) rather than deleting anything.
 *
 * <p>Run by an outside scheduler ({@link TrialUnits}), a context may select one trial
 * ({@code figure --trial}): that trial alone runs, under a lock of its own
 * ({@code .trial-R.lock}), writing only its own files atomically, so many processes can fill one
 * group at once; every other group it reads must be kept, and kept trials of other settings are
 * refused rather than discarded. A context that only reads ({@code figure --render-only}) runs no
 * trial and names the missing ones.
 */
public final class Trials {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).enable(SerializationFeature.INDENT_OUTPUT);

    private Trials() {
    }

    /** One trial: a pure function of its index and its random stream. */
    @FunctionalInterface
    public interface Task {
        /**
         * @param trial the trial index r
         * @param rng the trial's own stream
         * @param artifacts a folder of this trial's own for further files (models, chain states),
         *     written before the trial's table, so a kept table implies complete artifacts
         * @return the trial's numbers
         * @throws Exception on failure (aborts the figure)
         */
        CsvTable run(int trial, Rng rng, Path artifacts) throws Exception;
    }

    /**
     * Runs (or resumes) {@code count} trials.
     *
     * @param ctx the experiment context
     * @param name the group name (one per configuration, for example "bgs" or "roundtrip-L3")
     * @param count the number of trials
     * @param settings every setting the trials depend on (recorded; kept trials of other settings are
     *     refused, or moved aside on a restart)
     * @param task the trial
     * @return the trial results in trial order
     * @throws IOException if the kept trials cannot be read or written
     */
    public static List<CsvTable> run(ExperimentContext ctx, String name, int count, Map<String, ?> settings, Task task)
            throws IOException {
        return run(ctx, ctx.dir().resolve("trials"), ctx.rng(), name, count, settings, task);
    }

    /**
     * Runs (or resumes) trials kept under an explicit folder with an explicit root stream, for work
     * that several figures share (trained models): the result must not depend on which figure asks.
     *
     * @param ctx the experiment context (threads, progress)
     * @param base the folder holding one sub-folder per group
     * @param rng the root stream of all groups under {@code base}
     * @param name the group name
     * @param count the number of trials
     * @param settings every setting the trials depend on
     * @param task the trial
     * @return the trial results in trial order
     * @throws IOException if the kept trials cannot be read or written
     */
    public static List<CsvTable> run(ExperimentContext ctx, Path base, Rng rng, String name, int count,
                                     Map<String, ?> settings, Task task) throws IOException {
        Path dir = base.resolve(name);
        TrialUnits.Selection unit = ctx.unit();
        boolean selected = unit != null && unit.groupDir().equals(dir.toAbsolutePath().normalize());
        if (ctx.isKeptOnly() || unit != null && !selected) {
            return kept(ctx, dir, count, settings);
        }
        if (selected) {
            runSelected(ctx, dir, name, count, settings, unit, rng.fork(ExperimentContext.label(name)), task);
            throw new TrialUnits.Done();
        }
        Files.createDirectories(dir);
        // a --trial process at work in this group keeps it: its trials and its temporaries stay
        refuseRunningTrials(dir, count);
        Path settingsFile = dir.resolve("settings.json");
        JsonNode wanted = wanted(ctx, settings);
        if (Files.exists(settingsFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            JsonNode kept = dev.rbmsuite.core.io.StrictJson.read(settingsFile, 16 << 20, "trial settings");
            if (!kept.equals(wanted)) {
                if (!ctx.restart()) {
                    throw new InputException(dir + ": its kept trials were computed with other settings ("
                            + difference(kept, wanted) + "); rerun with the settings they were computed with, use "
                            + "another --out, or add --restart to move them aside (to " + aside(dir).getFileName()
                            + ") and start this group afresh");
                }
                Path old = moveAside(dir);
                ctx.progress(name + ": --restart: kept trials of other settings moved aside to " + old);
                Files.createDirectories(dir);
            }
        }
        // what an interrupted run was writing when it stopped (the figure holds its folder's lock, and no
        // --trial process works in this group)
        AtomicFiles.removeTemporariesBelow(dir);
        AtomicFiles.write(settingsFile, JSON.writeValueAsBytes(wanted));
        return runAll(ctx, dir, name, count, rng.fork(ExperimentContext.label(name)), task);
    }

    /**
     * Refuses to work in a group while another process runs one of its trials ({@code figure --trial},
     * holding {@code .trial-R.lock}): the whole figure would otherwise compute that trial a second
     * time, clear its temporaries or move its group aside under it. A trial this process starts takes
     * the same lock ({@link #compute}), so a {@code --trial} process started later is refused in turn.
     */
    private static void refuseRunningTrials(Path dir, int count) {
        for (int r = 0; r < count; r++) {
            String holder = FolderLock.otherHolder(dir.resolve(".trial-" + r + ".lock"));
            if (holder != null) {
                throw new InputException(dir.resolve("trial-" + r) + ": in use by another writer (" + holder
                        + "); wait for it to finish or stop it");
            }
        }
    }

    /**
     * @param kept the settings recorded with the kept trials
     * @param wanted this run's settings
     * @return the first setting (in name order) whose values differ, with both values
     */
    static String difference(JsonNode kept, JsonNode wanted) {
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        kept.fieldNames().forEachRemaining(names::add);
        wanted.fieldNames().forEachRemaining(names::add);
        for (String n : names) {
            JsonNode a = kept.get(n);
            JsonNode b = wanted.get(n);
            if (a == null || !a.equals(b)) {
                return "setting " + n + ": kept " + (a == null ? "none" : a.toString()) + ", this run "
                        + (b == null ? "none" : b.toString());
            }
        }
        return "the recorded settings are not an object";
    }

    /**
     * @param dir a group's folder
     * @return the first free name {@code NAME.before-restart-K} beside it (K = 1, 2, ...)
     */
    static Path aside(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        for (int k = 1; ; k++) {
            Path p = abs.resolveSibling(abs.getFileName() + ".before-restart-" + k);
            if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return p;
            }
        }
    }

    /**
     * Moves a group's folder aside, whole and by one rename, so that a restart loses nothing: its kept
     * trials, and any file a user put there, stay under the new name for the user to delete.
     *
     * @return the folder's new name
     */
    private static Path moveAside(Path dir) throws IOException {
        Path to = aside(dir);
        try {
            Files.move(dir.toAbsolutePath().normalize(), to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new dev.rbmsuite.core.io.OutputException(to, e);
        }
        return to;
    }

    /**
     * Reads the kept trials of a group and computes the others on {@code ctx.threads()} threads,
     * in trial order; a failure of any trial is rethrown once the running ones have stopped.
     */
    @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
    private static List<CsvTable> runAll(ExperimentContext ctx, Path dir, String name, int count, Rng root, Task task)
            throws IOException {
        List<CsvTable> results = new ArrayList<>();
        List<Future<CsvTable>> futures = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(ctx.threads(), r -> {
            Thread t = new Thread(r, "trial-" + name);
            t.setDaemon(true);
            return t;
        });
        try {
            int kept = 0;
            for (int r = 0; r < count; r++) {
                Path file = dir.resolve("trial-" + r + ".csv");
                if (Files.exists(file)) {
                    kept++;
                    CsvTable t = CsvTable.read(file);
                    ctx.addCompute(recordedSeconds(dir, r));
                    futures.add(pool.submit(() -> t));
                    continue;
                }
                final int trial = r;
                futures.add(pool.submit(() -> {
                    // a safe point: kept trials stay, this one and later ones run at the next start
                    Interruption.check("before trial " + (trial + 1) + " of " + name
                            + "; rerun the same command to resume");
                    // the trial's own lock, as figure --trial takes it: one process computes a trial
                    try (FolderLock lock = FolderLock.acquire(dir.resolve(".trial-" + trial + ".lock"),
                            dir.resolve("trial-" + trial), ctx.figureId().equals("compare") ? "rbm compare"
                            : "rbm figure " + ctx.figureId())) {
                        if (Files.isRegularFile(file)) {
                            CsvTable done = CsvTable.read(file);
                            ctx.addCompute(recordedSeconds(dir, trial));
                            return done;
                        }
                        return compute(ctx, dir, name, count, trial, root, task);
                    }
                }));
            }
            if (kept > 0) {
                ctx.progress(name + ": resumed " + kept + " kept trial(s)");
            }
            for (Future<CsvTable> f : futures) {
                results.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException) {
                throw (IOException) c;
            }
            if (c instanceof UncheckedIOException) {
                throw ((UncheckedIOException) c).getCause();
            }
            if (c instanceof RuntimeException) {
                throw (RuntimeException) c;
            }
            throw new IllegalStateException(c);
        } finally {
            stop(pool);
        }
        return results;
    }

    /**
     * Drops the trials not yet started and waits for the running ones: when one trial fails, the
     * others must not go on writing into the group's folder after this call has returned (a rerun
     * started then would find their temporary files appearing after its clean-up).
     */
    private static void stop(ExecutorService pool) {
        pool.shutdownNow();
        try {
            while (!pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
                // running trials finish their current write; keep waiting
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs one trial and keeps its time and table (the time first: a kept table always has its time). */
    private static CsvTable compute(ExperimentContext ctx, Path dir, String name, int count, int trial, Rng root,
                                    Task task) throws Exception {
        long t0 = System.nanoTime();
        Path artifacts = Files.createDirectories(dir.resolve("trial-" + trial));
        CsvTable t = task.run(trial, root.fork(trial), artifacts);
        double seconds = (System.nanoTime() - t0) / 1e9;
        AtomicFiles.write(dir.resolve("trial-" + trial + ".seconds"), (seconds + "\n").getBytes(StandardCharsets.UTF_8));
        t.write(dir.resolve("trial-" + trial + ".csv"));
        ctx.addCompute(seconds);
        ctx.progress(String.format("%s: trial %d/%d done in %.1f s", name, trial + 1, count, seconds));
        return t;
    }

    /**
     * Runs the selected trial of a group unless it is kept: under the trial's own lock, after
     * removing only its own leftovers of an interrupted attempt; the group's settings are written
     * when absent and must match when present.
     */
    @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
    private static void runSelected(ExperimentContext ctx, Path dir, String name, int count, Map<String, ?> settings,
                                    TrialUnits.Selection unit, Rng root, Task task) throws IOException {
        Files.createDirectories(dir);
        JsonNode wanted = checkSettings(ctx, dir, settings, unit.id());
        if (!Files.exists(dir.resolve("settings.json"))) {
            AtomicFiles.write(dir.resolve("settings.json"), JSON.writeValueAsBytes(wanted));
        }
        int r = unit.trial();
        String own = "trial-" + r;
        try (FolderLock lock = FolderLock.acquire(dir.resolve("." + own + ".lock"), dir.resolve(own),
                "rbm figure --trial " + unit.id())) {
            if (Files.isRegularFile(dir.resolve(own + ".csv"))) {
                ctx.progress(unit.id() + ": already finished");
                return;
            }
            AtomicFiles.removeTemporaries(dir, n -> n.equals(own) || n.equals(own + ".csv") || n.equals(own + ".seconds"),
                    p -> true);
            AtomicFiles.removeTemporariesBelow(dir.resolve(own));
            Interruption.check("before trial " + unit.id() + "; rerun the same command to resume");
            try {
                compute(ctx, dir, name, count, r, root, task);
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Reads a group whose trials must all be kept (a prerequisite of a selected trial, or every group
     * when rendering only).
     *
     * @throws InputException naming the missing trials, or the group if it was computed with other settings
     */
    private static List<CsvTable> kept(ExperimentContext ctx, Path dir, int count, Map<String, ?> settings)
            throws IOException {
        TrialUnits.Selection unit = ctx.unit();
        List<String> missing = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            if (!Files.isRegularFile(dir.resolve("trial-" + r + ".csv"))) {
                missing.add(TrialUnits.idOf(ctx.root(), dir, r));
            }
        }
        if (!missing.isEmpty()) {
            throw new InputException((unit == null ? "figure --render-only: " : "figure --trial " + unit.id()
                    + ": needs ") + missing.size() + " unfinished trial(s) under " + ctx.root() + ": "
                    + String.join(" ", missing) + (unit == null ? "; run each with --trial ID" : "; run them first"));
        }
        checkSettings(ctx, dir, settings, unit == null ? "figure --render-only" : "figure --trial " + unit.id());
        List<CsvTable> out = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            out.add(CsvTable.read(dir.resolve("trial-" + r + ".csv")));
            ctx.addCompute(recordedSeconds(dir, r));
        }
        return out;
    }

    /**
     * The settings a group's kept trials must match: the group's own settings and the root seed (as
     * text: a JSON long reads back as an int), since every trial's stream derives from that seed and a
     * rerun with another seed must not reuse them.
     */
    private static JsonNode wanted(ExperimentContext ctx, Map<String, ?> settings) {
        TreeMap<String, Object> all = new TreeMap<>(settings);
        all.putIfAbsent("seed", Long.toString(ctx.seed()));
        if (ctx.dataSeed() != ctx.seed()) {
            // only when set apart, so that the kept trials of runs without --data-seed keep their key
            all.putIfAbsent(PaperData.DATA_SEED, Long.toString(ctx.dataSeed()));
        }
        return JSON.valueToTree(all);
    }

    /** @return the wanted settings; refuses a group kept with other settings instead of discarding it */
    private static JsonNode checkSettings(ExperimentContext ctx, Path dir, Map<String, ?> settings, String who)
            throws IOException {
        JsonNode wanted = wanted(ctx, settings);
        Path file = dir.resolve("settings.json");
        if (Files.exists(file)) {
            JsonNode kept = dev.rbmsuite.core.io.StrictJson.read(file, 16 << 20, "trial settings");
            if (!kept.equals(wanted)) {
                throw new InputException(who + ": " + file + " records other settings than this run's ("
                        + difference(kept, wanted) + "); use the settings it records, another --out, or run the "
                        + "whole figure there with --restart to move the kept trials aside and recompute");
            }
        }
        return wanted;
    }

    /**
     * @param dir a group's folder
     * @param trial a trial index
     * @return the wall time recorded when the trial was computed, NaN if none was recorded
     * @throws IOException if the record cannot be read
     */
    static double recordedSeconds(Path dir, int trial) throws IOException {
        Path f = dir.resolve("trial-" + trial + ".seconds");
        if (!Files.isRegularFile(f)) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(Files.readString(f, StandardCharsets.UTF_8).trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * The artifact folder of a kept trial.
     *
     * @param base the folder passed to {@link #run(ExperimentContext, Path, Rng, String, int, Map, Task)}
     * @param name the group name
     * @param trial the trial index
     * @return {@code base/name/trial-R}
     */
    public static Path artifacts(Path base, String name, int trial) {
        return base.resolve(name).resolve("trial-" + trial);
    }


    /**
     * The mean over trials of one column, row by row.
     *
     * @param trials trial tables with equal row counts
     * @param column the column name
     * @return the mean column
     */
    public static double[] mean(List<CsvTable> trials, String column) {
        double[] m = new double[trials.get(0).size()];
        for (CsvTable t : trials) {
            double[] c = t.doubles(column);
            for (int k = 0; k < m.length; k++) {
                m[k] += c[k] / trials.size();
            }
        }
        return m;
    }
}
