package dev.rbmsuite.core.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Points where the suite's writers can be made to fail on purpose, for the fault-injection tests:
 * every atomic file write and every step of a model-folder swap
 * ({@link ModelStore}) calls {@link #at} before it acts. A test installs a {@link Hook} that throws an
 * {@link IOException} (a full disk, a read-only folder) or a {@link Crash} (the process killed at that
 * instant: writers clean up after exceptions but not after a {@code Crash}, so the folder is left as a
 * kill would leave it). Without a hook installed the calls cost one volatile read.
 */
public final class FaultInjection {
    /** Called at each injection point. */
    @FunctionalInterface
    public interface Hook {
        /**
         * @param point what is about to happen, for example {@code "write"} or {@code "rename"}
         * @param path the file or folder it concerns (the final name, not the temporary one)
         * @throws IOException to simulate a failing write
         */
        void at(String point, Path path) throws IOException;
    }

    /**
     * A simulated kill: an {@link Error}, so that no writer's clean-up (which catches exceptions)
     * runs, as after SIGKILL.
     */
    public static final class Crash extends Error {
        private static final long serialVersionUID = 1L;

        /** @param where the injection point and path */
        public Crash(String where) {
            super("simulated kill at " + where, null, false, false);
        }
    }

    private static volatile Hook hook;

    private FaultInjection() {
    }

    /** @param h the hook to call at every injection point (replaces any previous one) */
    public static void install(Hook h) {
        hook = h;
    }

    /** Removes the hook. */
    public static void clear() {
        hook = null;
    }

    /**
     * An injection point.
     *
     * @param point what is about to happen
     * @param path the file or folder concerned
     * @throws IOException if the installed hook simulates a failure
     */
    public static void at(String point, Path path) throws IOException {
        Hook h = hook;
        if (h != null) {
            h.at(point, path);
        }
    }
}
