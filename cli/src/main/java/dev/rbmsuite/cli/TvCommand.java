package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.Ranges;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import dev.rbmsuite.diagnostics.tv.TotalVariation;
import dev.rbmsuite.kernels.ChainBlocks;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tv}: the TV distance between the exact P(v_0) of layer 0 and the empirical distribution of
 * N independent chains after each of S transitions (paper Eq. tv_distance, Fig. 9), using only the
 * visited states and the exact ln Z (docs/methods.md section 6). Chains start from {@code --start}
 * (one row: a common start for every chain, as in Fig. 9; N rows: one per chain) as the kernel's
 * {@link TransitionKernel#init(int, Rng, double[], int)} places them (layer 0; every replica for
 * pt), the other layers from the kernel's uniform initialisation; without {@code --start}, every
 * layer starts uniform. Writes {@code step,tv} for s = 0..S to {@code --out}.
 */
@Command(name = "tv", description = "TV distance between P(v0) and N chains' empirical distribution after each step.")
final class TvCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    CostOptions cost;

    @Spec
    CommandSpec spec;

    @Mixin
    ChainRunOptions run;

    @Option(names = "--start", paramLabel = "FILE.csv", description = "start state(s) of layer 0")
    Path start;

    @Option(names = "--out", required = true, paramLabel = "FILE.csv", description = "output CSV (step,tv)")
    Path out;

    @Option(names = "--force", description = "replace an earlier output of another rbm command (never a file rbm "
            + "did not write)")
    boolean force;

    /** The largest rounding error of ln P(v) that TV from ln Z accepts: 1e-6 nats, a relative error of 1e-6 in P. */
    static final double MAX_LOG_PROBABILITY_ERROR = FloatLimits.MAX_LOG_PROBABILITY_ERROR;

    /** TV of a sample against P(v), by one of two evaluations of P. */
    private interface Distance {
        double of(double[] samples, int rows);

        boolean table();
    }

    /**
     * P(v) = exp(lv(v) - ln Z) on the visited states when its float64 rounding error
     * ({@link FloatLimits#logProbabilityError}) is at most {@value #MAX_LOG_PROBABILITY_ERROR} nats,
     * which holds for every ordinarily trained model. Beyond (parameters of size ~1e9 and up), ln P is a
     * difference of two huge numbers and the stable formulation is the table of P(v) normalised by the
     * very values it holds (every ln P &lt;= 0 and sum P = 1 at any scale), for n &lt;=
     * {@value VisibleDistribution#MAX_VISIBLE} where it fits in memory; a larger model is refused.
     */
    private Distance distance(Rbm bottom, CostGuard guard) {
        int n = bottom.numVisible();
        double err = FloatLimits.logProbabilityError(bottom);
        if (err > MAX_LOG_PROBABILITY_ERROR) {
            if (n > VisibleDistribution.MAX_VISIBLE) {
                throw new InputException(String.format(Locale.ROOT, "option --model: parameters too large for"
                        + " TV at n = %d > %d: ln P(v) = lv(v) - ln Z would carry a float64 rounding error up to %.3g"
                        + " nats (limit %.0e; docs/contract.md, Limits)", n, VisibleDistribution.MAX_VISIBLE, err,
                        MAX_LOG_PROBABILITY_ERROR));
            }
            Memory.require(Memory.doubles(3, 1L << n), "option --model: the table of P(v) over 2^" + n + " states");
            VisibleDistribution p = VisibleDistribution.of(bottom, guard);
            return new Distance() {
                public double of(double[] samples, int rows) {
                    return TotalVariation.distance(p, samples, rows);
                }

                public boolean table() {
                    return true;
                }
            };
        }
        double logZ = Ranges.finite("logZ", ExactLogZ.logZ(bottom, guard));
        return new Distance() {
            public double of(double[] samples, int rows) {
                return TotalVariation.distance(bottom, logZ, samples, rows);
            }

            public boolean table() {
                return false;
            }
        };
    }

    @Override
    @SuppressWarnings("try") // the arithmetic's scope is held for the body, not used in it
    public Integer call() throws IOException {
        KernelFactory factory = KernelChoice.factory(run.kernel);
        run.validate();
        try (Arithmetic.Scope arithmetic = run.arithmetic.scope();
             OutputFiles.Pair pair = OutputFiles.claimPair(out, "--out", spec.name(), force)) {
            out = pair.file();
            Memory.requireArray(run.steps + 1L, "option --steps: one TV value per step");
            RbmStack stack = ModelStore.load(run.model);
            Rbm bottom = stack.bottom();
            int n = bottom.numVisible();
            requireFeasible(stack, factory);
            TransitionKernel k = KernelChoice.create(factory, stack, run.kernelParams);
            Rng rng = common.rng();
            ChainState state = startState(k, rng.fork(0), n);
            Distance d = distance(bottom, cost.guard());
            double[] tv = new double[run.steps + 1];
            tv[0] = Ranges.unitInterval("tv at step 0", d.of(state.buffer(0), run.chains));
            Rng steprng = rng.fork(1);
            // many chains run in cache-sized blocks with the draws of one batch (the same bytes)
            ChainBlocks blocks = ChainBlocks.split(k, state, ChainBlocks.BLOCK);
            double[] visible = new double[run.chains * n];
            for (int s = 1; s <= run.steps; s++) {
                blocks.advance(steprng.fork(s)); // step s's own stream (TransitionKernel)
                tv[s] = Ranges.unitInterval("tv at step " + s, d.of(blocks.layer(0, visible), run.chains));
            }
            writeCsv(tv, pair.staging());
            ObjectNode result = Output.object();
            result.put("final", tv[run.steps]);
            result.put("method", d.table() ? "table" : "logZ");
            pair.commit(spec, result, run.records(KernelChoice.record(factory, run.kernelParams)));
            Output.print(common, result, r -> String.format("TV after %d steps of %s with %d chains: %.6g (written to %s)",
                    run.steps, run.kernel, run.chains, tv[run.steps], out));
            return 0;
        }
    }

    /**
     * Refuses, before any allocation, what cannot fit or cannot be evaluated: the chain states and
     * scratch of every layer (three copies), the visited states and their indices, the TV values; the
     * exact log Z of layer 0; a stack too short for the kernel.
     */
    private void requireFeasible(RbmStack stack, KernelFactory factory) {
        Rbm bottom = stack.bottom();
        int n = bottom.numVisible();
        long units = 0;
        for (int l = 0; l < stack.size(); l++) {
            units += stack.layer(l).numVisible() + stack.layer(l).numHidden();
        }
        Memory.requireArray((long) run.chains * Math.max(n, bottom.numHidden()), "option --chains: " + run.chains + " chains");
        Memory.require(Memory.plus(Memory.plus(Memory.doubles(run.chains, 3 * units), Memory.doubles(run.chains, n + 2L)),
                Memory.doubles(run.steps + 1L)), "options --chains/--steps: " + run.chains + " chains over " + run.steps + " steps");
        if (Math.min(n, bottom.numHidden()) > 30 || n > 62) {
            throw new InputException("option --model: TV needs the exact log Z of layer 0 (min(n, m) <= 30, n <= 62)");
        }
        KernelChoice.requireStack(factory, run.kernel, stack, run.model);
    }

    /** The chains' start: the rows of {@code --start} (one row for all chains, or one per chain), else uniform. */
    private ChainState startState(TransitionKernel k, Rng rng, int n) throws IOException {
        if (start == null) {
            return k.init(run.chains, rng);
        }
        BinaryDataset s = DataFiles.read(start, n, "--start");
        if (s.size() != 1 && s.size() != run.chains) {
            throw new InputException("option --start: " + start + " has " + s.size() + " rows, expected 1 or --chains = "
                    + run.chains);
        }
        return k.init(run.chains, rng, s.toArray(), s.size());
    }

    /** Writes {@code step,tv}, one row per step, atomically. */
    private static void writeCsv(double[] tv, Path file) throws IOException {
        AtomicFiles.write(file, stream -> {
            Writer w = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            w.write("step,tv\n");
            for (int s = 0; s < tv.length; s++) {
                w.write(s + "," + tv[s] + "\n");
            }
            w.flush();
        });
    }
}
