package dev.rbmsuite.core;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps a command's first sweeps out of the Vector API's cold phase (docs/methods.md section 10,
 * "warm-up").
 *
 * <p>Why: HotSpot compiles the Vector API to vector instructions only in its optimising compiler
 * (C2). Until C2 has compiled a hot loop, every vector operation runs as Java code that allocates,
 * 100 to 1,000 times slower than compiled; a command's first ~200 BGS sweeps took 10 to 100 ms each
 * where a warm sweep takes 30 µs, so 10,000 sweeps cost 2.7 times the steady state. Each routine
 * switched here has a <em>scalar twin</em>: plain Java that performs exactly the same floating-point
 * operations in the same order for every element (same additions, same fused multiply-adds, same
 * exponential polynomial, same random-bit conversion), so it gives the same bits, and it runs fast
 * from its first call (interpreted and C1 code handle plain loops well).
 *
 * <p>How: by default every routine runs its vector code (tests, benchmarks and library users see no
 * change). {@link #enable()} (called by the command line at start) switches the routines to their
 * twins; after {@value #START_AFTER} calls of a switched routine a daemon thread starts that first
 * calls the vector code of the routines in use back to back on small scratch data of its own (its
 * own random stream, never the user's) to get it past the JIT's thresholds, then times it against
 * the twin on data of a realistic size, and hands each routine back to its vector code once the
 * vector code has been faster in {@value #CONFIRM} rounds in a row, i.e. once C2 has compiled it. After {@value #MAX_MILLIS} ms
 * every routine is handed back whatever the timings say. Which code runs never changes a result, only
 * its speed. A command with fewer calls never starts the thread.
 *
 * <p>Then the thread stays as a watch for the rest of the process: every {@value #WATCH_MILLIS} ms it
 * times each routine in use once more and moves a routine whose vector code has become more than
 * {@value #SLOW_FACTOR} times slower than its twin (C2 code that runs the Vector API boxed, as seen once
 * in a long figure run) to the twin, and back once the vector code wins again. It times the routines'
 * own compiled code, not copies that C2 inlined into their callers, so it bounds what a bad compile
 * of a routine costs, not of every caller. The draws are timed through the deferred draws that the
 * samplers use ({@code VectorMath.bernoulliLogisticDeferredVector}); the plain vector draws that
 * share their switch (used by the exact transition matrix of the diagnostics) are not timed.
 */
public final class VectorWarmUp {
    /** {@code ConditionalKernel}'s sums of group-table rows (binary inputs). */
    static final int TABLE = 1;
    /** {@code ConditionalKernel}'s fused multiply-add rows (non-binary inputs). */
    static final int DENSE = 2;
    /** {@link VectorMath#bernoulliLogistic} and {@link VectorMath#bernoulliLogisticDeferred}. */
    static final int DRAWS = 4;
    /** {@link Rng#fillUniform}. */
    static final int UNIFORMS = 8;
    /** {@code ConditionalKernel}'s reading of the binary input patterns. */
    static final int PATTERNS = 16;
    static final int ALL = TABLE | DENSE | DRAWS | UNIFORMS | PATTERNS;
    /** The number of routine bits. */
    private static final int ROUTINES = 5;
    /** Calls of switched routines before the warm-up thread starts (ten BGS sweeps). */
    static final int START_AFTER = 20;
    /** Consecutive rounds the vector code must win before a routine is handed back to it. */
    static final int CONFIRM = 3;
    /**
     * Rounds run back to back on the small data (each calls every cold routine's vector code 4 times:
     * past C2's invocation threshold, 150 calls as the launcher scales it for the vector routines, 5,000
     * without its flags);
     * later rounds, which also time the vector code against the twin, are a millisecond apart.
     */
    static final int BUSY_ROUNDS = 150;
    /**
     * How many times slower than its twin a routine's vector code is when it is evidently not yet
     * compiled by C2 (its boxed vectors cost 20 to 1000 times the twin; C2's code beats the twin).
     */
    static final long UNCOMPILED_FACTOR = 8;
    /** Rounds whose timings a routine skips after its vector code was evidently not yet compiled. */
    static final int REST_ROUNDS = 16;
    /** Upper bound on the warm-up proper: after it every routine runs its vector code, then the watch. */
    static final long MAX_MILLIS = 5_000;
    /** Milliseconds between two checks of the watch (a check costs tens of microseconds). */
    static final long WATCH_MILLIS = 2_000;
    /** How many times slower than its twin a routine's vector code must be for the watch to act. */
    static final long SLOW_FACTOR = 2;

    private static final boolean TRACE = "trace".equals(System.getProperty("rbm.warmup"));
    /** Bit set of the routines that run their vector code. */
    private static volatile int vector = ALL;
    /** Bit set of the routines called since {@link #enable()}: only those are warmed up. */
    private static volatile int wanted;
    private static final AtomicInteger CALLS = new AtomicInteger();
    /** The warm-up thread once started (written under the class lock, read without it by {@link #vector}). */
    private static volatile Thread thread;

    private VectorWarmUp() {
    }

    /**
     * Switches the routines to their scalar twins until the warm-up thread has seen their vector
     * code compiled; the thread starts after {@value #START_AFTER} calls. Same as
     * {@code enable(false)}.
     */
    public static void enable() {
        enable(false);
    }

    /**
     * Switches the routines to their scalar twins until the warm-up thread has seen their vector
     * code compiled. Idempotent; call it once, early, in a process that samples (the command line).
     * With {@code early} the thread starts at once and warms up the routines every sampler calls
     * (the table sums of binary inputs, the logistic draws, the uniforms) while the process is still
     * starting (parsing options, reading the model), on the other processor: on the 2-core
     * development machine a 1-step {@code sample} took 0.37 s instead of 0.44 s and 10,001 steps
     * 0.96 s instead of 1.03 s (medians of 7 to 9 interleaved runs, quiet machine). Commands that do
     * not sample should not ask for it: the thread would compete with their work for up to
     * {@value #MAX_MILLIS} ms, and then wake every {@value #WATCH_MILLIS} ms for the watch.
     * The system property {@code rbm.warmup=off} makes it do nothing (for timing comparisons);
     * {@code rbm.warmup=trace} prints the warm-up thread's timings on stderr (a diagnostic).
     *
     * @param early whether to start the warm-up thread now rather than after the first calls
     */
    public static synchronized void enable(boolean early) {
        if ("off".equalsIgnoreCase(System.getProperty("rbm.warmup"))) {
            return;
        }
        if (thread == null && vector == ALL) {
            vector = 0;
            CALLS.set(0);
            if (early) {
                wanted = TABLE | DRAWS | UNIFORMS | PATTERNS;
                start();
            }
        }
    }

    /**
     * @param routine one of the routine bits
     * @return whether the routine should run its vector code now; counts the call otherwise
     */
    static boolean vector(int routine) {
        if ((vector & routine) != 0) {
            return true;
        }
        if ((wanted & routine) == 0) {
            synchronized (VectorWarmUp.class) {
                wanted |= routine;
            }
        }
        // once the thread runs (its watch can send a routine back to the twin for the rest of the
        // process), twin calls no longer touch the shared counter
        if (thread == null && CALLS.incrementAndGet() == START_AFTER) {
            start();
        }
        return false;
    }

    /** @return whether every routine runs its vector code (always, unless {@link #enable()} was called) */
    public static boolean done() {
        return vector == ALL;
    }

    /**
     * Waits until every routine runs its vector code (tests).
     *
     * @param millis longest wait
     * @return {@link #done()}
     * @throws InterruptedException if interrupted while waiting
     */
    static boolean await(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000L;
        while (!done() && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        return done();
    }

    private static synchronized void start() {
        if (thread != null || vector == ALL) {
            return;
        }
        thread = new Thread(VectorWarmUp::run, "rbm-vector-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    private static void run() {
        try {
            Bench small = new Bench(17, 36, Lanes.WIDTH + 1, true);
            Bench large = new Bench(24, 96, 512, false);
            int[] wins = new int[ROUTINES];
            int[] rest = new int[ROUTINES];
            long end = System.nanoTime() + MAX_MILLIS * 1_000_000L;
            for (int round = 0; vector != ALL && System.nanoTime() < end; round++) {
                int pending = wanted & ~vector;
                if (pending == 0) {
                    // nothing called is still cold: wait for a routine to be called (or the time limit)
                    Thread.sleep(2);
                    continue;
                }
                if (round < BUSY_ROUNDS) {
                    // drive the vector code past C2's thresholds on the small data, back to back
                    for (int b = 0; b < ROUTINES; b++) {
                        if ((pending & (1 << b)) != 0) {
                            small.time(1 << b, true);
                        }
                    }
                    continue;
                }
                // then compare the vector code with the twin on data of a realistic size, leaving the
                // processor to the compiler and the command for a millisecond between rounds
                Thread.sleep(1);
                for (int b = 0; b < ROUTINES; b++) {
                    int routine = 1 << b;
                    if ((pending & routine) == 0) {
                        continue;
                    }
                    small.time(routine, true);
                    if (rest[b] > 0) {
                        rest[b]--;
                        continue;
                    }
                    long tv = large.time(routine, true);
                    long ts = large.time(routine, false);
                    // vector code far slower than its twin is not C2's yet (interpreted or C1, with
                    // every vector boxed: a millisecond and more a call): time it again only some
                    // rounds later, leaving that processor time to the compiler and the command
                    rest[b] = tv > UNCOMPILED_FACTOR * ts ? REST_ROUNDS : 0;
                    trace("warm-up", end, routine, tv, ts);
                    synchronized (VectorWarmUp.class) {
                        // the routine is on its twin: back to the vector code after CONFIRM wins in a row
                        vector = watchStep(vector, b, tv, ts, wins);
                    }
                }
            }
            synchronized (VectorWarmUp.class) {
                vector = ALL;
            }
            watch(large, end);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            vector = ALL;
        }
    }

    /**
     * The watch, for as long as the process lives: every {@value #WATCH_MILLIS} ms, times the vector
     * code of each routine in use against its twin (the fastest of three alternating timings each),
     * and moves a routine to the twin after its
     * vector code has been more than {@value #SLOW_FACTOR} times slower in {@value #CONFIRM} checks in a
     * row, back after it has been faster in {@value #CONFIRM} checks in a row.
     */
    private static void watch(Bench large, long end) throws InterruptedException {
        int[] streaks = new int[ROUTINES];
        while (true) {
            Thread.sleep(WATCH_MILLIS);
            int inUse = wanted;
            for (int b = 0; b < ROUTINES; b++) {
                int routine = 1 << b;
                if ((inUse & routine) == 0) {
                    continue;
                }
                // the fastest of three alternating timings each: the first calls after the sleep find
                // cold caches, and the other threads of a busy process can interrupt any one call
                long tv = Long.MAX_VALUE;
                long ts = Long.MAX_VALUE;
                for (int rep = 0; rep < 3; rep++) {
                    tv = Math.min(tv, large.time(routine, true));
                    ts = Math.min(ts, large.time(routine, false));
                }
                trace("watch", end, routine, tv, ts);
                synchronized (VectorWarmUp.class) {
                    int before = vector;
                    vector = watchStep(before, b, tv, ts, streaks);
                    if (TRACE && vector != before) {
                        System.err.printf("watch: routine %d now runs its %s%n", routine,
                                (vector & routine) != 0 ? "vector code" : "twin");
                    }
                }
            }
        }
    }

    /**
     * One check of the watch (and one round of the warm-up, whose routines are all on their twins)
     * for routine bit {@code b}: a routine on its vector code goes to the twin
     * after {@value #CONFIRM} checks in a row with the vector code more than {@value #SLOW_FACTOR}
     * times slower; a routine on its twin comes back after {@value #CONFIRM} checks in a row with the
     * vector code faster. Any other check resets the routine's streak.
     *
     * @param vectorBits the routines on their vector code
     * @param b the routine's bit index
     * @param tv nanoseconds of the vector code
     * @param ts nanoseconds of the twin
     * @param streaks per routine, the number of checks in a row that called for a move (updated)
     * @return the routines on their vector code after this check
     */
    static int watchStep(int vectorBits, int b, long tv, long ts, int[] streaks) {
        int routine = 1 << b;
        boolean onVector = (vectorBits & routine) != 0;
        boolean move = onVector ? tv > SLOW_FACTOR * ts : tv < ts;
        streaks[b] = move ? streaks[b] + 1 : 0;
        if (streaks[b] < CONFIRM) {
            return vectorBits;
        }
        streaks[b] = 0;
        return onVector ? vectorBits & ~routine : vectorBits | routine;
    }

    private static void trace(String phase, long end, int routine, long tv, long ts) {
        if (TRACE) {
            System.err.printf("%s %d ms: routine %d vector %d ns, twin %d ns%n", phase,
                    (System.nanoTime() - end) / 1_000_000 + MAX_MILLIS, routine, tv, ts);
        }
    }

    /**
     * The routines on scratch data of the warm-up thread's own. The small set is as small as possible
     * (its calls run interpreted at first) but shaped so that every loop and branch of the vector code
     * runs at every hardware width: a whole-block part and a remainder (17 inputs: four whole groups of
     * 4, read as two vector steps of 8 lanes, four of 4 or four pairs of 2, and a partial group; 36 outputs: 40 = 32 + 8 padded at 8 lanes, 36 = 32 + 4 at 4 and 2 lanes;
     * 9 draws), and in every other call of the draws one draw on the decision boundary, so that the
     * deferred draws both decline (and the exact draws run) and finish. So C2 does not compile a path
     * it has never seen taken as a trap that the real data would hit later. The large set (24 x 96,
     * 512 draws, fields independent of the uniforms, no boundary case) is what the timings compare.
     */
    static final class Bench {
        private final ConditionalKernel kernel;
        private final int[] offsets;
        private final double[] inputs;
        private final double[] bits;
        private final double[] row;
        private final double[] fields;
        private final double[] fieldValues;
        private final double[] uniforms;
        private final double[] consumed;
        private final boolean boundary;
        private final Rng rng = Rng.seeded(0x7761726dL).fork(1);

        Bench(int in, int out, int draws, boolean boundary) {
            double[] w = new double[in * out];
            double[] c = new double[out];
            for (int k = 0; k < w.length; k++) {
                w[k] = rng.nextDouble() - 0.5;
            }
            for (int k = 0; k < c.length; k++) {
                c[k] = rng.nextDouble() - 0.5;
            }
            kernel = new ConditionalKernel(in, out, w, c);
            offsets = kernel.scratchOffsets();
            inputs = new double[in];
            bits = new double[in];
            for (int k = 0; k < in; k++) {
                inputs[k] = rng.nextDouble();
                bits[k] = inputs[k] < 0.5 ? 0.0 : 1.0;
            }
            row = new double[kernel.stride()];
            fields = new double[draws];
            // fields independent of the uniforms: u (1 + e^{-f}) then lies within the fast draws'
            // margin of 1 about once in ten million draws (fields made from the uniforms themselves,
            // f = 4 (u - 1/2), put every u near 1/2 on the threshold)
            fieldValues = new double[draws];
            for (int k = 0; k < draws; k++) {
                fieldValues[k] = 4.0 * (rng.nextDouble() - 0.5);
            }
            uniforms = new double[draws];
            consumed = new double[draws];
            rng.fillUniformScalar(uniforms, 0, draws);
            this.boundary = boundary;
        }

        /** Nanoseconds of a few calls of one routine, vector code or twin. */
        long time(int routine, boolean vectorCode) {
            int len = fields.length;
            long t0 = System.nanoTime();
            for (int rep = 0; rep < 4; rep++) {
                switch (routine) {
                    case TABLE -> kernel.tableRow(offsets, row, vectorCode);
                    case PATTERNS -> kernel.patternRow(bits, offsets, vectorCode);
                    case DENSE -> kernel.denseRow(inputs, row, vectorCode);
                    case DRAWS -> {
                        System.arraycopy(fieldValues, 0, fields, 0, len);
                        double[] u = uniforms;
                        if (boundary && rep % 2 == 0) {
                            // a uniform on the decision boundary u (1 + e^{-f}) = 1: the exact branch
                            // (every other call, so that the deferred draws also finish their work)
                            u = uniforms.clone();
                            u[rep] = 1.0 / (1.0 + VectorMath.expScalar(-fields[rep]));
                        }
                        if (vectorCode) {
                            // as ConditionalKernel draws: the deferred test, and the twin where it
                            // declines (the boundary case); the deferred draws consume u
                            System.arraycopy(u, 0, consumed, 0, len);
                            int whole = Lanes.SPECIES.loopBound(len);
                            if (VectorMath.bernoulliLogisticDeferredVector(consumed, 0, fields, 0, whole, 1.0)) {
                                System.arraycopy(consumed, 0, fields, 0, whole);
                                VectorMath.bernoulliLogisticScalar(u, whole, fields, whole, len - whole, 1.0);
                            } else {
                                VectorMath.bernoulliLogisticScalar(u, 0, fields, 0, len, 1.0);
                            }
                        } else {
                            VectorMath.bernoulliLogisticScalar(u, 0, fields, 0, len, 1.0);
                        }
                    }
                    default -> {
                        if (vectorCode) {
                            rng.fillUniformLanes(uniforms, 0, len);
                        } else {
                            rng.fillUniformScalar(uniforms, 0, len);
                        }
                    }
                }
            }
            return System.nanoTime() - t0;
        }
    }
}
