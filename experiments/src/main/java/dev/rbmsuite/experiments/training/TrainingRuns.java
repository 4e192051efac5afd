package dev.rbmsuite.experiments.training;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.TrialUnits;
import dev.rbmsuite.experiments.Trials;
import dev.rbmsuite.experiments.sampling.KernelVariant;
import dev.rbmsuite.learning.train.Checkpoint;
import dev.rbmsuite.learning.train.Monitor;
import dev.rbmsuite.learning.train.MonitorSettings;
import dev.rbmsuite.learning.train.Trainer;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs (or resumes) the trials of a training configuration, shared by every figure that needs it:
 * trials live in {@code ROOT/training/NAME/} and draw from a stream that depends on the seed and
 * the configuration only, so figure 6 and figure 8 see the very same GenRBM round-trip runs.
 *
 * <p>Each trial trains with semi-second-order SMCI and AdaMax as in section 5.1 and records, every
 * {@code evalEvery} epochs, the log-likelihood (exact where min(n, m) &lt;= 25, otherwise with mAIS,
 * docs/methods.md section 7.2), the three MAEs where exact moments are affordable, and lambda2 with the paper's
 * count estimator and the Rao-Blackwellised one at the lambda2 cadence (NaN elsewhere).
 */
public final class TrainingRuns {
    private static final long EVAL = 0x4556414CL;

    private TrainingRuns() {
    }

    /** @return the shared training folder of a figure's output root */
    static Path base(ExperimentContext ctx) {
        return ctx.dir().toAbsolutePath().getParent().resolve("training");
    }

    /**
     * @param ctx the figure's context (its parent folder holds the shared training folder)
     * @param cfg the configuration
     * @return the learning curves, one table per trial
     * @throws IOException on read or write failure of kept trials
     */
    public static List<CsvTable> run(ExperimentContext ctx, RunConfig cfg) throws IOException {
        TrainingProblem problem = TrainingProblem.paper(cfg.dataset(), ctx.dataSeed());
        return run(ctx, base(ctx), cfg, problem, cfg.asMap());
    }

    /**
     * Runs (or resumes) the trials of a configuration on any problem ({@code rbm compare}).
     *
     * @param ctx the context (seed, threads, progress)
     * @param base the folder holding one sub-folder of trials per configuration
     * @param cfg the configuration (its data set name names the trials only)
     * @param problem the data, hidden sizes, learning rate, N_s and kernel parameters
     * @param settings every setting the trials depend on (a change discards kept trials)
     * @return the learning curves, one table per trial
     * @throws IOException on read or write failure of kept trials
     */
    public static List<CsvTable> run(ExperimentContext ctx, Path base, RunConfig cfg, TrainingProblem problem,
                                     Map<String, ?> settings) throws IOException {
        Rng root = Rng.seeded(ctx.seed()).fork(ExperimentContext.label("training"));
        return Trials.run(ctx, base, root, cfg.name(), cfg.trials(), settings,
                (trial, rng, artifacts) -> trial(ctx, cfg, problem, trial, rng, artifacts));
    }

    /**
     * The trained model and final chains of one trial kept under {@code base}.
     *
     * @param base the folder passed to {@link #run(ExperimentContext, Path, RunConfig, TrainingProblem, java.util.Map)}
     * @param cfg the configuration
     * @param trial the trial index
     * @return the model and chains
     */
    public static TrainedModel model(Path base, RunConfig cfg, int trial) {
        return TrainedModel.load(Trials.artifacts(base, cfg.name(), trial));
    }

    /**
     * @param cfg a configuration
     * @return its trials as a group of units of work ({@code ROOT/training/NAME/}), run through {@link #run}
     */
    public static TrialUnits.Group group(RunConfig cfg) {
        return new TrialUnits.Group(TrialUnits.TRAINING, cfg.name(),
                cfg.trials(), ctx -> run(ctx, cfg));
    }

    /**
     * The trained model and final chains of one trial (after {@link #run}).
     *
     * @param ctx the figure's context
     * @param cfg the configuration
     * @param trial the trial index
     * @return the model and chains
     */
    public static TrainedModel model(ExperimentContext ctx, RunConfig cfg, int trial) {
        return model(base(ctx), cfg, trial);
    }

