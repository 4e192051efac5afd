package dev.rbmsuite.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.cost.CostGuard;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The diagnostics' pool: every task exactly once, nested loops without deadlock, progress counted per task. */
class ParallelTest {
    @Test
    void runsEveryTaskExactlyOnceAndWaitsForAll() {
        for (int tasks : new int[] {0, 1, 2, 7, 1000}) {
            AtomicIntegerArray runs = new AtomicIntegerArray(Math.max(tasks, 1));
            Parallel.forEach(tasks, t -> runs.incrementAndGet(t));
            for (int t = 0; t < tasks; t++) {
                assertThat(runs.get(t)).as("task %d of %d", t, tasks).isEqualTo(1);
            }
        }
        assertThat(Parallel.threads()).isPositive();
    }

    @Test
    void nestedLoopsRunInlineInsideThePool() {
        AtomicIntegerArray runs = new AtomicIntegerArray(8 * 8);
        Parallel.forEach(8, outer -> Parallel.forEach(8, inner -> runs.incrementAndGet(outer * 8 + inner)));
        for (int k = 0; k < 64; k++) {
            assertThat(runs.get(k)).isEqualTo(1);
        }
    }

    @Test
    void countsEveryFinishedTaskAsOneUnitOfProgress() {
        try (CostGuard.Task task = CostGuard.UNLIMITED.start("test", 0.0, 80)) {
            Parallel.forEach(40, t -> { }, task);
            assertThat(task.fraction()).isEqualTo(0.5); // 40 of 80 units, each task counted once
        }
        AtomicIntegerArray runs = new AtomicIntegerArray(3);
        Parallel.forEach(3, t -> runs.incrementAndGet(t), null);
        assertThat(runs.get(0) + runs.get(1) + runs.get(2)).isEqualTo(3);
    }
}
