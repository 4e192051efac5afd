package dev.rbmsuite.datasets.idx;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.DecimalText;
import dev.rbmsuite.datasets.BinaryDataset;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A binary data set from MNIST-format (IDX) image files, with optional labels, binarisation and class
 * selection: the 784-pixel data of the discrete-sampling literature's RBM benchmark (binarised MNIST in
 * Grathwohl et al. 2021 and Zhang, Liu &amp; Liu 2022; the suite uses Fashion-MNIST, Xiao, Rasul &amp;
 * Vollgraf 2017, whose files have the same format), or a user's own copy of MNIST.
 *
 * <p>Each image of r x c pixels becomes one row of n = r c binary visible units (row-major):
 * <ul>
 *   <li>{@code binarise=threshold} (the default): unit i is 1 when pixel i is at least
 *       {@code threshold} (default 128, the common binarisation of MNIST for RBMs);</li>
 *   <li>{@code binarise=stochastic} ({@code threshold} is then ignored): unit i is 1 with probability
 *       pixel_i / 255, one uniform draw of the
 *       given {@link Rng} per pixel of each kept image, images in file order (so the same seed gives
 *       the same data set; Salakhutdinov &amp; Murray 2008's dynamic binarisation, drawn once).</li>
 * </ul>
 * With a labels file ({@code labels=FILE}, IDX of one dimension, one label per image) the rows keep
 * their labels (class names "0" to the largest label), and {@code classes=3,5,...} keeps only the
 * images of those labels, in file order. {@code size=N} keeps the first N of the selected images
 * (default all).
 *
 * <p>Parameters are strings as the command line passes them ({@code --param k=v}); every bad value or
 * file is an {@link InputException} naming the parameter or the file.
 */
public final class IdxDataset {
    /** The registered name. */
    public static final String NAME = "idx";
    /** Parameter: the images file (registered data set only; the file route names it directly). */
    public static final String IMAGES = "images";
    /** Parameter: the labels file. */
    public static final String LABELS = "labels";
    /** Parameter: threshold or stochastic. */
    public static final String BINARISE = "binarise";
    /** Parameter: the threshold of {@code binarise=threshold}. */
    public static final String THRESHOLD = "threshold";
    /** Parameter: the labels to keep, comma-separated. */
    public static final String CLASSES = "classes";
    /** Parameter: the number of images to keep. */
    public static final String SIZE = "size";
    /** The default threshold: a pixel is on when it is at least 128 of 255. */
    public static final int DEFAULT_THRESHOLD = 128;
    /** The value of {@link #CLASSES} and {@link #SIZE} that keeps everything. */
    public static final String ALL = "all";

    /** How the pixels become binary units. */
    public enum Binarisation {
        /** pixel &gt;= threshold. */
        THRESHOLD,
        /** Bernoulli(pixel / 255), drawn once from the seed. */
        STOCHASTIC
    }

    private IdxDataset() {
    }

    /**
     * @return the parameters of the file route and their defaults ({@link #IMAGES} not included), in a
     *     fixed order
     */
    public static Map<String, String> defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(LABELS, "");
        m.put(BINARISE, "threshold");
        m.put(THRESHOLD, Integer.toString(DEFAULT_THRESHOLD));
        m.put(CLASSES, ALL);
        m.put(SIZE, ALL);
        return Collections.unmodifiableMap(m);
    }

    /**
     * The registered data set {@code idx}: {@link #IMAGES} names the image file, the other parameters as
     * for {@link #load(Path, Map, Rng)}.
     *
     * @param params every parameter, defaults filled in (as {@code Datasets} passes them)
     * @param rng the stream of {@code binarise=stochastic}
     * @return the data set, named "idx"
     * @throws InputException naming the parameter or file
     */
    public static BinaryDataset create(Map<String, String> params, Rng rng) {
        String images = params.getOrDefault(IMAGES, "");
        if (images.isBlank()) {
            throw new InputException("dataset " + NAME + ": parameter " + IMAGES + " is required: an IDX image file "
                    + "such as train-images-idx3-ubyte.gz (MNIST or Fashion-MNIST)");
        }
        Map<String, String> rest = new LinkedHashMap<>(params);
        rest.remove(IMAGES);
        return load(path(IMAGES, images), rest, rng);
    }

    /**
     * Loads an IDX image file as a binary data set.
     *
     * @param images the IDX image file (three dimensions: count, rows, columns; gzip or not)
     * @param params overrides of {@link #defaults()} (labels, binarise, threshold, classes, size); may be empty
     * @param rng the stream of {@code binarise=stochastic} (unused, and may be null, otherwise)
     * @return count (or the selected number of) rows of rows x columns binary units, named "idx"
     * @throws InputException naming the parameter or file
     */
    public static BinaryDataset load(Path images, Map<String, String> params, Rng rng) {
        Map<String, String> p = new LinkedHashMap<>(defaults());
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (!p.containsKey(e.getKey())) {
                throw new InputException("dataset " + NAME + ": unknown parameter '" + e.getKey() + "'; known parameters: "
                        + IMAGES + ", " + String.join(", ", p.keySet()));
            }
            p.put(e.getKey(), e.getValue() == null ? "" : e.getValue().trim());
        }
        Binarisation mode = binarisation(p.get(BINARISE));
        int threshold = integer(THRESHOLD, p.get(THRESHOLD));
        if (threshold < 1 || threshold > 255) {
            throw invalid(THRESHOLD, p.get(THRESHOLD), "must be an integer in [1, 255] (a pixel is on when it is at least this)");
        }
        if (mode == Binarisation.STOCHASTIC) {
            Objects.requireNonNull(rng, "rng");
        }
        int size = p.get(SIZE).equals(ALL) ? -1 : integer(SIZE, p.get(SIZE));
        if (size == 0 || size < -1) {
            throw invalid(SIZE, p.get(SIZE), "must be a positive integer or all");
        }
        String labelsName = p.get(LABELS);
        boolean[] keep = p.get(CLASSES).equals(ALL) ? null : classes(p.get(CLASSES));
        if (keep != null && labelsName.isEmpty()) {
            throw new InputException("dataset " + NAME + ": parameter " + CLASSES + " needs the labels: give " + LABELS
                    + "=FILE (an IDX label file such as train-labels-idx1-ubyte.gz)");
        }
        IdxFile img = IdxFile.read(images, 3, "images");
        int count = img.count();
        int n = img.itemSize();
        int[] labels = null;
        if (!labelsName.isEmpty()) {
            Path lf = path(LABELS, labelsName);
            IdxFile lab = IdxFile.read(lf, 1, "labels");
            if (lab.count() != count) {
                throw new InputException(lf + ": " + lab.count() + " labels, but " + images + " holds " + count + " images");
            }
            labels = new int[count];
            for (int r = 0; r < count; r++) {
                labels[r] = lab.value(r, 0);
            }
        }
        List<Integer> rows = new ArrayList<>();
        for (int r = 0; r < count && (size < 0 || rows.size() < size); r++) {
            if (keep == null || keep[labels[r]]) {
                rows.add(r);
            }
        }
        if (rows.isEmpty()) {
            throw new InputException("dataset " + NAME + ": no image of " + images + " has one of the labels "
                    + p.get(CLASSES));
        }
        if (size > rows.size()) {
            throw invalid(SIZE, p.get(SIZE), "only " + rows.size() + " images" + (keep == null ? "" : " of those classes")
                    + " in " + images);
        }
        int kept = rows.size();
        Memory.require(Memory.doubles(2, kept, n), images + " (" + kept + " images of " + n + " pixels as float64 rows)");
        double[] x = new double[kept * n];
        double[] u = mode == Binarisation.STOCHASTIC ? new double[n] : null;
        for (int k = 0; k < kept; k++) {
            int r = rows.get(k);
            if (u != null) {
                rng.fillUniform(u, 0, n);
            }
            for (int i = 0; i < n; i++) {
                int px = img.value(r, i);
                x[k * n + i] = (u == null ? px >= threshold : u[i] * 255.0 < px) ? 1.0 : 0.0;
            }
        }
        if (labels == null) {
            return BinaryDataset.of(NAME, x, kept, n, null, null);
        }
        int[] lab = new int[kept];
        int max = 0;
        for (int k = 0; k < kept; k++) {
            lab[k] = labels[rows.get(k)];
            max = Math.max(max, labels[rows.get(k)]);
        }
        List<String> names = new ArrayList<>();
        for (int c = 0; c <= max; c++) {
            names.add(Integer.toString(c));
        }
        return BinaryDataset.of(NAME, x, kept, n, lab, names);
    }

    private static Path path(String param, String name) {
        try {
            return Path.of(name);
        } catch (InvalidPathException e) {
            throw invalid(param, name, "not a valid file name (" + e.getReason() + ")");
        }
    }

    private static Binarisation binarisation(String v) {
        for (Binarisation b : Binarisation.values()) {
            if (b.name().toLowerCase(Locale.ROOT).equals(v)) {
                return b;
            }
        }
        throw invalid(BINARISE, v, "must be threshold or stochastic");
    }

    private static boolean[] classes(String v) {
        boolean[] keep = new boolean[256];
        for (String part : v.split(",", -1)) {
            int c;
            try {
                c = DecimalText.parseInt(part.trim());
            } catch (NumberFormatException e) {
                throw invalid(CLASSES, v, "'" + part.trim() + "' is not a label (labels are integers in [0, 255], "
                        + "comma-separated, or all)");
            }
            if (c < 0 || c > 255) {
                throw invalid(CLASSES, v, "label " + c + " is outside [0, 255]");
            }
            keep[c] = true;
        }
        return keep;
    }

    private static int integer(String param, String v) {
        try {
            return DecimalText.parseInt(v);
        } catch (NumberFormatException e) {
            throw invalid(param, v, "not an integer");
        }
    }

    private static InputException invalid(String param, String value, String why) {
        return new InputException("dataset " + NAME + ": parameter " + param + "=" + value + ": " + why);
    }
}
