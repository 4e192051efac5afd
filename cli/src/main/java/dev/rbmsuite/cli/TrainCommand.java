package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.ChunkPool;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.OptionNames;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.diagnostics.ais.ScheduleKind;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.learning.estimators.Estimator;
import dev.rbmsuite.learning.train.EvalBudget;
import dev.rbmsuite.learning.train.LogLikelihoodMethod;
import dev.rbmsuite.learning.train.MonitorExtras;
import dev.rbmsuite.learning.train.MonitorSettings;
import dev.rbmsuite.learning.train.TrainingRun;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.io.PrintStream;
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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code train}: trains the bottom RBM theta_0 (and, for dt and roundtrip, the upper RBMs of the
 * stack, jointly, Eq. grad_Deep) as in the paper (Sec. 5.1; docs/methods.md section 7.1): Xavier init, persistent
 * chains advanced by one kernel transition per epoch, semi-second-order SMCI, AdaMax.
 *
 * <p>Writes DIR/metrics.csv, DIR/model/, DIR/manifest.json and DIR/checkpoint.bin. <b>Resuming is
 * automatic:</b> rerunning the same command with the same --out continues from the last checkpoint
 * (one per evaluation) and gives byte-identical outputs; a larger --epochs extends a finished run;
 * --restart discards the checkpoint. Progress goes to stderr: a progress bar when stderr is a
 * terminal, otherwise one line per evaluation (nothing with --quiet).
 *
 * <p>Monitors (metrics.csv: epoch, logLikelihood, then logZStdErr with mAIS, maeB/maeC/maeW where
 * min(n, m0) &lt;= 20, lambda2 with --lambda2): the log-likelihood uses exact log Z where
 * min(n, m0) &lt;= 25 and mAIS otherwise (--loglik-method, --ais-temperatures, --ais-runs,
 * --ais-schedule; docs/methods.md section 1.3 and 7.2 defaults K = 10,000, N = 500, base-rate start); lambda2 of
 * the BGS matrix of layer 0 (paper App. B) with --lambda2 for n &lt;= 12. --eval-budget SECONDS chooses
 * mAIS's K and N from a time budget per evaluation through a fixed cost model (the same K and N on every
 * machine; recorded in the manifest); --holdout adds the column holdoutLogLikelihood; evaluations
 * estimated at 5 s or more report their progress on stderr (not with --quiet).
 */
