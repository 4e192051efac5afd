package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.io.DataDigest;
import dev.rbmsuite.core.io.DecimalText;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.experiments.compare.CompareRunner;
import dev.rbmsuite.experiments.compare.CompareSpec;
import dev.rbmsuite.experiments.sampling.KernelVariant;
import dev.rbmsuite.experiments.training.TrainingProblem;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.learning.train.EvalBudget;
import dev.rbmsuite.learning.train.MonitorSettings;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code compare}: the paper's protocol (section 5.1; docs/methods.md section 7.1) on any data and
 * any installed kernels: every kernel trained T times (resumable, trials in parallel, exact
 * log-likelihood where min(n, m0) &lt;= 25, mAIS beyond), then the learning curves and a claims table
 * comparing every kernel with the first (the baseline) on the last-quarter log-likelihood, decided
 * by the claim engine. Every option is checked before anything is created.
 */
@Command(name = "compare", description = "Compare kernels on any data: T trials each, curves, claims.csv, REPORT.md; resumable.")
final class CompareCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    DataOptions dataOptions;

    @Option(names = "--kernels", required = true, split = ",", paramLabel = "K1,K2[,...]",
            description = "installed kernels (see rbm kernels), the first is the baseline; NAME:k=v[:k=v] gives one entry its own parameters")
    List<String> kernels;

    @Option(names = "--kernel-param", paramLabel = "k=v",
            description = "a parameter passed to every kernel that declares it (see rbm kernels); repeatable")
    Map<String, String> kernelParams = new LinkedHashMap<>();

    @Option(names = "--hidden", required = true, split = ",", paramLabel = "m0[,m1,...]",
            description = "hidden sizes, bottom first; kernels on one RBM use m0, dt/roundtrip the whole stack")
    int[] hidden;

    @Option(names = "--trials", required = true, paramLabel = "T", description = "trials per kernel")
    int trials;

    @Option(names = "--epochs", required = true, paramLabel = "E", description = "epochs per trial: passes over the data, one update each with the full batch (see --batch-size)")
    int epochs;

    @Option(names = "--lr", paramLabel = "R", description = "AdaMax learning rate (default ${DEFAULT-VALUE})")
    double lr = 0.01;

    @Option(names = "--samples", paramLabel = "N", description = "persistent chains per layer, N_s (default ${DEFAULT-VALUE})")
    int samples = 100;

    @Option(names = "--batch-size", paramLabel = "B", description = "rows per update: 0 = the full batch (the paper's update); else mini-batches of B rows, shuffled per epoch, chains carried across them; monitors stay per epoch (default ${DEFAULT-VALUE})")
    int batchSize;

    @Option(names = "--eval-every", paramLabel = "K", description = "log-likelihood every K epochs, K divides E (default: the largest divisor of E up to E / 10)")
    Integer evalEvery;

    @Option(names = "--ais-temperatures", paramLabel = "K", description = "mAIS annealing steps where not exact (default ${DEFAULT-VALUE})")
    int aisTemperatures = MonitorSettings.DEFAULTS.aisTemperatures();

    @Option(names = "--ais-runs", paramLabel = "N", description = "mAIS runs where not exact (default ${DEFAULT-VALUE})")
    int aisRuns = MonitorSettings.DEFAULTS.aisRuns();

    @Option(names = "--eval-budget", paramLabel = "SECONDS",
            description = "choose the mAIS temperatures and runs for about SECONDS per evaluation (fixed cost model, same choice on every machine; recorded as the trials' settings); instead of --ais-temperatures/--ais-runs")
    Double evalBudget;

    @Spec
    CommandSpec spec;

    @Option(names = "--tv-steps", paramLabel = "S",
            description = "transitions per start of the TV comparison, where n <= 20; 0 for none (default ${DEFAULT-VALUE})")
    int tvSteps = 100;

    @Option(names = "--tv-chains", paramLabel = "N", description = "chains per start of the TV comparison (default ${DEFAULT-VALUE})")
    int tvChains = 1000;

    @Option(names = "--tv-starts", paramLabel = "K",
            description = "persistent chains of the best model that start the TV runs, at most --samples (default ${DEFAULT-VALUE})")
    int tvStarts = 10;

    @Option(names = "--threads", paramLabel = "P", description = "trials run at once (default: all cores)")
    Integer threads;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder")
    Path out;

    @Option(names = "--force", description = "write into a folder that holds other files too (never over them)")
    boolean force;

    @Option(names = "--restart", description = "move kept trials computed with other settings aside "
            + "(training/GROUP.before-restart-K) and compute them afresh; without it such a rerun is refused")
    boolean restart;

    @Override
    public Integer call() throws Exception {
        out = OutputFiles.requireFolderName(out, "--out");
        int p = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (p < 1 || p > FigureCommand.MAX_THREADS) {
            throw new InputException("option --threads: must be in [1, " + FigureCommand.MAX_THREADS + "], got " + p);
        }
        CompareSpec spec = spec(p);
        ObjectNode m = CompareRunner.run(spec, out, common.seed(), p, force, restart, System.err);
        ObjectNode result = Output.object();
        result.put("out", out.toString());
        result.set("claims", m.path("claims"));
        Output.print(common, result, r -> "compared " + String.join(", ", spec.kernels()) + " on " + spec.dataName()
                + " (" + trials + " trials each); wrote " + out.resolve("REPORT.md") + " and " + out.resolve("claims.csv"));
        return 0;
    }

    /** Checks every option (exit 2, one line, before anything is created) and builds the comparison. */
    private CompareSpec spec(int concurrent) {
        checkKernels();
        if (trials < 1 || trials > 10_000) {
            throw new InputException("option --trials: must be in [1, 10000], got " + trials);
        }
        if (epochs < 1) {
            throw new InputException("option --epochs: must be positive, got " + epochs);
        }
        int k = evalEvery != null ? evalEvery : defaultEvalEvery(epochs);
        if (k < 1 || epochs % k != 0) {
            throw new InputException("option --eval-every: must be a positive divisor of --epochs (" + epochs + "), got " + k);
        }
        BinaryDataset ds = dataOptions.load();
        chooseAis(ds.dimension());
        TrainingProblem problem = new TrainingProblem(ds, hidden, lr, samples, kernelParams, batchSize,
                DataDigest.sha256(ds.toArray(), ds.size(), ds.dimension()));
        checkKernelParams(problem);
        for (String kernel : kernels) {
            TrainingSettings s = settings(kernel, k, problem);
            TrainingInputs.guard(s, ds, Math.min(concurrent, trials)); // one kernel's trials at a time
        }
        String name = dataOptions.isFile() ? Path.of(dataOptions.data).getFileName().toString() : ds.name();
        checkTv(ds);
        return new CompareSpec(name, problem, kernels, trials, epochs, k, aisTemperatures, aisRuns, tvSteps, tvChains,
                Math.min(tvStarts, samples));
    }

    /**
     * With --eval-budget, replaces --ais-temperatures and --ais-runs by the K and N the budget buys at the
     * bottom RBM's shape (EvalBudget: a fixed cost model, so the same on every machine); they are then
     * recorded wherever the given ones would be.
     *
     * @param visible the data's dimension
     * @throws InputException for a budget that is not a positive number, buys too little, or comes with
     *     --ais-temperatures or --ais-runs
     */
    private void chooseAis(int visible) {
        if (evalBudget == null) {
            return;
        }
        for (String o : List.of("--ais-temperatures", "--ais-runs")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InputException("option --eval-budget: chooses the mAIS temperatures and runs itself; give it or "
                        + o + ", not both");
            }
        }
        try {
            int[] kn = EvalBudget.choose(evalBudget, visible, hidden[0]);
            aisTemperatures = kn[0];
            aisRuns = kn[1];
        } catch (IllegalArgumentException e) {
            throw TrainingInputs.invalid(e, "compare");
        }
    }

    /** @return the largest divisor of E that is at most E / 10 (1 for E below 20): about ten evaluations */
    static int defaultEvalEvery(int epochs) {
        for (int k = Math.max(1, epochs / 10); k > 1; k--) {
            if (epochs % k == 0) {
                return k;
            }
        }
        return 1;
    }

    private void checkTv(BinaryDataset ds) {
        if (tvSteps < 0 || tvSteps > 100_000) {
            throw new InputException("option --tv-steps: must be in [0, 100000], got " + tvSteps);
        }
        if (tvChains < 1 || tvStarts < 1) {
            throw new InputException("option --tv-" + (tvChains < 1 ? "chains" : "starts") + ": must be positive");
        }
        if (tvSteps > 0 && ds.dimension() <= 20) {
            // every start holds its own chains of every layer while all starts of a kernel run at once
            Memory.require(Memory.doubles(6, Math.min(tvStarts, samples), tvChains, ds.dimension() + IntStream.of(hidden)
                    .asLongStream().sum()), "options --tv-chains/--tv-starts: " + tvChains + " chains per start");
            Memory.require(Memory.doubles(2, 1L << ds.dimension()), "the exact P(v) of the TV comparison");
        }
    }

    private void checkKernels() {
        if (kernels.size() < 2) {
            throw new InputException("option --kernels: name at least two kernels (the first is the baseline), got " + kernels);
        }
        if (new HashSet<>(kernels).size() != kernels.size()) {
            throw new InputException("option --kernels: a kernel is named twice in " + kernels);
        }
        // two entries are the same kernel when they run with the same parameters, defaults resolved
        // (pt and pt:temperatures=10 where 10 is the default; pt:beta-min=0.5 and pt:beta-min=.5)
        Map<String, String> seen = new LinkedHashMap<>();
        for (String kernel : kernels) {
            KernelVariant v;
            try {
                v = KernelVariant.parse(kernel).check();
            } catch (IllegalArgumentException e) {
                throw new InputException("option --kernels: " + e.getMessage(), e);
            }
            Map<String, String> runs = KernelRegistry.withoutDefaults(v.factory(), v.params(kernelParams));
            Map<String, String> canonical = new TreeMap<>();
            runs.forEach((k, value) -> canonical.put(k, canonicalNumber(value)));
            String key = v.name() + canonical;
            String before = seen.putIfAbsent(key, kernel);
            if (before != null) {
                throw new InputException("option --kernels: '" + before + "' and '" + kernel + "' are the same kernel ("
                        + v.name() + " with " + (runs.isEmpty() ? "its defaults" : runs) + "); name each setting once");
            }
        }
    }

    /** @return a decimal value in one form ("0.5", ".50" and "5e-1" alike), any other text as it is */
    private static String canonicalNumber(String value) {
        try {
            return Double.toString(DecimalText.parseDouble(value));
        } catch (NumberFormatException e) {
            return value;
        }
    }

    private void checkKernelParams(TrainingProblem problem) {
        for (String key : kernelParams.keySet()) {
            if (kernels.stream().noneMatch(kernel -> problem.kernelParams(kernel).containsKey(key))) {
                throw new InputException("option --kernel-param: no kernel of " + kernels + " takes '" + key
                        + "' (see rbm kernels)");
            }
        }
    }

    /** @return the training settings of one kernel's trials (validated as {@code train} validates them) */
    private TrainingSettings settings(String kernel, int k, TrainingProblem problem) {
        KernelFactory factory = KernelVariant.parse(kernel).factory();
        boolean stack = factory.usesUpperLayers();
        KernelChoice.requireStackSizes(factory, kernel, hidden);
        try {
            MonitorSettings monitor = MonitorSettings.DEFAULTS.withAis(aisTemperatures, aisRuns);
            int[] h = stack ? hidden : new int[] {hidden[0]};
            return new TrainingSettings(factory.name(), h, epochs, lr, samples, "smci2", k, common.seed(), false, monitor,
                    problem.kernelParams(kernel), batchSize);
        } catch (IllegalArgumentException e) {
            throw TrainingInputs.invalid(e, "compare");
        }
    }
}
