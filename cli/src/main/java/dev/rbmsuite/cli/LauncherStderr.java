package dev.rbmsuite.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.Charset;
import java.nio.file.Files;
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
 * for appending. A descriptor is used only when {@code /proc/self/fdinfo} says it is open for writing;
 * otherwise (no launcher, or another system) stderr stays as it is.
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
        if (m.matches()) {
            // only a descriptor open for writing: without the launcher, fd 3 may be a file the JVM reads
            // (a jar, the JDK's modules), and opening /dev/fd/3 for appending wrote the error line into it
            int n = Integer.parseInt(m.group(1));
            if (!openForWriting(n)) {
                return;
            }
            FileDescriptor fd = descriptor(n);
            if (fd != null) {
                System.setErr(new PrintStream(new FileOutputStream(fd), true, Charset.defaultCharset()));
                return;
            }
        }
        try {
            // append: a stderr redirected to a file keeps what the launcher wrote before
            System.setErr(new PrintStream(new FileOutputStream(path, true), true, Charset.defaultCharset()));
        } catch (IOException | SecurityException e) {
            // keep the filtered stderr
        }
    }

    /**
     * @param n a descriptor number
     * @return whether this process has descriptor n open for writing (write-only or read-write), as
     *     {@code /proc/self/fdinfo/n} says; false where that cannot be read
     */
    static boolean openForWriting(int n) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo", Integer.toString(n)))) {
                if (line.startsWith("flags:")) {
                    int flags = Integer.parseInt(line.substring(6).trim(), 8);
                    return (flags & 3) != 0; // O_WRONLY = 1, O_RDWR = 2
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc (not Linux), or not open
        }
        return false;
    }

    /**
     * @param n an open descriptor the process inherited
     * @return a descriptor object for it, or null where {@code java.io} is not open to this class
     *     (no {@code --add-opens})
     */
    static FileDescriptor descriptor(int n) {
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
