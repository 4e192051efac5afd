package dev.rbmsuite.experiments;

import dev.rbmsuite.core.InputException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Named columns of doubles of equal length: the raw numbers behind a figure and the on-disk form of
 * a finished trial. Written as CSV with a header row, full double precision and "\n" line endings,
 * so the same numbers always give the same bytes; written atomically.
 */
public final class Table {
    private final LinkedHashMap<String, double[]> columns = new LinkedHashMap<>();
    private int rows = -1;

    /**
     * Adds a column (copied).
     *
     * @param name column name (no commas or quotes)
     * @param values values; every column must have the same length
     * @return this table
     */
    public Table put(String name, double[] values) {
        if (name.contains(",") || name.contains("\"") || name.contains("\n")) {
            throw new IllegalArgumentException("column name must not contain commas, quotes or newlines: " + name);
        }
        if (rows >= 0 && values.length != rows) {
            throw new IllegalArgumentException("column " + name + " has " + values.length + " rows, the table has " + rows);
        }
        rows = values.length;
        columns.put(name, values.clone());
        return this;
    }

    /** @return the number of rows (0 for an empty table) */
    public int rows() {
        return Math.max(rows, 0);
    }

    /** @return the column names in order */
    public List<String> names() {
        return Collections.unmodifiableList(new ArrayList<>(columns.keySet()));
    }

    /**
     * @param name column name
     * @return a copy of the column
     * @throws IllegalArgumentException if there is no such column
     */
    public double[] get(String name) {
        double[] c = columns.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no column " + name + " in " + columns.keySet());
        }
        return c.clone();
    }

    /** @param name column name @return whether the column exists */
    public boolean has(String name) {
        return columns.containsKey(name);
    }

    /**
     * Writes the table as CSV atomically (temporary file, then move).
     *
     * @param file destination
     * @throws IOException on write failure
     */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            w.write(String.join(",", columns.keySet()));
            w.write('\n');
            List<double[]> cols = new ArrayList<>(columns.values());
            for (int r = 0; r < rows(); r++) {
                for (int c = 0; c < cols.size(); c++) {
                    if (c > 0) {
                        w.write(',');
                    }
                    w.write(Double.toString(cols.get(c)[r]));
                }
                w.write('\n');
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Reads a table written by {@link #write(Path)}.
     *
     * @param file the CSV file
     * @return the table
     * @throws InputException naming the file and line if it is malformed
     */
    public static Table read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        if (lines.isEmpty()) {
            throw new InputException(file + ": empty file, expected a header row");
        }
        String[] names = lines.get(0).split(",", -1);
        double[][] cols = new double[names.length][lines.size() - 1];
        for (int r = 1; r < lines.size(); r++) {
            String[] cells = lines.get(r).split(",", -1);
            if (cells.length != names.length) {
                throw new InputException(file + ":" + (r + 1) + ": " + cells.length + " fields, expected " + names.length);
            }
            for (int c = 0; c < cells.length; c++) {
                try {
                    cols[c][r - 1] = Double.parseDouble(cells[c]);
                } catch (NumberFormatException e) {
                    throw new InputException(file + ":" + (r + 1) + ": not a number: '" + cells[c] + "'");
                }
            }
        }
        Table t = new Table();
        for (int c = 0; c < names.length; c++) {
            t.put(names[c], cols[c]);
        }
        return t;
    }

    /** @return the columns as a map (copies) */
    public Map<String, double[]> asMap() {
        Map<String, double[]> m = new LinkedHashMap<>();
        columns.forEach((k, v) -> m.put(k, v.clone()));
        return m;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Table)) {
            return false;
        }
        Table t = (Table) o;
        if (!columns.keySet().equals(t.columns.keySet())) {
            return false;
        }
        for (Map.Entry<String, double[]> e : columns.entrySet()) {
            if (!Arrays.equals(e.getValue(), t.columns.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return columns.keySet().hashCode();
    }
}
