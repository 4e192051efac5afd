package dev.rbmsuite.core.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads a JSON file a user may have edited, as strictly as RFC 8259 and a strict parser: one value and
 * nothing after it, no duplicate keys, no NaN or Infinity literals, no numbers beyond float64 (1e400),
 * no comments, no single quotes, no trailing commas; only regular files of bounded size ({@link UserFiles}). Errors name the file,
 * the line and the column.
 */
public final class StrictJson {
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private StrictJson() {
    }

    /**
     * @param file a JSON file
     * @param maxBytes the largest size accepted
     * @param what what the file is, for messages ("model manifest")
     * @return its root value (never null)
     * @throws InputException naming the file (and line and column) if it is not strict JSON
     */
    public static JsonNode read(Path file, long maxBytes, String what) {
        byte[] bytes = UserFiles.readAll(file, maxBytes, what);
        return parse(bytes, file.toString());
    }

    /**
     * @param bytes JSON text in UTF-8
     * @param where the place for messages
     * @return the root value (never null)
     * @throws InputException naming the place if the text is not strict JSON
     */
    public static JsonNode parse(byte[] bytes, String where) {
        try {
            JsonNode root = STRICT.readTree(bytes);
            if (root == null || root.isMissingNode()) {
                throw new InputException(where + ": empty file, expected a JSON value");
            }
            requireFloat64(root, where, "");
            return root;
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new InputException(where + ": malformed JSON" + at + " (" + oneLine(e.getOriginalMessage()) + ")", e);
        } catch (IOException e) {
            throw new InputException(where + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    /** Refuses numbers beyond float64 (such as 1e400), which would read as infinities. */
    private static void requireFloat64(JsonNode node, String where, String path) {
        if (node.isNumber()) {
            if (!Double.isFinite(node.doubleValue())) {
                throw new InputException(where + ": the number at " + (path.isEmpty() ? "the root" : path)
                        + " is beyond the float64 range");
            }
        } else if (node.isObject()) {
            node.fields().forEachRemaining(e -> requireFloat64(e.getValue(), where, path.isEmpty() ? e.getKey() : path + "." + e.getKey()));
        } else if (node.isArray()) {
            for (int k = 0; k < node.size(); k++) {
                requireFloat64(node.get(k), where, path + "[" + k + "]");
            }
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", "; ").trim();
    }
}
