package dev.rbmsuite.experiments.samplers;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.idx.IdxDataset;
import dev.rbmsuite.datasets.idx.IdxFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The benchmark's image data: an MNIST-format folder (Fashion-MNIST, Xiao, Rasul &amp; Vollgraf 2017, or
 * a user's MNIST) holding {@code train-images-idx3-ubyte.gz} and {@code train-labels-idx1-ubyte.gz},
 * named by the system property {@value #PROPERTY} or else the environment variable {@value #VARIABLE}
 * (the suite ships only a 100-image subset for its tests, so the full files come from the user).
 * Two data sets are made from the training images:
 * <ul>
 *   <li>the full images binarised at pixel &gt;= 128 ({@link IdxDataset}'s default), optionally only the
 *       first {@code size} of them, for the model of {@code rows x columns} visible units that the
 *       gradient-based samplers' papers sample (784 for 28 x 28 images);</li>
 *   <li>the images pooled to {@code side x side} pixels by area averaging (each output pixel the mean of
 *       the input pixels it covers, weighted by the covered fraction) and binarised at a pooled mean of
 *       at least {@value #POOLED_THRESHOLD} (of 255), the first {@code perClass} images of each class: a
 *       model small enough to enumerate (n = 25 at 5 x 5), on which TV is exact.</li>
 * </ul>
 * A missing folder, file or property is one line naming what to set.
 */
final class ImageData {
    /** The system property naming the folder (takes precedence over the environment variable). */
    static final String PROPERTY = "rbm.fashionMnist";
    /** The environment variable naming the folder. */
    static final String VARIABLE = "FASHION_MNIST";
    /** The training images' file name, as Fashion-MNIST and MNIST distribute it. */
    static final String IMAGES = "train-images-idx3-ubyte.gz";
    /** The training labels' file name. */
    static final String LABELS = "train-labels-idx1-ubyte.gz";
    /** A pooled pixel is on when its area mean is at least this (of 255): keeps the silhouettes (46 % on at 5 x 5). */
    static final int POOLED_THRESHOLD = 64;

    private final Path folder;

    private ImageData(Path folder) {
        this.folder = folder;
    }

    /**
     * @return the folder named by {@value #PROPERTY} or {@value #VARIABLE}
     * @throws InputException when neither is set or the folder lacks the training files
     */
    static ImageData locate() {
        String named = System.getProperty(PROPERTY);
        String source = "system property " + PROPERTY;
        if (named == null || named.isBlank()) {
            named = System.getenv(VARIABLE);
            source = "environment variable " + VARIABLE;
        }
        if (named == null || named.isBlank()) {
            throw new InputException("figure samplers: needs MNIST-format training images; set " + VARIABLE
                    + " to a folder holding " + IMAGES + " and " + LABELS + " (Fashion-MNIST or MNIST)");
        }
        Path dir = Path.of(named);
        for (String f : List.of(IMAGES, LABELS)) {
            if (!Files.isRegularFile(dir.resolve(f))) {
                throw new InputException("figure samplers: " + dir.resolve(f) + ": file not found (the folder named by "
                        + source + ")");
            }
        }
        return new ImageData(dir);
    }

    /** @return the training images' file */
    Path images() {
        return folder.resolve(IMAGES);
    }

    /** @return the training labels' file */
    Path labels() {
        return folder.resolve(LABELS);
    }

    /**
     * @param size how many images, from the first; 0 for all
     * @return the images binarised at pixel &gt;= 128, with their labels
     */
    BinaryDataset full(int size) {
        return IdxDataset.load(images(), size > 0 ? Map.of(IdxDataset.LABELS, labels().toString(), IdxDataset.SIZE,
                Integer.toString(size)) : Map.of(IdxDataset.LABELS, labels().toString()), null);
    }

    /**
     * @param side the pooled images' side
     * @param perClass images of each class, the first in the file
     * @return the pooled, binarised images with their labels, in the order of the file
     * @throws InputException when a class has fewer images
     */
    BinaryDataset pooled(int side, int perClass) {
        IdxFile img = IdxFile.read(images(), 3, "images");
        IdxFile lab = IdxFile.read(labels(), 1, "labels");
        if (lab.count() != img.count()) {
            throw new InputException(labels() + ": " + lab.count() + " labels, but " + images() + " holds " + img.count()
                    + " images");
        }
        int rows = img.sizes()[1];
        int cols = img.sizes()[2];
        double[][] wr = weights(rows, side);
        double[][] wc = weights(cols, side);
        int classes = 0;
        for (int r = 0; r < lab.count(); r++) {
            classes = Math.max(classes, lab.value(r, 0) + 1);
        }
        int[] taken = new int[classes];
        List<Integer> chosen = new ArrayList<>();
        for (int r = 0; r < img.count(); r++) {
            int c = lab.value(r, 0);
            if (taken[c] < perClass) {
                taken[c]++;
                chosen.add(r);
            }
        }
        for (int c = 0; c < classes; c++) {
            if (taken[c] < perClass) {
                throw new InputException(images() + ": class " + c + " has " + taken[c] + " images, " + perClass
                        + " are needed");
            }
        }
        int n = side * side;
        double[] x = new double[chosen.size() * n];
        int[] labels = new int[chosen.size()];
        for (int k = 0; k < chosen.size(); k++) {
            int item = chosen.get(k);
            labels[k] = lab.value(item, 0);
            for (int a = 0; a < side; a++) {
                for (int b = 0; b < side; b++) {
                    double s = 0;
                    for (int i = 0; i < rows; i++) {
                        if (wr[a][i] == 0) {
                            continue;
                        }
                        for (int j = 0; j < cols; j++) {
                            s += wr[a][i] * wc[b][j] * img.value(item, i * cols + j);
                        }
                    }
                    x[k * n + a * side + b] = s >= POOLED_THRESHOLD ? 1 : 0;
                }
            }
        }
        List<String> names = new ArrayList<>();
        for (int c = 0; c < classes; c++) {
            names.add(Integer.toString(c));
        }
        return BinaryDataset.of("fashion-" + side + "x" + side, x, chosen.size(), n, labels, names);
    }

    /**
     * Area weights of pooling {@code from} pixels to {@code to}: output pixel a covers [a from/to, (a+1) from/to),
     * input pixel i covers [i, i+1); the weight is the overlap divided by from/to, so each row sums to 1.
     */
    static double[][] weights(int from, int to) {
        double[][] w = new double[to][from];
        double span = (double) from / to;
        for (int a = 0; a < to; a++) {
            double lo = a * span;
            double hi = (a + 1) * span;
            for (int i = 0; i < from; i++) {
                double overlap = Math.min(hi, i + 1) - Math.max(lo, i);
                w[a][i] = overlap > 0 ? overlap / span : 0;
            }
        }
        return w;
    }

    /**
     * @return the SHA-256 of the training images' and labels' files as stored (compressed), by file name,
     *     for the manifest: which data a run used
     * @throws IOException on read failure
     */
    Map<String, String> digests() throws IOException {
        return Map.of(IMAGES, sha256(images()), LABELS, sha256(labels()));
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), md)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
