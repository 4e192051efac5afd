package dev.rbmsuite.cli;

import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import dev.rbmsuite.datasets.io.DatasetCsv;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The inputs of the commands that train ({@code train}, {@code compare}): the data set named by
 * {@code --data}, the resource and float64 guards checked before anything is created, and the
 * translation of a settings error into the option that caused it.
 */
final class TrainingInputs {
    private TrainingInputs() {
    }

    /**
     * @param e a TrainingSettings error (its message starts with the setting's name)
     * @param command the command, named where no option is
     * @return the input error naming the option
     */
    static InputException invalid(IllegalArgumentException e, String command) {
        String msg = e.getMessage();
        String first = msg.substring(0, Math.max(0, msg.indexOf(' '))).replace(":", "");
        String option = first.equals("learning") ? "--lr" : first.equals("eval-every") ? "--eval-every"
                : first.isEmpty() ? command : "--" + first;
        return new InputException("option " + option + ": " + msg, e);
    }

    /**
     * The resource and float64 guards, before anything is created: the persistent chains, the data and
     * the estimator's buffers must fit in the heap, and the learning rate must keep the parameters
     * within what float64 can evaluate (AdaMax moves each parameter by at most about lr per epoch, so
     * |theta| stays below lr x epochs x 10 plus its start; FloatLimits).
     *
     * @param s the validated settings
     * @param ds the data
     * @throws InputException naming the option that asks for too much
     */
    static void guard(TrainingSettings s, BinaryDataset ds) {
        guard(s, ds, 1);
    }

    /**
     * As {@link #guard(TrainingSettings, BinaryDataset)} for runs trained at once (each holds its own
     * chains, parameters and buffers).
     *
     * @param s the validated settings
     * @param ds the data
     * @param concurrent how many such runs train at the same time
     * @throws InputException naming the option that asks for too much
     */
    static void guard(TrainingSettings s, BinaryDataset ds, int concurrent) {
        long n = ds.dimension();
        long units = 0;
        long params = 0;
        long v = n;
        int widest = (int) n;
        for (int m : s.hidden()) {
            Memory.requireArray(v * m, "option --hidden: a " + v + " x " + m + " weight matrix");
            units += v + m;
            params = Memory.plus(params, v * m + v + m);
            widest = Math.max(widest, m);
            v = m;
        }
        Memory.requireArray((long) s.samples() * widest, "option --samples: " + s.samples() + " chains of " + widest + " units");
        Memory.requireArray((long) Math.max(s.samples(), ds.size()) * widest, "option --data: " + ds.size() + " rows");
        // chains and data: states, fields and scratch (six copies); parameters: model, gradients, AdaMax
        // moments, estimator correlations and the checkpoint (twelve copies)
        long bytes = Memory.plus(Memory.doubles(6, (long) s.samples() + ds.size(), units), Memory.doubles(12, params));
        Memory.require(Memory.bytes(bytes, concurrent),
                "options --samples/--hidden" + (concurrent > 1 ? "/--threads: " + concurrent + " runs at once of " : ": ")
                + s.samples() + " chains, " + ds.size() + " data rows, " + params + " parameters");
        Memory.requireArray(s.monitor().aisTemperatures() + 1L, "option --ais-temperatures: the annealing schedule");
        WorkLimits.requireAis(s.monitor().aisRuns(), s.monitor().aisTemperatures(), "--ais-runs", "--ais-temperatures");
        if (s.learningRate() * 10.0 * s.epochs() * params > FloatLimits.MAX_SCALE) {
            throw new InputException("option --lr: " + s.learningRate() + " over " + s.epochs() + " epochs could move the "
                    + params + " parameters beyond what float64 can evaluate (sum of |theta| up to "
                    + FloatLimits.MAX_SCALE + "; docs/contract.md, Limits)");
        }
    }

    /**
     * @param data the value of --data
     * @return whether it names a CSV file rather than a registered data set
     */
    static boolean isFile(String data) {
        return data.toLowerCase(Locale.ROOT).endsWith(".csv") || Files.isRegularFile(Path.of(data));
    }

    /**
     * @param data a registered data set's name or a CSV file (docs/contract.md)
     * @param dataParams the registered data set's parameters
     * @param dataSeed the synthetic data set's seed
     * @return the data set
     * @throws InputException on a malformed file, an unknown name or parameters given for a file
     */
    static BinaryDataset load(String data, Map<String, String> dataParams, long dataSeed) {
        if (isFile(data)) {
            if (!dataParams.isEmpty()) {
                throw new InputException("option --data-param: only for registered data sets, not for the file " + data);
            }
            return DatasetCsv.read(Path.of(data));
        }
        return Datasets.create(data, dataParams, Rng.seeded(dataSeed));
    }

}
