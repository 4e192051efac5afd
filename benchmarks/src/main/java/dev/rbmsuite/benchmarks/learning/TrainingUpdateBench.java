package dev.rbmsuite.benchmarks.learning;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.learning.estimators.Estimator;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One full training update (chains advanced by one kernel transition, fresh hidden samples,
 * semi-second-order SMCI on every layer, positive phase with extended-data samples, gradients,
 * AdaMax) at the paper's settings (Table 1): "genrbm" = BGS, n=10, m=100, N_d = N_s = 100;
 * "genrbm-roundtrip" = the same with the round trip on the stack 100,50,25,12 (figure 6, L = 3);
 * "wine" = round trip, n=65, stack 100,50,25,12, N_d = 178, N_s = 100. Random binary data of the
 * right shape stand in for the data sets (the cost does not depend on the values).
 *
 * <p>Large layers (issue 30), BGS with the plain Monte Carlo estimator, 100 chains, random binary
 * rows: "pcd784" = one full-batch PCD-1 update at n=784, m=500, N_d = 1,000 (one epoch);
 * "batch784" = one mini-batch update of 100 rows at n=784, m=500 (a 60,000-row epoch is 600 of
 * them); "sparse784" = batch784 on sparse rows, each unit 1 with probability 0.13 (about the share of
 * ones in binarized MNIST digits: the blocked conditionals skip empty groups of four inputs, so the
 * cost depends on the values here; the peers' dense products do not); "paper25" = one PCD-1 epoch
 * at n=25, m=100, N_d = 100 (the peers' paper-size comparison).
 *
 * <p>{@code threads} is T of {@code train --threads T} ({@link Trainer#useThreads}): the update split
 * over T threads, the same bits for every T; the paper's sizes stay on the calling thread whatever T
 * is. {@code arithmetic=blas} runs the large settings on OpenBLAS's dgemm (core Arithmetic; on one
 * thread, as {@code benchmarks/run} sets {@code OPENBLAS_NUM_THREADS=1} unless the caller chose).
 * Example: {@code ./benchmarks/run TrainingUpdateBench -p setting=pcd784,batch784 -p threads=1,2
 * -p arithmetic=fixed-order,blas}.
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
public class TrainingUpdateBench {
    @Param({"genrbm", "genrbm-roundtrip", "wine", "pcd784", "batch784", "sparse784", "paper25"})
    String setting;

    @Param({"1"})
    int threads;

    /** The products' arithmetic of the large settings (core Arithmetic): fixed-order, or the opt-in blas. */
    @Param({"fixed-order"})
    String arithmetic;

    Trainer trainer;
    boolean batched;

    /** Builds the trainer and runs a few updates. */
    @Setup
    public void setup() {
        if (setting.endsWith("784") || setting.equals("paper25")) {
            large();
            return;
        }
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
        trainer = new Trainer(s, data, rows, n).useThreads(threads);
        for (int k = 0; k < 20; k++) {
            trainer.update();
        }
    }

    private void large() {
        boolean paper = setting.equals("paper25");
        int n = paper ? 25 : 784;
        int m = paper ? 100 : 500;
        int rows = paper ? 100 : 1000;
        Rng rng = Rng.seeded(7);
        double[] data = new double[rows * n];
        for (int k = 0; k < data.length; k++) {
            data[k] = rng.nextBernoulli(setting.equals("sparse784") ? 0.13 : 0.5) ? 1 : 0;
        }
        TrainingSettings s = TrainingSettings.builder().kernel("bgs").hidden(m).epochs(1_000_000_000)
                .estimator(Estimator.MC).samples(100).batchSize(batchedSetting() ? 100 : 0)
                .arithmetic(Arithmetic.parse(arithmetic)).build();
        trainer = new Trainer(s, data, rows, n).useThreads(threads);
        batched = batchedSetting();
        for (int k = 0; k < 5; k++) {
            trainer.update();
        }
    }

    /** @return whether the setting is one mini-batch update of 100 rows */
    private boolean batchedSetting() {
        return setting.equals("batch784") || setting.equals("sparse784");
    }

    /** Stops the update threads. */
    @TearDown
    public void tearDown() {
        trainer.close();
    }

    /** @return the epoch, so the work is not eliminated */
    @Benchmark
    public int update() {
        if (batched) {
            trainer.updateBatch();
            return trainer.batchInEpoch();
        }
        trainer.update();
        return trainer.epoch();
    }
}
