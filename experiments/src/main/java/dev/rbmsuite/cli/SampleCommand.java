package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.Ranges;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.io.DatasetCsv;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.Kernels;
import dev.rbmsuite.kernels.ParallelTempering;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
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
 * upper layers uniform. Randomness: the initial states use {@code rng.fork(1)}, the transitions
 * {@code rng.fork(2)} of the {@code --seed} stream.
 */
@Command(name = "sample", description = "Run N chains of a transition kernel for S steps and write the layer-0 states.")
final class SampleCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "DIR", description = "model folder")
    Path model;

    @Option(names = "--kernel", required = true, paramLabel = "K", description = "bgs, dt, roundtrip or pt")
    String kernel;

    @Option(names = "--chains", required = true, paramLabel = "N", description = "number of independent chains")
    int chains;

    @Option(names = "--steps", required = true, paramLabel = "S", description = "number of transitions")
    int steps;

    @Option(names = "--out", required = true, paramLabel = "FILE.csv", description = "output CSV (header v0..v{n-1})")
    Path out;

    @Option(names = "--init", paramLabel = "uniform|FILE.csv", defaultValue = "uniform",
            description = "initial layer-0 states: uniform (default) or a CSV file (row r mod R for chain r)")
    String init;

    @Option(names = "--temperatures", paramLabel = "K", defaultValue = "" + ParallelTempering.DEFAULT_TEMPERATURES,
            description = "pt only: number of replicas, beta_0 = 1 included (default ${DEFAULT-VALUE})")
    int temperatures;

    @Option(names = "--beta-min", paramLabel = "B", defaultValue = "" + ParallelTempering.DEFAULT_BETA_MIN,
            description = "pt only: smallest inverse temperature of the geometric ladder (default ${DEFAULT-VALUE})")
    double betaMin;

    @Override
    public Integer call() throws IOException {
        if (!Kernels.NAMES.contains(kernel)) {
            throw new InputException("option --kernel: unknown kernel '" + kernel + "' (expected one of "
                    + String.join(", ", Kernels.NAMES) + ")");
        }
        if (chains <= 0) {
            throw new InputException("option --chains: must be a positive integer, got " + chains);
        }
        if (steps < 0) {
            throw new InputException("option --steps: must be a non-negative integer, got " + steps);
        }
        if (temperatures < 1) {
            throw new InputException("option --temperatures: must be at least 1, got " + temperatures);
        }
        if (!(betaMin > 0 && betaMin < 1)) {
            throw new InputException("option --beta-min: must lie in (0, 1), got " + betaMin);
        }
        OutputFiles.requireWritableFile(out, "--out");
        RbmStack stack = ModelStore.load(model);
        int n = stack.bottom().numVisible();
        long units = 0;
        int widest = 0;
        for (int l = 0; l < stack.size(); l++) {
            units += stack.layer(l).numVisible() + stack.layer(l).numHidden();
            widest = Math.max(widest, Math.max(stack.layer(l).numVisible(), stack.layer(l).numHidden()));
        }
        long replicas = kernel.equals("pt") ? temperatures : 1;
        Memory.requireArray((long) chains * widest * replicas, "option --chains: " + chains + " chains");
        // chain states and scratch of every layer (three copies; pt: per replica), then the output rows and their text
        Memory.require(Memory.plus(Memory.doubles(chains, 3 * units, replicas), Memory.bytes(12, chains, n)),
                "options --chains" + (replicas > 1 ? "/--temperatures" : "") + ": " + chains + " chains of " + units
                        + " units" + (replicas > 1 ? " x " + replicas + " replicas" : ""));
        double[] betas = ParallelTempering.geometricLadder(temperatures, betaMin);
        TransitionKernel k = Kernels.create(kernel, stack, betas);
        Rng root = common.rng();
        ChainState state = k.init(chains, root.fork(1));
        if (!init.equals("uniform")) {
            double[] rows = DataFiles.read(Path.of(init), n, "--init").toArray();
            int r0 = rows.length / n;
            int copies = kernel.equals("pt") ? state.layers() : 1;
            for (int layer = 0; layer < copies; layer++) {
                double[] v = state.buffer(layer);
                for (int r = 0; r < chains; r++) {
                    System.arraycopy(rows, (r % r0) * n, v, r * n, n);
                }
            }
        }
        int levels = kernel.equals("pt") ? state.layers() - 1 : (kernel.equals("bgs") ? 0 : stack.upperLayers());
        long[] attempts = new long[levels];
        long[] accepts = new long[levels];
        long[] origin = new long[stack.size()];
        boolean roundTrip = kernel.equals("roundtrip");
        Rng rng = root.fork(2);
        long t0 = System.nanoTime();
        for (int s = 0; s < steps; s++) {
            StepInfo info = k.advance(rng, state);
            for (int l = 0; l < info.swapAttempts().length; l++) {
                attempts[l] += info.swapAttempts()[l];
                accepts[l] += info.swapAccepts()[l];
            }
            for (int o : info.bottomOrigin()) {
                origin[o]++;
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        DatasetCsv.write(BinaryDataset.of("samples", state.buffer(0), chains, n, null, null), out);

        ObjectNode result = Output.object();
        result.put("chains", chains);
        result.put("steps", steps);
        result.put("kernel", kernel);
        result.put("seconds", Ranges.nonNegative("seconds", seconds));
        ArrayNode att = result.putArray("swapAttempts");
        ArrayNode acc = result.putArray("swapAccepts");
        ArrayNode rate = result.putArray("acceptanceRates");
        for (int l = 0; l < levels; l++) {
            att.add(attempts[l]);
            acc.add(accepts[l]);
            if (attempts[l] == 0) {
                rate.addNull();
            } else {
                rate.add(Ranges.unitInterval("acceptanceRates[" + l + "]", (double) accepts[l] / attempts[l]));
            }
        }
        if (roundTrip) {
            ArrayNode o = result.putArray("bottomOrigin");
            long away = 0;
            for (int l = 0; l < origin.length; l++) {
                o.add(origin[l]);
                away += l > 0 ? origin[l] : 0;
            }
            result.put("nonlocalFraction", Ranges.unitInterval("nonlocalFraction",
                    steps == 0 ? 0.0 : (double) away / ((double) chains * steps)));
        }
        if (kernel.equals("pt")) {
            ArrayNode b = result.putArray("betas");
            for (double beta : betas) {
                b.add(beta);
            }
        }
        ResultManifest.write(out, spec, result);
        Output.print(common, result, r -> {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                    "wrote %d chains after %d %s steps to %s (%.3f s)", chains, steps, kernel, out, seconds));
            for (int l = 0; l < levels; l++) {
                sb.append(String.format(Locale.ROOT, "%n  swap level %d: %d of %d accepted", l, accepts[l], attempts[l]));
            }
            if (roundTrip) {
                sb.append("\n  bottomOrigin counts by layer: ").append(r.get("bottomOrigin"));
            }
            return sb.toString();
        });
        return 0;
    }
}
