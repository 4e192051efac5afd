package dev.rbmsuite.learning.train;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of a training run (paper Sec. 5.1, Table 1; defaults of docs/methods.md section 7.1).
 *
 * @param kernel "bgs" (a single RBM), "dt" (deep tempering, Alg. 2) or "roundtrip" (Alg. 3)
 * @param hidden m_0, m_1, ..., m_L: hidden sizes bottom first (bgs: exactly one)
 * @param epochs number of updates; one epoch is one full-batch update (docs/methods.md section 7.1)
 * @param learningRate AdaMax step size (the same for every layer)
 * @param samples N_s, persistent chains per layer
 * @param estimator "smci2" (semi-second-order SMCI, Appendix A) or "mc"
 * @param evalEvery monitor (and checkpoint) cadence in epochs
 * @param seed root of all randomness of the run (initialisation, chains, samples)
 * @param lambda2 whether to monitor lambda2 of the training RBM (costly; n_0 &le; 12 only)
 * @param monitor how the monitors are computed (log-likelihood method, mAIS and lambda2 settings)
 */
public record TrainingSettings(String kernel, int[] hidden, int epochs, double learningRate, int samples,
                               String estimator, int evalEvery, long seed, boolean lambda2,
                               MonitorSettings monitor) {
    /** The kernels that training accepts. */
    public static final List<String> KERNELS = List.of("bgs", "dt", "roundtrip");
    /** The estimators that training accepts. */
    public static final List<String> ESTIMATORS = List.of("smci2", "mc");

    /** Checks every value; throws IllegalArgumentException naming the setting. */
    public TrainingSettings {
        hidden = hidden.clone();
        if (!KERNELS.contains(kernel)) {
            throw new IllegalArgumentException("kernel must be one of " + KERNELS + ", got " + kernel);
        }
        if (hidden.length == 0) {
            throw new IllegalArgumentException("hidden: at least one size is needed");
        }
        for (int m : hidden) {
            if (m <= 0) {
                throw new IllegalArgumentException("hidden: sizes must be positive, got " + m);
            }
        }
        if (kernel.equals("bgs") && hidden.length != 1) {
            throw new IllegalArgumentException("hidden: kernel bgs trains a single RBM, give exactly one size (got "
                    + hidden.length + ")");
        }
        if (epochs <= 0) {
            throw new IllegalArgumentException("epochs must be positive, got " + epochs);
        }
        if (!(learningRate > 0) || !Double.isFinite(learningRate)) {
            throw new IllegalArgumentException("learning rate must be positive and finite, got " + learningRate);
        }
        if (samples <= 0) {
            throw new IllegalArgumentException("samples must be positive, got " + samples);
        }
        if (!ESTIMATORS.contains(estimator)) {
            throw new IllegalArgumentException("estimator must be one of " + ESTIMATORS + ", got " + estimator);
        }
        if (evalEvery <= 0) {
            throw new IllegalArgumentException("eval-every must be positive, got " + evalEvery);
        }
        if (monitor == null) {
            monitor = MonitorSettings.DEFAULTS;
        }
        if (monitor.lambda2Every() % evalEvery != 0) {
            throw new IllegalArgumentException("lambda2-every must be a multiple of eval-every (" + evalEvery + "), got "
                    + monitor.lambda2Every());
        }
    }

    /**
     * Settings with the default monitors ({@link MonitorSettings#DEFAULTS}).
     *
     * @param kernel "bgs", "dt" or "roundtrip"
     * @param hidden hidden sizes, bottom first
     * @param epochs number of updates
     * @param learningRate AdaMax step size
     * @param samples N_s
     * @param estimator "smci2" or "mc"
     * @param evalEvery monitor cadence
     * @param seed root seed
     * @param lambda2 whether to monitor lambda2
     */
    public TrainingSettings(String kernel, int[] hidden, int epochs, double learningRate, int samples,
                            String estimator, int evalEvery, long seed, boolean lambda2) {
        this(kernel, hidden, epochs, learningRate, samples, estimator, evalEvery, seed, lambda2, MonitorSettings.DEFAULTS);
    }

    /** @return the lambda2 cadence in epochs (the evaluation cadence unless set) */
    public int lambda2Every() {
        return monitor.lambda2Every() == 0 ? evalEvery : monitor.lambda2Every();
    }

    @Override
    public int[] hidden() {
        return hidden.clone();
    }

    /**
     * @param newEpochs the new number of epochs
     * @return the same settings with another epoch count (extending a finished run)
     */
    public TrainingSettings withEpochs(int newEpochs) {
        return new TrainingSettings(kernel, hidden, newEpochs, learningRate, samples, estimator, evalEvery, seed, lambda2,
                monitor);
    }

    /**
     * @param newMonitor other monitor settings
     * @return the same settings with other monitors (for example a costlier final evaluation)
     */
    public TrainingSettings withMonitor(MonitorSettings newMonitor) {
        return new TrainingSettings(kernel, hidden, epochs, learningRate, samples, estimator, evalEvery, seed, lambda2,
                newMonitor);
    }

    /** @return every setting by name, in a fixed order (for manifests and checkpoints) */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kernel", kernel);
        m.put("hidden", hidden.clone());
        m.put("epochs", epochs);
        m.put("learningRate", learningRate);
        m.put("samples", samples);
        m.put("estimator", estimator);
        m.put("evalEvery", evalEvery);
        m.put("seed", seed);
        m.put("lambda2", lambda2);
        m.put("monitor", monitor.asMap());
        return m;
    }

    /**
     * @param other settings of a checkpoint
     * @return the name of the first setting (other than epochs) that differs, or null if none
     */
    public String firstDifferenceIgnoringEpochs(TrainingSettings other) {
        if (!kernel.equals(other.kernel)) {
            return "kernel";
        }
        if (!Arrays.equals(hidden, other.hidden)) {
            return "hidden";
        }
        if (Double.compare(learningRate, other.learningRate) != 0) {
            return "lr";
        }
        if (samples != other.samples) {
            return "samples";
        }
        if (!estimator.equals(other.estimator)) {
            return "estimator";
        }
        if (evalEvery != other.evalEvery) {
            return "eval-every";
        }
        if (seed != other.seed) {
            return "seed";
        }
        if (lambda2 != other.lambda2) {
            return "lambda2";
        }
        if (!monitor.equals(other.monitor)) {
            return "monitor";
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TrainingSettings s && s.epochs == epochs && firstDifferenceIgnoringEpochs(s) == null;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(hidden) * 31 + kernel.hashCode() + Long.hashCode(seed) + epochs + monitor.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("TrainingSettings[");
        for (Map.Entry<String, Object> e : asMap().entrySet()) {
            Object v = e.getValue();
            sb.append(sb.length() > 17 ? ", " : "").append(e.getKey()).append('=')
                    .append(v instanceof int[] a ? Arrays.toString(a) : String.valueOf(v));
        }
        return sb.append(']').toString();
    }
}
