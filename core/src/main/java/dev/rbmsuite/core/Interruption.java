package dev.rbmsuite.core;

import java.util.concurrent.atomic.AtomicBoolean;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Ctrl-C (SIGINT), SIGTERM and SIGHUP (a closed terminal or ssh session): long runs stop at a safe point
 * and leave resumable state; everything else stops at once. The exit code is 128 plus the signal number
 * (130, 143 and 129), as shells expect.
 *
 * <p>{@link #install(java.io.PrintStream)} replaces the JVM's handlers of the three signals. While a
 * run that has safe points is in a {@link #stoppable()} scope (training: after the current epoch,
 * with a checkpoint; figures: between trials), a signal only sets a flag that the run polls with
 * {@link #requested()} or {@link #check(String)}; the run then throws {@link Stopped}, which the
 * command line turns into the exit code, printing the stop's one line on stderr (the signal itself prints
 * nothing, so a stop says one line, as docs/contract.md promises). Outside such a scope, or at a second
 * signal, the JVM exits at once, after that one line (a kill is safe: every output is written atomically, and
 * shutdown hooks remove temporaries being written).
 */
public final class Interruption {
    /** A run stopped at a safe point on a signal. */
    public static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int signal;

        /**
         * @param signal the signal number (2 or 15)
         * @param where what was left, for example "after epoch 12; rerun the same command to resume"
         */
        public Stopped(int signal, String where) {
            super("stopped by " + name(signal) + " " + where);
            this.signal = signal;
        }

        /** @return the process exit code, 128 + the signal number */
        public int exitCode() {
            return 128 + signal;
        }
    }

    /** The scope of a run with safe points. */
    public interface Scope extends AutoCloseable {
        /** Ends the scope. */
        @Override
        void close();
    }

    /** Sees every safe point a run reaches (a test seam: tests stop a run at an exact point with it). */
    @FunctionalInterface
    public interface SafePoints {
        /**
         * Called on the run's thread at a safe point, before the run looks for a stop request, so that
         * a {@link #request} made here stops the run at this very point.
         *
         * @param where the point, in the words of the stop's message (for example "after epoch 3" or
         *     "after batch 1 of 4 in epoch 2")
         */
        void reached(String where);
    }

    private static volatile SafePoints safePoints;
    private static volatile boolean exiting;
    private static volatile int requested;
    private static final AtomicInteger STOPPABLE = new AtomicInteger();
    private static volatile boolean installed;
    private static final AtomicBoolean LINE = new AtomicBoolean();

    private Interruption() {
    }

    /**
     * Handles SIGINT and SIGTERM as described in the class comment (once per JVM; later calls do
     * nothing). Messages go to {@code err}.
     *
     * @param err where the one-line notice of a pending stop goes (stderr)
     */
    public static synchronized void install(PrintStream err) {
        if (installed) {
            return;
        }
        installed = true;
        // SIGHUP (a closed terminal or ssh session) stops a run as SIGTERM does: at a safe point, resumable
        for (String name : new String[] {"INT", "TERM", "HUP"}) {
            try {
                handle(name, signal -> onSignal(signal, err));
            } catch (IllegalArgumentException e) {
                // the signal is reserved here (for example by -Xrs): keep the JVM's own handling
            }
        }
    }

    /**
     * Installs a handler of one signal through {@code sun.misc.Signal}, the JDK's only API for it (module
     * jdk.unsupported, kept for this use by JEP 260), looked up reflectively: named in the source, it made
     * javac warn at every build that it is "internal proprietary API", a warning that with {@code --release}
     * neither {@code @SuppressWarnings} nor a lint option turns off. The calls are the same.
     *
     * @param name the signal's name, "INT" or "TERM"
     * @param handler called with the signal's number on the JVM's signal thread
     * @throws IllegalArgumentException if the JVM reserves the signal (for example under -Xrs)
     */
    private static void handle(String name, IntConsumer handler) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Method number = signal.getMethod("getNumber");
            Object proxy = Proxy.newProxyInstance(handlerType.getClassLoader(), new Class<?>[] {handlerType},
                    (self, method, args) -> switch (method.getName()) {
                        case "handle" -> {
                            handler.accept((Integer) number.invoke(args[0]));
                            yield null;
                        }
                        case "equals" -> self == args[0];
                        case "hashCode" -> System.identityHashCode(self);
                        default -> "rbm handler of SIG" + name;
                    });
            signal.getMethod("handle", signal, handlerType)
                    .invoke(null, signal.getConstructor(String.class).newInstance(name), proxy);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException reserved) {
                throw reserved;
            }
            throw new IllegalStateException("cannot handle SIG" + name + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot handle SIG" + name + ": " + e, e);
        }
    }

    private static void onSignal(int signal, PrintStream err) {
        if (requested != 0 || STOPPABLE.get() == 0) {
            if (claimLine()) {
                // the one line the contract promises for every command stopped by a signal
                err.println("rbm: stopped by " + name(signal) + (requested != 0
                        ? " at once (a second signal, before the safe point); rerun the same command to resume "
                            + "from what it kept (every output is written whole or not at all)"
                        : "; an output not yet complete was not written (every output is written whole or not at all)"));
                err.flush();
            }
            exiting = true;
            Thread t = new Thread(() -> System.exit(128 + signal), "rbm-exit");
            t.setDaemon(true);
            t.start();
            return;
        }
        // no notice here: the run's one line comes when it stops at the safe point ("stopped by ...
        // after epoch N"), or from a second signal, which stops at once (docs/contract.md: one line)
        requested = signal;
    }

    /**
     * Claims the one stderr line of a stop: whoever prints it first (the run stopping at its safe
     * point, or a second signal stopping at once) calls this, and prints only where it returns true,
     * so that a stop never prints two lines.
     *
     * @return whether the caller is the first to claim the line
     */
    public static boolean claimLine() {
        return LINE.compareAndSet(false, true);
    }

    /**
     * The line for a run that finished although a stop was requested (the signal came after its last
     * safe point), so that the signal is never ignored silently.
     *
     * @return the line (without the {@code rbm: } prefix), or null when no stop was requested
     */
    public static String finishedAnyway() {
        int s = requested;
        return s == 0 ? null : name(s) + " came after the last safe point: the command finished its work";
    }

    /**
     * Marks a run with safe points; close the scope when the run ends.
     *
     * @return the scope
     */
    public static Scope stoppable() {
        STOPPABLE.incrementAndGet();
        return STOPPABLE::decrementAndGet;
    }

    /** @return whether a stop was requested */
    public static boolean requested() {
        return requested != 0;
    }

    /**
     * @return whether a signal is ending the JVM at once (so that a shutdown hook can tell that exit from
     *     one nobody announced, such as a plug-in's {@code System.exit})
     */
    public static boolean exiting() {
        return exiting;
    }

    /**
     * Watches the safe points of the runs in this JVM (tests); null stops watching. Without a watcher a
     * safe point costs one volatile read more.
     *
     * @param watcher called at every safe point, or null
     */
    public static void watchSafePoints(SafePoints watcher) {
        safePoints = watcher;
    }

    /**
     * A safe point that a run reports before it looks for a stop request: the watcher of
     * {@link #watchSafePoints} sees it, then the request is read.
     *
     * @param where the point, in the words of the stop's message
     * @return whether a stop was requested
     */
    public static boolean requestedAt(String where) {
        SafePoints w = safePoints;
        if (w != null) {
            w.reached(where);
        }
        return requested != 0;
    }

    /**
     * A safe point.
     *
     * @param where what is left if the run stops here (completes the message)
     * @throws Stopped if a stop was requested
     */
    public static void check(String where) {
        int s = requested;
        if (s != 0) {
            throw new Stopped(s, where);
        }
    }

    /**
     * Requests a stop as a signal would (for tests and embedding programs).
     *
     * @param signal the signal number
     */
    public static void request(int signal) {
        requested = signal;
    }

    /** Forgets a requested stop (for tests and embedding programs). */
    public static void reset() {
        requested = 0;
        LINE.set(false);
    }

    private static String name(int signal) {
        return signal == 2 ? "SIGINT" : signal == 15 ? "SIGTERM" : signal == 1 ? "SIGHUP" : "signal " + signal;
    }
}
