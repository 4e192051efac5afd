package dev.rbmsuite.datasets.io;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.datasets.BinaryDataset;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads and writes binary data sets in the CSV format of the suite's contract (docs/contract.md, "Data files"):
 * a header row {@code v0,v1,...,v{n-1}}, then one row per data point with values 0 or 1, and, where the data
 * set has classes, a last column {@code label} (a non-negative class index).
 *
 * <p>Reading is strict: a missing or wrong header, an empty file, a ragged row, a value other than 0 or 1
 * (numeric spellings of 0 and 1 such as {@code 1.0} are accepted) or a label that is not a non-negative
 * integer is an {@link InputException} whose one-line message names the file and the line
 * ({@code FILE:LINE: problem}). Blank lines are ignored. Writing is deterministic (the same data gives
 * the same bytes: {@code 0}/{@code 1}, {@code \n} line endings, ASCII) and atomic (a temporary file in the
 * same folder is moved into place, so a failure leaves no partial output).
 */
public final class DatasetCsv {
    /** Name of the optional last column holding class labels. */
    public static final String LABEL_COLUMN = "label";

    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern INTEGER = Pattern.compile("\\d+");

    private static final CSVFormat READ_FORMAT = CSVFormat.Builder.create()
            .setDelimiter(',')
            .setQuote(null)
            .setIgnoreEmptyLines(false) // keeps record numbers equal to line numbers; blank records are skipped below
            .setRecordSeparator("\n")
            .build();

    private static final CSVFormat WRITE_FORMAT = CSVFormat.Builder.create()
            .setDelimiter(',')
            .setQuote(null)
            .setRecordSeparator("\n")
            .build();

    private DatasetCsv() {
    }

    /**
     * Reads a data set file; the data set is named after the file (without its extension).
     *
     * @param file a CSV file in the contract's format (UTF-8 / ASCII)
     * @return the data set, labelled when the file has a {@code label} column
     * @throws InputException naming the file and line of the first problem, or an unreadable file
     */
    public static BinaryDataset read(Path file) {
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        String name = fileName.contains(".") && fileName.lastIndexOf('.') > 0
                ? fileName.substring(0, fileName.lastIndexOf('.')) : fileName;
        if (Files.isDirectory(file)) {
            throw new InputException(file + ": is a folder, not a CSV data file");
        }
        return TextFiles.read(file, reader -> read(reader, file.toString(), name));
    }