@Command(name = "train", description = "Train an RBM (bgs, pt) or an RBM stack (dt, roundtrip) on a data set; resumable.")
final class TrainCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    DataOptions dataOptions;

    @Option(names = "--kernel", required = true, paramLabel = "K",
            description = "transition kernel of the persistent chains: bgs, dt, roundtrip, pt, gwg, dmala, dula, pas, rsgibbs or a plug-in (see rbm kernels)")
    String kernel;

    @Option(names = "--kernel-param", paramLabel = "k=v",
            description = "a parameter of the kernel (see rbm kernels), e.g. temperatures=5; repeatable")
    Map<String, String> kernelParams = new LinkedHashMap<>();

    @Option(names = "--hidden", required = true, split = ",", paramLabel = "m0[,m1,...]",
            description = "hidden sizes, bottom first (bgs: one size; dt/roundtrip: m0 then the upper RBMs, e.g. 100,50,25,12)")
    int[] hidden;

    @Option(names = "--epochs", required = true, paramLabel = "E", description = "epochs: passes over the data, one update each with the full batch (see --batch-size)")
    int epochs;

    @Option(names = "--lr", paramLabel = "R", description = "AdaMax learning rate (default ${DEFAULT-VALUE})")
    double lr = 0.01;

    @Option(names = "--samples", paramLabel = "N", description = "persistent chains per layer, N_s (default ${DEFAULT-VALUE})")
    int samples = 100;

    @Option(names = "--estimator", paramLabel = "smci2|mc", description = "negative-phase estimator (default ${DEFAULT-VALUE})")
    String estimator = "smci2";

    @Option(names = "--batch-size", paramLabel = "B", description = "rows per update: 0 = the full batch (the paper's update); else mini-batches of B rows, shuffled per epoch, chains carried across them; monitors stay per epoch (default ${DEFAULT-VALUE})")
    int batchSize;

    @Mixin
    ArithmeticOption arithmetic;

    @Option(names = "--eval-every", paramLabel = "K", description = "evaluate (and checkpoint) every K epochs (default ${DEFAULT-VALUE})")
    int evalEvery = 100;

    @Option(names = "--loglik-method", paramLabel = "auto|exact|mais",
            description = "log-likelihood monitor: exact log Z where min(n, m0) <= 25, else mAIS (auto); or forced (default ${DEFAULT-VALUE})")
    String loglikMethod = MonitorSettings.DEFAULTS.logLikelihood().optionName();

    @Option(names = "--ais-temperatures", paramLabel = "K", description = "mAIS annealing steps (default ${DEFAULT-VALUE})")
    int aisTemperatures = MonitorSettings.DEFAULTS.aisTemperatures();

    @Option(names = "--ais-runs", paramLabel = "N", description = "mAIS runs (default ${DEFAULT-VALUE})")
    int aisRuns = MonitorSettings.DEFAULTS.aisRuns();

    @Option(names = "--ais-schedule", paramLabel = "linear|piecewise", description = "mAIS inverse-temperature schedule (default ${DEFAULT-VALUE})")
    String aisSchedule = MonitorSettings.DEFAULTS.aisSchedule().optionName();

    @Option(names = "--eval-budget", paramLabel = "SECONDS",
            description = "choose the mAIS temperatures and runs for about SECONDS per evaluation (fixed cost model, same choice on every machine; recorded in the manifest); instead of --ais-temperatures/--ais-runs")
    Double evalBudget;

    @Option(names = "--holdout", paramLabel = "NAME|FILE.csv",
            description = "a held-out data set (as --data, same columns; a registered one with its default parameters and --data-seed): its mean log-likelihood is the metrics column holdoutLogLikelihood")
    String holdout;

    @Option(names = "--lambda2", description = "also monitor lambda2 of the BGS transition matrix of layer 0 (n <= 12; costly)")
    boolean lambda2;

    @Option(names = "--lambda2-estimator", paramLabel = "rao-blackwell|counts", description = "lambda2 estimator (default ${DEFAULT-VALUE})")
    String lambda2Estimator = MonitorSettings.DEFAULTS.lambda2Estimator().optionName();

    @Option(names = "--lambda2-repeats", paramLabel = "N2", description = "draws per state for lambda2; 0 = the estimator's default (1024 RB, 32768 counts)")
    int lambda2Repeats;

    @Option(names = "--lambda2-every", paramLabel = "K", description = "lambda2 cadence in epochs, a multiple of --eval-every; 0 = every evaluation")
    int lambda2Every;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder")
    Path out;

    @Option(names = "--restart", description = "discard an existing checkpoint in --out and start afresh")
    boolean restart;

    @Option(names = "--force", description = "write into a folder that holds other files too (never over them)")
    boolean force;

    @Option(names = "--quiet", description = "no progress on stderr")
    boolean quiet;

    @Option(names = "--threads", paramLabel = "T",
            description = "threads that share the work of each update; the outputs are the same bytes for every T, and a run resumes with any T (default ${DEFAULT-VALUE})")
    int threads = 1;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        out = OutputFiles.requireFolderName(out, "--out");
        if (threads < 1 || threads > ChunkPool.MAX_THREADS) {
            throw new InputException("option --threads: must be in [1, " + ChunkPool.MAX_THREADS + "], got " + threads);
        }
        TrainingSettings given = settings();
        // every name the run will make, checked against the file system before the data is read
        OutputNames.require("--out", out, TrainingRun.files(out, given.hidden().length));
        BinaryDataset ds = dataOptions.load();
        TrainingSettings settings = withBudget(given, ds.dimension());
        TrainingInputs.guard(settings, ds);
        Map<String, Object> info = dataOptions.describe(ds);
        MonitorExtras extras = extras(ds);
        Progress progress = new Progress(settings.epochs(), quiet);
        TrainingRun.Result r;
        try {
            r = TrainingRun.run(settings, ds.toArray(), ds.size(), ds.dimension(), info, out, restart, force, extras,
                    threads, progress);
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

    /**
     * @param s the settings from the options
     * @param visible the data's dimension
     * @return the settings with the mAIS K and N chosen from --eval-budget (EvalBudget), or unchanged
     * @throws InputException for a budget that is not a positive number, buys too little, or comes
     *     with --ais-temperatures or --ais-runs
     */
    private TrainingSettings withBudget(TrainingSettings s, int visible) {
        if (evalBudget == null) {
            return s;
        }
        for (String o : List.of("--ais-temperatures", "--ais-runs")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InputException("option --eval-budget: chooses the mAIS temperatures and runs itself; give it or "
                        + o + ", not both");
            }
        }
        try {
            int[] kn = EvalBudget.choose(evalBudget, visible, s.hidden()[0]);
            return s.withMonitor(s.monitor().withAis(kn[0], kn[1]));
        } catch (IllegalArgumentException e) {
            throw TrainingInputs.invalid(e, "train");
        }
    }

    /**
     * @param ds the training data
     * @return the held-out set, the budget and the progress stream for the monitors
     * @throws InputException naming --holdout for a set that cannot be read or has other columns
     */
    private MonitorExtras extras(BinaryDataset ds) {
        double budget = evalBudget == null ? Double.NaN : evalBudget;
        PrintStream sink = quiet ? null : System.err;
        if (holdout == null) {
            return new MonitorExtras(null, 0, null, budget, sink);
        }
        BinaryDataset h;
        try {
            h = TrainingInputs.load(holdout, Map.of(), dataOptions.dataSeed);
        } catch (InputException e) {
            String msg = e.getMessage();
            throw new InputException(msg.startsWith("option --data: ") ? "option --holdout: "
                    + msg.substring("option --data: ".length()) : "option --holdout: " + msg, e);
        }
        if (h.dimension() != ds.dimension()) {
            throw new InputException("option --holdout: " + holdout + " has " + h.dimension()
                    + " columns, the training data " + ds.dimension());
        }
        Map<String, Object> hi = new LinkedHashMap<>();
        hi.put("name", h.name());
        hi.put("source", holdout);
        if (TrainingInputs.isFile(holdout)) {
            hi.put("file", Path.of(holdout).toAbsolutePath().normalize().toString());
        } else {
            hi.put("dataSeed", dataOptions.dataSeed);
        }
        return new MonitorExtras(h.toArray(), h.size(), hi, budget, sink);
    }

    private TrainingSettings settings() {
        try {
            MonitorSettings monitor = new MonitorSettings(
                    Choices.parse("--loglik-method", loglikMethod, LogLikelihoodMethod::parse), aisTemperatures,
                    aisRuns, Choices.parse("--ais-schedule", aisSchedule, ScheduleKind::parse),
                    Choices.parse("--lambda2-estimator", lambda2Estimator, MonitorSettings::parseLambda2Estimator),
                    lambda2Repeats, lambda2Every);
            // named in the same words as every other choice option (an empty or padded name shows quoted)
            Choices.parse("--estimator", estimator,
                    name -> OptionNames.parse(List.of(Estimator.values()), Estimator::cliName, name));
            Arithmetic how = arithmetic.parse();
            TrainingSettings s = new TrainingSettings(kernel, hidden, epochs, lr, samples, estimator, evalEvery,
                    common.seed(), lambda2, monitor, kernelParams, batchSize, how);
            // as compare, sample and tv: dt or roundtrip on one RBM would be BGS under another name
            KernelChoice.requireStackSizes(KernelRegistry.installed().factory(kernel), kernel, hidden);
            return s;
        } catch (IllegalArgumentException e) {
            throw TrainingInputs.invalid(e, "train");
        }
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
