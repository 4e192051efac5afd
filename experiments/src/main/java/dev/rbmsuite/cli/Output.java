package dev.rbmsuite.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.function.Function;

/**
 * Prints a command's result: one compact JSON object for {@code --json} (doubles at full precision),
 * otherwise human-readable text. Progress and diagnostics never go to stdout.
 */
public final class Output {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Output() {
    }

    /** @return a new empty JSON object to fill with a result */
    public static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /**
     * @param value a statistic: a Number (or null), a long[], double[] or Object[] array of them
     * @return it as JSON (integers as integers, doubles at full precision, null as null)
     */
    public static com.fasterxml.jackson.databind.JsonNode json(Object value) {
        return JSON.valueToTree(value);
    }

    /**
     * @param common the command's common options
     * @param result the result object
     * @param text renders the result for humans
     */
    public static void print(CommonOptions common, ObjectNode result, Function<ObjectNode, String> text) {
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
    }
}
