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
