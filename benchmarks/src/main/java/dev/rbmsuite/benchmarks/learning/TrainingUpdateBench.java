package dev.rbmsuite.benchmarks.learning;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.learning.train.Trainer;
import dev.rbmsuite.learning.train.TrainingSettings;
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
 * One full training update (chains advanced by one kernel transition, fresh hidden samples,
 * semi-second-order SMCI on every layer, positive phase with extended-data samples, gradients,
 * AdaMax) at the paper's settings (Table 1): "genrbm" = BGS, n=10, m=100, N_d = N_s = 100;
 * "genrbm-roundtrip" = the same with the round trip on the stack 100,50,25,12 (figure 6, L = 3);
 * "wine" = round trip, n=65, stack 100,50,25,12, N_d = 178, N_s = 100. Random binary data of the
 * right shape stand in for the data sets (the cost does not depend on the values).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS}, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class TrainingUpdateBench {
    @Param({"genrbm", "genrbm-roundtrip", "wine"})
    String setting;

    Trainer trainer;

    /** Builds the trainer and runs a few updates. */
    @Setup
    public void setup() {
        boolean gen = setting.startsWith("genrbm");
        boolean bgs = setting.equals("genrbm");
        int n = gen ? 10 : 65;
        int rows = gen ? 100 : 178;
        int[] hidden = bgs ? new int[] {100} : new int[] {100, 50, 25, 12};
        Rng rng = Rng.seeded(7);
        double[] data = new double[rows * n];
        for (int k = 0; k < data.length; k++) {
            data[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        TrainingSettings s = new TrainingSettings(bgs ? "bgs" : "roundtrip", hidden, 1_000_000_000, gen ? 0.01 : 0.001,
                100, "smci2", 100, 1, false);
        trainer = new Trainer(s, data, rows, n);
        for (int k = 0; k < 20; k++) {
            trainer.update();
        }
    }

    /** @return the epoch, so the work is not eliminated */
    @Benchmark
    public int update() {
        trainer.update();
        return trainer.epoch();
    }
}
