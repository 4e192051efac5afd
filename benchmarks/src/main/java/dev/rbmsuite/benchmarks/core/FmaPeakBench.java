package dev.rbmsuite.benchmarks.core;

import dev.rbmsuite.benchmarks.JitFlags;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The roofline: the float64 FMA peak of one core at the suite's vector width ({@link FmaPeak#run}).
 * The secondary score {@code fmaPeak:flops} counts floating-point operations per nanosecond, so it
 * reads directly as GFLOP/s whatever the lane count ({@value #ITERATIONS} iterations x 12 FMAs x
 * lanes x 2 per call). Example: {@code ./benchmarks/run FmaPeakBench}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT}, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector",
        "--enable-native-access=ALL-UNNAMED", "-Dsun.misc.unsafe.memory.access=allow"})
public class FmaPeakBench {
    /** Loop iterations per call. */
    static final int ITERATIONS = 1 << 20;

    /** The floating-point operations done, reported per nanosecond (GFLOP/s). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Flops {
        /** Floating-point operations in this iteration. */
        public long flops;

        /** Starts each iteration at zero. */
        @Setup(Level.Iteration)
        public void clear() {
            flops = 0;
        }
    }

    /**
     * @param counter the operations counter
     * @return the accumulators' sum, so the work is not eliminated
     */
    @Benchmark
    public double fmaPeak(Flops counter) {
        counter.flops += FmaPeak.flopsPerIteration() * ITERATIONS;
        return FmaPeak.run(ITERATIONS);
    }
}
