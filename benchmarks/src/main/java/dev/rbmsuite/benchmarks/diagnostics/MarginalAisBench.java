package dev.rbmsuite.benchmarks.diagnostics;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.ais.AnnealingSchedule;
import dev.rbmsuite.diagnostics.ais.MarginalAis;
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
 * mAIS on the wine-sized model (n = 65, m = 100, Xavier weights), 500 runs. The default is a reduced
 * setting of 1,000 temperatures; the full setting of the issue (10,000 temperatures, target 60 s) is
 * {@code ./benchmarks/run MarginalAisBench -p temperatures=10000 -wi 0 -i 3}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT}, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector",
        "--enable-native-access=ALL-UNNAMED", "-Dsun.misc.unsafe.memory.access=allow"})
public class MarginalAisBench {
    @Param({"1000"})
    int temperatures;
    @Param({"500"})
    int runs;

    Rbm rbm;

    /** The model. */
    @Setup
    public void setup() {
        rbm = Rbm.xavier(65, 100, Rng.seeded(42));
    }

    /** @return the ln Z estimate */
    @Benchmark
    public double mais() {
        return MarginalAis.estimate(rbm, new AisOptions(AnnealingSchedule.piecewise(temperatures), runs, null),
                Rng.seeded(7)).logZ();
    }
}
