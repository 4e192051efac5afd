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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Saves and loads model folders in the contract's layout:
 * <pre>
 * DIR/manifest.json   {"format":"rbm-stack","version":1,"layers":[{"visible":n0,"hidden":m0},...], ...}
 *                     (then the rest of the {@link Provenance} record, without timing)
 * DIR/layerK/W.npy    float64 (n_K, m_K), C order
 * DIR/layerK/b.npy    float64 (n_K,)
 * DIR/layerK/c.npy    float64 (m_K,)
 * </pre>
 *
 * <p><b>Saving never loses a model and never deletes what it did not write.</b> The new model is
 * written into a sibling temporary folder {@code .DIR.tmp-PID-N/}; an existing model folder is then
 * renamed aside to {@code .DIR.old/}, the new one renamed into place and the old one deleted. At
 * every instant one complete model (old or new) is on disk; a save interrupted between the two
 * renames is completed backwards (the old model restored) at the next save or load, and left-over
 * temporary folders are removed. Only a folder that is recognisably a model folder (its manifest says
 * {@code "rbm-stack"} and it holds nothing but the manifest and {@code layerK/} folders of
 * {@code .npy} files) is replaced; any other non-empty folder is refused, and with {@code force} the
 * model's files are written beside the foreign ones, replacing only files of a model (not
 * atomically then: the manifest is removed first and written last, so a half-written model never
 * loads). Loading reads the manifest strictly ({@link StrictJson}), checks it against every array's
 * shape and refuses non-finite parameters and parameters beyond what float64 can evaluate
 * ({@link FloatLimits}).
 */
public final class ModelStore {
    /** The value of the manifest's "format" field. */
    public static final String FORMAT = "rbm-stack";
    /** The manifest format version this code writes and reads. */
    public static final int VERSION = 1;

    /** Maps inside manifests are written with their keys sorted, whatever map they came from. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    /** The largest manifest read (a manifest holds settings, not data). */
    static final long MAX_MANIFEST_BYTES = 16 << 20;
    private static final Pattern LAYER = Pattern.compile("layer\\d+");
    private static final Set<String> ARRAYS = Set.of("W.npy", "b.npy", "c.npy");

    /** What a folder holds, as far as saving a model over it is concerned. */
    private enum Holds { NOTHING, MODEL, MODEL_AND_OTHERS, OTHER }

    private ModelStore() {
    }

    /** @return the shared JSON mapper (pretty-printing, deterministic field order) */
    public static ObjectMapper json() {
        return JSON;
    }

    /**
     * Writes a model folder atomically, replacing an existing model folder; any other non-empty folder
     * is refused (see the class comment). The provenance names the command "library".
     *
     * @param stack the model
     * @param dir destination folder
     * @param extra further manifest entries; may be empty
     * @throws IOException on write failure
     * @throws InputException if {@code dir} exists and is not a model folder
     */
    public static void save(RbmStack stack, Path dir, Map<String, ?> extra) throws IOException {
        save(stack, dir, extra, false);
    }

    /**
     * As {@link #save(RbmStack, Path, Provenance, Map, boolean)} with the command "library".
     *
     * @param stack the model
     * @param dir destination folder
     * @param extra further manifest entries; may be empty
     * @param force write beside foreign files in {@code dir} instead of refusing (never over them)
     * @throws IOException on write failure
     * @throws InputException if {@code dir} may not be written
     */
    public static void save(RbmStack stack, Path dir, Map<String, ?> extra, boolean force) throws IOException {
        save(stack, dir, Provenance.of(FORMAT, VERSION, "library", Map.of(), null, 1), extra, force);
    }

    /**
     * Writes a model folder (see the class comment).
     *
     * @param stack the model
     * @param dir destination folder
     * @param provenance what made the model (its format and timing are ignored: a model folder's
     *     manifest says rbm-stack and carries no timing)
     * @param extra further manifest entries after the provenance (for example the chains' parity);
     *     may be empty
     * @param force write beside foreign files in {@code dir} instead of refusing (never over them)
     * @throws IOException on write failure
     * @throws InputException if {@code dir} may not be written, or lies in a folder that another
     *     process holds ({@link OutputFolder#refuseHeldAbove})
     */
    @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
    public static void save(RbmStack stack, Path dir, Provenance provenance, Map<String, ?> extra, boolean force)
            throws IOException {
        Path target = target(dir);
        if (target.getParent() == null) {
            // the file system's root: a model folder is swapped in by renaming it, which needs a folder above
            throw new InputException(dir + ": the file system's root cannot be a model folder; name a folder below it");
        }
        ObjectNode manifest = manifest(stack, provenance, extra);
        OutputFolder.refuseHeldAbove(dir); // not inside a folder another process is writing
        try {
            AtomicFiles.createFolders(target.getParent());
            try (FolderLock lock = FolderLock.acquire(lockFile(target), dir, "saving a model")) {
                saveLocked(stack, dir, target, manifest, force);
            }
        } catch (IOException e) {
            throw new OutputException(target, e);
        }
    }

