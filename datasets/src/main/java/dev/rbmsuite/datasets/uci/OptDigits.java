package dev.rbmsuite.datasets.uci;

import dev.rbmsuite.datasets.BinaryDataset;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.zip.GZIPInputStream;

/**
 * The UCI "Optical Recognition of Handwritten Digits" test set (E. Alpaydin, C. Kaynak, 1998; CC BY 4.0;
 * the same 1,797 images scikit-learn ships as "digits"), shipped as the resource
 * {@code optdigits-test.csv.gz} of this module with its attribution in {@code PROVENANCE.md}: 1,797 rows
 * of 64 pixel counts (0..16, an 8 x 8 image row by row) and the digit (0..9), comma-separated, no header.
 *
 * <p>This is real data beyond the paper (its data sets have n &lt;= 65 and N_d &lt;= 210): 64 visible
 * units and ten well-separated classes, a natural next test of the nonlocal kernel. {@link #load}
 * verifies the resource's SHA-256 and the published checks (row count, 65 integers per row, pixel
 * range, digit counts); a failed check is a packaging error, an {@link IllegalStateException} naming
 * the line. {@link #binarised} turns the counts into binary visible units by a threshold
 * (pixel &gt;= 8 is the common choice) and keeps the digits as labels with class names "0".."9".
 */
public final class OptDigits {
    /** Resource path of the shipped copy. */
    public static final String RESOURCE = "optdigits-test.csv.gz";
    /** SHA-256 of the shipped gzip file. */
    public static final String SHA256 = "46abec6b12486ad9e51943373abcf22bbea1b5a51a1619b361570d8893f1464a";
    /** Number of images. */
    public static final int ROWS = 1797;
    /** Pixels per image (8 x 8). */
    public static final int PIXELS = 64;
    /** The largest pixel count (each pixel counts set bits in a 4 x 4 block of the 32 x 32 bitmap). */
    public static final int MAX_PIXEL = 16;
    /** Images per digit 0..9, as published. */
    private static final int[] DIGIT_COUNTS = {178, 182, 177, 183, 181, 182, 181, 179, 174, 180};
    /** The default binarisation threshold: a pixel is on when its count is at least this. */
    public static final int DEFAULT_THRESHOLD = 8;

    private final int[] pixels; // ROWS x PIXELS
    private final int[] digits;

    private OptDigits(int[] pixels, int[] digits) {
        this.pixels = pixels;
        this.digits = digits;
    }

    /** @return the published number of images of each digit 0..9 */
    public static int[] digitCounts() {
        return DIGIT_COUNTS.clone();
    }

    /**
     * Loads and checks the shipped copy.
     *
     * @return the 1,797 images and digits
     * @throws IllegalStateException if the resource is missing, its checksum differs or a check fails
     */
    public static OptDigits load() {
        byte[] gz;
        try (InputStream in = OptDigits.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + RESOURCE + " is missing from the datasets module");
            }
            gz = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + RESOURCE, e);
        }
        String sha = UciReader.sha256(gz);
        if (!sha.equals(SHA256)) {
            throw new IllegalStateException("resource " + RESOURCE + " has SHA-256 " + sha + ", expected " + SHA256);
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(new ByteArrayInputStream(gz)), StandardCharsets.US_ASCII))) {
            List<String> lines = new ArrayList<>();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lines.add(line);
            }
            return parse(lines, RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot decompress resource " + RESOURCE, e);
        }
    }

    /**
     * Parses and checks the text layout (package-private for the tests of its checks).
     *
     * @param lines the file's lines (blank ones are ignored)
     * @param where the name used in messages
     * @return the checked data
     * @throws IllegalStateException naming {@code where:LINE} of the first problem
     */
    static OptDigits parse(List<String> lines, String where) {
        int[] px = new int[ROWS * PIXELS];
        int[] dg = new int[ROWS];
        int row = 0;
        for (int ln = 0; ln < lines.size(); ln++) {
            String line = lines.get(ln).strip();
            if (line.isEmpty()) {
                continue;
            }
            String at = where + ":" + (ln + 1) + ": ";
            if (row == ROWS) {
                throw new IllegalStateException(at + "more than " + ROWS + " rows");
            }
            String[] f = line.split(",", -1);
            if (f.length != PIXELS + 1) {
                throw new IllegalStateException(at + f.length + " fields, expected " + (PIXELS + 1));
            }
            for (int i = 0; i <= PIXELS; i++) {
                int v;
                try {
                    v = Integer.parseInt(f[i].strip());
                } catch (NumberFormatException e) {
                    throw new IllegalStateException(at + "field " + (i + 1) + " '" + f[i] + "' is not an integer");
                }
                int max = i < PIXELS ? MAX_PIXEL : 9;
                if (v < 0 || v > max) {
                    throw new IllegalStateException(at + (i < PIXELS ? "pixel " + i : "digit") + " " + v
                            + " is outside 0.." + max);
                }
                if (i < PIXELS) {
                    px[row * PIXELS + i] = v;
                } else {
                    dg[row] = v;
                }
            }
            row++;
        }
        if (row != ROWS) {
            throw new IllegalStateException(where + ": " + row + " rows, expected " + ROWS);
        }
        int[] counts = new int[10];
        for (int d : dg) {
            counts[d]++;
        }
        if (!Arrays.equals(counts, DIGIT_COUNTS)) {
            throw new IllegalStateException(where + ": digit counts " + Arrays.toString(counts) + ", expected "
                    + Arrays.toString(DIGIT_COUNTS));
        }
        return new OptDigits(px, dg);
    }

    /** @return the number of images (1,797) */
    public int size() {
        return digits.length;
    }

    /**
     * @param row image index
     * @param pixel pixel index 0..63 (row-major 8 x 8)
     * @return its count, 0..16
     */
    public int pixel(int row, int pixel) {
        return pixels[Objects.checkIndex(row, size()) * PIXELS + Objects.checkIndex(pixel, PIXELS)];
    }

    /** @return a copy of the digits, one per image */
    public int[] digits() {
        return digits.clone();
    }

    /**
     * The binary data set: visible unit i of row r is 1 when pixel i's count is at least {@code threshold}.
     *
     * @param name the data set's name
     * @param threshold in 1..16
     * @return 1,797 rows of 64 binary units, labelled by digit (class names "0".."9")
     */
    public BinaryDataset binarised(String name, int threshold) {
        if (threshold < 1 || threshold > MAX_PIXEL) {
            throw new IllegalArgumentException("threshold=" + threshold + ": must be an integer in [1, " + MAX_PIXEL + "]");
        }
        double[] x = new double[pixels.length];
        for (int k = 0; k < x.length; k++) {
            x[k] = pixels[k] >= threshold ? 1.0 : 0.0;
        }
        List<String> names = new ArrayList<>();
        for (int d = 0; d <= 9; d++) {
            names.add(Integer.toString(d));
        }
        return BinaryDataset.of(name, x, size(), PIXELS, digits, names);
    }
}