    /**
     * The trial with the highest final log-likelihood ("the RBM sequence that achieved the highest
     * log-likelihood", section 5.3).
     *
     * @param curves the trials' curves from {@link #run}
     * @return the index of the best trial
     */
    public static int best(List<CsvTable> curves) {
        int best = 0;
        double bestLl = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < curves.size(); r++) {
            double[] ll = curves.get(r).doubles("logLikelihood");
            if (ll[ll.length - 1] > bestLl) {
                bestLl = ll[ll.length - 1];
                best = r;
            }
        }
        return best;
    }

    private static CsvTable trial(ExperimentContext ctx, RunConfig cfg, TrainingProblem problem, int trial, Rng rng,
                                  Path artifacts) throws IOException {
        BinaryDataset data = problem.data();
        int[] hidden = problem.stack(cfg.upperLayers());
        // the learning module's monitor: exact log-likelihood where min(n, m) <= 25, mAIS otherwise
        // (base-rate start, linear schedule), MAEs where exact moments are affordable
        MonitorSettings monitorSettings = MonitorSettings.DEFAULTS.withAis(cfg.aisTemperatures(), cfg.aisRuns())
                .withMoments(cfg.moments());
        TrainingSettings ts = new TrainingSettings(KernelVariant.nameOf(cfg.kernel()), hidden, cfg.epochs(), problem.learningRate(),
                problem.samples(), "smci2", cfg.evalEvery(), rng.nextLong(), false, monitorSettings,
                problem.kernelParams(cfg.kernel()), problem.batchSize());
        double[] x = data.toArray();
        int n = data.dimension();
        Trainer trainer = new Trainer(ts, x, data.size(), n);
        Monitor monitor = new Monitor(x, data.size(), n, ts);
        // the final point, the reported number, with the full mAIS settings where mAIS is used
        Monitor last = new Monitor(x, data.size(), n,
                ts.withMonitor(monitorSettings.withAis(cfg.finalAisTemperatures(), cfg.finalAisRuns())));
        List<String> columns = new ArrayList<>(monitor.columns());
        if (cfg.lambda2Every() > 0) {
            // both estimators side by side (figure 2): the paper's counts and the Rao-Blackwellised one
            columns.add("lambda2Counts");
            columns.add("lambda2RaoBlackwell");
        }
        List<double[]> rows = new ArrayList<>();
        int reportEvery = Math.max(cfg.evalEvery(), cfg.epochs() / 10 / cfg.evalEvery() * cfg.evalEvery());
        Path ckFile = artifacts.resolve(CHECKPOINT);
        String key = ts.toString();
        long fingerprint = Checkpoint.fingerprint(x);
        int from = resume(ckFile, key, fingerprint, trainer, rows, cfg.name(), trial);
        if (from > 0) {
            ctx.progress(String.format("%s trial %d: resumed after epoch %d/%d", cfg.name(), trial + 1, from,
                    cfg.epochs()));
        }
        for (int e = from + 1; e <= cfg.epochs(); e++) {
            if (Interruption.requested()) {
                // a stop within an epoch of the signal (not at the end of the trial, which can take a
                // minute): the trainer's whole state after epoch e - 1 and the rows evaluated up to it,
                // resumed exactly by the next run
                new Checkpoint(key, fingerprint, trainer.snapshot(), encode(rows)).write(ckFile);
                Interruption.check("in trial " + (trial + 1) + " of " + cfg.name() + " after epoch " + (e - 1)
                        + " (checkpoint written); rerun the same command to resume");
            }
            boolean evaluate = e % cfg.evalEvery() == 0;
            // an evaluation (mAIS, lambda2) can take far longer than an update: the state before this
            // epoch's update is kept, so that a stop during the evaluation resumes by redoing both (the
            // monitor reads the update's own estimates, which a checkpoint does not hold)
            Trainer.Snapshot before = evaluate ? trainer.snapshot() : null;
            trainer.update();
            if (!evaluate) {
                continue;
            }
            final int epoch = e;
            double[] row = stoppable(() -> {
                double[] r = new double[columns.size()];
                Arrays.fill(r, Double.NaN);
                double[] m = (epoch == cfg.epochs() ? last : monitor).evaluate(trainer);
                System.arraycopy(m, 0, r, 0, m.length);
                if (cfg.lambda2Every() > 0 && epoch % cfg.lambda2Every() == 0) {
                    Rbm bottom = trainer.model().bottom();
                    r[columns.size() - 2] = Lambda2.estimate(bottom, Lambda2.Estimator.COUNTS,
                            cfg.lambda2CountRepeats(), rng.fork(EVAL, epoch, 1)).lambda2();
                    r[columns.size() - 1] = Lambda2.estimate(bottom, Lambda2.Estimator.RAO_BLACKWELL,
                            cfg.lambda2RbRepeats(), rng.fork(EVAL, epoch, 2)).lambda2();
                }
                return r;
            }, () -> {
                new Checkpoint(key, fingerprint, before, encode(rows)).write(ckFile);
                Interruption.check("in trial " + (trial + 1) + " of " + cfg.name() + " after epoch " + (epoch - 1)
                        + " (checkpoint written); rerun the same command to resume");
            });
            rows.add(row);
            if (e % reportEvery == 0 && e < cfg.epochs()) {
                ctx.progress(String.format("%s trial %d: epoch %d/%d, log-likelihood %.4f", cfg.name(), trial + 1, e,
                        cfg.epochs(), row[1]));
            }
        }
        Files.deleteIfExists(ckFile);
        new TrainedModel(trainer.model(), trainer.chains().copy()).save(artifacts, cfg.asMap(), ts.seed());
        List<double[]> cols = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            double[] col = new double[rows.size()];
            for (int r = 0; r < rows.size(); r++) {
                col[r] = rows.get(r)[c];
            }
            cols.add(col);
        }
        return CsvTable.ofColumns(columns, cols);
    }

    /** The checkpoint of an interrupted trial, in the trial's artifact folder (deleted when the trial ends). */
    static final String CHECKPOINT = "checkpoint.bin";

    /**
     * Restores an interrupted trial from its checkpoint (written at a stop requested by SIGINT or
     * SIGTERM): the trainer's state after the checkpoint's epoch and the rows evaluated up to it. The
     * checkpoint holds every piece of state the trial carries from epoch to epoch (parameters, optimiser
     * moments, persistent chains, the trainer's random stream), and every evaluation draws from its own
     * fork of the trial's stream, so the resumed trial writes the bytes of an uninterrupted one.
     *
     * @return the epoch to continue after (0 when there is no checkpoint)
     * @throws InputException when the checkpoint is damaged or belongs to other settings or data
     */
    private static int resume(Path ckFile, String key, long fingerprint, Trainer trainer, List<double[]> rows,
                              String name, int trial) throws IOException {
        if (!Files.exists(ckFile, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        Checkpoint ck;
        try {
            ck = Checkpoint.read(ckFile);
        } catch (IOException e) {
            throw new InputException(ckFile + ": cannot resume trial " + (trial + 1) + " of " + name + ": "
                    + e.getMessage() + "; delete it to compute the trial afresh", e);
        }
        if (!ck.settingsKey().equals(key) || ck.dataFingerprint() != fingerprint) {
            throw new InputException(ckFile + ": checkpoint of trial " + (trial + 1) + " of " + name
                    + " with other settings or data; delete it to compute the trial afresh");
        }
        trainer.restore(ck.snapshot());
        for (String row : ck.metricsRows()) {
            String[] f = row.split(",", -1);
            double[] v = new double[f.length];
            for (int k = 0; k < f.length; k++) {
                v[k] = Double.parseDouble(f[k]);
            }
            rows.add(v);
        }
        return ck.snapshot().epoch();
    }

    /** @return the rows as text that reads back to the same doubles (Double.toString round-trips) */
    private static List<String> encode(List<double[]> rows) {
        List<String> out = new ArrayList<>();
        for (double[] r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < r.length; k++) {
                sb.append(k == 0 ? "" : ",").append(r[k]);
            }
            out.add(sb.toString());
        }
        return out;
    }

    /** What a stop during an evaluation does: write the checkpoint and throw Interruption.Stopped. */
    @FunctionalInterface
    private interface OnStop {
        void stop() throws IOException;
    }

    /**
     * Runs an evaluation on a thread of its own and waits for it, polling for a requested stop every
     * 50 ms: on a stop the evaluation is abandoned (its daemon thread ends with the process) and
     * {@code onStop} writes the checkpoint and throws, so that a trial stops within a fraction of a
     * second of SIGTERM even in its final evaluation.
     */
    private static double[] stoppable(Callable<double[]> evaluation, OnStop onStop)
            throws IOException {
        FutureTask<double[]> task = new FutureTask<>(evaluation);
        Thread t = new Thread(task, "trial-evaluation");
        t.setDaemon(true);
        t.start();
        while (true) {
            try {
                return task.get(50, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (Interruption.requested()) {
                    onStop.stop();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                task.cancel(true);
                throw new IllegalStateException("interrupted while evaluating", e);
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof IOException io) {
                    throw io;
                }
                if (c instanceof RuntimeException re) {
                    throw re;
                }
                if (c instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(c);
            }
        }
    }
}