    /** @return the lock file of a model folder: beside it, as the folder itself is swapped */
    private static Path lockFile(Path target) {
        return target.resolveSibling("." + target.getFileName() + OutputFolder.LOCK);
    }

    private static void saveLocked(RbmStack stack, Path dir, Path target, ObjectNode manifest, boolean force)
            throws IOException {
        recover(target);
        switch (decide(dir, target, force)) {
            case NOTHING, MODEL -> swapIn(stack, manifest, target);
            default -> writeInPlace(stack, manifest, target);
        }
    }

    /**
     * The files a save of a model of {@code layers} layers creates, each the deepest of its folder, for
     * checking their names against the file system before any work (AtomicFiles#probe): {@code dir}
     * itself, whose temporary sibling {@code .NAME.tmp-*} the model is written into, the last layer's
     * weights and the manifest.
     *
     * @param dir the model folder
     * @param layers its number of layers, at least 1
     * @return the files
     */
    public static List<Path> files(Path dir, int layers) {
        return List.of(dir, dir.resolve("layer" + (layers - 1)).resolve("W.npy"), dir.resolve(OutputFolder.MANIFEST));
    }

    /**
     * Checks, before any work, that {@link #save} may write a model into {@code dir}: the same
     * refusals, without writing anything (a training run calls it before its first epoch, so a
     * refusal never comes after the work).
     *
     * @param dir the model folder to be written
     * @param force whether foreign files beside the model are allowed
     * @throws InputException if the save would be refused
     * @throws IOException if the folder cannot be read
     */
    public static void requireReplaceable(Path dir, boolean force) throws IOException {
        decide(dir, target(dir), force);
    }

    /** The folder a save writes: an existing link is followed to the folder it names. */
    private static Path target(Path dir) throws IOException {
        Path abs = dir.toAbsolutePath().normalize();
        return Files.isDirectory(abs) ? abs.toRealPath() : abs;
    }

