package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link MavenEntry}: runs a command inside Maven's JVM, returning normally on exit code 0 and
 * throwing, with the command and the code, on any other (it never calls System.exit, or this test's
 * JVM would end).
 */
class MavenEntryTest {
    /** Runs MavenEntry.main with stdout and stderr captured; returns stdout. */
    private static String run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        synchronized (Cli.class) { // Cli.run swaps the streams under the same lock
            try {
                System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
                System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
                MavenEntry.main(args);
            } finally {
                System.setOut(out);
                System.setErr(err);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSuccessfulCommandReturnsWithItsOutput() {
        assertThat(run("--version")).startsWith("rbm-suite ");
    }

    @Test
    void aFailedCommandThrowsNamingTheCommandAndItsExitCode() {
        assertThatThrownBy(() -> run("logz", "--method", "exact"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("rbm logz --method exact failed with exit code 2");
    }
}
