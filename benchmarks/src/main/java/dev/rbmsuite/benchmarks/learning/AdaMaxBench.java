package dev.rbmsuite.benchmarks.learning;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.learning.optim.AdaMax;
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
 * One AdaMax step of a training update as the trainer takes it ({@link AdaMax#ascendDifferences}: the
 * gradient as positive minus negative moments of W, b and c), for one RBM of the given shape:
 * "784x500" (MNIST's width, 392,784 parameters; 64 bytes of memory traffic per parameter) and "25x100"
 * (the paper's). Run with {@code ./benchmarks/run AdaMaxBench} and quote p0.50.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT},
        jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class AdaMaxBench {
    @Param({"784x500", "25x100"})
    String shape;

    double[] theta;
    double[][] plus;
    double[][] minus;
    int[] at;
    AdaMax optimiser;

    /** Random moments of W, b and c (the step size stays small: the parameters do not run away). */
    @Setup
    public void setup() {
        int n = Integer.parseInt(shape.substring(0, shape.indexOf('x')));
        int m = Integer.parseInt(shape.substring(shape.indexOf('x') + 1));
        int[] lengths = {n * m, n, m};
        Rng rng = Rng.seeded(3);
        plus = new double[3][];
        minus = new double[3][];
        at = new int[3];
        int len = 0;
        for (int s = 0; s < 3; s++) {
            at[s] = len;
            len += lengths[s];
            plus[s] = new double[lengths[s]];
            minus[s] = new double[lengths[s]];
            for (int k = 0; k < lengths[s]; k++) {
                plus[s][k] = rng.nextDouble();
                minus[s][k] = rng.nextDouble();
            }
        }
        theta = new double[len];
        optimiser = new AdaMax(len, 1e-6);
    }

    /** @return one parameter, so the work is not eliminated */
    @Benchmark
    public double step() {
        optimiser.ascendDifferences(theta, plus, minus, at);
        return theta[0];
    }
}
