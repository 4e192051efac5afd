package dev.rbmsuite.benchmarks.core;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;
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

/** Conditional sampling of 100 chains, the two halves of a blocked Gibbs sweep (n=25, m=100). */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT}, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector",
        "--enable-native-access=ALL-UNNAMED", "-Dsun.misc.unsafe.memory.access=allow"})
public class RbmSamplingBench {
    @Param({"25"})
    int n;
    @Param({"100"})
    int m;
    @Param({"100"})
    int chains;

    Rbm rbm;
    Rng rng;
    double[] v;
    double[] h;
    double[] scratch;
    double[] v2;
    double[] hHalf;

    /** Builds a random RBM and random states. */
    @Setup
    public void setup() {
        rng = Rng.seeded(42);
        rbm = Rbm.xavier(n, m, rng.fork(1));
        v = new double[chains * n];
        h = new double[chains * m];
        scratch = new double[chains * Math.max(n, m)];
        for (int k = 0; k < v.length; k++) {
            v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        v2 = new double[chains * n];
        hHalf = new double[chains * m];
        for (int k = 0; k < hHalf.length; k++) {
            hHalf[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
    }

    /** @return the hidden fields of 100 chains */
    @Benchmark
    public double[] hiddenField() {
        rbm.hiddenField(v, chains, h);
        return h;
    }

    /** @return sigmoid of chains*m values */
    @Benchmark
    public double[] sigmoid() {
        VectorMath.sigmoidInPlace(scratch, 0, chains * m);
        return scratch;
    }

    /** @return chains*m uniforms */
    @Benchmark
    public double[] uniforms() {
        rng.fillUniform(scratch, 0, chains * m);
        return scratch;
    }

    /** @return the hidden draws of 100 chains (the first half of a sweep) */
    @Benchmark
    public double[] hiddenSample() {
        rbm.sampleHidden(v, chains, h, rng, scratch);
        return h;
    }

    /** @return the visible draws of 100 chains (the second half of a sweep) */
    @Benchmark
    public double[] visibleSample() {
        rbm.sampleVisible(hHalf, chains, v2, rng, scratch);
        return v2;
    }

    /** @return the visible fields of 100 chains */
    @Benchmark
    public double[] visibleField() {
        rbm.visibleField(hHalf, chains, v2);
        return v2;
    }

    /** @return a buffer, so the work is not eliminated */
    @Benchmark
    public double[] gibbsSweep() {
        rbm.sampleHidden(v, chains, h, rng, scratch);
        rbm.sampleVisible(h, chains, v, rng, scratch);
        return v;
    }
}
