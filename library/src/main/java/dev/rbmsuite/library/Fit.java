package dev.rbmsuite.library;

import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.VectorModule;
import dev.rbmsuite.core.io.DataDigest;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.diagnostics.Parallel;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelOrigin;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.learning.train.MonitorSettings;
import dev.rbmsuite.learning.train.Trainer;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How to train a model, with the command line's defaults, and the training itself: {@link #fit}.
 * <pre>{@code
 * RbmModel model = Fit.hidden(20, 10).kernel("roundtrip").epochs(200).fit(data);
 * }</pre>
 * trains the model that {@code ./rbm train --data ... --kernel roundtrip --hidden 20,10 --epochs 200
 * --out DIR} writes to {@code DIR/model}, to the byte: the same settings and seed give the same
 * parameters, whatever the number of {@link #threads threads}.
 *
 * <p>Defaults (those of {@code ./rbm train}, docs/methods.md section 7.1, except where noted): the
 * paper's full-batch update with semi-second-order SMCI and AdaMax, learning rate 0.01, 100 persistent
 * chains, seed 1, one thread; {@value #DEFAULT_EPOCHS} epochs (the command line asks for them); and
 * the kernel of the persistent chains chosen by the sizes (the command line asks for it): blocked Gibbs
 * sampling ({@code bgs}) for one RBM, the paper's round-trip kernel ({@code roundtrip}) for a stack.
 *
 * <p>A builder: each setter changes this object and returns it. Training reports nothing while it runs
 * and evaluates nothing; score the result with the {@link RbmModel} it returns. For the command line's
 * folder with metrics, checkpoints and resuming, use {@code ./rbm train} (or
 * {@link dev.rbmsuite.learning.train.TrainingRun}).
 */
public final class Fit {
    static {
        VectorModule.require(); // a clear one-line error before any vectorised class is linked
    }

    /** The epochs when none are given: enough for the paper's small data sets to settle. */
    public static final int DEFAULT_EPOCHS = 1000;
    /** {@code ./rbm train}'s default cadence of its monitors, recorded in the settings (the model does not depend on it). */
    private static final int EVAL_EVERY = 100;

    private final int[] hidden;
    private String kernel;
    private final Map<String, String> kernelParams = new LinkedHashMap<>();
    private int epochs = DEFAULT_EPOCHS;
    private double learningRate = 0.01;
    private int samples = 100;
    private String estimator = "smci2";
    private int batchSize;
    private Arithmetic arithmetic = Arithmetic.FIXED_ORDER;
    private long seed = 1;
    private int threads = 1;

    private Fit(int[] hidden) {
        this.hidden = hidden.clone();
    }

    /**
     * Starts a training description.
     *
     * @param sizes the hidden sizes, bottom first: one size for an RBM, more for a stack of RBMs
     *     (m0, then the upper RBMs; {@code --hidden} of the command line)
     * @return the description, with the defaults of the class comment
     */
    public static Fit hidden(int... sizes) {
        return new Fit(sizes);
    }

    /**
     * @param name the kernel of the persistent chains: bgs, pt (one RBM), dt, roundtrip (a stack) or an
     *     installed plug-in ({@code --kernel})
     * @return this
     */
    public Fit kernel(String name) {
        this.kernel = name;
        return this;
    }

    /**
     * @param name a parameter of the kernel, for example {@code temperatures} of pt ({@code --kernel-param})
     * @param value its value
     * @return this
     */
    public Fit kernelParam(String name, String value) {
        kernelParams.put(name, value);
        return this;
    }

    /**
     * @param count passes over the data ({@code --epochs})
     * @return this
     */
    public Fit epochs(int count) {
        this.epochs = count;
        return this;
    }

    /**
     * @param rate the AdaMax step size ({@code --lr})
     * @return this
     */
    public Fit learningRate(double rate) {
        this.learningRate = rate;
        return this;
    }

    /**
     * @param chains persistent chains per layer, N_s ({@code --samples})
     * @return this
     */
    public Fit samples(int chains) {
        this.samples = chains;
        return this;
    }

    /**
     * @param name the negative-phase estimator: smci2 (semi-second-order SMCI) or mc (plain Monte Carlo)
     *     ({@code --estimator})
     * @return this
     */
    public Fit estimator(String name) {
        this.estimator = name;
        return this;
    }

    /**
     * @param rows rows per update: 0 for the full batch (the paper's update), else mini-batches of this
     *     many rows, shuffled every epoch ({@code --batch-size})
     * @return this
     */
    public Fit batchSize(int rows) {
        this.batchSize = rows;
        return this;
    }

    /**
     * @param a the products' arithmetic: {@link Arithmetic#FIXED_ORDER} (the default, the same bytes on
     *     every machine) or the opt-in {@link Arithmetic#BLAS} ({@code --arithmetic})
     * @return this
     */
    public Fit arithmetic(Arithmetic a) {
        this.arithmetic = a;
        return this;
    }

    /**
     * @param s the seed of all the training's randomness ({@code --seed})
     * @return this
     */
    public Fit seed(long s) {
        this.seed = s;
        return this;
    }

    /**
     * @param count threads that share each update; the model is the same bytes for every count
     *     ({@code --threads})
     * @return this
     */
    public Fit threads(int count) {
        this.threads = count;
        return this;
    }

    /**
     * @return the settings as the command line would record them (its defaults for the monitors, which
     *     do not change the model)
     * @throws IllegalArgumentException naming the setting that is out of range or unknown
     */
    public TrainingSettings settings() {
        String k = kernel != null ? kernel : hidden.length == 1 ? "bgs" : "roundtrip";
        TrainingSettings s = new TrainingSettings(k, hidden, epochs, learningRate, samples, estimator, EVAL_EVERY, seed,
                false, MonitorSettings.DEFAULTS, kernelParams, batchSize, arithmetic);
        if (s.kernelFactory().usesUpperLayers() && hidden.length < 2) {
            throw new IllegalArgumentException("hidden: kernel " + k + " samples a stack, give m0 and at least one upper"
                    + " size (for example " + hidden[0] + ", 50)");
        }
        return s;
    }

    /**
     * Trains a model on the data: {@code epochs} updates of the persistent-chain learning of
     * {@code ./rbm train}, with the same bytes.
     *
     * @param data the training rows, each a 0/1 vector of the same length
     * @return the trained model, which remembers its kernel (the default of {@link RbmModel#sample}) and
     *     its settings (recorded by {@link RbmModel#save})
     * @throws IllegalArgumentException for a setting out of range, or rows that are empty, ragged or not binary
     */
    public RbmModel fit(double[][] data) {
        TrainingSettings s = settings();
        int visible = Data.width(data, "data");
        double[] rows = Data.rowMajor(data, "data");
        try (Trainer trainer = new Trainer(s, rows, data.length, visible).useThreads(threads)) {
            while (trainer.epoch() < s.epochs()) {
                trainer.update();
            }
            return new RbmModel(trainer.model(), s.kernel(), s.kernelParams(),
                    provenance(s, rows, data.length, visible), trainer.epoch());
        }
    }

    /**
     * The record a saved model carries: that of {@code ./rbm train}'s model folder (its settings, the
     * kernel's parameters with their defaults and its origin), with the command "library" and the data
     * described by its shape and SHA-256 rather than a file or a name.
     */
    private static Provenance provenance(TrainingSettings s, double[] rows, int count, int visible) {
        Map<String, Object> all = new LinkedHashMap<>();
        KernelFactory factory = s.kernelFactory();
        Map<String, String> resolved = KernelRegistry.resolved(factory, s.kernelParams());
        s.asMap().forEach((key, v) -> {
            if (!key.equals("kernelParams")) {
                all.put(key, v);
            }
            if (key.equals("kernel")) {
                if (!resolved.isEmpty()) {
                    all.put("kernelParams", resolved);
                }
                all.put("kernelOrigin", KernelOrigin.of(factory).asMap());
            }
        });
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("rows", count);
        data.put("columns", visible);
        data.put("sha256", DataDigest.sha256(rows, count, visible));
        all.put("data", data);
        return Provenance.of(ModelStore.FORMAT, ModelStore.VERSION, "library", all, s.seed(), Parallel.threads());
    }
}
