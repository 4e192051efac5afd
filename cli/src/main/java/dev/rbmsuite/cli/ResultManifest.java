package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.OutputFolder;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.diagnostics.Parallel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
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
 * Last come the data file's name ({@value #DATA}) and SHA-256 ({@value #SHA256}), which readers of the
 * data file check ({@link #verify}).
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

    /** The manifest's entry naming its data file (the name, without a folder). */
    static final String DATA = "data";
    /** The manifest's entry holding the SHA-256 of its data file (lower-case hexadecimal). */
    static final String SHA256 = "sha256";

    /**
     * The manifest of a finished command (see the class comment), naming its data file and the data
     * file's SHA-256: written before the data file is renamed into place (OutputFiles.Pair), so that a
     * data file never stands without the manifest that records it, and a reader can tell a data file
     * that is not the one its manifest records (an interrupted or foreign write) by the checksum.
     *
     * @param csv the result file's final path
     * @param sha256 the SHA-256 of its content, hexadecimal
     * @param spec the command's picocli spec (its options hold the values they were parsed to)
     * @param result the command's JSON result
     * @return the manifest's bytes
     * @throws IOException if it cannot be serialised
     */
    static byte[] of(Path csv, String sha256, CommandSpec spec, ObjectNode result) throws IOException {
        return of(csv, sha256, spec, result, Map.of());
    }

    /**
     * As {@link #of(Path, String, CommandSpec, ObjectNode)}, with records beyond the options (for
     * example the kernel a command ran: {@link KernelChoice#record}) after the provenance record.
     *
     * @param csv the result file's final path
     * @param sha256 the SHA-256 of its content, hexadecimal
     * @param spec the command's picocli spec (its options hold the values they were parsed to)
     * @param result the command's JSON result
     * @param records further records by key, written in order before the arguments
     * @return the manifest's bytes
     * @throws IOException if it cannot be serialised
     */
    static byte[] of(Path csv, String sha256, CommandSpec spec, ObjectNode result, Map<String, ?> records)
            throws IOException {
        Output.requireFinite(result, "");
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
        m.put(DATA, csv.getFileName().toString());
        m.put(SHA256, sha256);
        return JSON.writeValueAsBytes(m);
    }

    /**
     * Writes the manifest of a data file already in place, atomically. If that fails, or the result
     * holds a non-finite number (which no manifest may record), the data file is removed too, so no
     * result is left without its record. (The commands write through OutputFiles.Pair, which writes the
     * manifest before moving the data file into place.)
     *
     * @param csv the result file, already written
     * @param spec the command's picocli spec
     * @param result the command's JSON result
     * @throws IOException if the manifest cannot be written
     */
    static void write(Path csv, CommandSpec spec, ObjectNode result) throws IOException {
        try {
            AtomicFiles.write(pathFor(csv), of(csv, sha256(csv), spec, result));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(csv);
            throw e;
        }
    }

    /**
     * Refuses a data file whose manifest records another content: the suite's manifest beside it
     * (format {@value #FORMAT}) names this file and a SHA-256 that the file does not have, so the file
     * is not the output the manifest describes (a write interrupted between the manifest and the data
     * file, or a file replaced by hand). Files without such a manifest (a user's own CSV, or one written
     * before manifests carried a checksum) are read as they are.
     *
     * @param csv a data file about to be read
     * @param option the option that named it, for the message
     * @throws InputException naming the file, its manifest and what to do
     */
    static void verify(Path csv, String option) {
        Path manifest = pathFor(csv);
        if (!Files.isRegularFile(manifest) || !Files.isRegularFile(csv)) {
            return;
        }
        JsonNode m = OutputFolder.readJson(manifest);
        if (m == null || !FORMAT.equals(m.path("format").asText()) || !m.path(SHA256).isTextual()
                || !csv.getFileName().toString().equals(m.path(DATA).asText())) {
            return;
        }
        String actual;
        try {
            actual = sha256(csv);
        } catch (IOException e) {
            throw new InputException("option " + option + ": " + csv + ": cannot read ("
                    + e.getMessage() + ")", e);
        }
        if (!actual.equals(m.path(SHA256).asText())) {
            throw new InputException("option " + option + ": " + csv + " is not the file its manifest "
                    + manifest.getFileName() + " records (SHA-256 differs: a write that was interrupted, or a file "
                    + "changed by hand); rerun the command that wrote it");
        }
    }

    /**
     * @param file a file
     * @return the SHA-256 of its content, lower-case hexadecimal
     * @throws IOException if it cannot be read
     */
    static String sha256(Path file) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int k; (k = in.read(buf)) > 0; ) {
                md.update(buf, 0, k);
            }
        }
        return HexFormat.of().formatHex(md.digest());
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
