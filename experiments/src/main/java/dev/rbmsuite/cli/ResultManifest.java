package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.SuiteVersion;
import dev.rbmsuite.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The manifest written next to a command's CSV result ({@code FILE.csv} gets {@code FILE.manifest.json}):
 * the command, every option with the value it had (defaults included, so the seed is always there),
 * the positional arguments, the suite's version and the JSON result. With it a CSV from {@code dataset},
 * {@code sample} or {@code tv} can be reproduced byte for byte. It holds no time stamp: the same
 * command writes the same manifest, apart from timings the result itself reports.
 */
final class ResultManifest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultManifest() {
    }

    /**
     * @param csv a result file
     * @return its manifest's path: the name without ".csv" (if present) plus ".manifest.json"
     */
    static Path pathFor(Path csv) {
        String name = csv.getFileName().toString();
        String stem = name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
        return csv.resolveSibling(stem + ".manifest.json");
    }

    /**
     * Writes the manifest of a finished command atomically. If that fails, the CSV is removed too,
     * so no result is left without its record.
     *
     * @param csv the result file, already written
     * @param spec the command's picocli spec (its options hold the values they were parsed to)
     * @param result the command's JSON result
     * @throws IOException if the manifest cannot be written
     */
    static void write(Path csv, CommandSpec spec, ObjectNode result) throws IOException {
        Output.requireFinite(result, "");
        ObjectNode m = JSON.createObjectNode();
        m.put("command", spec.name());
        m.put("version", SuiteVersion.get());
        ObjectNode options = m.putObject("options");
        for (OptionSpec o : spec.options()) {
            String name = o.longestName();
            if (o.usageHelp() || o.versionHelp() || name.equals("--json")) {
                continue;
            }
            put(options, name.replaceFirst("^-+", ""), o.getValue());
        }
        ArrayNode args = m.putArray("arguments");
        for (PositionalParamSpec p : spec.positionalParameters()) {
            args.add(String.valueOf((Object) p.getValue()));
        }
        m.set("result", result);
        try {
            AtomicFiles.write(pathFor(csv), JSON.writeValueAsBytes(m));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(csv);
            throw e;
        }
    }

    private static void put(ObjectNode node, String key, Object value) {
        if (value == null) {
            node.putNull(key);
        } else if (value instanceof Integer || value instanceof Long) {
            node.put(key, ((Number) value).longValue());
        } else if (value instanceof Number) {
            node.put(key, ((Number) value).doubleValue());
        } else if (value instanceof Boolean) {
            node.put(key, (Boolean) value);
        } else if (value instanceof Map<?, ?> map) {
            ObjectNode o = node.putObject(key);
            map.forEach((k, v) -> o.put(String.valueOf(k), String.valueOf(v)));
        } else {
            node.put(key, String.valueOf(value));
        }
    }
}
