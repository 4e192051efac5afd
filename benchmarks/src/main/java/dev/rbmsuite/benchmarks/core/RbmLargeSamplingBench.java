package dev.rbmsuite.benchmarks.core;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
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
 * Blocked Gibbs sampling of 100 chains at MNIST size (n = 784, m = 500), the workload of the PyTorch
 * comparison in docs/performance.md ("Large layers"): W, b, c ~ N(0, 0.01^2) as {@code ./rbm init
 * --weight-std 0.01}. Its layers take {@code ConditionalKernel}'s cache-blocked path; the paper-size
 * benchmark is {@link RbmSamplingBench}.
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
public class RbmLargeSamplingBench {
    @Param({"784"})
    int n;
    @Param({"500"})
    int m;
    @Param({"100"})
    int chains;

    Rbm rbm;
    Rng rng;
    double[] v;
    double[] h;
    double[] scratch;
    double[] means;
    double[] visibleMeans;

    /** Builds a random RBM and uniform random states. */
    @Setup
    public void setup() {
        rng = Rng.seeded(42);
        Rng init = rng.fork(1);
        double[] w = new double[n * m];
        double[] b = new double[n];
        double[] c = new double[m];
        for (double[] a : new double[][] {w, b, c}) {
            for (int k = 0; k < a.length; k++) {
                a[k] = 0.01 * init.nextGaussian();
            }
        }
        rbm = Rbm.of(n, m, w, b, c);
        v = new double[chains * n];
        h = new double[chains * m];
        means = new double[chains * m];
        scratch = new double[chains * Math.max(n, m)];
        visibleMeans = new double[chains * n];
        for (int k = 0; k < v.length; k++) {
            v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
            visibleMeans[k] = rng.nextDouble();
        }
    }

    /** @return a buffer, so the work is not eliminated: one sweep h ~ P(h | v), v ~ P(v | h) */
    @Benchmark
    public double[] gibbsSweep() {
        rbm.sampleHidden(v, chains, h, rng, scratch);
        rbm.sampleVisible(h, chains, v, rng, scratch);
        return v;
    }

    /** @return the hidden fields of 100 binary rows (the table sums alone) */
    @Benchmark
    public double[] hiddenField() {
        rbm.hiddenField(v, chains, h);
        return h;
    }

    /** @return the hidden means of 100 real-valued rows (the dense sums, as for visible means) */
    @Benchmark
    public double[] hiddenMeansOfMeans() {
        rbm.hiddenMeans(visibleMeans, chains, means);
        return means;
    }
}
