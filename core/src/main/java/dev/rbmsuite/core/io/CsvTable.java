package dev.rbmsuite.core.io;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * A table of raw numbers behind a figure, written as CSV with commons-csv (issue 7).
 *
 * <p>Deterministic bytes: UTF-8, a header row, {@code ","} separators, {@code "\n"} line endings on every
 * platform, doubles written with {@link Double#toString(double)} (the shortest decimal that reads back to the
 * same double, so numbers round-trip exactly), integers without a decimal point, strings quoted only where
 * needed. Files are written atomically through {@link AtomicFiles}.
 *
 * <p>Build with {@link #builder(String...)} and {@link Builder#row(Object...)} (long format: e.g.
 * {@code kernel,L,trial,epoch,log_likelihood}), or from columns with {@link #ofColumns(List, List)}; read a
 * file back with {@link #read(Path)}.
 */
public final class CsvTable {

    private static final CSVFormat WRITE_FORMAT = CSVFormat.DEFAULT.builder()
            .setRecordSeparator("\n")
            .build();
    private static final CSVFormat READ_FORMAT = CSVFormat.DEFAULT.builder()
            .setHeader()
            .setSkipHeaderRecord(true)
            .build();

    private final List<String> header;
    private final List<List<String>> rows;
    /** The file a table was read from (its errors are the user's, named by file and line), or null. */
    private String source;

    private CsvTable(List<String> header, List<List<String>> rows) {
        this.header = List.copyOf(header);
        List<List<String>> copy = new ArrayList<>(rows.size());
        for (List<String> r : rows) {
            copy.add(List.copyOf(r));
        }
        this.rows = Collections.unmodifiableList(copy);
    }

    /**
     * Starts a table with the given column names.
     *
     * @param header column names: non-blank and distinct
     * @return the builder
     * @throws IllegalArgumentException on no columns, a blank or a duplicate name
     */
    public static Builder builder(String... header) {
        return new Builder(List.of(header));
    }

    /**
     * A table from equally long columns of doubles (e.g. {@code epoch}, {@code bgs}, {@code dt}).
     *
     * @param header column names
     * @param columns one array per column, all of the same length
     * @return the table
     * @throws IllegalArgumentException on a count or length mismatch
     */
    public static CsvTable ofColumns(List<String> header, List<double[]> columns) {
        if (header.size() != columns.size()) {
            throw new IllegalArgumentException("csv: " + header.size() + " column names but " + columns.size()
                    + " columns");
        }
        Builder b = new Builder(header);
        int n = columns.isEmpty() ? 0 : columns.get(0).length;
        for (int j = 0; j < columns.size(); j++) {
            if (columns.get(j).length != n) {
                throw new IllegalArgumentException("csv: column '" + header.get(j) + "' has "
                        + columns.get(j).length + " values, column '" + header.get(0) + "' has " + n);
            }
        }
        for (int i = 0; i < n; i++) {
            Object[] cells = new Object[columns.size()];
            for (int j = 0; j < cells.length; j++) {
                cells[j] = columns.get(j)[i];
            }
            b.row(cells);
        }
        return b.build();
    }

    /**
     * Formats one cell: doubles and floats with {@link Double#toString(double)}, other numbers with their
     * integer text, strings as they are, booleans as {@code true}/{@code false}.
     *
     * @param cell the value
     * @return its CSV text
     * @throws IllegalArgumentException for null or an unsupported type
     */
    public static String format(Object cell) {
        if (cell instanceof Double d) {
            return Double.toString(d);
        }
        if (cell instanceof Float f) {
            return Double.toString(f.doubleValue());
        }
        if (cell instanceof Long || cell instanceof Integer || cell instanceof Short || cell instanceof Byte) {
            return Long.toString(((Number) cell).longValue());
        }
        if (cell instanceof String s) {
            return s;
        }
        if (cell instanceof Boolean b) {
            return b.toString();
        }
        throw new IllegalArgumentException("csv: unsupported cell " + (cell == null ? "null" : cell.getClass()
                .getSimpleName()) + "; use Double, Long, Integer, String or Boolean");
    }

    /** @return the column names */
    public List<String> header() {
        return header;
    }

    /** @return the rows as the cell texts written to the file */
    public List<List<String>> rows() {
        return rows;
    }

    /** @return the number of data rows */
    public int size() {
        return rows.size();
    }

    /**
     * @param name a column name
     * @return the column parsed as doubles
     * @throws IllegalArgumentException if there is no such column or a cell is not a number; for a
     *     table {@link #read} from a file, an {@link InputException} naming the file (and line)
     */
    public double[] doubles(String name) {
        int j = column(name);
        double[] out = new double[rows.size()];
        for (int i = 0; i < out.length; i++) {
            String s = rows.get(i).get(j);
            try {
                out[i] = source == null ? Double.parseDouble(s) : DecimalText.parseDouble(s);
            } catch (NumberFormatException e) {
                if (source != null) {
                    throw new InputException(source + ": line " + (i + 2) + ", column '" + name + "': '" + s
                            + "' is not a number");
                }
                throw new IllegalArgumentException("csv: column '" + name + "' row " + (i + 1) + ": '" + s
                        + "' is not a number", e);
            }
        }
        return out;
    }

    /**
     * @param name a column name
     * @return the column's cell texts
     * @throws IllegalArgumentException if there is no such column (an {@link InputException} naming the
     *     file for a table read from one)
     */
    public List<String> strings(String name) {
        int j = column(name);
        List<String> out = new ArrayList<>(rows.size());
        for (List<String> r : rows) {
            out.add(r.get(j));
        }
        return out;
    }

    private int column(String name) {
        int j = header.indexOf(name);
        if (j < 0) {
            if (source != null) {
                throw new InputException(source + ": line 1: no column '" + name + "' (columns: "
                        + String.join(",", header) + ")");
            }
            throw new IllegalArgumentException("csv: no column '" + name + "' in " + header);
        }
        return j;
    }

    /** @return the CSV text exactly as {@link #write(Path)} stores it (UTF-8) */
    public String toCsv() {
        StringWriter w = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(w, WRITE_FORMAT)) {
            p.printRecord(header);
            for (List<String> r : rows) {
                p.printRecord(r);
            }
        } catch (IOException e) {
            throw new IllegalStateException("writing to a string cannot fail", e);
        }
        return w.toString();
    }

    /**
     * Writes the table atomically (temporary file in the same folder, then a move).
     *
     * @param file target file; missing parent folders are created
     * @throws IOException on write failure (the target is then unchanged)
     */
    public void write(Path file) throws IOException {
        AtomicFiles.write(file, toCsv().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads a CSV file with a header row (as written by {@link #write(Path)}), as the user's input: the
     * file must be UTF-8, every row as long as the header, and every cell of a column that holds a
     * known quantity ({@link #RANGES}) a number in that quantity's range; each failure is an
     * {@link InputException} naming the file and line. {@code report} rebuilds claims from such files:
     * a positive log-likelihood in a raw CSV became a 5.8-nat claim, and invalid UTF-8 or a renamed
     * column an internal error.
     *
     * @param file the file
     * @return the table, cells as text
     * @throws IOException on read failure
     * @throws InputException for a file that is not UTF-8, a malformed or ragged row, or a value out of range
     */
    public static CsvTable read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text = utf8(bytes, file);
        try (Reader r = new StringReader(text);
             CSVParser parser = READ_FORMAT.parse(r)) {
            List<String> header = parser.getHeaderNames();
            List<List<String>> rows = new ArrayList<>();
            for (CSVRecord rec : parser) {
                if (rec.size() != header.size()) {
                    throw new InputException(file + ": line " + (rec.getRecordNumber() + 1) + " has " + rec.size()
                            + " cells, the header " + header.size());
                }
                rows.add(rec.toList());
            }
            CsvTable t = new Builder(header).addRows(rows).build();
            t.source = file.toString();
            t.checkRanges();
            return t;
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            throw new InputException(file + ": not a well-formed CSV table (" + e.getMessage() + ")");
        }
    }

    /** @return the text of a file's bytes, strictly UTF-8 (an invalid byte is an error naming its line) */
    private static String utf8(byte[] bytes, Path file) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = dec.decode(in, out, true);
        if (r.isError()) {
            int line = 1;
            for (int i = 0; i < in.position(); i++) {
                line += bytes[i] == '\n' ? 1 : 0;
            }
            throw new InputException(file + ": line " + line + ": not valid UTF-8 (byte " + in.position() + ")");
        }
        dec.flush(out);
        return out.flip().toString();
    }

    /**
     * The ranges of the quantities the suite's raw CSVs hold, by column name: {@code p} a log-probability
     * (&lt;= 0), {@code u} the unit interval (TV), {@code e} an exact eigenvalue ([-1, 1]), {@code z}
     * non-negative (MAEs, standard errors), {@code n} a count (a whole number &gt;= 0); each may be NaN
     * (not measured: a figure's chains table has no move counts for some kernels).
     */
    static final Map<String, Character> RANGES = Map.ofEntries(
            Map.entry("logLikelihood", 'p'), Map.entry("tv", 'u'),
            Map.entry("exact", 'e'), Map.entry("maeB", 'z'), Map.entry("maeC", 'z'),
            Map.entry("maeW", 'z'), Map.entry("logZStdErr", 'z'),
            Map.entry("epoch", 'n'), Map.entry("trial", 'n'), Map.entry("step", 'n'),
            Map.entry("chain", 'n'), Map.entry("moves", 'n'),
            Map.entry("distinctStates", 'n'), Map.entry("n2", 'n'));

    private void checkRanges() {
        for (int j = 0; j < header.size(); j++) {
            Character kind = RANGES.get(header.get(j));
            if (kind == null) {
                continue;
            }
            double[] x = doubles(header.get(j));
            for (int i = 0; i < x.length; i++) {
                double v = x[i];
                boolean ok = switch (kind) {
                    case 'p' -> Double.isNaN(v) || (Double.isFinite(v) && v <= 0);
                    case 'u' -> Double.isNaN(v) || (v >= 0 && v <= 1);
                    case 'e' -> Double.isNaN(v) || (v >= -1 && v <= 1);
                    case 'z' -> Double.isNaN(v) || (Double.isFinite(v) && v >= 0);
                    default -> Double.isNaN(v) || (v >= 0 && v <= 0x1p53 && v == Math.rint(v));
                };
                if (!ok) {
                    String range = switch (kind) {
                        case 'p' -> "a log-probability, finite and <= 0 (or NaN: not measured)";
                        case 'u' -> "[0, 1] (or NaN: not measured)";
                        case 'e' -> "[-1, 1] (or NaN: not measured)";
                        case 'z' -> "finite and >= 0 (or NaN: not measured)";
                        default -> "a whole number >= 0 (or NaN: not measured)";
                    };
                    throw new InputException(source + ": line " + (i + 2) + ", column '" + header.get(j) + "': "
                            + rows.get(i).get(j) + " is out of range: must be " + range);
                }
            }
        }
    }

    /** Mutable builder for {@link CsvTable}. */
    public static final class Builder {
        private final List<String> header;
        private final List<List<String>> rows = new ArrayList<>();

        private Builder(List<String> header) {
            if (header.isEmpty()) {
                throw new IllegalArgumentException("csv: needs at least one column");
            }
            Set<String> seen = new HashSet<>();
            for (String h : header) {
                if (h == null || h.isBlank()) {
                    throw new IllegalArgumentException("csv: blank column name in " + header);
                }
                if (!seen.add(h)) {
                    throw new IllegalArgumentException("csv: duplicate column name '" + h + "'");
                }
            }
            this.header = List.copyOf(header);
        }

        /**
         * Appends a row.
         *
         * @param cells one value per column (Double, Float, Long, Integer, String or Boolean)
         * @return this
         * @throws IllegalArgumentException on a wrong cell count or an unsupported cell
         */
        public Builder row(Object... cells) {
            if (cells.length != header.size()) {
                throw new IllegalArgumentException("csv: row " + (rows.size() + 1) + " has " + cells.length
                        + " cells, header has " + header.size() + " " + header);
            }
            List<String> r = new ArrayList<>(cells.length);
            for (Object c : cells) {
                r.add(format(c));
            }
            rows.add(r);
            return this;
        }

        private Builder addRows(List<List<String>> texts) {
            rows.addAll(texts);
            return this;
        }

        /** @return the table */
        public CsvTable build() {
            return new CsvTable(header, rows);
        }
    }
}
