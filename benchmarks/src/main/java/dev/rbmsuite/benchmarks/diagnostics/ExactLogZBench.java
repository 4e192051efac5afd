package dev.rbmsuite.benchmarks.diagnostics;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Exact log Z by enumeration (all cores, float64) at n = 20 and 25, m = 100, Xavier weights; the
 * issue's target is a median of at most 0.5 s at n = 25. Run with
 * {@code ./benchmarks/run ExactLogZBench} and quote p0.50.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT}, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector",
        "--enable-native-access=ALL-UNNAMED", "-Dsun.misc.unsafe.memory.access=allow"})
public class ExactLogZBench {
    @Param({"20", "25"})
    int n;
    @Param({"100"})
    int m;

    Rbm rbm;

    /** A random model with the paper's initialisation. */
    @Setup
    public void setup() {
        rbm = Rbm.xavier(n, m, Rng.seeded(42));
    }

    /** @return ln Z (fast path) */
    @Benchmark
    public double logZ() {
        return ExactLogZ.logZ(rbm);
    }
}
