package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
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
    void aDescriptorThatIsNotOpenIsNotUsed() {
        assertThat(LauncherStderr.descriptor(987)).isNull();
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
