package dev.rbmsuite.benchmarks.diagnostics;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
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
 * The lambda2 estimators of Appendix B at the paper's size (n = 10, m = 100, GenRBM-like parameters
 * N(0, 0.1^2)): counts with N2 = 2^15 and Rao-Blackwell with N2 = 1024, each including the
 * 1024 x 1024 symmetric eigenproblem. Run with {@code ./benchmarks/run Lambda2Bench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT}, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector",
        "--enable-native-access=ALL-UNNAMED", "-Dsun.misc.unsafe.memory.access=allow"})
public class Lambda2Bench {
    @Param({"COUNTS", "RAO_BLACKWELL"})
    Lambda2.Estimator estimator;

    Rbm rbm;
    VisibleDistribution exact;
    int iteration;

    /** The model and its exact P(v). */
    @Setup
    public void setup() {
        rbm = Rbm.gaussian(10, 100, 0.1, Rng.seeded(42));
        exact = VisibleDistribution.of(rbm);
    }

    /** @return lambda2 */
    @Benchmark
    public double lambda2() {
        return Lambda2.estimate(rbm, exact, estimator, 0, Rng.seeded(7).fork(iteration++)).lambda2();
    }
}
