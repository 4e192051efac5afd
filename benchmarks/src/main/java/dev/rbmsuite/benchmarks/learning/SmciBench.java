package dev.rbmsuite.benchmarks.learning;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.learning.estimators.Moments;
import dev.rbmsuite.learning.estimators.SemiSecondOrderSmci;
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
 * One semi-second-order SMCI estimate (the negative phase of one layer, about half of a training
 * update) on N_s = 100 random binary samples with Xavier weights: "65x100" is wine's bottom layer,
 * "100x50" the second layer of the paper's stacks (both take the two vectorised sides), "10x100"
 * GenRBM (the narrow hidden side). Run with {@code ./benchmarks/run SmciBench} and quote p0.50.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT}, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector",
        "--enable-native-access=ALL-UNNAMED", "-Dsun.misc.unsafe.memory.access=allow"})
public class SmciBench {
    @Param({"65x100", "100x50", "10x100"})
    String shape;

    Rbm rbm;
    double[] v;
    double[] h;
    Moments out;
    final SemiSecondOrderSmci smci = new SemiSecondOrderSmci();
    static final int ROWS = 100;

    /** A random layer and random binary samples of both layers. */
    @Setup
    public void setup() {
        int n = Integer.parseInt(shape.substring(0, shape.indexOf('x')));
        int m = Integer.parseInt(shape.substring(shape.indexOf('x') + 1));
        Rng rng = Rng.seeded(11);
        rbm = Rbm.xavier(n, m, rng);
        v = new double[ROWS * n];
        h = new double[ROWS * m];
        for (int k = 0; k < v.length; k++) {
            v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        for (int k = 0; k < h.length; k++) {
            h[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        out = new Moments(n, m);
    }

    /** @return one of the estimates, so the work is not eliminated */
    @Benchmark
    public double estimate() {
        smci.estimate(rbm, v, h, ROWS, out);
        return out.pair()[0];
    }
}
