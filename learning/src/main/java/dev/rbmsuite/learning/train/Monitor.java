package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.RangeException;
import dev.rbmsuite.core.Ranges;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.ais.AisResult;
import dev.rbmsuite.diagnostics.ais.BaseRate;
import dev.rbmsuite.diagnostics.ais.MarginalAis;
import dev.rbmsuite.diagnostics.exact.ExactLikelihood;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.diagnostics.exact.ExactMoments;
import dev.rbmsuite.diagnostics.spectral.BgsTransitionMatrix;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import dev.rbmsuite.learning.estimators.Moments;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The training monitors of Fig. 2 and Figs. 6-7 (docs/methods.md section 7.2), evaluated after an update, in the
 * columns of the contract's {@code metrics.csv}:
 * <ul>
 *   <li>{@code logLikelihood}: the mean log-likelihood of the data under theta_0 (Eq. log_likelihood,
 *       visible marginal; {@link ExactLikelihood}), with log Z by exact enumeration of the smaller
 *       layer ({@link ExactLogZ}) when min(n_0, m_0) &le; {@value #EXACT_LL_LIMIT}, otherwise by mAIS
 *       ({@link MarginalAis}; docs/methods.md section 1.3, base-rate start from the data, {@link BaseRate}),
 *       whose standard error of ln Z (= that of the log-likelihood) goes to {@code logZStdErr};</li>
 *   <li>{@code maeB, maeC, maeW}: the mean absolute errors of the negative-phase estimates of theta_0
 *       actually used in that update against the exact moments of the parameters of that update
 *       ({@link ExactMoments}, enumeration of the smaller layer), when min(n_0, m_0) &le;
 *       {@value #EXACT_MOMENTS_LIMIT} (2^20 states: about 0.3 s per evaluation at m = 100) and
 *       {@link MonitorSettings#moments()} asks for them;</li>
 *   <li>{@code lambda2}: the second eigenvalue of the BGS transition matrix of theta_0 (paper
 *       Appendix B; {@link Lambda2}, Rao-Blackwellised estimator by default), when requested; only
 *       for n_0 &le; {@value BgsTransitionMatrix#MAX_VISIBLE} (2^n x 2^n matrix), at the epochs that
 *       are multiples of its cadence (the field is empty at other evaluations);</li>
 *   <li>{@code holdoutLogLikelihood}, last, with a held-out set ({@link MonitorExtras}): its mean
 *       log-likelihood under the same log Z (so with mAIS it shares {@code logZStdErr}).</li>
 * </ul>
 * An evaluation estimated at {@value #PROGRESS_SECONDS} s or more (exact log Z: ExactLogZ's cost model;
 * mAIS: {@link MarginalAis#estimatedSeconds}) says so on the extras' progress stream when it starts and
 * reports every {@value #PROGRESS_SECONDS} s while it runs (core CostGuard); the values do not depend on it.
 * Every value is a deterministic function of the trainer's state and the seed: the exact
 * enumerations reduce in a fixed order with deterministic vector functions, and the random streams of
 * mAIS and lambda2 at epoch t are {@code Rng.seeded(seed).fork(4, t, 1)} and {@code .fork(4, t, 2)}
 * (independent of the training streams), so metrics are bit-identical for the same seed and across a
 * resume.
 */
public final class Monitor {
    /** Largest min(n, m) for which the log-likelihood is computed exactly ("auto"). */
    public static final int EXACT_LL_LIMIT = 25;
    /** Largest min(n, m) for which exact moments (and so the MAEs) are computed. */
    public static final int EXACT_MOMENTS_LIMIT = 20;

    /** Evaluations estimated at this many seconds or more report their progress. */
    public static final double PROGRESS_SECONDS = 5.0;

    private static final long EVAL = 4;

    private final double[] data;
    private final int rows;
    private final boolean exactLl;
    private final boolean maes;
    private final boolean lambda2;
    private final int lambda2Every;
    private final Lambda2.Estimator lambda2Estimator;
    private final int lambda2Repeats;
    private final AisOptions ais;
    private final Rng root;
    private final double[] holdout;
    private final int holdoutRows;
    private CostGuard progress;
    private final int visible;
    private final int hidden;
    private final List<String> columns = new ArrayList<>();

    /**
     * Exact monitors only (log-likelihood and MAEs), as used by the figure runs.
     *
     * @param data the training data, rows x n_0 (kept)
     * @param rows N_d
     * @param visible n_0
     * @param hidden m_0
     * @throws IllegalArgumentException if min(n_0, m_0) &gt; {@value #EXACT_LL_LIMIT}
     */
    public Monitor(double[] data, int rows, int visible, int hidden) {
        this(data, rows, visible, hidden, false, 1, MonitorSettings.DEFAULTS.withLogLikelihood(LogLikelihoodMethod.EXACT), 0,
                MonitorExtras.NONE);
    }

    /**
     * The monitors a training run asks for.
     *
     * @param data the training data, rows x n_0 (kept)
     * @param rows N_d
     * @param visible n_0
     * @param settings the run's settings (hidden sizes, lambda2, monitor settings, seed)
     * @throws IllegalArgumentException naming the setting when a monitor cannot be computed (the
     *     message starts with the setting's name)
     */
    public Monitor(double[] data, int rows, int visible, TrainingSettings settings) {
        this(data, rows, visible, settings, MonitorExtras.NONE);
    }

    /**
     * The monitors a training run asks for, with a held-out set and a progress stream.
     *
     * @param data the training data, rows x n_0 (kept)
     * @param rows N_d
     * @param visible n_0
     * @param settings the run's settings (hidden sizes, lambda2, monitor settings, seed)
     * @param extras the held-out set (n_0 columns) and where long evaluations report
     * @throws IllegalArgumentException naming the setting when a monitor cannot be computed (the
     *     message starts with the setting's name)
     */
    public Monitor(double[] data, int rows, int visible, TrainingSettings settings, MonitorExtras extras) {
        this(data, rows, visible, settings.hidden()[0], settings.lambda2(), settings.lambda2Every(), settings.monitor(),
                settings.seed(), extras);
    }

    private Monitor(double[] data, int rows, int visible, int hidden, boolean lambda2, int lambda2Every,
                    MonitorSettings ms, long seed, MonitorExtras extras) {
        int small = Math.min(visible, hidden);
        LogLikelihoodMethod method = ms.logLikelihood();
        if (method == LogLikelihoodMethod.EXACT && small > EXACT_LL_LIMIT) {
            throw new IllegalArgumentException("loglik-method exact needs min(n, m) <= " + EXACT_LL_LIMIT + ", got n="
                    + visible + ", m=" + hidden + " (use mais or auto)");
        }
        if (lambda2 && visible > BgsTransitionMatrix.MAX_VISIBLE) {
            throw new IllegalArgumentException("lambda2 needs n <= " + BgsTransitionMatrix.MAX_VISIBLE
                    + " (the BGS transition matrix has 2^n x 2^n entries), got n=" + visible);
        }
        this.data = data;
        this.rows = rows;
        this.exactLl = method.exactFor(small);
        this.maes = ms.moments() && small <= EXACT_MOMENTS_LIMIT;
        this.lambda2 = lambda2;
        this.lambda2Every = lambda2Every;
        this.lambda2Estimator = ms.lambda2Estimator();
        this.lambda2Repeats = ms.lambda2Repeats();
        this.root = Rng.seeded(seed);
        this.visible = visible;
        this.hidden = hidden;
        this.holdout = extras.holdout();
        this.holdoutRows = extras.holdoutRows();
        if (holdout != null && holdout.length != (long) holdoutRows * visible) {
            throw new IllegalArgumentException("holdout has " + holdout.length / Math.max(1, holdoutRows)
                    + " columns, the training data " + visible);
        }
        PrintStream sink = extras.progress();
        this.progress = sink == null ? null : CostGuard.UNLIMITED.withProgress(sink, PROGRESS_SECONDS);
        if (exactLl) {
            this.ais = null;
        } else {
            this.ais = new AisOptions(ms.aisSchedule().schedule(ms.aisTemperatures()), ms.aisRuns(), BaseRate.visibleBias(data, rows, visible));
        }
        columns.add("epoch");
        columns.add("logLikelihood");
        if (!exactLl) {
            columns.add("logZStdErr");
        }
        if (maes) {
            columns.add("maeB");
            columns.add("maeC");
            columns.add("maeW");
        }
        if (lambda2) {
            columns.add("lambda2");
        }
        if (holdout != null) {
            columns.add("holdoutLogLikelihood");
        }
    }

    /**
     * Reports progress from a lower estimate than {@value #PROGRESS_SECONDS} s (for tests).
     *
     * @param seconds the smallest estimate that reports (positive)
     * @param sink where to report
     */
    void progressFrom(double seconds, PrintStream sink) {
        this.progress = CostGuard.UNLIMITED.withProgress(sink, seconds);
    }

    /**
     * @param model the bottom RBM to evaluate (its shape is the monitor's)
     * @return the estimated seconds of one log-likelihood evaluation: log Z (exact enumeration or mAIS
     *     at the settings' K and N) plus the marginals of the training and held-out rows
     */
    public double estimatedSeconds(Rbm model) {
        double rowsCost = (double) (rows + holdoutRows) * visible * hidden * 1e-9;
        return (exactLl ? ExactLogZ.estimatedSeconds(model)
                : MarginalAis.estimatedSeconds(visible, hidden, ais.schedule().steps(), ais.runs())) + rowsCost;
    }

    /** @return the CSV column names, {@code epoch} first */
    public List<String> columns() {
        return List.copyOf(columns);
    }

    /** @return how the log-likelihood is computed: "exact" or "mais" */
    public String logLikelihoodMethod() {
        return exactLl ? "exact" : "mais";
    }

    /**
     * @param trainer a trainer right after an update
     * @return the values of {@link #columns()} (epoch first) for this evaluation; NaN for lambda2 at
     *     epochs off its cadence
     */
    public double[] evaluate(Trainer trainer) {
        double[] out = new double[columns.size()];
        int epoch = trainer.epoch();
        out[0] = epoch;
        Rbm bottom = trainer.model().bottom();
        int c = 1;
        CostGuard.Task task = progress == null ? null : progress.start((exactLl ? "exact" : "mAIS (K="
                + (ais.schedule().steps()) + ", N=" + ais.runs() + ")") + " log-likelihood at epoch " + epoch,
                estimatedSeconds(bottom), 0);
        try {
            c = logLikelihood(bottom, epoch, out, c);
        } finally {
            if (task != null) {
                task.close();
            }
        }
        if (maes) {
            double[] e = trainer.lastNegative(0).meanAbsoluteErrors(exactMoments(trainer.lastUpdateModel().bottom()));
            out[c++] = Ranges.nonNegative("maeB", e[0]);
            out[c++] = Ranges.nonNegative("maeC", e[1]);
            out[c++] = Ranges.nonNegative("maeW", e[2]);
        }
        if (lambda2) {
            out[c++] = epoch % lambda2Every == 0
                    ? Ranges.finite("lambda2", Lambda2.estimate(bottom, lambda2Estimator, lambda2Repeats,
                            root.fork(EVAL, epoch, 2)).lambda2())
                    : Double.NaN;
        }
        return out;
    }

    /**
     * Fills logLikelihood (and logZStdErr with mAIS) from index {@code c}, and holdoutLogLikelihood
     * (the last column) with a held-out set.
     *
     * @return the next index after logLikelihood (and logZStdErr)
     */
    private int logLikelihood(Rbm bottom, int epoch, double[] out, int c) {
        int last = out.length - 1;
        if (exactLl) {
            double logZ = ExactLogZ.logZ(bottom);
            out[c++] = ExactLikelihood.checkedLogLikelihood(bottom, logZ, data, rows);
            if (holdout != null) {
                out[last] = ExactLikelihood.checkedLogLikelihood(bottom, logZ, holdout, holdoutRows);
            }
        } else {
            // an estimate (a low log Z estimate raises it), but a positive mean log P(v) is impossible: it says
            // the annealing was too short to trust, as `loglik --method mais` refuses it too
            AisResult z = MarginalAis.estimate(bottom, ais, root.fork(EVAL, epoch, 1));
            double ll = ExactLikelihood.logLikelihood(bottom, Ranges.finite("logZ", z.logZ()), data, rows);
            if (ll > 0) {
                throw new RangeException("the mAIS log-likelihood at epoch "
                        + epoch + " is " + ll + " > 0 (its log Z estimate is too low); use more --ais-runs and "
                        + "--ais-temperatures");
            }
            out[c++] = Ranges.finite("logLikelihood", ll);
            out[c++] = Ranges.nonNegative("logZStdErr", z.stdErr());
            if (holdout != null) {
                out[last] = Ranges.finite("holdoutLogLikelihood",
                        ExactLikelihood.logLikelihood(bottom, z.logZ(), holdout, holdoutRows));
            }
        }
        return c;
    }

    /**
     * The exact moments of the diagnostics' {@link ExactMoments} in the estimators' holder.
     *
     * @param rbm the model (min(n, m) at most {@value #EXACT_MOMENTS_LIMIT} for the monitors)
     * @return E[v_i], E[h_j], E[v_i h_j]
     */
    static Moments exactMoments(Rbm rbm) {
        dev.rbmsuite.diagnostics.exact.Moments x = ExactMoments.of(rbm);
        return Moments.of(x.n(), x.m(), x.visible(), x.hidden(), x.joint());
    }
}
