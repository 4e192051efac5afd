package dev.rbmsuite.benchmarks.core;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Fdlibm;
import java.util.SplittableRandom;
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
 * The scalar exponential in a loop as SMCI and the exact enumerations use it, 1,024 arguments of random
 * sign and magnitude (uniform on [-30, 30]) per call: HotSpot's {@code Math.exp} intrinsic (not allowed
 * in main code: its last bits depend on the CPU), {@code StrictMath.exp} (JDK 17: fdlibm in Java,
 * a method too large to be inlined) and core's {@link Fdlibm#exp} (the same bits as StrictMath, inlined).
 * Each loop stores the results, so the exponentials are independent.
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
public class ExpBench {
    double[] x;
    double[] y;

    /** Draws the arguments. */
    @Setup
    public void setup() {
        SplittableRandom r = new SplittableRandom(20261128L);
        x = new double[1024];
        y = new double[x.length];
        for (int k = 0; k < x.length; k++) {
            x[k] = r.nextDouble(-30.0, 30.0);
        }
    }

    /** @return the results (HotSpot's intrinsic) */
    @Benchmark
    public double[] mathExp() {
        for (int k = 0; k < x.length; k++) {
            y[k] = Math.exp(x[k]);
        }
        return y;
    }

    /** @return the results (fdlibm in JDK 17's java.lang.FdLibm) */
    @Benchmark
    public double[] strictMathExp() {
        for (int k = 0; k < x.length; k++) {
            y[k] = StrictMath.exp(x[k]);
        }
        return y;
    }

    /** @return the results (core's port, the same bits as StrictMath) */
    @Benchmark
    public double[] fdlibmExp() {
        for (int k = 0; k < x.length; k++) {
            y[k] = Fdlibm.exp(x[k]);
        }
        return y;
    }
}