    /** @return what {@code target} holds, after refusing what may not be replaced */
    private static Holds decide(Path dir, Path target, boolean force) throws IOException {
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new InputException(dir + ": exists and is not a folder");
        }
        List<String> others = new ArrayList<>();
        Holds holds = holds(target, others);
        switch (holds) {
            case NOTHING, MODEL -> {
            }
            case MODEL_AND_OTHERS -> {
                if (!force) {
                    throw new InputException(dir + ": a model folder that also holds other files (for example "
                            + others.get(0) + "); refusing to replace it: choose another --out, or add --force to "
                            + "replace only the model's files");
                }
                for (String name : others) {
                    // a forced write goes into the model's own names: never through a link at one of them
                    if (LAYER.matcher(name).matches() && Files.isSymbolicLink(target.resolve(name))) {
                        throw new InputException(target.resolve(name) + ": a symbolic link where the model's layer "
                                + "folder goes; refusing to write through it, even with --force");
                    }
                }
            }
            default -> {
                if (!force) {
                    throw new InputException(dir + ": not a model folder (" + describe(target, others)
                            + "); refusing to replace it: choose another --out, or add --force to write the model "
                            + "beside its files");
                }
                for (String name : others) {
                    if (name.equals(OutputFolder.MANIFEST) || LAYER.matcher(name).matches()) {
                        throw new InputException(target.resolve(name) + ": exists and is not part of a model; "
                                + "refusing to overwrite it, even with --force");
                    }
                }
            }
        }
        return holds;
    }

    private static String describe(Path dir, List<String> others) {
        String format = OutputFolder.formatOf(dir.resolve(OutputFolder.MANIFEST));
        if (format != null) {
            return format.isEmpty() ? "its manifest.json is not one of the suite's"
                    : "its manifest.json says format \"" + format + "\"";
        }
        return others.isEmpty() ? "it is a link or not a folder" : "it holds other files, for example " + others.get(0);
    }

    /** Writes the model into a sibling temporary folder, then swaps it in by renames. */
    private static void swapIn(RbmStack stack, ObjectNode manifest, Path target) throws IOException {
        AtomicFiles.replaceFolder(target, tmp -> writeModel(stack, manifest, tmp));
    }

    /** The forced write into a folder that holds other files: model files only, manifest last. */
    private static void writeInPlace(RbmStack stack, ObjectNode manifest, Path target) throws IOException {
        AtomicFiles.createFolders(target);
        Files.deleteIfExists(target.resolve(OutputFolder.MANIFEST));
        try (Stream<Path> s = Files.list(target)) {
            for (Path p : s.toArray(Path[]::new)) {
                String n = p.getFileName().toString();
                if (LAYER.matcher(n).matches() && Integer.parseInt(n.substring(5)) >= stack.size() && ownLayer(p)) {
                    AtomicFiles.deleteTree(p);
                }
            }
        }
        writeModel(stack, manifest, target);
    }

    private static void writeModel(RbmStack stack, ObjectNode manifest, Path dir) throws IOException {
        for (int l = 0; l < stack.size(); l++) {
            Rbm r = stack.layer(l);
            Path ld = AtomicFiles.createFolders(dir.resolve("layer" + l));
            Npy.write(ld.resolve("W.npy"), r.weightsArray(), r.numVisible(), r.numHidden());
            Npy.write(ld.resolve("b.npy"), r.visibleBiasArray(), r.numVisible());
            Npy.write(ld.resolve("c.npy"), r.hiddenBiasArray(), r.numHidden());
        }
        // the manifest last: a folder whose manifest is missing is never taken for a model
        AtomicFiles.write(dir.resolve(OutputFolder.MANIFEST), JSON.writeValueAsBytes(manifest));
    }

    /**
     * Completes an interrupted save (see {@link AtomicFiles#recoverFolder}); only folders that hold
     * nothing but model files are moved or deleted.
     */
    private static void recover(Path target) throws IOException {
        AtomicFiles.recoverFolder(target, p -> {
            try {
                Holds h = holds(p, new ArrayList<>());
                return h == Holds.MODEL || h == Holds.NOTHING;
            } catch (IOException e) {
                return false;
            }
        });
    }

    /**
     * @param dir a path
     * @param others receives the names in {@code dir} that are not files of a model
     * @return what it holds: NOTHING for a missing or empty folder (or one with nothing but model
     *     files and no manifest, as a temporary folder), MODEL for a recognisable model folder
     */
    private static Holds holds(Path dir, List<String> others) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return Files.exists(dir, LinkOption.NOFOLLOW_LINKS) ? Holds.OTHER : Holds.NOTHING;
        }
        boolean hasManifest = false;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toArray(Path[]::new)) {
                String n = p.getFileName().toString();
                if (n.equals(OutputFolder.MANIFEST) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    hasManifest = true;
                } else if (!(LAYER.matcher(n).matches() && ownLayer(p)) && !OutputFolder.TEMPORARY.matcher(n).matches()) {
                    others.add(n);
                }
            }
        }
        boolean model = hasManifest && FORMAT.equals(OutputFolder.formatOf(dir.resolve(OutputFolder.MANIFEST)));
        if (hasManifest && !model) {
            others.add(0, OutputFolder.MANIFEST);
            return Holds.OTHER;
        }
        if (!model) {
            return others.isEmpty() ? Holds.NOTHING : Holds.OTHER;
        }
        return others.isEmpty() ? Holds.MODEL : Holds.MODEL_AND_OTHERS;
    }

    /** @return whether a layerK entry is a folder holding nothing but the layer's arrays */
    private static boolean ownLayer(Path p) throws IOException {
        if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (Stream<Path> s = Files.list(p)) {
            return s.allMatch(q -> {
                String n = q.getFileName().toString();
                return (ARRAYS.contains(n) || OutputFolder.TEMPORARY.matcher(n).matches())
                        && Files.isRegularFile(q, LinkOption.NOFOLLOW_LINKS);
            });
        }
    }

    /**
     * @param stack the model
     * @param provenance what made it (format, version and timing are not used)
     * @param extra further entries
     * @return the manifest object: {@code format}, {@code version}, {@code layers} (the contract's
     *     first keys), the rest of the provenance record without timing, then {@code extra}
     */
    public static ObjectNode manifest(RbmStack stack, Provenance provenance, Map<String, ?> extra) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.set("layers", layersJson(stack));
        provenance.withoutTiming().putRest(root);
        // an unordered map (Map.of, HashMap) would give bytes that change from run to run
        Map<String, ?> ordered = extra instanceof LinkedHashMap || extra instanceof SortedMap || extra.size() < 2
                ? extra : new TreeMap<>(extra);
        for (Map.Entry<String, ?> e : ordered.entrySet()) {
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
        dir = present(dir);
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
        dir = present(dir);
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

    /**
     * The folder to read a model from: {@code dir} itself, or, when a save was interrupted between
     * its two renames, the old model (restored into place where the folder can be written).
     */
    @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
    private static Path present(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        Path old = AtomicFiles.aside(abs);
        if (Files.exists(abs) || !Files.isDirectory(old)) {
            return dir;
        }
        try (FolderLock lock = FolderLock.acquire(lockFile(abs), dir, "loading a model")) {
            recover(abs);
        } catch (IOException | RuntimeException e) {
            return old;
        }
        return Files.exists(abs) ? dir : old;
    }

    private static double[] readShaped(Path file, long... shape) {
        Npy.Array a = Npy.read(file);
        if (!Arrays.equals(a.shape(), shape)) {
            throw new InputException(file + ": shape " + Arrays.toString(a.shape()) + " does not match the manifest's "
                    + Arrays.toString(shape));
        }
        return a.data();
    }
}
