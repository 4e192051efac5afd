package dev.rbmsuite.cli;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * The {@code ./rbm} launcher filters the JVM's own start-up warning out of stderr through a
 * separate process, and execs the JVM so that signals reach it. Output of that filter could arrive
 * after the JVM has exited, so a caller that reads stderr right after the exit could miss the error
 * line. The launcher therefore also hands the JVM the unfiltered stderr as a path (system property
 * {@value #PROPERTY}, for example {@code /dev/fd/3}), and the command line writes its own stderr
 * there: in order, complete when the process exits. Only the JVM's own messages take the filtered
 * path. Without the property (tests, {@code mvn exec:java}) nothing changes.
 */
final class LauncherStderr {
    /** The system property naming the unfiltered stderr. */
    static final String PROPERTY = "rbm.stderr";

    private LauncherStderr() {
    }

    /** Points {@link System#err} at the launcher's unfiltered stderr when one is given. */
    static void use() {
        String path = System.getProperty(PROPERTY);
        if (path == null || path.isBlank()) {
            return;
        }
        try {
            // append: a stderr redirected to a file keeps what the launcher wrote before
            System.setErr(new PrintStream(new FileOutputStream(path, true), true, Charset.defaultCharset()));
        } catch (IOException | SecurityException e) {
            // keep the filtered stderr
        }
    }
}
