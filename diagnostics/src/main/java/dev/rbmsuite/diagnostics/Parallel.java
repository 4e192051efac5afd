package dev.rbmsuite.diagnostics;

import dev.rbmsuite.core.cost.CostGuard;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * A fixed-size worker pool for the diagnostics' embarrassingly parallel loops (exact enumeration,
 * transition-matrix estimates, annealing runs).
 *
 * <p>Determinism rule: callers split their work into a number of tasks that depends only on the
 * problem (never on the number of threads), every task writes its own result slot, and the caller
 * reduces the slots sequentially in task order. Results are therefore bit-identical run to run and
 * independent of how many cores the machine has.
 */
public final class Parallel {
    private static final ForkJoinPool POOL = new ForkJoinPool(
            Math.max(1, Runtime.getRuntime().availableProcessors()),
            pool -> {
                ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                t.setName("rbm-diagnostics-" + t.getPoolIndex());
                t.setDaemon(true);
                return t;
            }, null, false);

    private Parallel() {
    }

    private static boolean insidePool() {
        Thread t = Thread.currentThread();
        return t instanceof ForkJoinWorkerThread && ((ForkJoinWorkerThread) t).getPool() == POOL;
    }

    /** @return the number of worker threads (the machine's available processors) */
    public static int threads() {
        return POOL.getParallelism();
    }

    /**
     * {@link #forEach(int, IntConsumer)}, counting every finished task as one unit of {@code progress}.
     *
     * @param tasks number of tasks
     * @param body the work of one task
     * @param progress the running computation's task (null: no counting)
     */
    public static void forEach(int tasks, IntConsumer body, CostGuard.Task progress) {
        forEach(tasks, progress == null ? body : t -> {
            body.accept(t);
            progress.advance(1);
        });
    }

    /**
     * Runs {@code body.accept(t)} for every task t in [0, tasks) on the pool and waits for all of
     * them. Tasks must be independent and write disjoint results.
     *
     * @param tasks number of tasks
     * @param body the work of one task
     */
    public static void forEach(int tasks, IntConsumer body) {
        if (tasks <= 0) {
            return;
        }
        if (tasks == 1 || POOL.getParallelism() == 1 || insidePool()) {
            for (int t = 0; t < tasks; t++) {
                body.accept(t);
            }
            return;
        }
        POOL.submit(() -> IntStream.range(0, tasks).parallel().forEach(body)).join();
    }
}