    /**
     * Reads a data set from a character stream (the stream is not closed).
     *
     * @param reader the CSV text
     * @param source the name of the input used in error messages (for example the file's path)
     * @param datasetName the name to give the data set
     * @return the data set
     * @throws InputException naming {@code source} and the line of the first problem
     * @throws IOException if the stream fails
     */
    public static BinaryDataset read(Reader reader, String source, String datasetName) throws IOException {
        CSVParser parser = READ_FORMAT.parse(reader);
        Iterator<CSVRecord> it = parser.iterator();
        try {
            CSVRecord header = nextNonBlank(it);
            if (header == null) {
                throw new InputException(source + ":1: empty file; expected a header row v0,v1,...,v{n-1}");
            }
            long headerLine = header.getRecordNumber();
            int columns = header.size();
            boolean labelled = columns > 1 && LABEL_COLUMN.equals(header.get(columns - 1).trim());
            int n = labelled ? columns - 1 : columns;
            for (int i = 0; i < n; i++) {
                String h = header.get(i).trim();
                if (i == 0 && h.startsWith("\uFEFF")) {
                    h = h.substring(1);
                }
                if (!h.equals("v" + i)) {
                    throw new InputException(source + ":" + headerLine + ": missing or wrong header: column "
                            + (i + 1) + " is '" + abbreviate(h) + "' but the header must be v0,v1,...,v{n-1}"
                            + " (optionally followed by " + LABEL_COLUMN + ")");
                }
            }
            List<double[]> rows = new ArrayList<>();
            List<String> labels = labelled ? new ArrayList<>() : null;
            CSVRecord rec;
            while ((rec = nextNonBlank(it)) != null) {
                long line = rec.getRecordNumber();
                if (rec.size() != columns) {
                    throw new InputException(source + ":" + line + ": ragged row: " + rec.size() + " values, but the header has "
                            + columns + " columns");
                }
                double[] row = new double[n];
                for (int i = 0; i < n; i++) {
                    row[i] = binary(rec.get(i), source, line, i);
                }
                rows.add(row);
                if (labelled) {
                    labels.add(label(rec.get(n), source, line));
                }
            }
            if (rows.isEmpty()) {
                throw new InputException(source + ":" + (headerLine + 1) + ": no data rows after the header");
            }
            int size = rows.size();
            Memory.requireArray((long) size * n, source + ": " + size + " rows x " + n + " columns");
            double[] data = new double[size * n];
            for (int r = 0; r < size; r++) {
                System.arraycopy(rows.get(r), 0, data, r * n, n);
            }
            int[] lab = null;
            List<String> names = null;
            if (labelled) {
                lab = new int[size];
                boolean indices = labels.stream().allMatch(DatasetCsv::isIndex);
                if (indices) {
                    for (int r = 0; r < size; r++) {
                        lab[r] = Integer.parseInt(labels.get(r));
                    }
                } else {
                    // class names: indices in order of first appearance, names kept
                    names = new ArrayList<>();
                    for (int r = 0; r < size; r++) {
                        int k = names.indexOf(labels.get(r));
                        if (k < 0) {
                            k = names.size();
                            names.add(labels.get(r));
                        }
                        lab[r] = k;
                    }
                }
            }
            return BinaryDataset.of(datasetName, data, size, n, lab, names);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static CSVRecord nextNonBlank(Iterator<CSVRecord> it) {
        while (it.hasNext()) {
            CSVRecord r = it.next();
            if (!(r.size() == 1 && r.get(0).isEmpty())) {
                return r;
            }
        }
        return null;
    }

    private static double binary(String raw, String source, long line, int column) {
        String s = raw.trim();
        if (NUMBER.matcher(s).matches()) {
            double x = Double.parseDouble(s);
            if (x == 0.0) {
                return 0.0;
            }
            if (x == 1.0) {
                return 1.0;
            }
        }
        throw new InputException(source + ":" + line + ": column v" + column + " has value '" + abbreviate(s)
                + "', expected 0 or 1");
    }

    private static String label(String raw, String source, long line) {
        String s = raw.trim();
        if (s.isEmpty()) {
            throw new InputException(source + ":" + line + ": column " + LABEL_COLUMN
                    + " is empty; expected a class index or a class name");
        }
        return s;
    }

    private static boolean isIndex(String s) {
        if (!INTEGER.matcher(s).matches() || s.length() > 9) {
            return false;
        }
        return true;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    /**
     * Writes a data set in the contract's format to a stream (deterministic bytes; the stream is flushed,
     * not closed).
     *
     * @param data the data set
     * @param out destination
     * @throws IOException if the stream fails
     */
    public static void write(BinaryDataset data, Writer out) throws IOException {
        int n = data.dimension();
        CSVPrinter printer = new CSVPrinter(out, WRITE_FORMAT);
        List<String> header = new ArrayList<>(n + 1);
        for (int i = 0; i < n; i++) {
            header.add("v" + i);
        }
        if (data.hasLabels()) {
            header.add(LABEL_COLUMN);
        }
        printer.printRecord(header);
        double[] values = data.toArray();
        int[] labels = data.hasLabels() ? data.labels() : null;
        for (int r = 0; r < data.size(); r++) {
            for (int i = 0; i < n; i++) {
                printer.print(values[r * n + i] == 1.0 ? "1" : "0");
            }
            if (labels != null) {
                printer.print(Integer.toString(labels[r]));
            }
            printer.println();
        }
        printer.flush();
    }

    /**
     * Writes a data set file atomically through core's {@link AtomicFiles} (missing folders are
     * created; an existing file is replaced; on failure {@code file} is untouched).
     *
     * @param data the data set
     * @param file destination
     * @throws InputException if {@code file} is an existing folder
     * @throws IOException on write failure
     */
    public static void write(BinaryDataset data, Path file) throws IOException {
        Path target = file.toAbsolutePath().normalize();
        if (Files.isDirectory(target)) {
            throw new InputException(file + ": is a folder; expected a file name for the CSV output");
        }
        AtomicFiles.write(target, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.US_ASCII);
            write(data, w);
            w.flush();
        });
    }
}
