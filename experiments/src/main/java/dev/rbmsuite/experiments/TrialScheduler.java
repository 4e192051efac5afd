package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.core.io.FolderLock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Locks and scheduling of a group's trials ({@link Trials}): the missing trials on {@code
 * ctx.threads()} threads, each under its own lock ({@code .trial-R.lock}, the lock a {@code figure
 * --trial} process takes), a selected trial alone for an outside scheduler, and the refusal to work
 * in a group while another process runs one of its trials.
 */
final class TrialScheduler {
    private TrialScheduler() {
    }

    /**
     * Refuses to work in a group while another process runs one of its trials ({@code figure --trial},
     * holding {@code .trial-R.lock}): the whole figure would otherwise compute that trial a second
     * time, clear its temporaries or move its group aside under it. A trial this process starts takes
     * the same lock ({@link TrialStore#compute}), so a {@code --trial} process started later is refused in turn.
     */
    static void refuseRunningTrials(Path dir, int count) {
        for (int r = 0; r < count; r++) {
            String holder = FolderLock.otherHolder(dir.resolve(".trial-" + r + ".lock"));
            if (holder != null) {
                throw new InputException(dir.resolve("trial-" + r) + ": in use by another writer (" + holder
                        + "); wait for it to finish or stop it");
            }
        }
    }

    /**
     * Reads the kept trials of a group and computes the others on {@code ctx.threads()} threads,
     * in trial order; a failure of any trial is rethrown once the running ones have stopped.
     */
    @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
    static List<CsvTable> runAll(ExperimentContext ctx, Path dir, String name, int count, Rng root,
                                   Trials.Task task)
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
                if (TrialStore.isKept(dir, r)) {
                    kept++;
                    CsvTable t = TrialStore.read(ctx, dir, r);
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
                        if (TrialStore.isKept(dir, trial)) {
                            return TrialStore.read(ctx, dir, trial);
                        }
                        return TrialStore.compute(ctx, dir, name, count, trial, root, task);
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
            while (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
                // running trials finish their current write; keep waiting
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Runs the selected trial of a group unless it is kept: under the trial's own lock, after
     * removing only its own leftovers of an interrupted attempt; the group's settings are written
     * when absent and must match when present.
     */
    @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
    static void runSelected(ExperimentContext ctx, Path dir, String name, int count, Map<String, ?> settings,
                            TrialUnits.Selection unit, Rng root, Trials.Task task) throws IOException {
        AtomicFiles.createFolders(dir);
        JsonNode wanted = TrialSettings.check(ctx, dir, settings, unit.id());
        if (TrialSettings.kept(dir) == null) {
            TrialSettings.record(dir, wanted);
        }
        int r = unit.trial();
        String own = "trial-" + r;
        try (FolderLock lock = FolderLock.acquire(dir.resolve("." + own + ".lock"), dir.resolve(own),
                "rbm figure --trial " + unit.id())) {
            if (TrialStore.isKept(dir, r)) {
                ctx.progress(unit.id() + ": already finished");
                return;
            }
            AtomicFiles.removeTemporaries(dir, n -> n.equals(own) || n.equals(own + ".csv") || n.equals(own + ".seconds"),
                    p -> true);
            AtomicFiles.removeTemporariesBelow(dir.resolve(own));
            Interruption.check("before trial " + unit.id() + "; rerun the same command to resume");
            try {
                TrialStore.compute(ctx, dir, name, count, r, root, task);
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

}
