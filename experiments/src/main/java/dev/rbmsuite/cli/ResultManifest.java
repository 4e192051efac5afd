package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.diagnostics.Parallel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The manifest written next to a command's CSV result ({@code FILE.csv} gets {@code FILE.manifest.json}):
 * the provenance record (core Provenance, format {@value #FORMAT}: the command, every option with the
 * value it had as its settings, defaults included, so the seed is always there; the suite's version and
 * commit; the platform; the process's wall and CPU time), then the positional arguments and the JSON
 * result. With it a CSV from {@code dataset}, {@code sample} or {@code tv} can be reproduced byte for
 * byte. It holds no time stamp: the same command writes the same manifest apart from the timing keys.
 */
final class ResultManifest {
    /** The {@code "format"} of a command result's manifest. */
    static final String FORMAT = "command-result";
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
     * Writes the manifest of a finished command atomically. If that fails, or the result holds a
     * non-finite number (which no manifest may record), the CSV is removed too, so no result is left
     * without its record.
     *
     * @param csv the result file, already written
     * @param spec the command's picocli spec (its options hold the values they were parsed to)
     * @param result the command's JSON result
     * @throws IOException if the manifest cannot be written
     */
    static void write(Path csv, CommandSpec spec, ObjectNode result) throws IOException {
        write(csv, spec, result, Map.of());
    }

    /**
     * Writes the manifest of a finished command atomically, with records beyond the options (for
     * example the kernel a command ran: {@link KernelChoice#record}) after the provenance record.
     *
     * @param csv the result file, already written
     * @param spec the command's picocli spec (its options hold the values they were parsed to)
     * @param result the command's JSON result
     * @param records further records by key, written in order before the arguments
     * @throws IOException if the manifest cannot be written
     */
    static void write(Path csv, CommandSpec spec, ObjectNode result, Map<String, ?> records) throws IOException {
        try {
            Output.requireFinite(result, "");
        } catch (RuntimeException e) {
            Files.deleteIfExists(csv);
            throw e;
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        Long seed = null;
        for (OptionSpec o : spec.options()) {
            String name = o.longestName();
            if (o.usageHelp() || o.versionHelp() || name.equals("--json")) {
                continue;
            }
            String key = name.replaceFirst("^-+", "");
            Object value = o.getValue();
            settings.put(key, plain(value));
            if (key.equals("seed") && value instanceof Number n) {
                seed = n.longValue();
            }
        }
        ObjectNode m = Provenance.of(FORMAT, 1, spec.name(), settings, seed, Parallel.threads())
                .withTiming(Provenance.Stopwatch.sinceProcessStart()).toJson();
        records.forEach((k, v) -> m.set(k, JSON.valueToTree(v)));
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

    /** @return an option's value as JSON-friendly data: numbers, booleans, arrays and maps as such, the rest as text */
    private static Object plain(Object value) {
        if (value == null || value instanceof Number || value instanceof Boolean || value.getClass().isArray()) {
            return value;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, String> m = new LinkedHashMap<>();
            map.forEach((k, v) -> m.put(String.valueOf(k), String.valueOf(v)));
            return m;
        }
        return String.valueOf(value);
    }
}
