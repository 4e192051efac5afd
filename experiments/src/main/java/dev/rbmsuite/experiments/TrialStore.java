package dev.rbmsuite.experiments;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.CsvTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Keeping finished trials on disk and moving a group aside ({@link Trials}): a trial's table
 * {@code trial-R.csv}, the wall time it took {@code trial-R.seconds} (written first, so a kept table
 * always has its time) and its artifact folder {@code trial-R/}; a restart moves the group's folder
 * aside whole, by one rename, to {@code NAME.before-restart-K}.
 */
final class TrialStore {
    private TrialStore() {
    }

    /** @return the kept table of trial r in a group's folder */
    static Path table(Path dir, int trial) {
        return dir.resolve("trial-" + trial + ".csv");
    }

    /** @return whether trial r of the group is kept */
    static boolean isKept(Path dir, int trial) {
        return Files.isRegularFile(table(dir, trial));
    }

    /** Runs one trial and keeps its time and table (the time first: a kept table always has its time). */
    static CsvTable compute(ExperimentContext ctx, Path dir, String name, int count, int trial, Rng root,
                            Trials.Task task) throws Exception {
        long t0 = System.nanoTime();
        Path artifacts = AtomicFiles.createFolders(dir.resolve("trial-" + trial));
        CsvTable t = task.run(trial, root.fork(trial), artifacts);
        double seconds = (System.nanoTime() - t0) / 1e9;
        AtomicFiles.write(dir.resolve("trial-" + trial + ".seconds"), (seconds + "\n").getBytes(StandardCharsets.UTF_8));
        t.write(table(dir, trial));
        ctx.addCompute(seconds);
        ctx.progress(String.format("%s: trial %d/%d done in %.1f s", name, trial + 1, count, seconds));
        return t;
    }

    /**
     * Reads a kept trial and adds the time recorded with it to the figure's compute time.
     *
     * @throws IOException if it cannot be read
     */
    static CsvTable read(ExperimentContext ctx, Path dir, int trial) throws IOException {
        CsvTable t = CsvTable.read(table(dir, trial));
        ctx.addCompute(recordedSeconds(dir, trial));
        return t;
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
    static Path artifacts(Path base, String name, int trial) {
        return base.resolve(name).resolve("trial-" + trial);
    }


    /**
     * @param dir a group's folder
     * @return the first free name {@code NAME.before-restart-K} beside it (K = 1, 2, ...)
     */
    static Path aside(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        for (int k = 1; ; k++) {
            Path p = abs.resolveSibling(abs.getFileName() + ".before-restart-" + k);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
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
    static Path moveAside(Path dir) throws IOException {
        Path to = aside(dir);
        AtomicFiles.rename(dir.toAbsolutePath().normalize(), to, false, "trials-aside");
        return to;
    }

}
