package dev.rbmsuite.datasets.uci;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.datasets.io.TextFiles;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Parses the original text layouts of the UCI iris, wine and seeds files ({@link UciSource}) and checks
 * them: every row has the right number of fields, every feature is a finite number (leading-dot values
 * such as {@code .28} included), every class is one of the known class tokens, and the row and class
 * counts are those of the published data set. Any violation is an {@link InputException} with a one-line
 * message naming the file and, for a malformed row, its line number ({@code FILE:LINE: problem}).
 *
 * <p>Blank lines (for example trailing ones) are ignored; a missing newline at the end of the file is
 * fine; for seeds, a run of tabs is one separator. {@link #load(UciSource)} reads the copy shipped as a
 * resource of this module and verifies its SHA-256; {@link #read(UciSource, Path)} reads any file with the
 * same layout.
 */
public final class UciReader {
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern TABS = Pattern.compile("\t+");

    private UciReader() {
    }

    /**
     * Loads the copy of a data set shipped inside this module (never the shared source folder).
     *
     * @param source which data set
     * @return the checked table
     * @throws IllegalStateException if the resource is missing or its checksum differs (a packaging error)
     */
    public static UciTable load(UciSource source) {
        byte[] bytes;
        try (InputStream in = UciReader.class.getResourceAsStream(source.resource())) {
            if (in == null) {
                throw new IllegalStateException("resource " + source.resource() + " is missing from the datasets module");
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + source.resource(), e);
        }
        String sha = sha256(bytes);
        if (!sha.equals(source.sha256())) {
            throw new IllegalStateException("resource " + source.resource() + " has SHA-256 " + sha + ", expected "
                    + source.sha256());
        }
        try (Reader r = new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8)) {
            return parse(source, r, source.resource());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads and checks a file in the layout of {@code source} (for example a user's own download).
     *
     * @param source the expected layout and counts
     * @param file the file
     * @return the checked table
     * @throws InputException naming the file (and line) of the first problem
     */
    public static UciTable read(UciSource source, Path file) {
        return TextFiles.read(file, r -> parse(source, r, file.toString()));
    }

    /**
     * Parses and checks text in the layout of {@code source} (the reader is not closed).
     *
     * @param source the expected layout and counts
     * @param text the file's content
     * @param where the file name used in error messages
     * @return the checked table
     * @throws InputException naming {@code where} (and the line) of the first problem
     * @throws IOException if the reader fails
     */
    public static UciTable parse(UciSource source, Reader text, String where) throws IOException {
        BufferedReader in = text instanceof BufferedReader ? (BufferedReader) text : new BufferedReader(text);
        int features = source.featureNames().size();
        int fields = features + 1;
        List<double[]> rows = new ArrayList<>();
        List<Integer> labels = new ArrayList<>();
        String line;
        int lineNo = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            String[] parts = split(source, line.strip());
            if (parts.length != fields) {
                throw new InputException(where + ":" + lineNo + ": expected " + fields + " " + describe(source)
                        + " fields (" + (source.classFirst() ? "the class, then " + features + " features"
                        : features + " features, then the class") + "), got " + parts.length);
            }
            int classField = source.classFirst() ? 0 : features;
            int firstFeature = source.classFirst() ? 1 : 0;
            double[] row = new double[features];
            for (int f = 0; f < features; f++) {
                row[f] = number(parts[firstFeature + f].strip(), where, lineNo, f, source);
            }
            String cls = parts[classField].strip();
            int label = source.classNames().indexOf(cls);
            if (label < 0) {
                throw new InputException(where + ":" + lineNo + ": unknown class '" + abbreviate(cls) + "', expected one of "
                        + String.join(", ", source.classNames()));
            }
            rows.add(row);
            labels.add(label);
        }
        checkCounts(source, rows.size(), labels, where);
        double[] values = new double[rows.size() * features];
        int[] lab = new int[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            System.arraycopy(rows.get(r), 0, values, r * features, features);
            lab[r] = labels.get(r);
        }
        return new UciTable(source, rows.size(), values, lab);
    }

    private static String[] split(UciSource source, String line) {
        if (source.separator().equals("\t")) {
            return TABS.split(line, -1);
        }
        return line.split(Pattern.quote(source.separator()), -1);
    }

    private static String describe(UciSource source) {
        return source.separator().equals("\t") ? "tab-separated" : "comma-separated";
    }

    private static double number(String s, String where, int lineNo, int feature, UciSource source) {
        if (NUMBER.matcher(s).matches()) {
            double x = Double.parseDouble(s);
            if (Double.isFinite(x)) {
                return x;
            }
        }
        throw new InputException(where + ":" + lineNo + ": feature " + (feature + 1) + " ("
                + source.featureNames().get(feature) + ") has value '" + abbreviate(s) + "', not a finite number");
    }

    private static void checkCounts(UciSource source, int rows, List<Integer> labels, String where) {
        if (rows != source.expectedRows()) {
            throw new InputException(where + ": " + rows + " data rows, but the UCI " + source.id() + " data set has "
                    + source.expectedRows());
        }
        int[] expected = source.expectedClassCounts();
        int[] counts = new int[expected.length];
        for (int l : labels) {
            counts[l]++;
        }
        for (int k = 0; k < expected.length; k++) {
            if (counts[k] != expected[k]) {
                throw new InputException(where + ": class " + source.classNames().get(k) + " has " + counts[k]
                        + " rows, but the UCI " + source.id() + " data set has " + expected[k]);
            }
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
