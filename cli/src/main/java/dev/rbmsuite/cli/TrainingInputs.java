package dev.rbmsuite.cli;

import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.cost.CostLimitException;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import dev.rbmsuite.datasets.idx.IdxDataset;
import dev.rbmsuite.datasets.idx.IdxFile;
import dev.rbmsuite.datasets.io.DatasetCsv;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
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
        requireKernel(s, (int) n);
    }

    /**
     * Builds the run's kernel once, with its parameters, on a stack of the run's shape: a value the
     * kernel refuses ({@code beta-min=2}, {@code temperatures=0x5}) is then an input error before
     * anything is created, as in {@code sample}. It used to surface when the trainer built the kernel,
     * as an internal error (exit 1), and {@code compare} had by then trained the kernels named before
     * it and left their trials behind.
     *
     * @param s the validated settings
     * @param visible the data's dimension
     * @throws InputException naming --kernel-param
     */
    static void requireKernel(TrainingSettings s, int visible) {
        RbmStack shape = RbmStack.xavier(visible, s.hidden(), Rng.seeded(0));
        KernelChoice.create(KernelChoice.factory(s.kernel()), shape, s.kernelParams());
    }

    /**
     * A file is anything named {@code *.csv} or with a folder in its name (no registered name has one),
     * and anything else that exists on the file system, unless it is a
     * registered data set's name and not a regular file (a folder called "islands" in the current
     * folder does not hide the data set). So {@code --data /dev/zero} or a folder is read as a file and
     * refused as one ("not a regular file", "is a folder"), not reported as an unknown data set.
     *
     * @param data the value of --data
     * @return whether it names a file rather than a registered data set
     */
    static boolean isFile(String data) {
        if (data.toLowerCase(Locale.ROOT).endsWith(".csv") || data.indexOf('/') >= 0
                || data.indexOf(File.separatorChar) >= 0) {
            return true;
        }
        Path path;
        try {
            path = Path.of(data);
        } catch (InvalidPathException e) {
            return false;
        }
        if (Files.isRegularFile(path)) {
            return true;
        }
        boolean registered = Datasets.names().stream().anyMatch(n -> n.equalsIgnoreCase(data));
        return !registered && Files.exists(path, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * @param data a registered data set's name, a CSV file or an IDX image file (docs/contract.md)
     * @param dataParams the registered data set's parameters, or an IDX file's (labels, binarise, ...)
     * @param dataSeed the synthetic data set's seed (and an IDX file's stochastic binarisation's)
     * @return the data set
     * @throws InputException on a malformed file, an unknown name, parameters given for a file, or a
     *     genrbm setting estimated above 10 minutes (CostGuard)
     */
    static BinaryDataset load(String data, Map<String, String> dataParams, long dataSeed) {
        if (data.isBlank()) {
            // the file system reads an empty name as the current folder: "'': is a folder" named nothing
            throw new InputException("option --data: an empty name; give a registered data set ("
                    + String.join(", ", Datasets.names()) + "), a CSV file or an IDX image file");
        }
        if (isFile(data)) {
            Path file;
            try {
                file = Path.of(data);
            } catch (InvalidPathException e) {
                throw new InputException("option --data: '" + data + "' is not a valid file name (" + e.getReason() + ")", e);
            }
            if (IdxFile.looksLikeIdx(file)) {
                return IdxDataset.load(file, dataParams, Rng.seeded(dataSeed));
            }
            if (!dataParams.isEmpty()) {
                throw new InputException("option --data-param: only for registered data sets and IDX files, not for the "
                        + "file " + data);
            }
            ResultManifest.verify(file, "--data");
            return DatasetCsv.read(file);
        }
        try {
            return Datasets.create(data, dataParams, Rng.seeded(dataSeed), CostGuard.DEFAULT);
        } catch (CostLimitException e) {
            // train and compare have no --allow-slow: such a data set is written once by the dataset command
            throw new InputException("option --data-param: " + data + " would take about "
                    + CostGuard.duration(e.estimatedSeconds()) + " to generate, above the limit of "
                    + CostGuard.duration(e.limitSeconds()) + "; write it once with rbm dataset " + data
                    + " --param k=v... --seed D --allow-slow --out FILE.csv, then pass --data FILE.csv", e);
        }
    }

}
