package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.OptionNames;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.ais.ScheduleKind;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a training run's monitors are computed (docs/methods.md section 7.2; defaults from its sections 1 and 5).
 *
 * <p>The choices are types; {@link #asMap()} writes their option names, so manifests and checkpoint
 * keys read as they did when the components were those names.
 *
 * @param logLikelihood {@link LogLikelihoodMethod#AUTO} (exact log Z where min(n_0, m_0) &le;
 *     {@value Monitor#EXACT_LL_LIMIT}, else mAIS), or exact or mAIS forced (for example to check mAIS
 *     against exact values)
 * @param aisTemperatures K, the number of mAIS annealing steps (docs/methods.md section 1.3; default 10,000)
 * @param aisRuns N, the number of mAIS runs (default 500)
 * @param aisSchedule linear (beta_k = k/K) or piecewise (Salakhutdinov and Murray's, rescaled)
 * @param lambda2Estimator Rao-Blackwellised (docs/methods.md section 5, default) or counts (the paper's
 *     App. B); one of {@link #LAMBDA2_ESTIMATORS}
 * @param lambda2Repeats N2 per state; 0 for the estimator's default (1024 RB, 2^15 counts)
 * @param lambda2Every lambda2 cadence in epochs, a multiple of the evaluation cadence; 0 for every
 *     evaluation
 * @param moments whether to compute the MAEs of the negative-phase estimates against exact moments
 *     where min(n_0, m_0) &le; {@value Monitor#EXACT_MOMENTS_LIMIT} (about 0.3 s per evaluation at
 *     n = 20; runs that plot only the log-likelihood switch it off)
 */
public record MonitorSettings(LogLikelihoodMethod logLikelihood, int aisTemperatures, int aisRuns,
                              ScheduleKind aisSchedule, Lambda2.Estimator lambda2Estimator, int lambda2Repeats,
                              int lambda2Every, boolean moments) {
    /** The lambda2 estimators a monitor accepts (the exact matrix is for the lambda2 command). */
    public static final List<Lambda2.Estimator> LAMBDA2_ESTIMATORS =
            List.of(Lambda2.Estimator.RAO_BLACKWELL, Lambda2.Estimator.COUNTS);
    /** The defaults of docs/methods.md section 7.2. */
    public static final MonitorSettings DEFAULTS = new MonitorSettings(LogLikelihoodMethod.AUTO,
            AisOptions.DEFAULT_TEMPERATURES, AisOptions.DEFAULT_RUNS, ScheduleKind.LINEAR,
            Lambda2.Estimator.RAO_BLACKWELL, 0, 0);

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
    public MonitorSettings(LogLikelihoodMethod logLikelihood, int aisTemperatures, int aisRuns,
                           ScheduleKind aisSchedule, Lambda2.Estimator lambda2Estimator, int lambda2Repeats,
                           int lambda2Every) {
        this(logLikelihood, aisTemperatures, aisRuns, aisSchedule, lambda2Estimator, lambda2Repeats, lambda2Every, true);
    }

    /** Checks every value; throws IllegalArgumentException starting with the setting's name. */
    public MonitorSettings {
        if (logLikelihood == null) {
            throw new IllegalArgumentException("loglik-method must be one of "
                    + OptionNames.list(List.of(LogLikelihoodMethod.values()), LogLikelihoodMethod::optionName)
                    + ", got none");
        }
        if (aisTemperatures < 3) {
            throw new IllegalArgumentException("ais-temperatures must be at least 3, got " + aisTemperatures);
        }
        if (aisRuns < 2) {
            throw new IllegalArgumentException("ais-runs must be at least 2, got " + aisRuns);
        }
        if (aisSchedule == null) {
            throw new IllegalArgumentException("ais-schedule must be one of "
                    + OptionNames.list(List.of(ScheduleKind.values()), ScheduleKind::optionName) + ", got none");
        }
        if (lambda2Estimator == null || !LAMBDA2_ESTIMATORS.contains(lambda2Estimator)) {
            throw new IllegalArgumentException("lambda2-estimator must be one of "
                    + OptionNames.list(LAMBDA2_ESTIMATORS, Lambda2.Estimator::optionName) + ", got "
                    + (lambda2Estimator == null ? "none" : lambda2Estimator.optionName()));
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
     * @param method the log-likelihood method
     * @return these settings with another log-likelihood method
     */
    public MonitorSettings withLogLikelihood(LogLikelihoodMethod method) {
        return new MonitorSettings(method, aisTemperatures, aisRuns, aisSchedule, lambda2Estimator, lambda2Repeats,
                lambda2Every, moments);
    }

    /**
     * @param name the option name of one of {@link #LAMBDA2_ESTIMATORS}
     * @return that estimator
     * @throws IllegalArgumentException for any other name (the exact matrix included): "'NAME' is not
     *     one of rao-blackwell, counts"
     */
    public static Lambda2.Estimator parseLambda2Estimator(String name) {
        return OptionNames.parse(LAMBDA2_ESTIMATORS, Lambda2.Estimator::optionName, name);
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

    /**
     * @return every setting by name, in a fixed order (for manifests and checkpoints); the choices by
     *     their option names
     */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("logLikelihood", logLikelihood.optionName());
        m.put("aisTemperatures", aisTemperatures);
        m.put("aisRuns", aisRuns);
        m.put("aisSchedule", aisSchedule.optionName());
        m.put("lambda2Estimator", lambda2Estimator.optionName());
        m.put("lambda2Repeats", lambda2Repeats);
        m.put("lambda2Every", lambda2Every);
        m.put("moments", moments);
        return m;
    }
}
