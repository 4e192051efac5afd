package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.Ranges;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.io.DatasetCsv;
import dev.rbmsuite.kernels.BuiltinKernels;
import dev.rbmsuite.kernels.ChainBlocks;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.ParallelTempering;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code sample}: runs N independent chains of a kernel for S transitions and writes the layer-0
 * visible state of every chain (docs/contract.md). Kernels: "bgs" (Eq. bgs on theta_0), "dt" (deep
 * tempering, Alg. 2), "roundtrip" (Alg. 3), "pt" (parallel tempering on theta_0 over a geometric
 * ladder). Files are read and written with the datasets module's strict, atomic {@link DatasetCsv}.
 * The JSON result holds the kernel's acceptance statistics summed over all steps: per-level
 * swap attempts, acceptances and rates, and for the round trip the distribution of bottomOrigin.
 *
 * <p>Initial states: {@code --init uniform} (default) draws every layer uniformly; {@code --init
 * FILE.csv} sets layer 0 (for pt: every replica) of chain r to row r mod R of the file's R rows, the
 * upper layers uniform. Randomness: the initial states use {@code rng.fork(1)}, transition s the
 * stream {@code rng.fork(2).fork(s)} of the {@code --seed} stream (a fresh stream per transition, the
 * contract of {@link TransitionKernel#advance}).
 */
@Command(name = "sample", description = "Run N chains of a transition kernel for S steps and write the layer-0 states.")
final class SampleCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Mixin
    ChainRunOptions run;

    @Option(names = "--out", required = true, paramLabel = "FILE.csv", description = "output CSV (header v0..v{n-1})")
    Path out;

    @Option(names = "--force", description = "replace an earlier output of another rbm command (never a file rbm "
            + "did not write)")
    boolean force;

    @Option(names = "--init", paramLabel = "uniform|FILE.csv", defaultValue = "uniform",
            description = "initial layer-0 states: uniform (default) or a CSV file (row r mod R for chain r)")
    String init;

    @Option(names = "--temperatures", paramLabel = "K", defaultValue = "" + ParallelTempering.DEFAULT_TEMPERATURES,
            description = "kernels with the parameter 'temperatures' (pt): number of replicas, beta_0 = 1 included "
                    + "(default ${DEFAULT-VALUE})")
    int temperatures;

    @Option(names = "--beta-min", paramLabel = "B", defaultValue = "" + ParallelTempering.DEFAULT_BETA_MIN,
            description = "kernels with the parameter 'beta-min' (pt): smallest inverse temperature of the geometric "
                    + "ladder (default ${DEFAULT-VALUE})")
    double betaMin;

    @Override
    @SuppressWarnings("try") // the arithmetic's scope is held for the body, not used in it
    public Integer call() throws IOException {
        KernelFactory factory = KernelChoice.factory(run.kernel);
        run.validate();
        if (temperatures < 1) {
            throw new InputException("option --temperatures: must be at least 1, got " + temperatures);
        }
        if (!(betaMin > 0 && betaMin < 1)) {
            throw new InputException("option --beta-min: must lie in (0, 1), got " + betaMin);
        }
        try (Arithmetic.Scope arithmetic = run.arithmetic.scope();
             OutputFiles.Pair pair = OutputFiles.claimPair(out, "--out", spec.name(), force)) {
            out = pair.file();
            RbmStack stack = ModelStore.load(run.model);
            KernelChoice.requireStack(factory, run.kernel, stack, run.model);
            int n = stack.bottom().numVisible();
            Map<String, String> params = parameters(factory);
            requireMemory(stack, factory.parameters().containsKey(BuiltinKernels.Pt.TEMPERATURES) ? temperatures : 1, n);
            TransitionKernel k = KernelChoice.create(factory, stack, params);
            Rng root = common.rng();
            ChainState state;
            if (init.equals("uniform")) {
                state = k.init(run.chains, root.fork(1));
            } else {
                double[] rows = DataFiles.read(Path.of(init), n, "--init").toArray();
                state = k.init(run.chains, root.fork(1), rows, rows.length / n);
            }
            StepInfo total = k.zeroInfo();
            Rng rng = root.fork(2);
            // many chains run in cache-sized blocks with the draws of one batch (the same bytes)
            ChainBlocks blocks = ChainBlocks.split(k, state, ChainBlocks.BLOCK);
            // the sampling thread's CPU time beside the wall time: on a loaded machine the wall time counts
            // the time other processes held the core, the CPU time only this loop's (the blocks run here)
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            boolean cpuTimed = threads.isCurrentThreadCpuTimeSupported();
            long c0 = cpuTimed ? threads.getCurrentThreadCpuTime() : 0;
            long t0 = System.nanoTime();
            for (int s = 0; s < run.steps; s++) {
                total = total.plus(blocks.advance(rng.fork(s))); // step s's own stream (TransitionKernel)
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpuSeconds = cpuTimed ? (threads.getCurrentThreadCpuTime() - c0) / 1e9 : Double.NaN;
            DatasetCsv.write(BinaryDataset.of("samples", blocks.layer(0, new double[run.chains * n]), run.chains, n, null, null), pair.staging());

            ObjectNode result = result(k, total, seconds, cpuSeconds);
            long[] attempts = total.swapAttempts();
            long[] accepts = total.swapAccepts();
            StepInfo summary = total; // effectively final, for the printer
            pair.commit(spec, result, run.records(KernelChoice.record(factory, params)));
            Output.print(common, result, r -> {
                StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                        "wrote %d chains after %d %s steps to %s (%.3f s)", run.chains, run.steps, run.kernel, out, seconds));
                for (int l = 0; l < attempts.length; l++) {
                    sb.append(String.format(Locale.ROOT, "%n  %s: %d of %d %s", summary.levelName(l), accepts[l], attempts[l],
                            summary.successVerb()));
                }
                if (r.has("bottomOrigin")) {
                    sb.append("\n  bottomOrigin counts by layer: ").append(r.get("bottomOrigin"));
                }
                return sb.toString();
            });
            return 0;
        }
    }

    /**
     * Refuses, before anything is allocated, chains that cannot fit: the chain states and scratch of
     * every layer (three copies; per replica for tempering ladders), then the output rows and their text.
     */
    private void requireMemory(RbmStack stack, long replicas, int n) {
        long units = 0;
        int widest = 0;
        for (int l = 0; l < stack.size(); l++) {
            units += stack.layer(l).numVisible() + stack.layer(l).numHidden();
            widest = Math.max(widest, Math.max(stack.layer(l).numVisible(), stack.layer(l).numHidden()));
        }
        Memory.requireArray((long) run.chains * widest * replicas, "option --chains: " + run.chains + " chains");
        Memory.require(Memory.plus(Memory.doubles(run.chains, 3 * units, replicas), Memory.bytes(12, run.chains, n)),
                (replicas > 1 ? "options --chains/--temperatures" : "option --chains") + ": " + run.chains + " chains of " + units
                        + " units" + (replicas > 1 ? " x " + replicas + " replicas" : ""));
    }

    /** Acceptance rates and the round trip's nonlocal fraction are probabilities: checked to lie in [0, 1]. */
    private static void checkRates(ObjectNode result) {
        if (result.has("acceptanceRates")) {
            int l = 0;
            for (JsonNode r : result.get("acceptanceRates")) {
                if (r.isNumber()) {
                    Ranges.unitInterval("acceptanceRates[" + l + "]", r.asDouble());
                }
                l++;
            }
        }
        if (result.has("nonlocalFraction")) {
            Ranges.unitInterval("nonlocalFraction", result.get("nonlocalFraction").asDouble());
        }
    }

    /** The kernel's parameters: {@code --kernel-param}, then pt's ladder from its own options where not given. */
    private Map<String, String> parameters(KernelFactory factory) {
        Map<String, String> params = new LinkedHashMap<>(run.kernelParams);
        if (factory.parameters().containsKey(BuiltinKernels.Pt.TEMPERATURES)) {
            params.putIfAbsent(BuiltinKernels.Pt.TEMPERATURES, Integer.toString(temperatures));
        }
        if (factory.parameters().containsKey(BuiltinKernels.Pt.BETA_MIN)) {
            params.putIfAbsent(BuiltinKernels.Pt.BETA_MIN, Double.toString(betaMin));
        }
        return params;
    }

    /**
     * The JSON result: the run, the swap arrays every kernel reports (empty without swaps), then the
     * kernel's own statistics, range-checked.
     */
    private ObjectNode result(TransitionKernel k, StepInfo total, double seconds, double cpuSeconds) {
        ObjectNode result = Output.object();
        result.put("chains", run.chains);
        result.put("steps", run.steps);
        result.put("kernel", run.kernel);
        result.put("seconds", Ranges.nonNegative("seconds", seconds));
        if (Double.isFinite(cpuSeconds)) {
            result.put("cpuSeconds", Ranges.nonNegative("cpuSeconds", cpuSeconds));
        }
        Map<String, Object> stats = new LinkedHashMap<>(total.statistics());
        for (String key : new String[] {"swapAttempts", "swapAccepts", "acceptanceRates"}) {
            result.set(key, Output.json(stats.getOrDefault(key, new long[0])));
            stats.remove(key);
        }
        for (Map.Entry<String, Object> e : stats.entrySet()) {
            result.set(e.getKey(), Output.json(e.getValue()));
        }
        if (k instanceof ParallelTempering pt) {
            ArrayNode b = result.putArray("betas");
            for (double beta : pt.betas()) {
                b.add(beta);
            }
        }
        checkRates(result);
        return result;
    }
}
