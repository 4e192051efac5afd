package dev.rbmsuite.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ./rbm} launcher filters the JVM's own start-up warning out of stderr through a
 * separate process, and execs the JVM so that signals reach it. Output of that filter could arrive
 * after the JVM has exited, so a caller that reads stderr right after the exit could miss the error
 * line. The launcher therefore also hands the JVM the unfiltered stderr as a descriptor (system
 * property {@value #PROPERTY}, {@code /dev/fd/3}), and the command line writes its own stderr there:
 * in order, complete when the process exits. Only the JVM's own messages take the filtered path.
 * Without the property (tests, {@code mvn exec:java}) nothing changes.
 *
 * <p>The descriptor is written as it is, not opened again by its name: opening {@code /dev/fd/3}
 * makes a second, independent file position on the same file. With stdout and stderr in one file
 * ({@code > log 2>&1}, and a SLURM job's default {@code slurm-JOBID.out}) the result line on stdout
 * was then written over the progress lines before it, and a JVM message passing the filter after
 * the error line was written over that line. Java has no public way to wrap a descriptor number, so
 * the launcher opens {@code java.io} to the command line ({@code --add-opens}) and this class sets
 * the number into a {@link FileDescriptor}; where that is refused, it falls back to opening the path
 * for appending.
 */
final class LauncherStderr {
    /** The system property naming the unfiltered stderr. */
    static final String PROPERTY = "rbm.stderr";

    private static final Pattern DESCRIPTOR = Pattern.compile("/dev/fd/([0-9]{1,4})");

    private LauncherStderr() {
    }

    /** Points {@link System#err} at the launcher's unfiltered stderr when one is given. */
    static void use() {
        String path = System.getProperty(PROPERTY);
        if (path == null || path.isBlank()) {
            return;
        }
        Matcher m = DESCRIPTOR.matcher(path);
        FileDescriptor fd = m.matches() ? descriptor(Integer.parseInt(m.group(1))) : null;
        if (fd != null) {
            System.setErr(new PrintStream(new FileOutputStream(fd), true, Charset.defaultCharset()));
            return;
        }
        try {
            // append: a stderr redirected to a file keeps what the launcher wrote before
            System.setErr(new PrintStream(new FileOutputStream(path, true), true, Charset.defaultCharset()));
        } catch (IOException | SecurityException e) {
            // keep the filtered stderr
        }
    }

    /**
     * @param n an open descriptor the process inherited
     * @return a descriptor object for it, or null where {@code java.io} is not open to this class
     *     (no {@code --add-opens}) or the descriptor is not open
     */
    static FileDescriptor descriptor(int n) {
        // the entry itself, not what it links to: a pipe's entry links to no path ("pipe:[1234]")
        if (!Files.exists(Path.of("/proc/self/fd", Integer.toString(n)), LinkOption.NOFOLLOW_LINKS)
                && !Files.exists(Path.of("/dev/fd", Integer.toString(n)), LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try {
            Field f = FileDescriptor.class.getDeclaredField("fd");
            f.setAccessible(true);
            FileDescriptor fd = new FileDescriptor();
            f.setInt(fd, n);
            return fd;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
