package dev.rbmsuite.cli;

import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.FolderLock;
import java.io.PrintStream;

/**
 * An exit that nobody announced: a kernel plug-in that calls {@code System.exit} in the middle of a
 * command ended the JVM with the plug-in's status (0 for {@code System.exit(0)}), no result, no line on
 * stderr, and, for {@code train}, its lock file left behind. A shutdown hook now tells such an exit from
 * the command line's own ({@link #done}, after the command has returned) and from a signal's
 * ({@link Interruption#exiting}); for it, it removes the temporaries being written and this process's
 * lock files, prints one line and ends the JVM with exit 2 (the user's plug-in, not the suite, is at
 * fault, as for every other plug-in failure). Every output of the suite is written atomically, so an
 * interrupted command leaves its outputs whole or absent, and a training run resumes from its last
 * checkpoint.
 */
final class ExitGuard {
    private static volatile boolean done;

    private ExitGuard() {
    }

    /**
     * Installs the hook (once per JVM, by {@link Main#main}).
     *
     * @param err where the one line goes (stderr)
     */
    static void install(PrintStream err) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> onExit(err), "rbm-exit-guard"));
    }

    /** Marks the command as finished: the exit that follows is the command line's own. */
    static void done() {
        done = true;
    }

    private static void onExit(PrintStream err) {
        if (done || Interruption.exiting()) {
            return;
        }
        // Runtime.halt runs no other hook: do their work first
        AtomicFiles.removeInFlight();
        FolderLock.deleteHeldFiles();
        err.println("rbm: the command was ended before its end by a call of System.exit (a kernel plug-in?); "
                + "nothing more was written, and every output is whole or absent (rerun to resume a training)");
        err.flush();
        Runtime.getRuntime().halt(Main.BAD_INPUT);
    }
}
