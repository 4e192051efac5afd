package dev.rbmsuite.learning.train;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.SuiteVersion;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A training run with its output folder (the contract's {@code train --out DIR}):
 * <pre>
 * DIR/metrics.csv      header row, then one row per evaluation: epoch, logLikelihood, then where computed
 *                      logZStdErr (mAIS), maeB, maeC, maeW and lambda2 ({@link Monitor})
 * DIR/model/           the trained stack (a model folder, core ModelStore)
 * DIR/manifest.json    every setting, the seed, the data set, the suite version
 * DIR/checkpoint.bin   the run's complete state at the last evaluation ({@link Checkpoint})
 * </pre>
 * Evaluations (and checkpoints) happen every {@code evalEvery} epochs and at the last epoch.
 *
 * <p><b>Resuming.</b> When DIR already holds a checkpoint, the run continues from it (unless
 * {@code restart}): the settings other than the number of epochs and the data must be the same, and
 * the result - metrics.csv, model, manifest - is byte-identical to that of an uninterrupted run. A
 * finished run can be extended by asking for more epochs. metrics.csv and the checkpoint are
 * replaced atomically at every evaluation, the model and manifest at the end.
 */
public final class TrainingRun {
    /** The checkpoint file name inside the output folder. */
    public static final String CHECKPOINT = "checkpoint.bin";
    /** The metrics file name inside the output folder. */
    public static final String METRICS = "metrics.csv";

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
        Path ckFile = out.resolve(CHECKPOINT);
        Monitor monitor;
        try {
            monitor = new Monitor(data, rows, visible, settings);
        } catch (IllegalArgumentException e) {
            String msg = e.getMessage();
            throw new InputException("option --" + msg.substring(0, Math.max(0, msg.indexOf(' '))) + ": " + msg, e);
        }
        Trainer trainer = new Trainer(settings, data, rows, visible);
        // only now that every setting has been checked (by the monitor and the trainer) is anything created
        Files.createDirectories(out);
        String key = settings.withEpochs(1).toString();
        long fingerprint = Checkpoint.fingerprint(data);
        List<String> metricRows = new ArrayList<>();
        int resumedFrom = 0;
        if (!restart && Files.isRegularFile(ckFile)) {
            Checkpoint ck;
            try {
                ck = Checkpoint.read(ckFile);
            } catch (IOException e) {
                throw new InputException(ckFile + ": unreadable checkpoint (" + e.getMessage()
                        + "); use --restart to start afresh", e);
            }
            if (!ck.settingsKey().equals(key)) {
                throw new InputException(ckFile + ": checkpoint of a run with other settings (" + ck.settingsKey()
                        + "); use another --out or --restart");
            }
            if (ck.dataFingerprint() != fingerprint) {
                throw new InputException(ckFile + ": checkpoint of a run on other data; use another --out or --restart");
            }
            if (ck.snapshot().epoch() > settings.epochs()) {
                throw new InputException("option --epochs: " + settings.epochs() + " is below the checkpoint's epoch "
                        + ck.snapshot().epoch() + " in " + ckFile);
            }
            trainer.restore(ck.snapshot());
            metricRows.addAll(ck.metricsRows());
            resumedFrom = ck.snapshot().epoch();
            listener.resumed(resumedFrom);
        }
        List<String> columns = monitor.columns();
        double lastLl = Double.NaN;
        if (!metricRows.isEmpty()) {
            String last = metricRows.get(metricRows.size() - 1);
            lastLl = Double.parseDouble(last.split(",")[1]);
        }
        int total = settings.epochs();
        while (trainer.epoch() < total) {
            trainer.update();
            int t = trainer.epoch();
            listener.epochDone(t, total);
            if (t % settings.evalEvery() == 0 || t == total) {
                double[] values = monitor.evaluate(trainer);
                lastLl = values[1];
                metricRows.add(formatRow(values));
                writeMetrics(out.resolve(METRICS), columns, metricRows);
                new Checkpoint(key, fingerprint, trainer.snapshot(), metricRows).write(ckFile);
                listener.evaluated(columns, values);
            }
        }
        if (resumedFrom == total) {
            writeMetrics(out.resolve(METRICS), columns, metricRows);
        }
        RbmStack model = trainer.model();
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("createdBy", "train");
        extra.put("epoch", trainer.epoch());
        extra.put("training", settings.asMap());
        ModelStore.save(model, out.resolve("model"), extra);
        writeManifest(out.resolve("manifest.json"), settings, dataInfo, monitor);
        return new Result(lastLl, trainer.epoch(), resumedFrom, model);
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
        writeAtomically(file, sb.toString());
    }

    private static void writeManifest(Path file, TrainingSettings settings, Map<String, Object> dataInfo,
                                      Monitor monitor) throws IOException {
        ObjectNode root = ModelStore.json().createObjectNode();
        root.put("command", "train");
        root.put("suiteVersion", SuiteVersion.get());
        root.put("seed", settings.seed());
        root.set("settings", ModelStore.json().valueToTree(settings.asMap()));
        root.set("data", ModelStore.json().valueToTree(dataInfo));
        root.put("logLikelihoodMethod", monitor.logLikelihoodMethod());
        root.set("metricsColumns", ModelStore.json().valueToTree(monitor.columns()));
        root.put("model", "model");
        root.put("checkpoint", CHECKPOINT);
        writeAtomically(file, ModelStore.json().writeValueAsString(root) + "\n");
    }

    /**
     * Writes text to a temporary file in the same folder and moves it into place atomically.
     *
     * @param file destination
     * @param text content (UTF-8)
     * @throws IOException on failure (the temporary file is removed)
     */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path abs = file.toAbsolutePath();
        Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName() + ".tmp-", "");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                w.write(text);
            }
            Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }
}
