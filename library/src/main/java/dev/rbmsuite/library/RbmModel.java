package dev.rbmsuite.library;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorModule;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.ais.AisResult;
import dev.rbmsuite.diagnostics.ais.AnnealingSchedule;
import dev.rbmsuite.diagnostics.ais.BaseRate;
import dev.rbmsuite.diagnostics.ais.MarginalAis;
import dev.rbmsuite.diagnostics.exact.ExactLikelihood;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.kernels.ChainBlocks;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A trained (or loaded) RBM, or stack of RBMs, with one call each for what a program asks of it:
 * samples ({@link #sample}), exact and estimated log Z and log-likelihood ({@link #logZ},
 * {@link #estimateLogZ}, {@link #logLikelihood}, {@link #estimateLogLikelihood}), hidden features
 * ({@link #features}), saving and loading ({@link #save}, {@link #load}). Models come from
 * {@link Fit#fit}, from a model folder ({@link #load}) or from the suite's core model ({@link #of}).
 *
 * <p><b>The command line's numbers.</b> Each call computes what the matching command prints or writes,
 * with its defaults and seed 1 unless a seed is given: {@code sample} the rows of {@code ./rbm sample},
 * {@code logLikelihood} and {@code estimateLogLikelihood} the value of {@code ./rbm loglik --method
 * exact|mais}, {@code estimateLogZ} that of {@code ./rbm logz --method mais}, and {@code save} the model
 * folder of {@code ./rbm train} (its arrays byte for byte; the manifest names the command "library").
 *
 * <p><b>Plain arrays.</b> Data and results are {@code double[][]} (rows) and {@code double[]}; nothing
 * here starts ND4J, whose native start-up costs seconds. A caller who wants ND4J arrays asks for the
 * core model, {@link #stack()}, whose {@code Rbm.weights()} and conditionals speak {@code INDArray}.
 * Scores and features are of the bottom RBM (layer 0), the model of the data; the upper RBMs of a stack
 * serve the stack's kernels (DT, the round trip).
 *
 * <p>Instances are immutable and may be shared between threads.
 */
public final class RbmModel {
    static {
        VectorModule.require(); // a clear one-line error before any vectorised class is linked
    }

    private final RbmStack stack;
    private final String kernel;
    private final Map<String, String> kernelParams;
    private final Provenance provenance;
    private final int epochs;

    /**
     * @param stack the parameters
     * @param kernel the default kernel of {@link #sample}
     * @param kernelParams its parameters
     * @param provenance what made the model, recorded by {@link #save}
     * @param epochs the epochs it was trained for (recorded by {@link #save}), or -1 if unknown
     */
    RbmModel(RbmStack stack, String kernel, Map<String, String> kernelParams, Provenance provenance, int epochs) {
        this.stack = stack;
        this.kernel = kernel;
        this.kernelParams = Map.copyOf(kernelParams);
        this.provenance = provenance;
        this.epochs = epochs;
    }

    /**
     * Wraps a model of the suite's core API (for example one built from ND4J arrays with
     * {@code Rbm.of(weights, visibleBias, hiddenBias)}).
     *
     * @param stack the model
     * @return the model, sampled by default with bgs for one RBM and the round trip for a stack
     */
    public static RbmModel of(RbmStack stack) {
        return new RbmModel(stack, stack.size() == 1 ? "bgs" : "roundtrip", Map.of(), library(), -1);
    }

    /**
     * Loads a model folder: one written by {@link #save}, by {@code ./rbm train} (its {@code DIR/model})
     * or by {@code ./rbm init}. A model trained by either remembers its kernel, the default of
     * {@link #sample}.
     *
     * @param dir the model folder
     * @return the model
     * @throws dev.rbmsuite.core.InputException naming the file on a missing, malformed or inconsistent folder
     */
    public static RbmModel load(Path dir) {
        RbmStack stack = ModelStore.load(dir);
        JsonNode settings = ModelStore.readManifest(dir).path("settings");
        String name = settings.path("kernel").asText("");
        if (name.isEmpty() || !KernelRegistry.installed().contains(name)) {
            return of(stack);
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = settings.path("kernelParams").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            params.put(e.getKey(), e.getValue().asText());
        }
        return new RbmModel(stack, name, params, library(), -1);
    }

    private static Provenance library() {
        return Provenance.of(ModelStore.FORMAT, ModelStore.VERSION, "library", Map.of(), null, 1);
    }

    /**
     * Writes the model folder (docs/contract.md, "Model folders"), atomically: {@code layerK/W.npy},
     * {@code b.npy}, {@code c.npy} and {@code manifest.json}. A model from {@link Fit#fit} writes the
     * arrays of {@code ./rbm train}'s {@code DIR/model} byte for byte, and its manifest records the same
     * settings (with the command "library" and the data by shape and SHA-256).
     *
     * @param dir the folder; an existing model folder is replaced, any other non-empty folder refused
     * @throws IOException if it cannot be written
     * @throws dev.rbmsuite.core.InputException if {@code dir} holds something other than a model
     */
    public void save(Path dir) throws IOException {
        ModelStore.save(stack, dir, provenance, epochs >= 0 ? Map.of("epoch", epochs) : Map.of(), false);
    }

    /** @return the core model, whose API also speaks ND4J arrays ({@code stack().bottom().weights()}) */
    public RbmStack stack() {
        return stack;
    }

    /** @return n, the number of visible units */
    public int visible() {
        return stack.bottom().numVisible();
    }

    /** @return the hidden sizes, bottom first (one for an RBM) */
    public int[] hidden() {
        int[] out = new int[stack.size()];
        for (int l = 0; l < out.length; l++) {
            out[l] = stack.layer(l).numHidden();
        }
        return out;
    }

    /** @return the kernel {@link #sample(int, int)} runs: the training's, or bgs / roundtrip by depth */
    public String kernel() {
        return kernel;
    }

    /** @return the bottom RBM's weights W, visible x hidden */
    public double[][] weights() {
        Rbm r = stack.bottom();
        return Data.rows(r.weightsArray(), r.numVisible(), r.numHidden());
    }

    /** @return the bottom RBM's visible biases b */
    public double[] visibleBias() {
        return stack.bottom().visibleBiasArray();
    }

    /** @return the bottom RBM's hidden biases c */
    public double[] hiddenBias() {
        return stack.bottom().hiddenBiasArray();
    }

    /**
     * Hidden features: P(h_j = 1 | v) of the bottom RBM for every row (scikit-learn's
     * {@code BernoulliRBM.transform}).
     *
     * @param data rows of 0 and 1 of length {@link #visible()}
     * @return one row of {@code hidden()[0]} probabilities per data row
     * @throws IllegalArgumentException for rows that are empty, ragged, not binary or of another length
     */
    public double[][] features(double[][] data) {
        double[] v = rowsOf(data);
        int m = stack.bottom().numHidden();
        double[] out = new double[data.length * m];
        stack.bottom().hiddenMeans(v, data.length, out);
        return Data.rows(out, data.length, m);
    }

    /**
     * Samples with the model's kernel ({@link #kernel()}) and seed 1.
     *
     * @param chains independent chains, each started uniformly at random
     * @param steps transitions of each chain
     * @return the visible state of every chain after the steps, one row per chain
     * @see #sample(int, int, long, String, Map)
     */
    public double[][] sample(int chains, int steps) {
        return sample(chains, steps, 1);
    }

    /**
     * Samples with the model's kernel ({@link #kernel()}).
     *
     * @param chains independent chains, each started uniformly at random
     * @param steps transitions of each chain
     * @param seed the seed of all the sampling's randomness
     * @return the visible state of every chain after the steps, one row per chain
     * @see #sample(int, int, long, String, Map)
     */
    public double[][] sample(int chains, int steps, long seed) {
        return sample(chains, steps, seed, kernel, kernelParams);
    }

    /**
     * Runs independent chains of a kernel and returns their visible states: the rows of
     * {@code ./rbm sample --model DIR --kernel K [--kernel-param k=v ...] --chains N --steps S --seed S}.
     * The chains start uniformly at random (stream {@code fork(1)} of the seed) and transition s draws
     * from {@code fork(2).fork(s)}; many chains run in cache-sized blocks with the same bytes.
     *
     * @param chains independent chains, positive
     * @param steps transitions of each chain, non-negative
     * @param seed the seed of all the sampling's randomness
     * @param kernelName bgs, pt, dt, roundtrip or an installed plug-in
     * @param params the kernel's parameters (for example {@code Map.of("temperatures", "5")} for pt)
     * @return the visible state of every chain after the steps, one row per chain
     * @throws IllegalArgumentException for an unknown kernel or parameter, a stack kernel on one RBM, or
     *     counts out of range
     */
    public double[][] sample(int chains, int steps, long seed, String kernelName, Map<String, String> params) {
        if (chains <= 0) {
            throw new IllegalArgumentException("chains: must be positive, got " + chains);
        }
        if (steps < 0) {
            throw new IllegalArgumentException("steps: must be non-negative, got " + steps);
        }
        KernelFactory factory = KernelRegistry.installed().factory(kernelName);
        if (factory.usesUpperLayers() && stack.size() < 2) {
            throw new IllegalArgumentException("kernel: " + kernelName + " needs a stack of at least two layers, this"
                    + " model has one");
        }
        KernelRegistry.checkParameters(factory, params);
        TransitionKernel k = KernelRegistry.create(factory, stack, params);
        Rng root = Rng.seeded(seed);
        ChainState state = k.init(chains, root.fork(1));
        Rng rng = root.fork(2);
        ChainBlocks blocks = ChainBlocks.split(k, state, ChainBlocks.BLOCK);
        for (int s = 0; s < steps; s++) {
            blocks.advance(rng.fork(s)); // each transition its own stream (TransitionKernel#advance)
        }
        int n = visible();
        return Data.rows(blocks.layer(0, new double[chains * n]), chains, n);
    }

    /**
     * The exact log partition function of the bottom RBM, by enumerating its smaller layer
     * ({@code ./rbm logz --method exact}).
     *
     * @return ln Z
     * @throws dev.rbmsuite.core.cost.CostLimitException if the enumeration is estimated above 10 minutes
     *     (min(n, m) above about 30); use {@link #estimateLogZ()} then
     */
    public double logZ() {
        return ExactLogZ.logZ(stack.bottom());
    }

    /**
     * The exact mean log-likelihood of the rows under the bottom RBM, (1/N) sum ln P(v)
     * ({@code ./rbm loglik --method exact}).
     *
     * @param data rows of 0 and 1 of length {@link #visible()}
     * @return the mean log-likelihood, in nats
     * @throws dev.rbmsuite.core.cost.CostLimitException if exact log Z would take above 10 minutes
     */
    public double logLikelihood(double[][] data) {
        double[] v = rowsOf(data);
        Rbm rbm = stack.bottom();
        return ExactLikelihood.checkedLogLikelihood(rbm, ExactLogZ.logZ(rbm), v, data.length);
    }

    /**
     * The exact ln P(v) of every row under the bottom RBM (scikit-learn's {@code score_samples}, there a
     * pseudo-likelihood).
     *
     * @param data rows of 0 and 1 of length {@link #visible()}
     * @return ln P(v) per row
     * @throws dev.rbmsuite.core.cost.CostLimitException if exact log Z would take above 10 minutes
     */
    public double[] logProbabilities(double[][] data) {
        double[] v = rowsOf(data);
        Rbm rbm = stack.bottom();
        double[] out = new double[data.length];
        ExactLikelihood.logProb(rbm, ExactLogZ.logZ(rbm), v, data.length, out);
        return out;
    }

    /**
     * Estimates log Z of the bottom RBM by mAIS with the command line's defaults: 500 runs over 10,000
     * temperatures of the piecewise schedule from a uniform base, seed 1 ({@code ./rbm logz --method mais}).
     *
     * @return the estimate with its standard error
     */
    public Estimate estimateLogZ() {
        return estimateLogZ(1, AisOptions.DEFAULT_RUNS, AisOptions.DEFAULT_TEMPERATURES);
    }

    /**
     * Estimates log Z of the bottom RBM by mAIS from a uniform base
     * ({@code ./rbm logz --method mais --seed S --runs R --temperatures T}).
     *
     * @param seed the seed of the annealing runs
     * @param runs annealing runs, at least 2
     * @param temperatures temperatures of the piecewise schedule, at least 3
     * @return the estimate with its standard error
     */
    public Estimate estimateLogZ(long seed, int runs, int temperatures) {
        AisResult r = MarginalAis.estimate(stack.bottom(), options(runs, temperatures, null), Rng.seeded(seed));
        return new Estimate(r.logZ(), r.logZ(), r.stdErr(), r.ess());
    }

    /**
     * Estimates the mean log-likelihood of the rows with log Z from mAIS started at the data's base
     * rates, with the command line's defaults: 500 runs, 10,000 temperatures, seed 1
     * ({@code ./rbm loglik --method mais}).
     *
     * @param data rows of 0 and 1 of length {@link #visible()}
     * @return the estimate, its log Z and standard error
     */
    public Estimate estimateLogLikelihood(double[][] data) {
        return estimateLogLikelihood(data, 1, AisOptions.DEFAULT_RUNS, AisOptions.DEFAULT_TEMPERATURES);
    }

    /**
     * Estimates the mean log-likelihood of the rows with log Z from mAIS started at the data's base
     * rates ({@code ./rbm loglik --method mais --seed S --runs R --temperatures T}).
     *
     * @param data rows of 0 and 1 of length {@link #visible()}
     * @param seed the seed of the annealing runs
     * @param runs annealing runs, at least 2
     * @param temperatures temperatures of the piecewise schedule, at least 3
     * @return the estimate, its log Z and standard error
     */
    public Estimate estimateLogLikelihood(double[][] data, long seed, int runs, int temperatures) {
        double[] v = rowsOf(data);
        Rbm rbm = stack.bottom();
        AisOptions o = options(runs, temperatures, BaseRate.visibleBias(v, data.length, rbm.numVisible()));
        AisResult r = MarginalAis.estimate(rbm, o, Rng.seeded(seed));
        double ll = ExactLikelihood.logLikelihood(rbm, r.logZ(), v, data.length);
        return new Estimate(ll, r.logZ(), r.stdErr(), r.ess());
    }

    private static AisOptions options(int runs, int temperatures, double[] baseVisibleBias) {
        if (runs < 2) {
            throw new IllegalArgumentException("runs: must be at least 2, got " + runs);
        }
        if (temperatures < 3) {
            throw new IllegalArgumentException("temperatures: must be at least 3, got " + temperatures);
        }
        return new AisOptions(AnnealingSchedule.piecewise(temperatures), runs, baseVisibleBias);
    }

    /** @return the rows one after another, checked to be binary and of the model's width */
    private double[] rowsOf(double[][] data) {
        int n = Data.width(data, "data");
        if (n != visible()) {
            throw new IllegalArgumentException("data: rows of " + n + " values, but the model has " + visible()
                    + " visible units");
        }
        return Data.rowMajor(data, "data");
    }

    /** @return the shape and default kernel, for example {@code RbmModel[25-20, 20-10; roundtrip]} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("RbmModel[");
        for (int l = 0; l < stack.size(); l++) {
            sb.append(l > 0 ? ", " : "").append(stack.layer(l).numVisible()).append('-').append(stack.layer(l).numHidden());
        }
        return sb.append("; ").append(kernel).append(']').toString();
    }
}
