package dev.rbmsuite.experiments.samplers;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.core.io.DataDigest;
import dev.rbmsuite.core.io.Npy;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.diagnostics.samples.EffectiveSampleSize;
import dev.rbmsuite.diagnostics.samples.HammingMmd;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.Trials;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.kernels.ChainBlocks;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.TransitionKernel;
import dev.rbmsuite.learning.train.Monitor;
import dev.rbmsuite.learning.train.MonitorSettings;
import dev.rbmsuite.learning.train.Trainer;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The field's RBM sampling benchmark (Grathwohl et al., ICML 2021, section 6.1; Zhang, Liu &amp; Liu,
 * ICML 2022, section 6.2) on binarised Fashion-MNIST: an RBM of n visible units (784 for 28 x 28
 * images) and m hidden units trained by persistent contrastive divergence, a long block-Gibbs run as
 * the reference ("ground truth" in their code), then every kernel from the same starts, measured by
 * the MMD of its chains to the reference ({@link HammingMmd}, their kernel and V-statistic) against
 * the step and against the kernel's own CPU time, and by the effective sample size of fixed random
 * projections of single chains ({@link EffectiveSampleSize}).
 *
 * <p>Three groups of kept trials, so an interrupted run resumes: {@code large-train} (the model: PCD,
 * that is one BGS transition of N_s persistent chains per update and the Monte Carlo negative phase, AdaMax,
 * mini-batches; its model and chains are the trial's artifacts), {@code large-reference} (the reference
 * chains, an artifact) and one group per kernel ({@code large-TAG}, one trial per repetition: fresh
 * starts drawn from Bernoulli(data mean clamped to [0.01, 0.99]), the initial distribution of the peers'
 * code, shared by every kernel of a repetition).
 *
 * <p>Time is the sampling thread's CPU time of the transitions alone (MMD and projections excluded),
 * which on a loaded machine leaves out the time other processes held the core; it is the one
 * number here that a rerun does not reproduce.
 */
final class LargeModel {
    /** The columns of a kernel trial's table: what, its index (a step or a chain), the value, CPU seconds. */
    static final List<String> COLUMNS = List.of("measure", "index", "value", "cpuSeconds");

    private LargeModel() {
    }

