package dev.rbmsuite.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.RangeException;
import dev.rbmsuite.core.Ranges;
import dev.rbmsuite.core.io.OutputException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * Prints a command's result: one compact JSON object for {@code --json} (doubles at full precision),
 * otherwise human-readable text. Progress and diagnostics never go to stdout.
 */
public final class Output {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Output() {
    }

    /**
     * Refuses a result holding a non-finite number: JSON has no NaN or infinity (Jackson would write
     * them as strings), and every reported quantity is finite by its range ({@link Ranges}).
     *
     * @param node a result (or part of one)
     * @param path the field path so far, for the message
     * @throws RangeException naming the first non-finite field
     */
    static void requireFinite(JsonNode node, String path) {
        if (node.isNumber()) {
            Ranges.finite(path.isEmpty() ? "result" : path, node.doubleValue());
        } else if (node.isObject()) {
            node.fields().forEachRemaining(e -> requireFinite(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey()));
        } else if (node.isArray()) {
            for (int k = 0; k < node.size(); k++) {
                requireFinite(node.get(k), path + "[" + k + "]");
            }
        }
    }

    /** @return a new empty JSON object to fill with a result */
    public static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /**
     * @param value a statistic: a Number (or null), a long[], double[] or Object[] array of them
     * @return it as JSON (integers as integers, doubles at full precision, null as null)
     */
    public static JsonNode json(Object value) {
        return JSON.valueToTree(value);
    }

    /**
     * @param common the command's common options
     * @param result the result object
     * @param text renders the result for humans
     */
    public static void print(CommonOptions common, ObjectNode result, Function<ObjectNode, String> text) {
        requireFinite(result, "");
        PrintStream out = System.out;
        if (common.json()) {
            try {
                out.println(JSON.writeValueAsString(result));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        } else {
            out.println(text.apply(result));
        }
        out.flush();
        requireWritten(out);
    }

    /**
     * A PrintStream swallows write errors: a result printed to a full disk or a closed pipe would
     * otherwise be lost with exit 0. This turns the stream's error flag into an error (exit 2).
     *
     * @param out the stream just written and flushed
     * @throws OutputException naming stdout when a write to it failed
     */
    static void requireWritten(PrintStream out) {
        if (out.checkError()) {
            throw stdoutFailure();
        }
    }

    /** @return the error of a failed write to stdout (exit 2, one line) */
    static OutputException stdoutFailure() {
        return new OutputException(Path.of("stdout"), new IOException(
                "a write failed: a full disk, a closed pipe or a device error; the result is lost"));
    }
}
