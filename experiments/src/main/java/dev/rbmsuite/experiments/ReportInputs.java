package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.core.io.OutputFolder;
import dev.rbmsuite.core.io.StrictJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Everything {@code report --from DIR} reads, checked before it writes anything (issue 37): a report
 * trusts no field of a manifest and no row of a raw CSV, since both may have been edited by hand or by
 * an adversary, and a figure folder that does not pass is refused with exit 2 in one line naming the
 * file (and line), never rebuilt into something else.
 *
 * <ul>
 * <li><b>Format and version.</b> The figures folder's manifest, where it says format {@code "report"},
 *     and every figure's manifest must have the version this suite writes (1); a figure's
 *     manifest must say format {@code "figure"} (or, as earlier versions wrote, no format). Another is
 *     refused, naming the supported ones.</li>
 * <li><b>The figure's id is its folder's name</b> and one of this suite's figures: a fig2 folder whose
 *     manifest says fig5 is refused, naming both (before, it was rebuilt as fig5 and fig2 vanished).</li>
 * <li><b>The file list is the figure's own</b>: names of files in the figure's folder (no path, no
 *     link), its images {@code ID.png} and {@code ID.svg}, and exactly the CSV files that lie in the folder
 *     (a name such as {@code ../../etc/passwd} is refused, and no raw CSV can be left out of the list).</li>
 * <li><b>Every raw CSV</b> a figure is rebuilt from has its exact columns, at least one row, its keys in
 *     nested blocks (a configuration's or data set's rows together; trials, chains and starts numbered 0,
 *     1, 2, ...; epochs and steps increasing; no row twice), the same rows under every trial of a
 *     configuration and every kernel of a data set (a dropped or repeated row shows), the counts the
 *     figure's settings record (trials, evaluations, starts, steps), and every value in its range
 *     ({@link CsvTable#read}); each failure names the file and line.</li>
 * <li>Each figure is then read, plotted and judged once without writing: a defect the checks above do
 *     not name is the figure folder's error (exit 2), not an internal error.</li>
 * </ul>
 */
public final class ReportInputs {
    /** The version of the "report" and "figure" manifest formats this suite writes and reads. */
    static final int VERSION = 1;
    /** The largest manifest read (a manifest holds settings and claims, not data). */
    private static final long MAX_MANIFEST = 16L << 20;

    /** How a key column's values follow each other within its block. */
    enum Order {
        /** distinct names, each name's rows together */
        LABEL,
        /** 0, 1, 2, ... without gaps */
        COUNTER,
        /** strictly increasing numbers */
        INCREASING
    }

    /**
     * The shape of a raw table.
     *
     * @param header the exact columns
     * @param keys the key columns, outermost first, each with its order
     * @param uniformFrom the first key level whose sibling blocks must hold the same rows (0: every block
     *     of the outermost key; 1: the blocks within each block of the outermost key)
     */
    record Shape(List<String> header, Map<String, Order> keys, int uniformFrom) {
    }

    private static final List<String> SIX_MONITORS = List.of("config", "trial", "epoch", "logLikelihood", "maeB", "maeC",
            "maeW", "lambda2Counts", "lambda2RaoBlackwell");

    /** The raw tables that figures are rebuilt from, by file name. */
    static final Map<String, Shape> SHAPES = Map.of(
            "fig2-trials.csv", new Shape(SIX_MONITORS, keys("config", Order.LABEL, "trial", Order.COUNTER, "epoch",
                    Order.INCREASING), 1),
            "fig6-trials.csv", new Shape(SIX_MONITORS, keys("config", Order.LABEL, "trial", Order.COUNTER, "epoch",
                    Order.INCREASING), 1),
            "fig7-trials.csv", new Shape(List.of("config", "trial", "epoch", "logLikelihood", "logZStdErr"),
                    keys("config", Order.LABEL, "trial", Order.COUNTER, "epoch", Order.INCREASING), 1),
            "fig8-chains.csv", new Shape(List.of("dataset", "kernel", "chain", "moves", "distinctStates", "pcaSpread"),
                    keys("dataset", Order.LABEL, "kernel", Order.LABEL, "chain", Order.COUNTER), 1),
            "fig8-trajectories.csv", new Shape(List.of("dataset", "kernel", "chain", "step", "pc1", "pc2"),
                    keys("dataset", Order.LABEL, "kernel", Order.LABEL, "chain", Order.LABEL, "step", Order.INCREASING), 1),
            "fig9-tv.csv", new Shape(List.of("dataset", "kernel", "step", "median", "p10", "p90", "iidFloor"),
                    keys("dataset", Order.LABEL, "kernel", Order.LABEL, "step", Order.INCREASING), 1),
            "fig9-tv-starts.csv", new Shape(List.of("dataset", "kernel", "start", "step", "tv", "occupancy",
                    "startClusterMass"), keys("dataset", Order.LABEL, "kernel", Order.LABEL, "start", Order.COUNTER, "step",
                    Order.INCREASING), 1),
            "lambda2-trials.csv", new Shape(List.of("trial", "std", "n2", "exact", "counts", "raoBlackwell"),
                    keys("trial", Order.COUNTER, "std", Order.LABEL, "n2", Order.INCREASING), 0));

    private ReportInputs() {
    }

    private static Map<String, Order> keys(Object... pairs) {
        Map<String, Order> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], (Order) pairs[i + 1]);
        }
        return m;
    }

    /**
     * Checks every input of {@code report --from} (see the class comment) without writing anything.
     *
     * @param from the figures folder
     * @throws InputException naming the file (and line) of the first input that does not pass
     * @throws IOException if a folder cannot be listed
     */
    public static void check(Path from) throws IOException {
        Path root = from.resolve(OutputFolder.MANIFEST);
        if (Files.isRegularFile(root)) {
            JsonNode m = StrictJson.read(root, MAX_MANIFEST, "figures folder manifest");
            if (m.path("format").asText("").equals(FigureRunner.FORMAT)) {
                requireVersion(root, m, FigureRunner.FORMAT);
            }
        }
        List<Path> folders;
        try (Stream<Path> s = Files.list(from)) {
            folders = s.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
        }
        for (Path dir : folders) {
            Path file = dir.resolve(OutputFolder.MANIFEST);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            JsonNode m = StrictJson.read(file, MAX_MANIFEST, "figure manifest");
            if (m.has("figure") || m.path("format").asText("").equals(FigureRunner.FIGURE_FORMAT)) {
                checkFigure(dir, file, m);
            }
        }
    }

    private static void requireVersion(Path file, JsonNode m, String format) {
        JsonNode v = m.get("version");
        if (v != null && !(v.isIntegralNumber() && v.asLong() == VERSION)) {
            throw new InputException(file + ": version " + v + " of format \"" + format + "\" is not supported (this "
                    + "suite reads version " + VERSION + ")");
        }
    }

    /** Checks one figure's folder: its manifest's fields, its file list and its raw numbers. */
    private static void checkFigure(Path dir, Path file, JsonNode m) throws IOException {
        JsonNode format = m.get("format");
        if (format != null && !format.asText("").equals(FigureRunner.FIGURE_FORMAT)) {
            throw new InputException(file + ": format " + format + " is not a figure's manifest (this suite reads "
                    + "format \"" + FigureRunner.FIGURE_FORMAT + "\", version " + VERSION + ")");
        }
        requireVersion(file, m, FigureRunner.FIGURE_FORMAT);
        String folder = dir.getFileName().toString();
        JsonNode figure = m.get("figure");
        if (figure == null || !figure.isTextual() || !figure.asText().equals(folder)) {
            throw new InputException(file + ": names figure " + figure + " but lies in the folder '" + folder + "'; a "
                    + "figure's id is its folder's name: put the figure back in its own folder or correct the manifest");
        }
        if (!Figures.ids().contains(folder)) {
            throw new InputException(file + ": figure '" + folder + "' is not one of this suite's figures "
                    + Figures.ids());
        }
        checkFiles(dir, file, m.get("files"), folder);
        Experiment e = Figures.select(folder).get(0);
        if (e instanceof ResultFigure<?> rf) {
            for (String name : new TreeSet<>(SHAPES.keySet())) {
                Path csv = dir.resolve(name);
                if (Files.isRegularFile(csv, LinkOption.NOFOLLOW_LINKS)) {
                    checkShape(csv, SHAPES.get(name), m.path("settings"));
                }
            }
            dryRun(rf, dir, m);
        }
    }

    /**
     * The file list: an array of distinct plain names; the images are the figure's own, every other entry a
     * CSV file in the folder, and every CSV file in the folder an entry.
     */
    private static void checkFiles(Path dir, Path file, JsonNode files, String id) throws IOException {
        if (files == null || !files.isArray()) {
            throw new InputException(file + ": 'files' must be the list of the figure's files, found " + files);
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode f : files) {
            String name = f.isTextual() ? f.asText() : null;
            if (name == null || name.isEmpty() || name.startsWith(".") || name.contains("/") || name.contains("\\")
                    || name.indexOf('\0') >= 0) {
                throw new InputException(file + ": 'files' entry " + f + " is not the name of a file in the figure's "
                        + "folder; the list holds " + id + ".png, " + id + ".svg and the figure's CSV files");
            }
            if (!seen.add(name)) {
                throw new InputException(file + ": 'files' names " + f + " twice");
            }
            if (name.endsWith(".png") || name.endsWith(".svg")) {
                if (!name.equals(id + ".png") && !name.equals(id + ".svg")) {
                    throw new InputException(file + ": 'files' entry " + f + " is not one of the figure's images ("
                            + id + ".png, " + id + ".svg)");
                }
                continue;
            }
            Path p = dir.resolve(name);
            if (!name.endsWith(".csv") || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new InputException(file + ": 'files' entry " + f + (name.endsWith(".csv")
                        ? " is missing from the folder (or not a regular file)" : " is neither an image nor a CSV file")
                        + "; the list holds " + id + ".png, " + id + ".svg and the CSV files in " + dir);
            }
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(".csv") && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && !seen.contains(name)) {
                    throw new InputException(file + ": 'files' leaves out " + name + ", a CSV file of the figure's "
                            + "folder; the list holds every one");
                }
            }
        }
    }

    /** A block of rows with one key value: its first and last line and its blocks of the next key. */
    private static final class Block {
        final String value;
        final int first;
        int last;
        final Map<String, Block> children = new LinkedHashMap<>();
        Block lastChild;

        Block(String value, int first) {
            this.value = value;
            this.first = first;
            this.last = first;
        }
    }

    /**
     * Checks a raw table's shape (see the class comment).
     *
     * @param csv the file
     * @param shape its expected shape
     * @param settings the figure's recorded settings (counts checked where they are recorded)
     * @throws IOException on read failure
     * @throws InputException naming the file and line
     */
    static void checkShape(Path csv, Shape shape, JsonNode settings) throws IOException {
        CsvTable t = CsvTable.read(csv);
        if (!t.header().equals(shape.header())) {
            throw new InputException(csv + ": line 1: the columns must be " + String.join(",", shape.header())
                    + " (found " + String.join(",", t.header()) + ")");
        }
        if (t.size() == 0) {
            throw new InputException(csv + ": line 1: a header and no rows; the table holds at least one row");
        }
        List<String> keys = new ArrayList<>(shape.keys().keySet());
        List<List<String>> columns = new ArrayList<>();
        for (String k : keys) {
            Order o = shape.keys().get(k);
            if (o != Order.LABEL) {
                t.doubles(k); // numbers, in range, named by line
            }
            columns.add(t.strings(k));
        }
        Block root = new Block("", 2);
        for (int i = 0; i < t.size(); i++) {
            int line = i + 2;
            Block node = root;
            boolean changed = false;
            for (int level = 0; level < keys.size(); level++) {
                String v = columns.get(level).get(i);
                Block child = node.children.get(v);
                boolean leaf = level == keys.size() - 1;
                if (child != null && (changed || child != node.lastChild || leaf)) {
                    throw new InputException(csv + ": line " + line + ": " + describe(keys, columns, i, level)
                            + (leaf && !changed && child == node.lastChild ? " repeats the row of line " + child.first
                                : " again after other rows (first at line " + child.first + "); a block's rows lie together"));
                }
                if (child == null) {
                    follows(csv, line, keys.get(level), shape.keys().get(keys.get(level)), node, v, keys, columns, i);
                    child = new Block(v, line);
                    node.children.put(v, child);
                    node.lastChild = child;
                    changed = true;
                }
                child.last = line;
                node = child;
            }
        }
        uniform(csv, root, 0, shape.uniformFrom(), keys);
        counts(csv, root, keys, settings);
    }

    /** A key value's order after its previous sibling. */
    private static void follows(Path csv, int line, String key, Order order, Block parent, String v, List<String> keys,
                                List<List<String>> columns, int row) {
        Block prev = parent.lastChild;
        switch (order) {
            case COUNTER -> {
                double expected = prev == null ? 0 : Double.parseDouble(prev.value) + 1;
                if (Double.parseDouble(v) != expected) {
                    throw new InputException(csv + ": line " + line + ", column '" + key + "': " + v + " where "
                            + (long) expected + " comes next (" + plural(key) + " are numbered 0, 1, 2, ... within "
                            + where(keys, columns, row, keys.indexOf(key)) + ")");
                }
            }
            case INCREASING -> {
                if (prev != null && !(Double.parseDouble(v) > Double.parseDouble(prev.value))) {
                    throw new InputException(csv + ": line " + line + ", column '" + key + "': " + v + " after " + prev.value
                            + " (the " + plural(key) + " of " + where(keys, columns, row, keys.indexOf(key))
                            + " increase)");
                }
            }
            default -> {
            }
        }
    }

    private static String plural(String key) {
        return key.endsWith("s") ? key : key + "s";
    }

    /** @return the block a row's key at {@code level} lies in, as "config X, trial 1" (or "the table") */
    private static String where(List<String> keys, List<List<String>> columns, int row, int level) {
        List<String> parts = new ArrayList<>();
        for (int l = 0; l < level; l++) {
            parts.add(keys.get(l) + " " + columns.get(l).get(row));
        }
        return parts.isEmpty() ? "the table" : String.join(", ", parts);
    }

    private static String describe(List<String> keys, List<List<String>> columns, int row, int level) {
        return where(keys, columns, row, level + 1);
    }

    /** Sibling blocks at levels from {@code from} on hold the same keys (a dropped or extra row shows). */
    private static void uniform(Path csv, Block node, int level, int from, List<String> keys) {
        if (level >= keys.size()) {
            return;
        }
        Block first = null;
        for (Block b : node.children.values()) {
            if (level >= from && first != null) {
                int line = firstDifference(first, b);
                if (line > 0) {
                    throw new InputException(csv + ": line " + line + ": the rows of " + keys.get(level) + " " + b.value
                            + " (lines " + b.first + "-" + b.last + ") differ from those of " + keys.get(level) + " "
                            + first.value + " (lines " + first.first + "-" + first.last + "), which must be alike: a "
                            + "dropped, added or changed row?");
                }
            }
            if (first == null) {
                first = b;
            }
            uniform(csv, b, level + 1, from, keys);
        }
    }

    /** @return the first line of {@code b} whose keys differ from {@code a}'s at the same place, or 0 */
    private static int firstDifference(Block a, Block b) {
        List<Block> x = new ArrayList<>(a.children.values());
        List<Block> y = new ArrayList<>(b.children.values());
        for (int k = 0; k < Math.min(x.size(), y.size()); k++) {
            if (!x.get(k).value.equals(y.get(k).value)) {
                return y.get(k).first;
            }
            int d = firstDifference(x.get(k), y.get(k));
            if (d > 0) {
                return d;
            }
        }
        return x.size() == y.size() ? 0 : y.size() > x.size() ? y.get(x.size()).first : b.last;
    }

    /** The counts the figure's settings record: trials (and evaluations) per configuration, starts, steps. */
    private static void counts(Path csv, Block root, List<String> keys, JsonNode settings) {
        if (keys.get(0).equals("config")) {
            for (Map.Entry<String, JsonNode> e : settingsByConfig(settings).entrySet()) {
                Block config = root.children.get(e.getKey());
                JsonNode s = e.getValue();
                if (config == null) {
                    throw new InputException(csv + ": no rows of config " + e.getKey() + ", which the figure's settings "
                            + "list");
                }
                if (s.path("trials").isIntegralNumber() && config.children.size() != s.path("trials").asInt()) {
                    throw new InputException(csv + ": line " + config.last + ": config " + e.getKey() + " has "
                            + config.children.size() + " trial(s), the figure's settings say " + s.path("trials").asInt());
                }
                if (s.path("epochs").isIntegralNumber() && s.path("evalEvery").isIntegralNumber()
                        && s.path("evalEvery").asInt() > 0) {
                    int rows = s.path("epochs").asInt() / s.path("evalEvery").asInt();
                    Block trial = config.children.values().iterator().next();
                    if (trial.children.size() != rows) {
                        throw new InputException(csv + ": line " + trial.last + ": trial " + trial.value + " of config "
                                + e.getKey() + " has " + trial.children.size() + " evaluation(s), the figure's settings "
                                + "say " + rows + " (" + s.path("epochs").asInt() + " epochs, one every "
                                + s.path("evalEvery").asInt() + ")");
                    }
                }
            }
        }
        int stepLevel = keys.indexOf("step");
        if (keys.get(0).equals("dataset") && stepLevel > 0 && settings.path("steps").isIntegralNumber()) {
            long steps = settings.path("steps").asLong();
            Block b = root;
            for (int l = 0; l <= stepLevel - 1; l++) {
                b = b.children.values().iterator().next();
            }
            String last = b.lastChild.value;
            if (Double.parseDouble(last) != steps) {
                throw new InputException(csv + ": line " + b.last + ": the steps end at " + last + ", the figure's "
                        + "settings say " + steps);
            }
        }
        int startLevel = keys.indexOf("start");
        if (startLevel > 0 && settings.path("starts").isIntegralNumber()) {
            Block b = root;
            for (int l = 0; l < startLevel; l++) {
                b = b.children.values().iterator().next();
            }
            if (b.children.size() != settings.path("starts").asInt()) {
                throw new InputException(csv + ": line " + b.last + ": " + b.children.size() + " start(s), the figure's "
                        + "settings say " + settings.path("starts").asInt());
            }
        }
    }

    /** @return the settings of each configuration a figure records ({@code config}/{@code trials}, or one object each) */
    private static Map<String, JsonNode> settingsByConfig(JsonNode settings) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        if (settings.path("config").isTextual()) {
            m.put(settings.path("config").asText(), settings);
        }
        settings.fields().forEachRemaining(e -> {
            if (e.getValue().isObject() && e.getValue().has("trials")) {
                m.put(e.getKey(), e.getValue());
            }
        });
        return m;
    }

    /**
     * Reads, plots and judges the figure once, writing nothing: a defect the shape checks do not name is
     * the folder's error, not an internal one.
     */
    private static <R> void dryRun(ResultFigure<R> rf, Path dir, JsonNode manifest) throws IOException {
        try {
            R result = rf.read(dir, manifest);
            rf.plot(result);
            ClaimEngine.decideAll(rf.claims(result));
        } catch (NoSuchFileException e) {
            throw new InputException(e.getFile() + ": missing: figure " + rf.id() + " is rebuilt from it; rerun the "
                    + "figure, or restore the file", e);
        } catch (InputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InputException(dir + ": its raw numbers do not make figure " + rf.id() + " (" + e.getMessage()
                    + "); rerun the figure, or restore its CSV files", e);
        }
    }
}
