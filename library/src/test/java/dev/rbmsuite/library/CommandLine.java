package dev.rbmsuite.library;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The command line run in-process, for the tests that hold the library to its bytes: {@code run(args)}
 * is {@code ./rbm args} with stdout and stderr captured.
 */
final class CommandLine {
    private CommandLine() {
    }

    /**
     * Runs one command, which must succeed.
     *
     * @param args the command and its options, as after {@code ./rbm}
     * @return its stdout
     */
    static synchronized String run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = Main.execute(args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        assertThat(code).as("rbm " + String.join(" ", args) + "\n" + err.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * Runs one command with {@code --json}, which must succeed.
     *
     * @param args the command and its options, as after {@code ./rbm}
     * @return the JSON object it prints
     */
    static JsonNode json(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = "--json";
        try {
            return new ObjectMapper().readTree(run(all));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
