package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.VectorModule;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.learning.estimators.Estimator;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The settings of a training run (paper Sec. 5.1, Table 1; defaults of docs/methods.md section 7.1).
 * Build them with {@link #builder()}, which starts from the paper's defaults.
 *
 * @param kernel the name of an installed kernel ({@link KernelRegistry}): "bgs" or "pt" (a single
 *     RBM), "dt" (deep tempering, Alg. 2), "roundtrip" (Alg. 3) or a plug-in
 * @param hidden m_0, m_1, ..., m_L: hidden sizes bottom first (a kernel that samples the bottom RBM
 *     only, such as bgs: exactly one)
 * @param epochs number of epochs; one epoch is one full-batch update (docs/methods.md section 7.1), or with
 *     mini-batches one pass over the shuffled data in ceil(N_d / batchSize) updates
 * @param learningRate AdaMax step size (the same for every layer)
 * @param samples N_s, persistent chains per layer
 * @param estimator "smci2" (semi-second-order SMCI, Appendix A) or "mc" ({@link Estimator})
 * @param evalEvery monitor (and checkpoint) cadence in epochs (used by {@link TrainingRun}, not by
 *     {@link Trainer})
 * @param seed root of all randomness of the run (initialisation, chains, samples)
 * @param lambda2 whether to monitor lambda2 of the training RBM (costly; n_0 &le; 12 only; used by
 *     {@link Monitor}, not by {@link Trainer})
 * @param monitor how the monitors are computed (log-likelihood method, mAIS and lambda2 settings)
 * @param kernelParams the kernel's parameters by name ({@link KernelFactory#parameters()}); empty
 *     for the defaults
 * @param batchSize rows per update: 0 (the default) or at least N_d for the paper's full-batch update, else
 *     mini-batches of this many rows ({@link Trainer}: shuffled per epoch, persistent chains carried across them)
 * @param arithmetic the products' arithmetic ({@link Arithmetic}): the fixed order (the default; the same bytes
 *     everywhere) or the opt-in BLAS (bytes per machine and thread count), put in force by {@link TrainingRun}
 */
