package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The pool of train --threads: every chunk once, no nesting, failures rethrown, scope and range. */
class ChunkPoolTest {
    @Test
    @SuppressWarnings("try")
    void everyChunkRunsOnceOnAtMostTThreadsWithoutNesting() {
        for (int t : new int[] {1, 2, 3, 8}) {
            try (ChunkPool pool = ChunkPool.of(t)) {
                for (int chunks : new int[] {0, 1, 2, 5, 97}) {
                    AtomicIntegerArray runs = new AtomicIntegerArray(Math.max(chunks, 1));
                    Set<Integer> workers = ConcurrentHashMap.newKeySet();
                    Set<Thread> threads = ConcurrentHashMap.newKeySet();
                    try (ChunkPool.Scope scope = pool.enter()) {
                        assertThat(ChunkPool.current()).isSameAs(t == 1 ? null : pool);
                        pool.forEach(chunks, (k, w) -> {
                            runs.incrementAndGet(k);
                            workers.add(w);
                            threads.add(Thread.currentThread());
                            // a routine called inside a chunk finds no pool: it runs sequentially
                            assertThat(ChunkPool.current()).isNull();
                        });
                        assertThat(ChunkPool.current()).isSameAs(t == 1 ? null : pool);
                    }
                    assertThat(ChunkPool.current()).isNull();
                    for (int k = 0; k < chunks; k++) {
                        assertThat(runs.get(k)).as("chunk %d of %d, T = %d", k, chunks, t).isEqualTo(1);
                    }
                    assertThat(threads.size()).isLessThanOrEqualTo(t);
                    assertThat(workers).allMatch(w -> w >= 0 && w < t);
                }
            }
        }
    }

    @Test
    void aFailingChunkIsRethrownAfterTheOthers() {
        try (ChunkPool pool = ChunkPool.of(3)) {
            AtomicIntegerArray done = new AtomicIntegerArray(1);
            assertThatThrownBy(() -> pool.forEach(50, (k, w) -> {
                if (k == 7) {
                    throw new IllegalStateException("chunk 7");
                }
                done.incrementAndGet(0);
            })).isInstanceOf(IllegalStateException.class).hasMessage("chunk 7");
            // the pool still works
            AtomicIntegerArray runs = new AtomicIntegerArray(10);
            pool.forEach(10, (k, w) -> runs.incrementAndGet(k));
            for (int k = 0; k < 10; k++) {
                assertThat(runs.get(k)).isEqualTo(1);
            }
        }
    }

    @Test
    void threadsOutsideTheRangeAreRefused() {
        assertThatThrownBy(() -> ChunkPool.of(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChunkPool.of(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChunkPool.of(ChunkPool.MAX_THREADS + 1)).isInstanceOf(IllegalArgumentException.class);
        ChunkPool.of(ChunkPool.MAX_THREADS).close();
    }
}
