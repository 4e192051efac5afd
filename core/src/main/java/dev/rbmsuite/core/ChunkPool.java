package dev.rbmsuite.core;

import java.util.concurrent.atomic.AtomicLong;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed pool of T threads that splits the work of one training update (train --threads T) without
 * changing a single bit of its result.
 *
 * <p><b>Why the bits do not change.</b> The routines that use a pool (the conditionals of
 * {@link ConditionalKernel}, the outer products of {@link Products}, the sigmoids and Bernoulli draws
 * of a batch, AdaMax's elementwise step) cut their work into chunks of outputs that are computed
 * independently: rows of a batch, tiles of output columns, rows of an output matrix, ranges of
 * elements. The chunk boundaries depend only on the problem's sizes (never on T), every chunk writes
 * its own disjoint outputs, and no floating-point sum is ever split between chunks: each output keeps
 * the additions, in the order, of the sequential code. Random draws come from the counter-based
 * {@link Rng}, each chunk from its own position of the same stream, so every draw is the one the
 * sequential code makes. Which thread runs which chunk is therefore irrelevant, and T = 1, 2, 3, ...
 * give the same bytes.
 *
 * <p><b>Use.</b> The pool is a run-time choice, not a setting: it is installed for the calling thread by
 * {@link #enter()} (a trainer does so around each update) and found by the routines through
 * {@link #current()}; without one, or with T = 1, they run their sequential code. The worker threads
 * never have a pool installed, and the calling thread's is hidden while it runs chunks, so a routine
 * called from inside a chunk runs sequentially (no nesting). Each routine also stays sequential below
 * a size threshold (the paper's 25 x 100 sizes), where handing chunks to threads costs more than it
 * saves. T - 1 daemon threads are started by the pool's first split and stopped by {@link #close()}
 * (or end after 10 s without work, so that a pool never closed leaks none); the
 * calling thread runs chunks too.
 */
public final class ChunkPool implements AutoCloseable {
    /** The most threads of one pool (train --threads). */
    public static final int MAX_THREADS = 256;
    private static final ThreadLocal<ChunkPool> CURRENT = new ThreadLocal<>();
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final int threads;
    private final ExecutorService workers;
    private final AtomicLong splits = new AtomicLong();

    /** The work of one chunk. */
    @FunctionalInterface
    public interface Chunk {
        /**
         * @param chunk the chunk's index, in [0, chunks)
         * @param worker the index, in [0, threads), of the worker running it: at most one chunk runs
         *     with a given index at a time, so a routine may keep scratch buffers per worker index
         */
        void run(int chunk, int worker);
    }

    /**
     * How long an idle worker thread waits for work before it ends (a later split starts it again): the
     * threads of a pool that is never closed (a library user's trainer dropped without close) end
     * instead of staying for the life of the JVM. Between the updates of a run the threads are busy, so
     * they end only across long pauses (an evaluation), and starting one again costs microseconds.
     */
    static final long IDLE_MILLIS = 10_000;

    private ChunkPool(int threads, long idleMillis) {
        this.threads = threads;
        if (threads > 1) {
            int id = POOLS.incrementAndGet();
            AtomicInteger count = new AtomicInteger();
            ThreadPoolExecutor pool = new ThreadPoolExecutor(threads - 1, threads - 1, idleMillis, TimeUnit.MILLISECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "rbm-update-" + id + "-" + count.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
            pool.allowCoreThreadTimeOut(true);
            this.workers = pool;
        } else {
            this.workers = null;
        }
    }

    /**
     * @param threads T, in [1, {@value #MAX_THREADS}]
     * @return a pool of T threads (the calling thread and T - 1 daemon threads)
     * @throws IllegalArgumentException for T outside the range
     */
    public static ChunkPool of(int threads) {
        return of(threads, IDLE_MILLIS);
    }

    /** {@link #of(int)} with idle worker threads ending after {@code idleMillis} ms (tests). */
    static ChunkPool of(int threads, long idleMillis) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in [1, " + MAX_THREADS + "], got " + threads);
        }
        return new ChunkPool(threads, idleMillis);
    }

    /** @return the calls of {@link #forEach} so far (tests check with it that work was split) */
    public long splits() {
        return splits.get();
    }

    /** @return T */
    public int threads() {
        return threads;
    }

    /**
     * @return the pool installed for the calling thread with more than one thread, or null (then the
     *     routines run their sequential code)
     */
    public static ChunkPool current() {
        ChunkPool p = CURRENT.get();
        return p == null || p.threads <= 1 ? null : p;
    }

    /** What {@link #enter()} returns: closing it restores the calling thread's previous pool. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Installs this pool for the calling thread until the returned scope is closed.
     *
     * @return the scope
     */
    public Scope enter() {
        ChunkPool previous = CURRENT.get();
        CURRENT.set(this);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /**
     * Runs {@code body.run(k, worker)} for every chunk k in [0, chunks) on the pool's threads (the
     * calling thread among them) and waits for all of them. The chunks must write disjoint outputs; their
     * number should depend on the problem only, so that the result does not depend on T. When chunks
     * fail, no chunk above the lowest failing one starts, and that chunk's exception is rethrown here
     * after every started chunk has finished: the exception the sequential loop (T = 1) throws, for
     * every T.
     *
     * @param chunks the number of chunks
     * @param body the work of one chunk
     */
    public void forEach(int chunks, Chunk body) {
        if (chunks <= 0) {
            return;
        }
        splits.incrementAndGet();
        ChunkPool previous = CURRENT.get();
        CURRENT.remove(); // routines called by the chunks run sequentially
        try {
            int helpers = workers == null ? 0 : Math.min(threads, chunks) - 1;
            if (helpers == 0) {
                for (int k = 0; k < chunks; k++) {
                    body.run(k, 0);
                }
                return;
            }
            AtomicInteger next = new AtomicInteger();
            Failure failure = new Failure();
            List<Future<?>> futures = new ArrayList<>(helpers);
            for (int w = 1; w <= helpers; w++) {
                int worker = w;
                futures.add(workers.submit(() -> drain(next, chunks, body, worker, failure)));
            }
            drain(next, chunks, body, 0, failure);
            boolean interrupted = false;
            for (Future<?> f : futures) {
                while (true) {
                    try {
                        f.get();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true; // the chunks write into the caller's arrays: wait for them
                    } catch (ExecutionException e) {
                        failure.record(Integer.MAX_VALUE - 1, e.getCause()); // drain catches the chunks' own
                        break;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            Throwable error = failure.error;
            if (error instanceof RuntimeException re) {
                throw re;
            }
            if (error instanceof Error er) {
                throw er;
            }
            if (error != null) {
                throw new IllegalStateException(error);
            }
        } finally {
            if (previous != null) {
                CURRENT.set(previous);
            }
        }
    }

    /**
     * Runs chunks taken in increasing order until none is left or a chunk at or below the one taken has
     * failed. A chunk that fails is recorded, not rethrown: every chunk below the lowest failing one was
     * taken before it and runs to its end, so the failure rethrown is the one of the lowest failing
     * chunk, the one the sequential loop of T = 1 stops at, whatever thread ran it and whenever it failed.
     */
    private static void drain(AtomicInteger next, int chunks, Chunk body, int worker, Failure failure) {
        for (int k = next.getAndIncrement(); k < chunks && k < failure.chunk; k = next.getAndIncrement()) {
            try {
                body.run(k, worker);
            } catch (RuntimeException | Error e) {
                failure.record(k, e);
            }
        }
    }

    /** The failure of the lowest failing chunk of one {@link #forEach}. */
    private static final class Failure {
        /** The lowest failing chunk so far (no chunk above it starts), or Integer.MAX_VALUE. */
        volatile int chunk = Integer.MAX_VALUE;
        Throwable error;

        synchronized void record(int k, Throwable e) {
            if (k < chunk) {
                chunk = k;
                error = e;
            }
        }
    }

    /** Stops the pool's daemon threads (idempotent). */
    @Override
    public void close() {
        if (workers != null) {
            workers.shutdownNow();
        }
    }
}
