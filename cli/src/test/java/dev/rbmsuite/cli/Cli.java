package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the command line in-process and captures its exit code, stdout and stderr. */
final class Cli {
    private Cli() {
    }

    /**
     * The outcome of one command.
     *
     * @param code exit code
     * @param out everything printed on stdout
     * @param err everything printed on stderr
     */
    record Result(int code, String out, String err) {
        /** @return stdout parsed as the command's one JSON object */
        JsonNode json() {
            try {
                return new ObjectMapper().readTree(out);
            } catch (IOException e) {
                throw new AssertionError("stdout is not one JSON object: " + out, e);
            }
        }
    }

    static synchronized Result run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Main.execute(args);
            System.out.flush();
            System.err.flush();
            return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
