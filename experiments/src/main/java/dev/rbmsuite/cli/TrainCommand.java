package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import dev.rbmsuite.datasets.io.DatasetCsv;
import dev.rbmsuite.learning.train.TrainingRun;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code train}: trains the bottom RBM theta_0 (and, for dt and roundtrip, the upper RBMs of the
 * stack, jointly, Eq. grad_Deep) as in the paper (Sec. 5.1; METHODS.md 7.1): Xavier init, persistent
 * chains advanced by one kernel transition per epoch, semi-second-order SMCI, AdaMax.
 *
 * <p>Writes DIR/metrics.csv, DIR/model/, DIR/manifest.json and DIR/checkpoint.bin. <b>Resuming is
 * automatic:</b> rerunning the same command with the same --out continues from the last checkpoint
 * (one per evaluation) and gives byte-identical outputs; a larger --epochs extends a finished run;
 * --restart discards the checkpoint. Progress goes to stderr: a progress bar when stderr is a
 * terminal, otherwise one line per evaluation (nothing with --quiet).
 */
@Command(name = "train", description = "Train an RBM (bgs) or an RBM stack (dt, roundtrip) on a data set; resumable.")
final class TrainCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--data", required = true, paramLabel = "NAME|FILE.csv",
            description = "a registered data set (genrbm, islands, pentagon, iris, wine, seeds) or a CSV file")
    String data;

    @Option(names = "--data-param", paramLabel = "k=v", description = "parameter of a registered data set, e.g. a=0.4")
    Map<String, String> dataParams = new LinkedHashMap<>();

    @Option(names = "--data-seed", paramLabel = "D",
            description = "seed of a synthetic data set, independent of --seed so that runs share one data set (default ${DEFAULT-VALUE})")
    long dataSeed = 1;

    @Option(names = "--kernel", required = true, paramLabel = "bgs|dt|roundtrip", description = "transition kernel of the persistent chains")
    String kernel;

    @Option(names = "--hidden", required = true, split = ",", paramLabel = "m0[,m1,...]",
            description = "hidden sizes, bottom first (bgs: one size; dt/roundtrip: m0 then the upper RBMs, e.g. 100,50,25,12)")
    int[] hidden;

    @Option(names = "--epochs", required = true, paramLabel = "E", description = "full-batch updates")
    int epochs;

    @Option(names = "--lr", paramLabel = "R", description = "AdaMax learning rate (default ${DEFAULT-VALUE})")
    double lr = 0.01;

    @Option(names = "--samples", paramLabel = "N", description = "persistent chains per layer, N_s (default ${DEFAULT-VALUE})")
    int samples = 100;

    @Option(names = "--estimator", paramLabel = "smci2|mc", description = "negative-phase estimator (default ${DEFAULT-VALUE})")
    String estimator = "smci2";

    @Option(names = "--eval-every", paramLabel = "K", description = "evaluate (and checkpoint) every K epochs (default ${DEFAULT-VALUE})")
    int evalEvery = 100;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder")
    Path out;

    @Option(names = "--restart", description = "discard an existing checkpoint in --out and start afresh")
    boolean restart;

    @Option(names = "--quiet", description = "no progress on stderr")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        TrainingSettings settings = settings();
        BinaryDataset ds = load();
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("name", ds.name());
        info.put("source", data);
        if (isFile()) {
            info.put("file", Path.of(data).toAbsolutePath().normalize().toString());
        } else {
            info.put("parameters", dataParams);
            info.put("dataSeed", dataSeed);
        }
        info.put("rows", ds.size());
        info.put("columns", ds.dimension());
        Progress progress = new Progress(settings.epochs(), quiet);
        TrainingRun.Result r;
        try {
            r = TrainingRun.run(settings, ds.toArray(), ds.size(), ds.dimension(), info, out, restart, progress);
        } finally {
            progress.close();
        }
        ObjectNode result = Output.object();
        result.put("finalLogLikelihood", r.finalLogLikelihood());
        result.put("epochs", r.epochs());
        Output.print(common, result, x -> String.format(Locale.ROOT,
                "trained %s with %s for %d epochs%s: final log-likelihood %.6f; wrote %s",
                r.model(), settings.kernel(), r.epochs(),
                r.resumedFrom() > 0 ? " (resumed from epoch " + r.resumedFrom() + ")" : "",
                r.finalLogLikelihood(), out));
        return 0;
    }

    private TrainingSettings settings() {
        try {
            return new TrainingSettings(kernel, hidden, epochs, lr, samples, estimator, evalEvery, common.seed(), false);
        } catch (IllegalArgumentException e) {
            String msg = e.getMessage();
            String option = msg.startsWith("kernel") ? "--kernel" : msg.startsWith("hidden") ? "--hidden"
                    : msg.startsWith("epochs") ? "--epochs" : msg.startsWith("learning") ? "--lr"
                    : msg.startsWith("samples") ? "--samples" : msg.startsWith("estimator") ? "--estimator"
                    : msg.startsWith("eval") ? "--eval-every" : "train";
            throw new InputException("option " + option + ": " + msg, e);
        }
    }

    private boolean isFile() {
        return data.toLowerCase(Locale.ROOT).endsWith(".csv") || Files.isRegularFile(Path.of(data));
    }

    private BinaryDataset load() {
        if (isFile()) {
            if (!dataParams.isEmpty()) {
                throw new InputException("option --data-param: only for registered data sets, not for the file " + data);
            }
            return DatasetCsv.read(Path.of(data));
        }
        return Datasets.create(data, dataParams, Rng.seeded(dataSeed));
    }

    /** Progress on stderr: a bar on a terminal, else one line per evaluation. */
    private static final class Progress implements TrainingRun.Listener, AutoCloseable {
        private final boolean quiet;
        private final ProgressBar bar;
        private final PrintStream err = System.err;

        Progress(int total, boolean quiet) {
            this.quiet = quiet;
            this.bar = quiet || System.console() == null ? null : new ProgressBarBuilder().setTaskName("train")
                    .setInitialMax(total).setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
        }

        @Override
        public void epochDone(int epoch, int total) {
            if (bar != null) {
                bar.stepTo(epoch);
            }
        }

        @Override
        public void evaluated(List<String> columns, double[] values) {
            String msg = String.format(Locale.ROOT, "LL %.5f", values[1]);
            if (bar != null) {
                bar.setExtraMessage(msg);
            } else if (!quiet) {
                err.printf(Locale.ROOT, "train: epoch %d  %s%n", (long) values[0], msg);
                err.flush();
            }
        }

        @Override
        public void resumed(int epoch) {
            if (!quiet) {
                if (bar != null) {
                    bar.stepTo(epoch);
                } else {
                    err.println("train: resuming from the checkpoint at epoch " + epoch);
                }
            }
        }

        @Override
        public void close() {
            if (bar != null) {
                bar.close();
            }
        }
    }
}
