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

    /**
     * With several failing chunks the failure rethrown is the one of the lowest chunk, the one the
     * sequential loop (T = 1) meets first, whichever thread ran which chunk and whichever failed first
     * in time: the error a user sees does not depend on T. Here the thread of chunk 0 goes on to chunk
     * 40 and fails there before chunk 1 (on another thread) fails (the former code rethrew the calling
     * thread's failure first: "chunk 40" at T = 2, 3 when the calling thread took chunk 0, "chunk 1" at
     * T = 1).
     */
    @Test
    void theLowestFailingChunkIsRethrownForEveryT() {
        for (int t : new int[] {1, 2, 3}) {
            try (ChunkPool pool = ChunkPool.of(t)) {
                for (int trial = 0; trial < 3; trial++) {
                    assertThatThrownBy(() -> pool.forEach(50, (k, w) -> {
                        if (k <= 1) {
                            sleep(30 * (k + 1)); // chunk 1 goes to another thread than chunk 0's
                        }
                        if (k == 1) {
                            throw new IllegalStateException("chunk 1");
                        }
                        if (k >= 40) {
                            throw new IllegalArgumentException("chunk " + k);
                        }
                    })).as("T = %d", t).isInstanceOf(IllegalStateException.class).hasMessage("chunk 1");
                }
            }
        }
    }

    /**
     * The worker threads of a pool that is never closed (a trainer a library user dropped without
     * close) end once idle for the pool's idle time, instead of living as long as the JVM (the former
     * fixed thread pool kept them for ever); a later split starts them again.
     */
    @Test
    void idleWorkersOfAPoolNeverClosedEnd() throws Exception {
        ChunkPool pool = ChunkPool.of(3, 50);
        for (int round = 0; round < 2; round++) {
            Set<Thread> threads = ConcurrentHashMap.newKeySet();
            pool.forEach(40, (k, w) -> {
                threads.add(Thread.currentThread());
                sleep(2);
            });
            threads.remove(Thread.currentThread());
            assertThat(threads).as("round %d", round).isNotEmpty().allMatch(Thread::isDaemon);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (threads.stream().anyMatch(Thread::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(threads).as("round %d", round).noneMatch(Thread::isAlive);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
