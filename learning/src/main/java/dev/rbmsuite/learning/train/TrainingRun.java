package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.Arithmetic;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.ChunkPool;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.DataDigest;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.OutputFolder;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.core.io.UserFiles;
import dev.rbmsuite.diagnostics.Parallel;
import dev.rbmsuite.kernels.KernelOrigin;
import dev.rbmsuite.kernels.KernelRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A training run with its output folder (the contract's {@code train --out DIR}):
 * <pre>
 * DIR/metrics.csv      header row, then one row per evaluation: epoch, logLikelihood, then where computed
 *                      logZStdErr (mAIS), maeB, maeC, maeW, lambda2 and holdoutLogLikelihood ({@link Monitor})
 * DIR/model/           the trained stack (a model folder, core ModelStore)
 * DIR/manifest.json    the provenance record (core Provenance, format "training-run": every setting
 *                      and the data set, the seed, suite version and commit, platform; wall and CPU
 *                      time once finished), then the monitors' method and columns
 * DIR/checkpoint.bin   the run's complete state at the last evaluation ({@link Checkpoint})
 * </pre>
 * Evaluations (and checkpoints) happen every {@code evalEvery} epochs and at the last epoch.
 *
 * <p><b>Ownership.</b> The run writes only into a new or empty folder or a training-run folder
 * (recognised by its manifest's {@code "format":"training-run"}; for runs of earlier versions by a
 * manifest of the {@code train} command or a checkpoint); anything else is refused (core
 * OutputFolder), and {@code force} admits foreign files beside the run's own, never over them. The
 * manifest is written when the run starts, so an interrupted run is still recognised. The folder is
 * locked for the run ({@code DIR/.rbm.lock}): a second writer is refused, naming the first.
 *
 * <p><b>Resuming.</b> When DIR already holds a checkpoint, the run continues from it (unless
 * {@code restart}): the settings other than the number of epochs and the data must be the same, and
 * the result - metrics.csv, model, manifest - is byte-identical to that of an uninterrupted run. A
 * finished run can be extended by asking for more epochs. metrics.csv and the checkpoint are
 * replaced atomically at every evaluation, the model and manifest at the end. On SIGINT/SIGTERM
 * (core Interruption) the run writes a checkpoint after the current epoch and stops with
 * {@link Interruption.Stopped}; rerunning continues from that epoch.
 */
public final class TrainingRun {
    /** The checkpoint file name inside the output folder. */
    public static final String CHECKPOINT = "checkpoint.bin";
    /** The metrics file name inside the output folder. */
    public static final String METRICS = "metrics.csv";

    /** The {@code "format"} of a training-run folder's manifest. */
    public static final String FORMAT = "training-run";
    /** The manifest file name inside the output folder. */
    public static final String MANIFEST = OutputFolder.MANIFEST;
    /** The model folder name inside the output folder. */
    public static final String MODEL = "model";
    /** The kind of folder a run writes. */
    public static final OutputFolder.Kind KIND = new OutputFolder.Kind(FORMAT, "a training-run folder",
            n -> Set.of(MANIFEST, METRICS, CHECKPOINT, MODEL).contains(n), TrainingRun::earlierRun);

    /** Receives progress (called on the training thread). */
    public interface Listener {
        /**
         * @param epoch epochs done
         * @param total epochs asked for
         */
        default void epochDone(int epoch, int total) {
        }

        /**
         * @param columns the metric names
         * @param values their values at this evaluation
         */
        default void evaluated(List<String> columns, double[] values) {
        }

        /**
         * Called after each mini-batch update that does not end an epoch (never with the full batch).
         *
         * @param epoch the epoch in progress (1-based)
         * @param batch updates done within it
         * @param batches updates per epoch
         */
        default void batchDone(int epoch, int batch, int batches) {
        }

        /** @param epoch the epoch of the checkpoint the run resumes from */
        default void resumed(int epoch) {
        }
    }

    /**
     * The outcome of a run.
     *
     * @param finalLogLikelihood the log-likelihood at the last evaluation
     * @param epochs epochs done
     * @param resumedFrom the checkpoint epoch the run continued from (0 for a fresh run)
     * @param model the trained stack
     */
    public record Result(double finalLogLikelihood, int epochs, int resumedFrom, RbmStack model) {
    }

    private TrainingRun() {
    }

    /**
     * Trains, writing the output folder.
     *
     * @param settings the run's settings
     * @param data training data, rows x n_0 row-major binary
     * @param rows N_d
     * @param visible n_0
     * @param dataInfo description of the data for the manifest (name, source, ...)
     * @param out output folder
     * @param restart ignore an existing checkpoint and start afresh
     * @param listener progress receiver
     * @return the result
     * @throws IOException on write failure
     * @throws InputException if the folder holds a checkpoint of a different run
     */
    public static Result run(TrainingSettings settings, double[] data, int rows, int visible,
                             Map<String, Object> dataInfo, Path out, boolean restart, Listener listener)
            throws IOException {
        return run(settings, data, rows, visible, dataInfo, out, restart, false, listener);
    }

    /**
     * Trains, writing the output folder (see the class comment for which folders it accepts).
     *
     * @param settings the run's settings
     * @param data training data, rows x n_0 row-major binary
     * @param rows N_d
     * @param visible n_0
     * @param dataInfo description of the data for the manifest (name, source, ...)
     * @param out output folder
     * @param restart ignore an existing checkpoint and start afresh
     * @param force write beside foreign files in {@code out} (never over them)
     * @param listener progress receiver
     * @return the result
     * @throws IOException on write failure
     * @throws InputException if the folder may not be written or holds a checkpoint of a different run
     */
    public static Result run(TrainingSettings settings, double[] data, int rows, int visible,
                             Map<String, Object> dataInfo, Path out, boolean restart, boolean force,
                             Listener listener) throws IOException {
        return run(settings, data, rows, visible, dataInfo, out, restart, force, MonitorExtras.NONE, listener);
    }

    /**
     * Trains, writing the output folder, with a held-out set, a recorded budget and progress of long
     * evaluations ({@link MonitorExtras}). With a held-out set metrics.csv gains the last column
     * {@code holdoutLogLikelihood}, the manifest a {@code "holdout"} entry (its description and SHA-256)
     * and the checkpoint key its SHA-256 (a resume with another held-out set is refused); with a budget the
     * manifest gains {@code "evalBudget"} (the seconds, the K and N chosen, their estimated seconds).
     * {@link MonitorExtras#NONE} writes exactly what the overload without extras writes.
     *
     * @param settings the run's settings
     * @param data training data, rows x n_0 row-major binary
     * @param rows N_d
     * @param visible n_0
     * @param dataInfo description of the data for the manifest (name, source, ...)
     * @param out output folder
     * @param restart ignore an existing checkpoint and start afresh
     * @param force write beside foreign files in {@code out} (never over them)
     * @param extras held-out set, budget and progress stream
     * @param listener progress receiver
     * @return the result
     * @throws IOException on write failure
     * @throws InputException if the folder may not be written or holds a checkpoint of a different run
     */
    public static Result run(TrainingSettings settings, double[] data, int rows, int visible,
                             Map<String, Object> dataInfo, Path out, boolean restart, boolean force,
                             MonitorExtras extras, Listener listener) throws IOException {
        return run(settings, data, rows, visible, dataInfo, out, restart, force, extras, 1, listener);
    }

    /**
     * {@link #run(TrainingSettings, double[], int, int, Map, Path, boolean, boolean, MonitorExtras, Listener)}
     * with the work of each update split over T threads ({@link Trainer#useThreads}): the model,
     * checkpoint and metrics are the same bytes for every T, T is in no key a resume compares (a run
     * resumes with any T), and the manifest records it as {@code "updateThreads"}, run information beside
     * the timing.
     *
     * @param settings the run's settings
     * @param data training data, rows x n_0 row-major binary
     * @param rows N_d
     * @param visible n_0
     * @param dataInfo description of the data for the manifest (name, source, ...)
     * @param out output folder
     * @param restart ignore an existing checkpoint and start afresh
     * @param force write beside foreign files in {@code out} (never over them)
     * @param extras held-out set, budget and progress stream
     * @param threads T, in [1, {@value dev.rbmsuite.core.ChunkPool#MAX_THREADS}]
     * @param listener progress receiver
     * @return the result
     * @throws IOException on write failure
     * @throws InputException if the folder may not be written or holds a checkpoint of a different run
     */
    @SuppressWarnings("try") // the resource is held for the body, not used in it
    public static Result run(TrainingSettings settings, double[] data, int rows, int visible,
                             Map<String, Object> dataInfo, Path out, boolean restart, boolean force,
                             MonitorExtras extras, int threads, Listener listener) throws IOException {
        if (threads < 1 || threads > ChunkPool.MAX_THREADS) {
            throw new InputException("option --threads: must be in [1, " + ChunkPool.MAX_THREADS
                    + "], got " + threads);
        }
        try (OutputFolder.Claim claim = OutputFolder.claim(out, KIND, force, "rbm train");
             Arithmetic.Scope arithmetic = Arithmetic.use(settings.arithmetic())) {
            return runIn(settings, data, rows, visible, dataInfo, out, restart, force, extras, threads, listener);
        }
    }

    /**
     * The files a run writes into its folder, each the deepest of its kind, for checking their names
     * against the file system before the first epoch (AtomicFiles#probe): the model folder's
     * ({@link ModelStore#files}), the checkpoint, the metrics and the manifest.
     *
     * @param out the run's folder
     * @param layers the model's number of layers
     * @return the files
     */
    public static List<Path> files(Path out, int layers) {
        List<Path> files = new ArrayList<>(ModelStore.files(out.resolve(MODEL), layers));
        files.add(out.resolve(CHECKPOINT));
        files.add(out.resolve(METRICS));
        files.add(out.resolve(MANIFEST));
        return files;
    }

    /**
     * @param dir a folder without a manifest format
     * @return whether it is a training run of an earlier version: a manifest written by {@code train},
     *     or no manifest and a checkpoint (a run interrupted before its end)
     */
    static boolean earlierRun(Path dir) {
        var manifest = OutputFolder.readJson(dir.resolve(MANIFEST));
        if (manifest != null) {
            return "train".equals(manifest.path("command").asText()) && manifest.has("settings");
        }
        return !Files.exists(dir.resolve(MANIFEST)) && Checkpoint.looksLikeCheckpoint(dir.resolve(CHECKPOINT));
    }

    private static Result runIn(TrainingSettings given, double[] data, int rows, int visible,
                                Map<String, Object> dataInfo, Path out, boolean restart, boolean force,
                                MonitorExtras extras, int threads, Listener listener) throws IOException {
        // --batch-size N_d (or more) is the full-batch run, and is recorded and keyed as that run
        TrainingSettings settings = given.forRows(rows);
        Provenance.Stopwatch stopwatch = Provenance.Stopwatch.start();
        requireOwnModelFolder(out.resolve(MODEL));
        ModelStore.requireReplaceable(out.resolve(MODEL), force); // refused now, not after the epochs
        Path ckFile = out.resolve(CHECKPOINT);
        requireCheckpointFile(ckFile);
        Monitor monitor;
        try {
            monitor = new Monitor(data, rows, visible, settings, extras);
        } catch (IllegalArgumentException e) {
            String msg = e.getMessage();
            throw new InputException("option --" + msg.substring(0, Math.max(0, msg.indexOf(' '))) + ": " + msg, e);
        }
        // the update threads are stopped with the run, however it ends
        try (Trainer trainer = new Trainer(settings, data, rows, visible).useThreads(threads)) {
            return train(trainer, stopwatch, ckFile, monitor, settings, data, rows, visible, dataInfo, out, force,
                    restart, extras, threads, listener);
        }
    }

    @SuppressWarnings("try") // the resource is held for the body, not used in it
    private static Result train(Trainer trainer, Provenance.Stopwatch stopwatch, Path ckFile, Monitor monitor,
                                TrainingSettings settings, double[] data, int rows, int visible,
                                Map<String, Object> dataInfo, Path out, boolean force, boolean restart,
                                MonitorExtras extras, int threads, Listener listener) throws IOException {
        Map<String, Object> dataWithSum = new LinkedHashMap<>(dataInfo);
        dataWithSum.put("sha256", DataDigest.sha256(data, rows, visible));
        Provenance provenance = provenance(settings, dataWithSum);
        Map<String, Object> monitorInfo = monitorInfo(extras, monitor, settings, visible);
        String holdoutSum = extras.hasHoldout()
                ? DataDigest.sha256(extras.holdout(), extras.holdoutRows(), visible) : null;
        String key = withHoldout(checkpointKey(settings), holdoutSum);
        String givenKey = withHoldout(settings.withEpochs(1).toString(), holdoutSum); // before defaults were left out
        long fingerprint = Checkpoint.fingerprint(data);
        List<String> metricRows = new ArrayList<>();
        int resumedFrom = 0;
        if (!restart && Files.isRegularFile(ckFile)) {
            Checkpoint ck;
            try {
                ck = Checkpoint.read(ckFile);
            } catch (IOException e) {
                throw new InputException(ckFile + ": cannot resume: " + e.getMessage()
                        + "; use --restart to start afresh (discards it)", e);
            }
            if (!ck.settingsKey().equals(key) && !ck.settingsKey().equals(givenKey)) {
                throw new InputException(ckFile + ": checkpoint of a run with other settings: "
                        + difference(key, ck.settingsKey()) + "; use another --out or --restart");
            }
            if (ck.dataFingerprint() != fingerprint) {
                throw new InputException(ckFile + ": checkpoint of a run on other data; use another --out or --restart");
            }
            requireContinuable(ck, settings, trainer.batchesPerEpoch(), ckFile);
            try {
                trainer.restore(ck.snapshot());
            } catch (IllegalArgumentException e) {
                // the key and the position were checked above: what is left is a checkpoint that lies about itself
                throw new InputException(ckFile + ": cannot resume: " + e.getMessage()
                        + "; use --restart to start afresh (discards it)", e);
            }
            metricRows.addAll(ck.metricsRows());
            resumedFrom = ck.snapshot().epoch();
            listener.resumed(resumedFrom);
        }
        writeManifest(out.resolve(MANIFEST), provenance, threads, monitor, monitorInfo);
        List<String> columns = monitor.columns();
        double lastLl = Double.NaN;
        if (!metricRows.isEmpty()) {
            String last = metricRows.get(metricRows.size() - 1);
            lastLl = Double.parseDouble(last.split(",")[1]);
        }
        int total = settings.epochs();
        try (Interruption.Scope stoppable = Interruption.stoppable()) {
            while (trainer.epoch() < total) {
                if (!trainer.updateBatch()) {
                    // within a mini-batch epoch: monitors wait for its end; a stop request saves the batch position
                    listener.batchDone(trainer.epoch() + 1, trainer.batchInEpoch(), trainer.batchesPerEpoch());
                    String where = "after batch " + trainer.batchInEpoch() + " of " + trainer.batchesPerEpoch()
                            + " in epoch " + (trainer.epoch() + 1);
                    if (Interruption.requestedAt(where)) {
                        new Checkpoint(key, fingerprint, trainer.snapshot(), metricRows).write(ckFile);
                        Interruption.check(where + " (checkpoint written); rerun the same command to resume");
                    }
                    continue;
                }
                int t = trainer.epoch();
                listener.epochDone(t, total);
                Interruption.requestedAt("after epoch " + t);
                boolean evaluate = t % settings.evalEvery() == 0 || t == total;
                if (evaluate) {
                    double[] values = monitor.evaluate(trainer);
                    lastLl = values[1];
                    metricRows.add(formatRow(values));
                    writeMetrics(out.resolve(METRICS), columns, metricRows);
                    listener.evaluated(columns, values);
                }
                if (evaluate || Interruption.requested()) {
                    new Checkpoint(key, fingerprint, trainer.snapshot(), metricRows).write(ckFile);
                }
                // the safe point: the checkpoint holds epoch t, so a rerun continues from here
                Interruption.check("after epoch " + t + " (checkpoint written); rerun the same command to resume");
            }
        }
        if (resumedFrom == total) {
            writeMetrics(out.resolve(METRICS), columns, metricRows);
        }
        RbmStack model = trainer.model();
        ModelStore.save(model, out.resolve(MODEL), provenance, Map.of("epoch", trainer.epoch()), force);
        writeManifest(out.resolve(MANIFEST), provenance.withTiming(stopwatch.elapsed()), threads, monitor, monitorInfo);
        return new Result(lastLl, trainer.epoch(), resumedFrom, model);
    }

    /**
     * Refuses a checkpoint that this run cannot continue into the run it asks for, before any work:
     * <ul>
     * <li>one past the run's end: after more epochs than {@code --epochs}, or within epoch E + 1 of a longer
     *     run when {@code --epochs} is E (its state holds batches of an epoch this run does not have);</li>
     * <li>at epoch E, written by a stop of a longer run before the evaluation that a run of E epochs makes
     *     at its end (that evaluation reads the last update's estimates, which no checkpoint holds);</li>
     * <li>one whose count of updates is not that of its position in this run's epochs (a checkpoint of
     *     another batch size that an earlier version wrote without the batch size in its key).</li>
     * </ul>
     * A run that stops and resumes therefore ends as the uninterrupted run of the same command, or not at all.
     *
     * @param ck the checkpoint, with this run's key and data
     * @param settings this run's settings
     * @param batches this run's updates per epoch
     * @param ckFile the checkpoint's file, for the message
     * @throws InputException naming the option and both values
     */
    static void requireContinuable(Checkpoint ck, TrainingSettings settings, int batches, Path ckFile) {
        int epoch = ck.snapshot().epoch();
        int batch = ck.snapshot().batch();
        int total = settings.epochs();
        String restart = "; or --restart to train " + total + " epoch(s) afresh (discards the checkpoint)";
        if (epoch > total || epoch == total && batch > 0) {
            String position = batch > 0 ? "batch " + batch + " of epoch " + (epoch + 1) : "epoch " + epoch;
            throw new InputException("option --epochs: " + total + " is below the checkpoint's position (" + position
                    + ") in " + ckFile + "; give --epochs " + (epoch + (batch > 0 ? 1 : 0)) + " or more to continue it"
                    + restart);
        }
        if (epoch == total && !evaluatedAt(ck.metricsRows(), total)) {
            throw new InputException("option --epochs: " + total + " ends at the checkpoint's epoch, which a stop "
                    + "within a longer run wrote before the evaluation that a run of " + total + " epoch(s) makes at "
                    + "its end (" + ckFile + "); give --epochs " + (total + 1) + " or more to continue it" + restart);
        }
        long updates = ck.snapshot().optimiser().t();
        if (updates != (long) epoch * batches + batch) {
            String theirs = epoch > 0 ? String.valueOf((updates - batch) / epoch) : "another number of";
            throw new InputException("option --batch-size: " + (settings.batchSize() == 0 ? "0 (the full batch)"
                    : String.valueOf(settings.batchSize())) + " makes " + batches + " update(s) per epoch here and the "
                    + "checkpoint " + ckFile + " was made with " + theirs + " per epoch (" + updates + " updates by batch "
                    + batch + " of epoch " + (epoch + 1) + "); give the checkpoint's --batch-size, another --out, or "
                    + "--restart");
        }
    }

    /** @return whether the metrics rows end with an evaluation at {@code epoch} */
    private static boolean evaluatedAt(List<String> rows, int epoch) {
        if (rows.isEmpty()) {
            return false;
        }
        String last = rows.get(rows.size() - 1);
        int comma = last.indexOf(',');
        return (comma < 0 ? last : last.substring(0, comma)).equals(String.valueOf(epoch));
    }

    /**
     * Refuses a run's model folder name that is a symbolic link: the run writes its own model folder,
     * and a link there (to share a model between runs) would have the run replace the model it names,
     * outside the run's folder and without that folder's lock. The link is the user's, so it is neither
     * followed nor removed.
     *
     * @param model {@code DIR/model}
     * @throws InputException naming the link and its target
     */
    static void requireOwnModelFolder(Path model) throws IOException {
        if (Files.isSymbolicLink(model)) {
            throw new InputException(model + ": a symbolic link (to " + Files.readSymbolicLink(model) + "); a training"
                    + " run writes its own model folder there and never writes through a link: remove the link (the"
                    + " folder it names is kept) or choose another --out");
        }
    }

    /**
     * @param settings a run's settings
     * @return the text a checkpoint is compared by: the settings with epochs 1 and the kernel's
     *     parameters less those equal to their defaults ({@link KernelRegistry#withoutDefaults}), so
     *     that a run that writes a default out resumes one that left it out and the reverse
     */
    static String checkpointKey(TrainingSettings settings) {
        Map<String, String> params = KernelRegistry.withoutDefaults(settings.kernelFactory(), settings.kernelParams());
        return settings.withEpochs(1).withKernelParams(params).toString();
    }

    /**
     * @param key a checkpoint key ({@code Name[k=v, ...]})
     * @param holdoutSum the held-out set's SHA-256, or null for none
     * @return the key, with {@code holdout=SUM} as its last entry when there is a held-out set (so a
     *     key without one is unchanged)
     */
    static String withHoldout(String key, String holdoutSum) {
        return holdoutSum == null ? key : key.substring(0, key.length() - 1) + ", holdout=" + holdoutSum + "]";
    }

    /**
     * @return the manifest entries of the extras, in order: {@code "holdout"} (description and
     *     SHA-256) and {@code "evalBudget"} (seconds, the chosen K and N, their estimated seconds); empty
     *     without extras
     */
    private static Map<String, Object> monitorInfo(MonitorExtras extras, Monitor monitor, TrainingSettings settings,
                                                   int visible) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (extras.hasHoldout()) {
            Map<String, Object> h = new LinkedHashMap<>(extras.holdoutInfo());
            h.put("rows", extras.holdoutRows());
            h.put("sha256", DataDigest.sha256(extras.holdout(), extras.holdoutRows(), visible));
            m.put("holdout", h);
        }
        if (extras.hasBudget()) {
            MonitorSettings ms = settings.monitor();
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("seconds", extras.budgetSeconds());
            b.put("aisTemperatures", ms.aisTemperatures());
            b.put("aisRuns", ms.aisRuns());
            b.put("estimatedSeconds", EvalBudget.estimatedSeconds(visible, settings.hidden()[0], ms.aisTemperatures(),
                    ms.aisRuns()));
            b.put("logLikelihoodMethod", monitor.logLikelihoodMethod());
            m.put("evalBudget", b);
        }
        return m;
    }

    /** The option that sets each key of {@link TrainingSettings#asMap()} and of its monitor settings. */
    private static final Map<String, String> OPTIONS = Map.ofEntries(Map.entry("kernel", "--kernel"),
            Map.entry("kernelParams", "--kernel-param"), Map.entry("hidden", "--hidden"), Map.entry("epochs", "--epochs"),
            Map.entry("learningRate", "--lr"), Map.entry("samples", "--samples"), Map.entry("estimator", "--estimator"),
            Map.entry("evalEvery", "--eval-every"), Map.entry("seed", "--seed"), Map.entry("lambda2", "--lambda2"),
            Map.entry("logLikelihood", "--loglik-method"), Map.entry("aisTemperatures", "--ais-temperatures"),
            Map.entry("aisRuns", "--ais-runs"), Map.entry("aisSchedule", "--ais-schedule"),
            Map.entry("lambda2Estimator", "--lambda2-estimator"), Map.entry("lambda2Repeats", "--lambda2-repeats"),
            Map.entry("lambda2Every", "--lambda2-every"), Map.entry("holdout", "--holdout"),
            Map.entry("batchSize", "--batch-size"), Map.entry("arithmetic", "--arithmetic"));

    /**
     * Names the first setting in which two checkpoint keys ({@link #checkpointKey}) differ, with both
     * values, in the words of the command line: for example
     * {@code --lr is 0.05 here and 0.01 in the checkpoint}. A setting of the monitors is named by its
     * own option; the kernel's parameters by {@code --kernel-param}.
     *
     * @param ours this run's key
     * @param theirs the checkpoint's key
     * @return the difference in one phrase ("settings differ" if the keys cannot be read as settings)
     */
    static String difference(String ours, String theirs) {
        Map<String, String> a = keyEntries(ours);
        Map<String, String> b = keyEntries(theirs);
        if (a == null || b == null) {
            return "settings differ";
        }
        Set<String> names = new LinkedHashSet<>(a.keySet());
        names.addAll(b.keySet());
        for (String name : names) {
            String x = a.getOrDefault(name, absent(name));
            String y = b.getOrDefault(name, absent(name));
            if (x.equals(y)) {
                continue;
            }
            if (name.equals("monitor")) {
                String inner = difference("[" + strip(x) + "]", "[" + strip(y) + "]");
                if (!inner.equals("settings differ")) {
                    return inner;
                }
            }
            if (name.equals("batchSize")) {
                x = x.equals("0") ? "0 (the full batch)" : x;
                y = y.equals("0") ? "0 (the full batch)" : y;
            }
            return OPTIONS.getOrDefault(name, name) + " is " + x + " here and " + y + " in the checkpoint";
        }
        return "settings differ";
    }

    /**
     * @param name a key entry's name
     * @return what a key without it means: the full batch for the batch size (a full-batch run leaves it
     *     out), the fixed order for the arithmetic (likewise), an empty map otherwise (the kernel's parameters)
     */
    private static String absent(String name) {
        return switch (name) {
            case "batchSize" -> "0";
            case "arithmetic" -> Arithmetic.FIXED_ORDER.optionName();
            default -> "{}";
        };
    }

    private static String strip(String braced) {
        return braced.startsWith("{") && braced.endsWith("}") ? braced.substring(1, braced.length() - 1) : braced;
    }

    /**
     * @param key a settings text of the form {@code Name[k=v, k=v, ...]} (values may hold brackets and
     *     braces, with ", " inside them)
     * @return its entries in order, or null if it does not have that form
     */
    private static Map<String, String> keyEntries(String key) {
        int open = key.indexOf('[');
        if (open < 0 || !key.endsWith("]")) {
            return null;
        }
        String body = key.substring(open + 1, key.length() - 1);
        Map<String, String> m = new LinkedHashMap<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= body.length(); i++) {
            char c = i < body.length() ? body.charAt(i) : ',';
            if (c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                depth--;
            } else if (c == ',' && depth == 0) {
                String entry = body.substring(start, i).trim();
                start = i + 1;
                if (entry.isEmpty()) {
                    continue;
                }
                int eq = entry.indexOf('=');
                if (eq < 0) {
                    return null;
                }
                m.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return m;
    }

    /**
     * Refuses, before any work, a checkpoint name that holds something other than a regular file (a
     * link to a device such as /dev/zero, a FIFO, a folder, a link to nothing): it is not the run's,
     * so it is neither read, nor ignored, nor replaced by the run's own checkpoint (core UserFiles).
     *
     * @param ckFile the run's checkpoint path
     * @throws InputException naming the file
     */
    static void requireCheckpointFile(Path ckFile) {
        if (!Files.exists(ckFile, LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(ckFile)) {
            return;
        }
        if (!Files.exists(ckFile)) {
            throw new InputException(ckFile + ": a link to nothing, expected a training checkpoint; remove it or "
                    + "choose another --out");
        }
        UserFiles.checkRegular(ckFile, Long.MAX_VALUE, "training checkpoint");
    }

    /**
     * @return the values as a CSV row: the epoch as an integer, the rest with Double.toString, NaN (a
     *     value not computed at this evaluation) as an empty field
     */
    static String formatRow(double[] values) {
        StringBuilder sb = new StringBuilder();
        sb.append((long) values[0]);
        for (int k = 1; k < values.length; k++) {
            sb.append(',');
            if (!Double.isNaN(values[k])) {
                sb.append(values[k]);
            }
        }
        return sb.toString();
    }

    private static void writeMetrics(Path file, List<String> columns, List<String> rows) throws IOException {
        StringBuilder sb = new StringBuilder(String.join(",", columns)).append('\n');
        for (String r : rows) {
            sb.append(r).append('\n');
        }
        AtomicFiles.writeString(file, sb.toString());
    }

    /**
     * @return the run's provenance record: command {@code train}, every setting and the data set,
     *     the seed, the threads of the monitors' pool (diagnostics Parallel)
     */
    static Provenance provenance(TrainingSettings settings, Map<String, Object> dataInfo) {
        Map<String, Object> all = new LinkedHashMap<>();
        Map<String, String> resolved = KernelRegistry.resolved(settings.kernelFactory(), settings.kernelParams());
        settings.asMap().forEach((k, v) -> {
            if (!k.equals("kernelParams")) {
                all.put(k, v);
            }
            if (k.equals("kernel")) {
                if (!resolved.isEmpty()) {
                    all.put("kernelParams", resolved); // with the defaults written out
                }
                all.put("kernelOrigin", KernelOrigin.of(settings.kernelFactory()).asMap());
            }
            if (k.equals("arithmetic")) { // only for BLAS: the library and its threads, as the bytes depend on them
                all.put("arithmeticLibrary", settings.arithmetic().describe());
            }
        });
        all.put("data", dataInfo);
        return Provenance.of(FORMAT, 1, "train", all, settings.seed(), Parallel.threads());
    }

    /**
     * Writes the run's manifest: the provenance record (timing only once the run has finished),
     * then the log-likelihood method, the metrics columns and the names of the model and checkpoint.
     */
    private static void writeManifest(Path file, Provenance provenance, int threads, Monitor monitor,
                                      Map<String, Object> monitorInfo) throws IOException {
        ObjectNode root = provenance.toJson();
        root.put("updateThreads", threads); // run information, like the timing: no output depends on it
        root.put("logLikelihoodMethod", monitor.logLikelihoodMethod());
        root.set("metricsColumns", ModelStore.json().valueToTree(monitor.columns()));
        monitorInfo.forEach((k, v) -> root.set(k, ModelStore.json().valueToTree(v)));
        root.put("model", MODEL);
        root.put("checkpoint", CHECKPOINT);
        AtomicFiles.writeString(file, ModelStore.json().writeValueAsString(root) + "\n");
    }
}
