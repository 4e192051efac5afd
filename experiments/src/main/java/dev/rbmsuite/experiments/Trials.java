package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.CsvTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
 *
 * <p>This class ties the jobs together; each has a class of its own: the settings and their
 * comparison ({@link TrialSettings}), locks and scheduling ({@link TrialScheduler}), keeping finished
 * trials and moving a group aside ({@link TrialStore}).
 */
public final class Trials {
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
            TrialScheduler.runSelected(ctx, dir, name, count, settings, unit, rng.fork(ExperimentContext.label(name)),
                    task);
            throw new TrialUnits.Done();
        }
        AtomicFiles.createFolders(dir);
        // a --trial process at work in this group keeps it: its trials and its temporaries stay
        TrialScheduler.refuseRunningTrials(dir, count);
        JsonNode wanted = TrialSettings.wanted(ctx, settings);
        JsonNode kept = TrialSettings.kept(dir);
        if (kept != null) {
            if (!kept.equals(wanted)) {
                if (!ctx.restart()) {
                    throw new InputException(dir + ": its kept trials were computed with other settings ("
                            + TrialSettings.difference(kept, wanted) + "); rerun with the settings they were computed with, use "
                            + "another --out, or add --restart to move them aside (to " + TrialStore.aside(dir).getFileName()
                            + ") and start this group afresh");
                }
                Path old = TrialStore.moveAside(dir);
                ctx.progress(name + ": --restart: kept trials of other settings moved aside to " + old);
                AtomicFiles.createFolders(dir);
            }
        }
        // what an interrupted run was writing when it stopped (the figure holds its folder's lock, and no
        // --trial process works in this group)
        AtomicFiles.removeTemporariesBelow(dir);
        TrialSettings.record(dir, wanted);
        return TrialScheduler.runAll(ctx, dir, name, count, rng.fork(ExperimentContext.label(name)), task);
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
            if (!TrialStore.isKept(dir, r)) {
                missing.add(TrialUnits.idOf(ctx.root(), dir, r));
            }
        }
        if (!missing.isEmpty()) {
            throw new InputException((unit == null ? "figure --render-only: " : "figure --trial " + unit.id()
                    + ": needs ") + missing.size() + " unfinished trial(s) under " + ctx.root() + ": "
                    + String.join(" ", missing) + (unit == null ? "; run each with --trial ID" : "; run them first"));
        }
        TrialSettings.check(ctx, dir, settings, unit == null ? "figure --render-only" : "figure --trial " + unit.id());
        List<CsvTable> out = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            out.add(TrialStore.read(ctx, dir, r));
        }
        return out;
    }

    /**
     * @param dir a group's folder
     * @param trial a trial index
     * @return the wall time recorded when the trial was computed, NaN if none was recorded
     * @throws IOException if the record cannot be read
     */
    static double recordedSeconds(Path dir, int trial) throws IOException {
        return TrialStore.recordedSeconds(dir, trial);
    }

    /** As {@link TrialSettings#difference}. */
    static String difference(JsonNode kept, JsonNode wanted) {
        return TrialSettings.difference(kept, wanted);
    }

    /** As {@link TrialStore#aside}. */
    static Path aside(Path dir) {
        return TrialStore.aside(dir);
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
        return TrialStore.artifacts(base, name, trial);
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