public record TrainingSettings(String kernel, int[] hidden, int epochs, double learningRate, int samples,
                               String estimator, int evalEvery, long seed, boolean lambda2,
                               MonitorSettings monitor, Map<String, String> kernelParams, int batchSize,
                               Arithmetic arithmetic) {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    /** The built-in kernels of the paper's training experiments (any installed kernel is accepted). */
    public static final List<String> KERNELS = List.of("bgs", "dt", "roundtrip");
    /** The estimators that training accepts. */
    public static final List<String> ESTIMATORS = List.of("smci2", "mc");

    /**
     * Checks every value; throws IllegalArgumentException whose message starts with the setting's
     * name. The kernel must be installed ({@link KernelRegistry#installed()}) and accept the
     * parameters, and a kernel that samples the bottom RBM only needs exactly one hidden size.
     */
    public TrainingSettings {
        hidden = hidden.clone();
        kernelParams = kernelParams == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(kernelParams));
        KernelFactory factory;
        try {
            factory = KernelRegistry.installed().factory(kernel);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("kernel: " + e.getMessage(), e);
        }
        try {
            KernelRegistry.checkParameters(factory, kernelParams);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("kernel-param: " + e.getMessage(), e);
        }
        if (hidden.length == 0) {
            throw new IllegalArgumentException("hidden: at least one size is needed");
        }
        for (int m : hidden) {
            if (m <= 0) {
                throw new IllegalArgumentException("hidden: sizes must be positive, got " + m);
            }
        }
        if (!factory.usesUpperLayers() && hidden.length != 1) {
            throw new IllegalArgumentException("hidden: kernel " + kernel + " trains a single RBM, give exactly one size (got "
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
        if (batchSize < 0) {
            throw new IllegalArgumentException("batch-size must be 0 (full batch) or positive, got " + batchSize);
        }
        if (monitor == null) {
            monitor = MonitorSettings.DEFAULTS;
        }
        if (arithmetic == null) {
            arithmetic = Arithmetic.FIXED_ORDER;
        }
        if (monitor.lambda2Every() % evalEvery != 0) {
            throw new IllegalArgumentException("lambda2-every must be a multiple of eval-every (" + evalEvery + "), got "
                    + monitor.lambda2Every());
        }
    }

    /**
     * Full-batch settings (the paper's update).
     *
     * @param kernel an installed kernel's name
     * @param hidden hidden sizes, bottom first
     * @param epochs number of updates
     * @param learningRate AdaMax step size
     * @param samples N_s
     * @param estimator "smci2" or "mc"
     * @param evalEvery monitor cadence
     * @param seed root seed
     * @param lambda2 whether to monitor lambda2
     * @param monitor monitor settings
     * @param kernelParams the kernel's parameters
     */
    public TrainingSettings(String kernel, int[] hidden, int epochs, double learningRate, int samples,
                            String estimator, int evalEvery, long seed, boolean lambda2, MonitorSettings monitor,
                            Map<String, String> kernelParams) {
        this(kernel, hidden, epochs, learningRate, samples, estimator, evalEvery, seed, lambda2, monitor, kernelParams, 0);
    }

    /**
     * Settings in the default, fixed-order arithmetic.
     *
     * @param kernel an installed kernel's name
     * @param hidden hidden sizes, bottom first
     * @param epochs number of epochs
     * @param learningRate AdaMax step size
     * @param samples N_s
     * @param estimator "smci2" or "mc"
     * @param evalEvery monitor cadence
     * @param seed root seed
     * @param lambda2 whether to monitor lambda2
     * @param monitor monitor settings
     * @param kernelParams the kernel's parameters
     * @param batchSize rows per update, 0 for the full batch
     */
    public TrainingSettings(String kernel, int[] hidden, int epochs, double learningRate, int samples,
                            String estimator, int evalEvery, long seed, boolean lambda2, MonitorSettings monitor,
                            Map<String, String> kernelParams, int batchSize) {
        this(kernel, hidden, epochs, learningRate, samples, estimator, evalEvery, seed, lambda2, monitor, kernelParams,
                batchSize, Arithmetic.FIXED_ORDER);
    }

    /**
     * Settings with the kernel's default parameters.
     *
     * @param kernel an installed kernel's name
     * @param hidden hidden sizes, bottom first
     * @param epochs number of updates
     * @param learningRate AdaMax step size
     * @param samples N_s
     * @param estimator "smci2" or "mc"
     * @param evalEvery monitor cadence
     * @param seed root seed
     * @param lambda2 whether to monitor lambda2
     * @param monitor monitor settings
     */
    public TrainingSettings(String kernel, int[] hidden, int epochs, double learningRate, int samples,
                            String estimator, int evalEvery, long seed, boolean lambda2, MonitorSettings monitor) {
        this(kernel, hidden, epochs, learningRate, samples, estimator, evalEvery, seed, lambda2, monitor, Map.of());
    }

    /**
     * Settings with the default monitors ({@link MonitorSettings#DEFAULTS}) and kernel parameters.
     *
     * @param kernel an installed kernel's name
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

    /** @return a builder holding the paper's defaults (docs/methods.md section 7.1) */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding these settings */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.kernel = kernel;
        b.hidden = hidden.clone();
        b.epochs = epochs;
        b.learningRate = learningRate;
        b.samples = samples;
        b.estimator = Estimator.of(estimator);
        b.evalEvery = evalEvery;
        b.seed = seed;
        b.lambda2 = lambda2;
        b.monitor = monitor;
        b.kernelParams = new LinkedHashMap<>(kernelParams);
        b.batchSize = batchSize;
        b.arithmetic = arithmetic;
        return b;
    }

    /** @return the typed estimator */
    public Estimator estimatorKind() {
        return Estimator.of(estimator);
    }

    /** @return the installed factory of {@link #kernel()} */
    public KernelFactory kernelFactory() {
        return KernelRegistry.installed().factory(kernel);
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
                monitor, kernelParams, batchSize, arithmetic);
    }

    /**
     * @param params other kernel parameters
     * @return the same settings with those parameters
     */
    public TrainingSettings withKernelParams(Map<String, String> params) {
        return new TrainingSettings(kernel, hidden, epochs, learningRate, samples, estimator, evalEvery, seed, lambda2,
                monitor, params, batchSize, arithmetic);
    }

    /**
     * @param rows rows per update: 0 for the full batch, else the mini-batch size
     * @return the same settings with another batch size
     */
    public TrainingSettings withBatchSize(int rows) {
        return new TrainingSettings(kernel, hidden, epochs, learningRate, samples, estimator, evalEvery, seed, lambda2,
                monitor, kernelParams, rows, arithmetic);
    }

    /**
     * The settings as they train on N_d rows: a batch size of N_d or more is the full batch (one update
     * per epoch over every row, bit for bit the paper's update), so it is written as 0, the way a full-batch
     * run records it; the manifest and checkpoint key of {@code --batch-size N_d} are then those of the
     * full-batch run it is.
     *
     * @param rows N_d, the training rows
     * @return these settings, with batch size 0 where it covers every row
     */
    public TrainingSettings forRows(int rows) {
        return batchSize > 0 && batchSize >= rows ? withBatchSize(0) : this;
    }

    /**
     * @param newMonitor other monitor settings
     * @return the same settings with other monitors (for example a costlier final evaluation)
     */
    public TrainingSettings withMonitor(MonitorSettings newMonitor) {
        return new TrainingSettings(kernel, hidden, epochs, learningRate, samples, estimator, evalEvery, seed, lambda2,
                newMonitor, kernelParams, batchSize, arithmetic);
    }

    /**
     * @return every setting by name, in a fixed order (for manifests and checkpoints); the kernel's
     *     parameters only when some are given, the batch size only when it is set and the arithmetic only when it
     *     is BLAS, so that runs of the
     *     parameterless kernels and full-batch runs keep their manifests and checkpoint keys
     */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kernel", kernel);
        if (!kernelParams.isEmpty()) {
            m.put("kernelParams", new LinkedHashMap<>(kernelParams));
        }
        m.put("hidden", hidden.clone());
        m.put("epochs", epochs);
        m.put("learningRate", learningRate);
        m.put("samples", samples);
        m.put("estimator", estimator);
        m.put("evalEvery", evalEvery);
        if (batchSize > 0) {
            m.put("batchSize", batchSize);
        }
        if (arithmetic != Arithmetic.FIXED_ORDER) {
            m.put("arithmetic", arithmetic.optionName());
        }
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
        if (!kernelParams.equals(other.kernelParams)) {
            return "kernel-param";
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
        if (batchSize != other.batchSize) {
            return "batch-size";
        }
        if (arithmetic != other.arithmetic) {
            return "arithmetic";
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

    /**
     * Builds {@link TrainingSettings} from the paper's defaults (Sec. 5.1; docs/methods.md section
     * 7.1): AdaMax learning rate 0.01, N_s = 100 persistent chains, semi-second-order SMCI, evaluation
     * every 100 epochs, seed 1, no lambda2 monitor, the default monitors. The kernel, the hidden sizes
     * and the number of epochs have no default and must be set.
     *
     * <pre>{@code
     * TrainingSettings s = TrainingSettings.builder().kernel("roundtrip").hidden(100, 50, 25, 12)
     *         .epochs(10_000).seed(7).build();
     * }</pre>
     */
    public static final class Builder {
        private String kernel;
        private int[] hidden;
        private int epochs;
        private double learningRate = 0.01;
        private int samples = 100;
        private Estimator estimator = Estimator.SMCI2;
        private int evalEvery = 100;
        private long seed = 1;
        private boolean lambda2;
        private MonitorSettings monitor = MonitorSettings.DEFAULTS;
        private Map<String, String> kernelParams = new LinkedHashMap<>();
        private int batchSize;
        private Arithmetic arithmetic = Arithmetic.FIXED_ORDER;

        private Builder() {
        }

        /**
         * @param a the products' arithmetic (default {@link Arithmetic#FIXED_ORDER})
         * @return this builder
         */
        public Builder arithmetic(Arithmetic a) {
            this.arithmetic = a;
            return this;
        }

        /**
         * @param rows rows per update: 0 for the full batch (the default), else the mini-batch size
         * @return this builder
         */
        public Builder batchSize(int rows) {
            this.batchSize = rows;
            return this;
        }

        /** @param name an installed kernel's name @return this builder */
        public Builder kernel(String name) {
            this.kernel = name;
            return this;
        }

        /** @param factory an installed kernel's factory (its name is recorded) @return this builder */
        public Builder kernel(KernelFactory factory) {
            this.kernel = factory.name();
            return this;
        }

        /** @param name a parameter of the kernel @param value its value @return this builder */
        public Builder kernelParam(String name, String value) {
            kernelParams.put(name, value);
            return this;
        }

        /** @param sizes m_0, ..., m_L, bottom first @return this builder */
        public Builder hidden(int... sizes) {
            this.hidden = sizes.clone();
            return this;
        }

        /** @param e number of updates @return this builder */
        public Builder epochs(int e) {
            this.epochs = e;
            return this;
        }

        /** @param r AdaMax step size (default 0.01) @return this builder */
        public Builder learningRate(double r) {
            this.learningRate = r;
            return this;
        }

        /** @param n N_s, persistent chains per layer (default 100) @return this builder */
        public Builder samples(int n) {
            this.samples = n;
            return this;
        }

        /** @param e the negative-phase estimator (default SMCI2) @return this builder */
        public Builder estimator(Estimator e) {
            this.estimator = e;
            return this;
        }

        /** @param k monitor and checkpoint cadence of {@link TrainingRun} (default 100) @return this builder */
        public Builder evalEvery(int k) {
            this.evalEvery = k;
            return this;
        }

        /** @param s root seed (default 1) @return this builder */
        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /** @param on whether {@link Monitor} computes lambda2 (default off) @return this builder */
        public Builder lambda2(boolean on) {
            this.lambda2 = on;
            return this;
        }

        /** @param m monitor settings (default {@link MonitorSettings#DEFAULTS}) @return this builder */
        public Builder monitor(MonitorSettings m) {
            this.monitor = m;
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalArgumentException naming the first missing or bad setting
         */
        public TrainingSettings build() {
            if (kernel == null) {
                throw new IllegalArgumentException("kernel: not set");
            }
            if (hidden == null) {
                throw new IllegalArgumentException("hidden: not set");
            }
            if (epochs == 0) {
                throw new IllegalArgumentException("epochs: not set");
            }
            return new TrainingSettings(kernel, hidden, epochs, learningRate, samples, estimator.cliName(), evalEvery,
                    seed, lambda2, monitor, kernelParams, batchSize, arithmetic);
        }
    }
}
