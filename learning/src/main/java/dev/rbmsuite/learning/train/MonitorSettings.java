package dev.rbmsuite.learning.train;

import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a training run's monitors are computed (docs/methods.md section 7.2; defaults from its sections 1 and 5).
 *
 * @param logLikelihood "auto" (exact log Z where min(n_0, m_0) &le; {@value Monitor#EXACT_LL_LIMIT},
 *     else mAIS), "exact" or "mais" (forced; for example to check mAIS against exact values)
 * @param aisTemperatures K, the number of mAIS annealing steps (docs/methods.md section 1.3; default 10,000)
 * @param aisRuns N, the number of mAIS runs (default 500)
 * @param aisSchedule "linear" (beta_k = k/K) or "piecewise" (Salakhutdinov and Murray's, rescaled)
 * @param lambda2Estimator "rao-blackwell" (docs/methods.md section 5, default) or "counts" (the paper's App. B)
 * @param lambda2Repeats N2 per state; 0 for the estimator's default (1024 RB, 2^15 counts)
 * @param lambda2Every lambda2 cadence in epochs, a multiple of the evaluation cadence; 0 for every
 *     evaluation
 * @param moments whether to compute the MAEs of the negative-phase estimates against exact moments
 *     where min(n_0, m_0) &le; {@value Monitor#EXACT_MOMENTS_LIMIT} (about 0.3 s per evaluation at
 *     n = 20; runs that plot only the log-likelihood switch it off)
 */
public record MonitorSettings(String logLikelihood, int aisTemperatures, int aisRuns, String aisSchedule,
                              String lambda2Estimator, int lambda2Repeats, int lambda2Every, boolean moments) {
    /** The accepted log-likelihood methods. */
    public static final List<String> LL_METHODS = List.of("auto", "exact", "mais");
    /** The accepted annealing schedules. */
    public static final List<String> SCHEDULES = List.of("linear", "piecewise");
    /** The accepted lambda2 estimators. */
    public static final List<String> LAMBDA2_ESTIMATORS = List.of("rao-blackwell", "counts");
    /** The defaults of docs/methods.md section 7.2. */
    public static final MonitorSettings DEFAULTS = new MonitorSettings("auto", AisOptions.DEFAULT_TEMPERATURES,
            AisOptions.DEFAULT_RUNS, "linear", "rao-blackwell", 0, 0);

    /**
     * Settings that compute the MAEs where affordable.
     *
     * @param logLikelihood see the record
     * @param aisTemperatures see the record
     * @param aisRuns see the record
     * @param aisSchedule see the record
     * @param lambda2Estimator see the record
     * @param lambda2Repeats see the record
     * @param lambda2Every see the record
     */
    public MonitorSettings(String logLikelihood, int aisTemperatures, int aisRuns, String aisSchedule,
                           String lambda2Estimator, int lambda2Repeats, int lambda2Every) {
        this(logLikelihood, aisTemperatures, aisRuns, aisSchedule, lambda2Estimator, lambda2Repeats, lambda2Every, true);
    }

    /** Checks every value; throws IllegalArgumentException starting with the setting's name. */
    public MonitorSettings {
        if (logLikelihood == null || !LL_METHODS.contains(logLikelihood)) {
            throw new IllegalArgumentException("loglik-method must be one of " + LL_METHODS + ", got " + logLikelihood);
        }
        if (aisTemperatures < 3) {
            throw new IllegalArgumentException("ais-temperatures must be at least 3, got " + aisTemperatures);
        }
        if (aisRuns < 2) {
            throw new IllegalArgumentException("ais-runs must be at least 2, got " + aisRuns);
        }
        if (aisSchedule == null || !SCHEDULES.contains(aisSchedule)) {
            throw new IllegalArgumentException("ais-schedule must be one of " + SCHEDULES + ", got " + aisSchedule);
        }
        if (lambda2Estimator == null || !LAMBDA2_ESTIMATORS.contains(lambda2Estimator)) {
            throw new IllegalArgumentException("lambda2-estimator must be one of " + LAMBDA2_ESTIMATORS + ", got "
                    + lambda2Estimator);
        }
        if (lambda2Repeats < 0) {
            throw new IllegalArgumentException("lambda2-repeats must be positive (or 0 for the default), got "
                    + lambda2Repeats);
        }
        if (lambda2Every < 0) {
            throw new IllegalArgumentException("lambda2-every must be positive (or 0 for every evaluation), got "
                    + lambda2Every);
        }
    }

    /**
     * @param method "auto", "exact" or "mais"
     * @return these settings with another log-likelihood method
     */
    public MonitorSettings withLogLikelihood(String method) {
        return new MonitorSettings(method, aisTemperatures, aisRuns, aisSchedule, lambda2Estimator, lambda2Repeats,
                lambda2Every, moments);
    }

    /**
     * @param on whether to compute the MAEs
     * @return these settings with the MAEs switched on or off
     */
    public MonitorSettings withMoments(boolean on) {
        return new MonitorSettings(logLikelihood, aisTemperatures, aisRuns, aisSchedule, lambda2Estimator,
                lambda2Repeats, lambda2Every, on);
    }

    /**
     * @param temperatures K
     * @param runs N
     * @return these settings with another mAIS size
     */
    public MonitorSettings withAis(int temperatures, int runs) {
        return new MonitorSettings(logLikelihood, temperatures, runs, aisSchedule, lambda2Estimator, lambda2Repeats,
                lambda2Every, moments);
    }

    /** @return the diagnostics' estimator for {@link #lambda2Estimator()} */
    public Lambda2.Estimator lambda2EstimatorKind() {
        return lambda2Estimator.equals("counts") ? Lambda2.Estimator.COUNTS : Lambda2.Estimator.RAO_BLACKWELL;
    }

    /** @return every setting by name, in a fixed order (for manifests and checkpoints) */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("logLikelihood", logLikelihood);
        m.put("aisTemperatures", aisTemperatures);
        m.put("aisRuns", aisRuns);
        m.put("aisSchedule", aisSchedule);
        m.put("lambda2Estimator", lambda2Estimator);
        m.put("lambda2Repeats", lambda2Repeats);
        m.put("lambda2Every", lambda2Every);
        m.put("moments", moments);
        return m;
    }
}
