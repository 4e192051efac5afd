package dev.rbmsuite.benchmarks.learning;

import dev.rbmsuite.core.Products;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorWarmUp;
import dev.rbmsuite.learning.estimators.Estimator;
import dev.rbmsuite.learning.train.Trainer;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The first epochs of a paper-size PCD-1 training in a fresh JVM (n = 25, m = 100, 100 random binary
 * rows, 100 chains, BGS, Monte Carlo estimator), as the train command runs them: the time of epoch 1,
 * of epochs 2-100 and of epochs 101-2000, wall and the main thread's CPU, with the command line's
 * warm-ups ({@link VectorWarmUp#enable(boolean)}, {@link Products#warmUp()}) or without. The CPU time
 * of the main thread is what the warm-up saves; it is far less sensitive than wall time to other
 * processes on a busy machine. Run it with the launcher's JVM flags (.mvn/jvm.config):
 * {@code java $(cat .mvn/jvm.config) -cp ... TrainingWarmUpRun on|off|sampling-only}.
 */
public final class TrainingWarmUpRun {
    private TrainingWarmUpRun() {
    }

    /**
     * @param args "on" (both warm-ups), "off" (none) or "sampling" (only the sampling warm-up, as
     *     before the training warm-up)
     */
    public static void main(String[] args) {
        String mode = args.length > 0 ? args[0] : "on";
        if (!mode.equals("off")) {
            VectorWarmUp.enable(true);
        }
        if (mode.equals("on")) {
            Products.warmUp();
        }
        int n = 25;
        int rows = 100;
        Rng rng = Rng.seeded(3);
        double[] data = new double[rows * n];
        for (int k = 0; k < data.length; k++) {
            data[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        TrainingSettings s = TrainingSettings.builder().kernel("bgs").hidden(100).epochs(2000)
                .estimator(Estimator.MC).samples(100).build();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long w0 = System.nanoTime();
        long c0 = mx.getCurrentThreadCpuTime();
        Trainer t = new Trainer(s, data, rows, n);
        int[] marks = {1, 100, 2000};
        long[] wall = new long[marks.length];
        long[] cpu = new long[marks.length];
        int next = 0;
        for (int e = 1; e <= 2000; e++) {
            t.update();
            if (e == marks[next]) {
                wall[next] = System.nanoTime() - w0;
                cpu[next] = mx.getCurrentThreadCpuTime() - c0;
                next++;
            }
        }
        System.out.printf("%s wall ms: %.1f %.1f %.1f  main cpu ms: %.1f %.1f %.1f  (epoch 1, 2-100, 101-2000)%n", mode,
                wall[0] / 1e6, (wall[1] - wall[0]) / 1e6, (wall[2] - wall[1]) / 1e6,
                cpu[0] / 1e6, (cpu[1] - cpu[0]) / 1e6, (cpu[2] - cpu[1]) / 1e6);
    }
}
