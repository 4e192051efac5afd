package dev.rbmsuite.core.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.SuiteVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Saves and loads model folders in the contract's layout:
 * <pre>
 * DIR/manifest.json   {"format":"rbm-stack","version":1,"layers":[{"visible":n0,"hidden":m0},...], ...}
 * DIR/layerK/W.npy    float64 (n_K, m_K), C order
 * DIR/layerK/b.npy    float64 (n_K,)
 * DIR/layerK/c.npy    float64 (m_K,)
 * </pre>
 * Saving writes a sibling temporary folder and moves it into place, so a failed save leaves no
 * half-written model. Loading reads the manifest strictly ({@link StrictJson}), checks it against every
 * array's shape and refuses non-finite parameters and parameters beyond what float64 can evaluate
 * ({@link FloatLimits}).
 */
public final class ModelStore {
    /** The value of the manifest's "format" field. */
    public static final String FORMAT = "rbm-stack";
    /** The manifest format version this code writes and reads. */
    public static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The largest manifest read (a manifest holds settings, not data). */
    static final long MAX_MANIFEST_BYTES = 16 << 20;

    private ModelStore() {
    }

    /** @return the shared JSON mapper (pretty-printing, deterministic field order) */
    public static ObjectMapper json() {
        return JSON;
    }

    /**
     * Writes a model folder atomically. An existing model folder at {@code dir} is replaced; any other
     * existing non-empty folder is refused.
     *
     * @param stack the model
     * @param dir destination folder
     * @param extra further manifest entries (settings, seed, provenance); may be empty
     * @throws IOException on write failure
     * @throws InputException if {@code dir} exists and is not a model folder
     */
    public static void save(RbmStack stack, Path dir, Map<String, ?> extra) throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        if (Files.exists(target)) {
            if (!Files.isDirectory(target)) {
                throw new InputException(dir + ": exists and is not a folder");
            }
            boolean empty;
            try (Stream<Path> s = Files.list(target)) {
                empty = s.findAny().isEmpty();
            }
            if (!empty && !Files.isRegularFile(target.resolve("manifest.json"))) {
                throw new InputException(dir + ": exists and is not a model folder; refusing to overwrite it");
            }
        }
        Path parent = target.getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, "." + target.getFileName() + ".tmp-");
        try {
            for (int l = 0; l < stack.size(); l++) {
                Rbm r = stack.layer(l);
                Path ld = Files.createDirectories(tmp.resolve("layer" + l));
                Npy.write(ld.resolve("W.npy"), r.weightsArray(), r.numVisible(), r.numHidden());
                Npy.write(ld.resolve("b.npy"), r.visibleBiasArray(), r.numVisible());
                Npy.write(ld.resolve("c.npy"), r.hiddenBiasArray(), r.numHidden());
            }
            JSON.writeValue(tmp.resolve("manifest.json").toFile(), manifest(stack, extra));
            if (Files.exists(target)) {
                deleteTree(target);
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            deleteTree(tmp);
            throw e;
        }
    }

    /**
     * @param stack the model
     * @param extra further entries
     * @return the manifest object: format, version, layers, suite version, then {@code extra}
     */
    public static ObjectNode manifest(RbmStack stack, Map<String, ?> extra) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.set("layers", layersJson(stack));
        root.put("suiteVersion", SuiteVersion.get());
        for (Map.Entry<String, ?> e : extra.entrySet()) {
            root.set(e.getKey(), JSON.valueToTree(e.getValue()));
        }
        return root;
    }

    /**
     * @param stack the model
     * @return {@code [{"visible":n0,"hidden":m0}, ...]}
     */
    public static ArrayNode layersJson(RbmStack stack) {
        ArrayNode layers = JSON.createArrayNode();
        for (Rbm r : stack.layers()) {
            ObjectNode o = layers.addObject();
            o.put("visible", r.numVisible());
            o.put("hidden", r.numHidden());
        }
        return layers;
    }

    /**
     * Reads the manifest of a model folder.
     *
     * @param dir the model folder
     * @return the parsed manifest
     * @throws InputException naming the file if the manifest is missing or malformed
     */
    public static JsonNode readManifest(Path dir) {
        Path mf = dir.resolve("manifest.json");
        if (!Files.isDirectory(dir)) {
            throw new InputException(dir + ": model folder not found");
        }
        if (!Files.exists(mf)) {
            throw new InputException(mf + ": file not found (not a model folder)");
        }
        JsonNode root = StrictJson.read(mf, MAX_MANIFEST_BYTES, "model manifest");
        if (root == null || !root.isObject()) {
            throw new InputException(mf + ": manifest is not a JSON object");
        }
        if (!FORMAT.equals(root.path("format").asText())) {
            throw new InputException(mf + ": \"format\" must be \"" + FORMAT + "\"");
        }
        if (!root.path("version").isIntegralNumber() || root.path("version").asInt(-1) != VERSION) {
            throw new InputException(mf + ": unsupported \"version\" " + root.path("version") + " (expected " + VERSION + ")");
        }
        JsonNode layers = root.path("layers");
        if (!layers.isArray() || layers.isEmpty()) {
            throw new InputException(mf + ": \"layers\" must be a non-empty array");
        }
        for (int l = 0; l < layers.size(); l++) {
            JsonNode ln = layers.get(l);
            if (!ln.isObject() || !ln.path("visible").isIntegralNumber() || !ln.path("hidden").isIntegralNumber()
                    || !ln.path("visible").canConvertToInt() || !ln.path("hidden").canConvertToInt()
                    || ln.path("visible").asInt() <= 0 || ln.path("hidden").asInt() <= 0) {
                throw new InputException(mf + ": layer " + l + " needs positive integer \"visible\" and \"hidden\"");
            }
        }
        return root;
    }

    /**
     * Loads a model folder, checking every array against the manifest.
     *
     * @param dir the model folder
     * @return the stack
     * @throws InputException naming the file on any inconsistency
     */
    public static RbmStack load(Path dir) {
        JsonNode root = readManifest(dir);
        JsonNode layers = root.get("layers");
        List<Rbm> list = new ArrayList<>();
        for (int l = 0; l < layers.size(); l++) {
            int n = layers.get(l).get("visible").asInt();
            int m = layers.get(l).get("hidden").asInt();
            Path ld = dir.resolve("layer" + l);
            double[] w = readShaped(ld.resolve("W.npy"), n, m);
            double[] b = readShaped(ld.resolve("b.npy"), n);
            double[] c = readShaped(ld.resolve("c.npy"), m);
            for (double[] arr : List.of(w, b, c)) {
                for (double x : arr) {
                    if (!Double.isFinite(x)) {
                        throw new InputException(ld + ": parameters contain a non-finite value");
                    }
                }
            }
            list.add(FloatLimits.requireEvaluable(Rbm.of(n, m, w, b, c), ld.toString()));
        }
        try {
            return RbmStack.of(list);
        } catch (IllegalArgumentException e) {
            throw new InputException(dir.resolve("manifest.json") + ": " + e.getMessage(), e);
        }
    }

    private static double[] readShaped(Path file, long... shape) {
        Npy.Array a = Npy.read(file);
        if (!Arrays.equals(a.shape(), shape)) {
            throw new InputException(file + ": shape " + Arrays.toString(a.shape()) + " does not match the manifest's "
                    + Arrays.toString(shape));
        }
        return a.data();
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toArray(Path[]::new)) {
                Files.deleteIfExists(q);
            }
        }
    }
}