    /**
     * The benchmark's settings at one scale.
     *
     * @param images training images, from the first (0: all)
     * @param hidden m
     * @param epochs passes over the images
     * @param batchSize rows per update
     * @param learningRate AdaMax step size
     * @param persistent N_s, persistent chains of PCD
     * @param aisTemperatures mAIS temperatures of the final log-likelihood estimate
     * @param aisRuns mAIS runs of it
     * @param referenceChains reference chains the kernels are compared with
     * @param holdout further reference chains, compared with the first to give the MMD of two reference sets
     * @param referenceSteps BGS transitions of the reference chains
     * @param chains chains per kernel and repetition
     * @param steps transitions per chain
     * @param every the MMD's cadence in steps
     * @param trials repetitions (fresh starts)
     * @param essChains chains whose projections are recorded for the ESS
     * @param projections random projections per chain
     * @param burnIn the fraction of a chain's values left out of its ESS
     */
    record Settings(int images, int hidden, int epochs, int batchSize, double learningRate, int persistent,
                    int aisTemperatures, int aisRuns, int referenceChains, int holdout, int referenceSteps, int chains,
                    int steps, int every, int trials, int essChains, int projections, double burnIn) {
        Map<String, Object> asMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("images", images);
            m.put("hidden", hidden);
            m.put("epochs", epochs);
            m.put("batchSize", batchSize);
            m.put("learningRate", learningRate);
            m.put("persistentChains", persistent);
            m.put("aisTemperatures", aisTemperatures);
            m.put("aisRuns", aisRuns);
            m.put("referenceChains", referenceChains);
            m.put("referenceHoldout", holdout);
            m.put("referenceSteps", referenceSteps);
            m.put("chains", chains);
            m.put("steps", steps);
            m.put("mmdEvery", every);
            m.put("trials", trials);
            m.put("essChains", essChains);
            m.put("projections", projections);
            m.put("burnIn", burnIn);
            return m;
        }
    }

    /**
     * What the kernels did on the large model.
     *
     * @param kernels the kernels, in legend order
     * @param steps the steps the MMD was measured at (0 included)
     * @param mmd per kernel tag: [repetition][step index] squared MMD to the reference
     * @param cpu per kernel tag: [repetition][step index] the CPU seconds of its transitions up to that step
     * @param ess per kernel tag: [repetition][chain] the median ESS over the projections
     * @param referenceMmd the squared MMD between the reference chains and the held-out ones (what the
     *     reference's own sampling error looks like)
     * @param logLikelihood the trained model's mAIS estimate of the mean log-likelihood of the training images
     * @param visible n
     * @param hidden m
     */
    record Runs(List<SamplerEntry> kernels, double[] steps, Map<String, double[][]> mmd, Map<String, double[][]> cpu,
                Map<String, double[][]> ess, double referenceMmd, double logLikelihood, int visible, int hidden) {
    }

    /**
     * Trains the model, runs the reference and every kernel (or reads the kept trials).
     *
     * @param ctx the figure's context
     * @param data the training images, binarised
     * @param s the settings
     * @param dataSettings what identifies the data (file digests), recorded with the trials
     * @return the runs
     * @throws IOException on read or write failure of kept trials
     */
    static Runs run(ExperimentContext ctx, BinaryDataset data, Settings s, Map<String, ?> dataSettings)
            throws IOException {
        int n = data.dimension();
        double[] x = data.toArray();
        Map<String, Object> base = new LinkedHashMap<>(dataSettings);
        base.put("rows", data.size());
        base.put("visible", n);
        base.put("dataSha256", DataDigest.sha256(x, data.size(), n));
        Map<String, Object> train = new LinkedHashMap<>(base);
        for (String k : List.of("images", "hidden", "epochs", "batchSize", "learningRate", "persistentChains",
                "aisTemperatures", "aisRuns")) {
            train.put(k, s.asMap().get(k));
        }
        ctx.progress("fashion: training the " + n + " x " + s.hidden() + " RBM (" + s.epochs() + " epoch(s) of "
                + data.size() + " images)");
        List<CsvTable> trained = Trials.run(ctx, "large-train", 1, train, (t, rng, artifacts) ->
                train(x, data.size(), n, s, rng, artifacts, train));
        Path trials = ctx.dir().resolve("trials");
        TrainedModel model = TrainedModel.load(Trials.artifacts(trials, "large-train", 0));
        Rbm rbm = model.stack().bottom();
        double logLikelihood = trained.get(0).doubles("value")[0];
        double[] p = startProbabilities(x, data.size(), n);

        Map<String, Object> ref = new LinkedHashMap<>(train);
        ref.put("referenceChains", s.referenceChains());
        ref.put("referenceHoldout", s.holdout());
        ref.put("referenceSteps", s.referenceSteps());
        ctx.progress("fashion: " + (s.referenceChains() + s.holdout()) + " reference chains, " + s.referenceSteps()
                + " BGS steps");
        HammingMmd mmd = HammingMmd.of(n);
        List<CsvTable> refTable = Trials.run(ctx, "large-reference", 1, ref, (t, rng, artifacts) ->
                reference(rbm, p, s, mmd, rng, artifacts));
        double[] refStates = Npy.read(Trials.artifacts(trials, "large-reference", 0).resolve(REFERENCE)).data();
        HammingMmd.Sample reference = mmd.pack(refStates, s.referenceChains());

        double[][] directions = directions(n, s.projections(), ctx.rng().fork(ExperimentContext.label("projections")));
        Map<String, Object> runs = new LinkedHashMap<>(ref);
        for (String k : List.of("chains", "steps", "mmdEvery", "trials", "essChains", "projections", "burnIn")) {
            runs.put(k, s.asMap().get(k));
        }
        double[] steps = recorded(s);
        Map<String, double[][]> mmdOut = new LinkedHashMap<>();
        Map<String, double[][]> cpuOut = new LinkedHashMap<>();
        Map<String, double[][]> essOut = new LinkedHashMap<>();
        for (SamplerEntry e : SamplerEntry.BOTTOM) {
            runs.put("kernel", e.entry());
            ctx.progress("fashion: " + e.label() + ", " + s.trials() + " repetition(s) of " + s.chains() + " chains x "
                    + s.steps() + " steps");
            List<CsvTable> t = Trials.run(ctx, "large-" + e.tag(), s.trials(), runs, (r, rng, artifacts) ->
                    kernelTrial(ctx, rbm, e, p, s, mmd, reference, directions, r, rng));
            double[][] m = new double[t.size()][];
            double[][] c = new double[t.size()][];
            double[][] es = new double[t.size()][];
            for (int r = 0; r < t.size(); r++) {
                double[][] parts = split(t.get(r), steps.length);
                m[r] = parts[0];
                c[r] = parts[1];
                es[r] = parts[2];
            }
            mmdOut.put(e.tag(), m);
            cpuOut.put(e.tag(), c);
            essOut.put(e.tag(), es);
        }
        return new Runs(SamplerEntry.BOTTOM, steps, mmdOut, cpuOut, essOut, refTable.get(0).doubles("value")[0],
                logLikelihood, n, s.hidden());
    }

    static final String REFERENCE = "reference.npy";

    /** @return the steps the MMD is measured at: 0, every, 2 every, ..., steps */
    static double[] recorded(Settings s) {
        int count = s.steps() / s.every() + 1;
        double[] out = new double[count];
        for (int k = 0; k < count; k++) {
            out[k] = (double) k * s.every();
        }
        return out;
    }

    private static CsvTable train(double[] x, int rows, int n, Settings s, Rng rng, Path artifacts,
                                  Map<String, ?> record) throws IOException {
        MonitorSettings monitor = MonitorSettings.DEFAULTS.withAis(s.aisTemperatures(), s.aisRuns());
        TrainingSettings ts = new TrainingSettings("bgs", new int[] {s.hidden()}, s.epochs(), s.learningRate(),
                s.persistent(), "mc", s.epochs(), rng.nextLong(), false, monitor, Map.of(), s.batchSize());
        try (Trainer trainer = new Trainer(ts, x, rows, n)) {
            for (int e = 0; e < s.epochs(); e++) {
                trainer.update();
            }
            Monitor m = new Monitor(x, rows, n, ts);
            double[] row = m.evaluate(trainer);
            double ll = row[m.columns().indexOf("logLikelihood")];
            new TrainedModel(trainer.model(), trainer.chains().copy()).save(artifacts, record, ts.seed());
            return CsvTable.builder("measure", "value").row("logLikelihood", ll).build();
        }
    }

    /** Bernoulli(data mean, clamped to [0.01, 0.99]): the peers' initial distribution. */
    static double[] startProbabilities(double[] x, int rows, int n) {
        double[] p = new double[n];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                p[i] += x[r * n + i];
            }
        }
        for (int i = 0; i < n; i++) {
            p[i] = Math.min(0.99, Math.max(0.01, p[i] / rows));
        }
        return p;
    }

    static double[] draw(double[] p, int chains, Rng rng) {
        int n = p.length;
        double[] u = new double[chains * n];
        rng.fillUniform(u, 0, u.length);
        for (int k = 0; k < u.length; k++) {
            u[k] = u[k] < p[k % n] ? 1 : 0;
        }
        return u;
    }

    private static CsvTable reference(Rbm rbm, double[] p, Settings s, HammingMmd mmd, Rng rng, Path artifacts)
            throws IOException {
        int total = s.referenceChains() + s.holdout();
        int n = rbm.numVisible();
        TransitionKernel bgs = KernelRegistry.installed().create("bgs", RbmStack.of(rbm), Map.of());
        ChainState state = bgs.init(total, rng.fork(1), draw(p, total, rng.fork(0)), total);
        ChainBlocks blocks = ChainBlocks.split(bgs, state, ChainBlocks.BLOCK);
        for (int t = 0; t < s.referenceSteps(); t++) {
            blocks.advance(rng.fork(2, t));
        }
        double[] v = blocks.layer(0, new double[total * n]);
        Npy.write(artifacts.resolve(REFERENCE), v, total, n);
        double[] held = Arrays.copyOfRange(v, s.referenceChains() * n, total * n);
        double self = mmd.squared(mmd.pack(held, s.holdout()), mmd.pack(v, s.referenceChains()));
        return CsvTable.builder("measure", "value").row("referenceMmd", self).build();
    }

    /** Fixed random directions, N(0, 1) entries, one row per projection. */
    static double[][] directions(int n, int count, Rng rng) {
        double[][] g = new double[count][n];
        for (double[] row : g) {
            for (int i = 0; i < n; i++) {
                row[i] = rng.nextGaussian();
            }
        }
        return g;
    }

    private static CsvTable kernelTrial(ExperimentContext ctx, Rbm rbm, SamplerEntry e, double[] p, Settings s,
                                        HammingMmd mmd, HammingMmd.Sample reference, double[][] directions, int r,
                                        Rng rng) {
        int n = rbm.numVisible();
        int c = s.chains();
        // the repetition's starts: the same for every kernel (drawn from a stream that names no kernel)
        double[] x0 = draw(p, c, ctx.rng().fork(ExperimentContext.label("starts"), r));
        TransitionKernel k = KernelRegistry.installed().create(e.kernel(), RbmStack.of(rbm), e.params());
        ChainState state = k.init(c, rng.fork(0), x0, c);
        ChainBlocks blocks = ChainBlocks.split(k, state, ChainBlocks.BLOCK);
        double[] v = new double[c * n];
        int watched = Math.min(s.essChains(), c);
        int len = s.steps() + 1;
        // projections[chain][direction][step]
        double[][][] proj = new double[watched][directions.length][len];
        CsvTable.Builder out = CsvTable.builder(COLUMNS.toArray(String[]::new));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu = 0;
        for (int t = 0; t <= s.steps(); t++) {
            if (t > 0) {
                long c0 = threads.getCurrentThreadCpuTime();
                blocks.advance(rng.fork(1, t));
                cpu += threads.getCurrentThreadCpuTime() - c0;
            }
            blocks.layer(0, v);
            for (int ch = 0; ch < watched; ch++) {
                for (int d = 0; d < directions.length; d++) {
                    double acc = 0;
                    double[] g = directions[d];
                    for (int i = 0; i < n; i++) {
                        acc += g[i] * v[ch * n + i];
                    }
                    proj[ch][d][t] = acc;
                }
            }
            if (t % s.every() == 0) {
                out.row("mmd", (long) t, mmd.squared(mmd.pack(v, c), reference), cpu / 1e9);
            }
        }
        int from = (int) Math.ceil(s.burnIn() * len);
        double[] per = new double[directions.length];
        for (int ch = 0; ch < watched; ch++) {
            for (int d = 0; d < directions.length; d++) {
                per[d] = EffectiveSampleSize.of(proj[ch][d], from, len);
            }
            out.row("ess", (long) ch, median(per), cpu / 1e9);
        }
        return out.build();
    }

    static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : 0.5 * (s[h - 1] + s[h]);
    }

    /** @return {mmd at the recorded steps, cpu seconds there, ess per watched chain} of a trial's table */
    static double[][] split(CsvTable t, int recorded) {
        List<String> measure = t.strings("measure");
        double[] value = t.doubles("value");
        double[] cpu = t.doubles("cpuSeconds");
        double[] m = new double[recorded];
        double[] c = new double[recorded];
        double[] e = new double[Math.max(0, (int) measure.stream().filter("ess"::equals).count())];
        int mi = 0;
        int ei = 0;
        for (int r = 0; r < t.size(); r++) {
            if (measure.get(r).equals("mmd")) {
                m[mi] = value[r];
                c[mi++] = cpu[r];
            } else {
                e[ei++] = value[r];
            }
        }
        return new double[][] {m, c, e};
    }
}
