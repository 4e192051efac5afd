package dev.rbmsuite.benchmarks.kernels;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.BlockedGibbs;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.DeepTempering;
import dev.rbmsuite.kernels.ParallelTempering;
import dev.rbmsuite.kernels.RoundTrip;
import dev.rbmsuite.kernels.StepInfo;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One transition of 100 chains (issue 3 targets on the 2-core machine: a BGS sweep at most 50 us, a
 * round-trip transition at most 500 us): BGS on n=25, m=100; deep tempering (Alg. 2) and the round
 * trip (Alg. 3) on the paper's stack 25-100-50-25-12; parallel tempering on n=25, m=100 with 10
 * temperatures. Weights are Xavier-normal, as at the start of training.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT}, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector",
        "--enable-native-access=ALL-UNNAMED", "-Dsun.misc.unsafe.memory.access=allow"})
public class KernelTransitionBench {
    static final int CHAINS = 100;

    BlockedGibbs bgs;
    DeepTempering dt;
    RoundTrip roundTrip;
    ParallelTempering pt;
    ChainState bgsState;
    ChainState dtState;
    ChainState rtState;
    ChainState ptState;
    Rng rng;

    /** Builds the models and chain states. */
    @Setup
    public void setup() {
        Rng root = Rng.seeded(42);
        RbmStack stack = RbmStack.xavier(25, new int[] {100, 50, 25, 12}, root.fork(1));
        Rbm rbm = stack.bottom();
        bgs = new BlockedGibbs(rbm);
        dt = new DeepTempering(stack);
        roundTrip = new RoundTrip(stack);
        pt = new ParallelTempering(rbm, ParallelTempering.defaultLadder());
        bgsState = bgs.init(CHAINS, root.fork(2));
        dtState = dt.init(CHAINS, root.fork(3));
        rtState = roundTrip.init(CHAINS, root.fork(4));
        ptState = pt.init(CHAINS, root.fork(5));
        rng = root.fork(6);
    }

    /** @return the info, so the work is not eliminated */
    @Benchmark
    public StepInfo bgsSweep() {
        return bgs.advance(rng, bgsState);
    }

    /** @return the info */
    @Benchmark
    public StepInfo deepTempering() {
        return dt.advance(rng, dtState);
    }

    /** @return the info */
    @Benchmark
    public StepInfo roundTrip() {
        return roundTrip.advance(rng, rtState);
    }

    /** @return the info */
    @Benchmark
    public StepInfo parallelTempering10() {
        return pt.advance(rng, ptState);
    }
}
