package dev.rbmsuite.core.cost;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long a potentially very long computation may run, and where its progress goes.
 *
 * <p>The exact computations of the suite (enumeration of 2^n states for ln Z, moments and P(v);
 * exact transition matrices and their eigenvalues; the lambda2 estimators) estimate their cost in
 * seconds before they start, from the operation counts in their Javadoc and rates measured on the
 * 2-core development machine (a faster machine finishes sooner; the estimate is a guide, not a
 * promise). {@link #start} refuses with a {@link CostLimitException} when the estimate exceeds the
 * limit: {@link #DEFAULT} allows {@value #DEFAULT_LIMIT_SECONDS} seconds (10 minutes),
 * {@link #UNLIMITED} anything, {@link #limit} any other bound. A guard {@link #withProgress with a
 * progress stream} also says what a long computation will cost when it starts and reports how far it
 * got every {@code every} seconds (only for computations estimated at {@code every} seconds or more).
 * Guards are immutable and may be shared between threads.
 */
public final class CostGuard {
    /** The default limit: 10 minutes of estimated cost. */
    public static final double DEFAULT_LIMIT_SECONDS = 600.0;
    /** Refuses computations estimated above 10 minutes; reports no progress. */
    public static final CostGuard DEFAULT = new CostGuard(DEFAULT_LIMIT_SECONDS, null, 5.0);
    /** Allows everything; reports no progress. */
    public static final CostGuard UNLIMITED = new CostGuard(Double.POSITIVE_INFINITY, null, 5.0);

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rbm-progress");
        t.setDaemon(true);
        return t;
    });

    private final double limitSeconds;
    private final PrintStream progress;
    private final double every;

    private CostGuard(double limitSeconds, PrintStream progress, double every) {
        if (!(limitSeconds > 0)) {
            throw new IllegalArgumentException("the limit must be positive, got " + limitSeconds);
        }
        if (!(every > 0)) {
            throw new IllegalArgumentException("the progress interval must be positive, got " + every);
        }
        this.limitSeconds = limitSeconds;
        this.progress = progress;
        this.every = every;
    }

    /**
     * @param seconds the largest estimated cost allowed
     * @return a guard with that limit and no progress reports
     */
    public static CostGuard limit(double seconds) {
        return new CostGuard(seconds, null, 5.0);
    }

    /**
     * @param sink where to report (the command line passes stderr), or null for none
     * @return this guard reporting progress every 5 seconds
     */
    public CostGuard withProgress(PrintStream sink) {
        return withProgress(sink, 5.0);
    }

    /**
     * @param sink where to report, or null for none
     * @param everySeconds seconds between two reports; computations estimated below it report nothing
     * @return this guard reporting progress to {@code sink}
     */
    public CostGuard withProgress(PrintStream sink, double everySeconds) {
        return new CostGuard(limitSeconds, sink, everySeconds);
    }

    /** @return the largest estimated cost allowed, in seconds */
    public double limitSeconds() {
        return limitSeconds;
    }

    /**
     * Checks a computation's estimate against the limit and starts its progress reports.
     *
     * @param what the computation and its size, e.g. "exact log Z (2^25 states x 100 units)"
     * @param estimatedSeconds its estimated cost
     * @param units the number of work units it will {@link Task#advance advance} through (0 if it
     *     cannot report partial progress)
     * @return the running task; close it when the computation ends
     * @throws CostLimitException if {@code estimatedSeconds} exceeds the limit
     */
    public Task start(String what, double estimatedSeconds, long units) {
        if (estimatedSeconds > limitSeconds) {
            throw new CostLimitException(what, estimatedSeconds, limitSeconds);
        }
        return new Task(what, estimatedSeconds, units, estimatedSeconds >= every ? progress : null, every);
    }

    /**
     * @param seconds a duration
     * @return it in words: "0.42 s", "3.5 min", "2.1 h"
     */
    public static String duration(double seconds) {
        if (Double.isInfinite(seconds)) {
            return "no limit";
        }
        if (seconds < 60) {
            return String.format(Locale.ROOT, "%.2g s", seconds);
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%.2g min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.2g h", seconds / 3600);
    }

    /** A running computation: counts finished work units and reports them while it runs. */
    public static final class Task implements AutoCloseable {
        private final String what;
        private final double estimated;
        private final long units;
        private final AtomicLong done = new AtomicLong();
        private final long startNanos = System.nanoTime();
        private final PrintStream sink;
        private final ScheduledFuture<?> reports;
        private boolean closed;

        private Task(String what, double estimated, long units, PrintStream sink, double every) {
            this.what = what;
            this.estimated = estimated;
            this.units = units;
            this.sink = sink;
            if (sink != null) {
                sink.println("rbm: " + what + ": about " + duration(estimated) + " (estimate)");
                long period = Math.max(1, Math.round(every * 1000));
                reports = TIMER.scheduleAtFixedRate(this::report, period, period, TimeUnit.MILLISECONDS);
            } else {
                reports = null;
            }
        }

        /** @param n work units just finished (thread-safe) */
        public void advance(long n) {
            done.addAndGet(n);
        }

        /** @return the fraction of the work units finished, or NaN when the task has none */
        public double fraction() {
            return units > 0 ? Math.min(1.0, (double) done.get() / units) : Double.NaN;
        }

        private synchronized void report() {
            if (closed) {
                return;
            }
            double elapsed = (System.nanoTime() - startNanos) / 1e9;
            double f = fraction();
            String line = f > 0
                    ? String.format(Locale.ROOT, "rbm: %s: %.0f%% after %s, about %s left", what, 100 * f,
                            duration(elapsed), duration(elapsed * (1 - f) / f))
                    : String.format(Locale.ROOT, "rbm: %s: %s so far, about %s expected", what, duration(elapsed),
                            duration(estimated));
            sink.println(line);
        }

        /** Stops the progress reports: none is printed after this returns. */
        @Override
        public synchronized void close() {
            closed = true;
            if (reports != null) {
                reports.cancel(false);
            }
        }
    }
}
