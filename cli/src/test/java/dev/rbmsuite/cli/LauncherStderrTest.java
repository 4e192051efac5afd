package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LauncherStderr}: with the system property naming a path, stderr is appended to that path;
 * without it, blank, or unopenable, stderr stays what it was.
 */
class LauncherStderrTest {
    @TempDir
    Path dir;

    /** Calls use() with the property set to value (null: unset); returns the System.err it left; restores both. */
    private static PrintStream useWith(String value, String line) {
        PrintStream before = System.err;
        String old = System.getProperty(LauncherStderr.PROPERTY);
        synchronized (Cli.class) { // Cli.run swaps the streams under the same lock
            try {
                if (value == null) {
                    System.clearProperty(LauncherStderr.PROPERTY);
                } else {
                    System.setProperty(LauncherStderr.PROPERTY, value);
                }
                LauncherStderr.use();
                PrintStream now = System.err;
                if (line != null) {
                    now.println(line);
                }
                return now;
            } finally {
                System.setErr(before);
                if (old == null) {
                    System.clearProperty(LauncherStderr.PROPERTY);
                } else {
                    System.setProperty(LauncherStderr.PROPERTY, old);
                }
            }
        }
    }

    @Test
    void stderrIsAppendedToTheNamedPath() throws IOException {
        Path f = Files.writeString(dir.resolve("fd3"), "from the launcher\n");
        PrintStream before = System.err;
        PrintStream used = useWith(f.toString(), "rbm: bad input");
        assertThat(used).isNotSameAs(before);
        // autoflush: the line is complete in the file without a close
        assertThat(Files.readString(f)).isEqualTo("from the launcher\nrbm: bad input" + System.lineSeparator());
        used.close();
    }

    /**
     * As the launcher runs it: fd 3 a copy of stderr, stdout and stderr one file ({@code > log 2>&1},
     * SLURM's default). Opening /dev/fd/3 again gave stderr a file position of its own, and each stdout
     * line was then written over the stderr line before it.
     */
    @Test
    void stdoutAndStderrInOneFileKeepEveryLineInOrder() throws Exception {
        Path log = dir.resolve("log");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "exec \"$0\" \"$@\" 3>&2", javaBin, "-Xmx64m",
                "--add-opens", "java.base/java.io=ALL-UNNAMED", "-D" + LauncherStderr.PROPERTY + "=/dev/fd/3", "-cp", cp,
                Child.class.getName());
        Process p = pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        p.getOutputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(log)).isZero();
        String n = System.lineSeparator();
        assertThat(Files.readString(log)).isEqualTo("out 1" + n + "err 1" + n + "out 2" + n + "err 2" + n);
    }

    /** The child of the test above: the command line's order of calls, stdout and stderr in turn. */
    static final class Child {
        public static void main(String[] args) {
            LauncherStderr.use();
            System.out.println("out 1");
            System.err.println("err 1");
            System.out.println("out 2");
            System.err.println("err 2");
            System.out.flush();
        }
    }

    @Test
    void onlyADescriptorOpenForWritingCounts() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self/fdinfo")), "a Linux /proc");
        assertThat(LauncherStderr.openForWriting(987)).as("not open").isFalse();
        Path f = Files.writeString(dir.resolve("read-only"), "mine\n");
        try (FileInputStream in = new FileInputStream(f.toFile())) {
            int n = descriptorOf(f);
            assertThat(LauncherStderr.openForWriting(n)).as("fd %d, opened for reading", n).isFalse();
        }
        try (FileOutputStream out = new FileOutputStream(f.toFile(), true)) {
            int n = descriptorOf(f);
            assertThat(LauncherStderr.openForWriting(n)).as("fd %d, opened for appending", n).isTrue();
        }
    }

    /** @return the number of this process's one open descriptor on {@code f} */
    private static int descriptorOf(Path f) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path p : (Iterable<Path>) fds::iterator) {
                try {
                    if (Files.readSymbolicLink(p).equals(f.toAbsolutePath())) {
                        return Integer.parseInt(p.getFileName().toString());
                    }
                } catch (IOException e) {
                    // closed meanwhile (the listing's own descriptor)
                }
            }
        }
        throw new AssertionError("no descriptor on " + f);
    }

    /**
     * Without the launcher, fd 3 may be a file the JVM only reads (as root, appending to /dev/fd/3
     * once wrote the error line into the JDK's lib/modules): such a descriptor is left alone, and
     * stderr stays stderr.
     */
    @Test
    void aDescriptorOpenForReadingIsLeftAlone() throws Exception {
        Path log = dir.resolve("log");
        Path theirs = Files.writeString(dir.resolve("theirs"), "not ours\n");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "exec \"$0\" \"$@\" 3<\"$THEIRS\"", javaBin, "-Xmx64m",
                "--add-opens", "java.base/java.io=ALL-UNNAMED", "-D" + LauncherStderr.PROPERTY + "=/dev/fd/3", "-cp", cp,
                Child.class.getName());
        pb.environment().put("THEIRS", theirs.toString());
        Process p = pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        p.getOutputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(log)).isZero();
        assertThat(Files.readString(theirs)).isEqualTo("not ours\n");
        String n = System.lineSeparator();
        assertThat(Files.readString(log)).isEqualTo("out 1" + n + "err 1" + n + "out 2" + n + "err 2" + n);
    }

    @Test
    void withoutAUsablePathStderrIsKept() {
        PrintStream before = System.err;
        assertThat(useWith(null, null)).isSameAs(before);
        assertThat(useWith("", null)).isSameAs(before);
        assertThat(useWith("  ", null)).isSameAs(before);
        assertThat(useWith(dir.resolve("no").resolve("such").resolve("file").toString(), null)).isSameAs(before);
        assertThat(useWith(dir.toString(), null)).as("a folder cannot be opened for writing").isSameAs(before);
    }
}
