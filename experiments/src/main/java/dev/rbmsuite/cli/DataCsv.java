package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A small strict reader of the contract's data files (CONTRACT.md "Data files"): a header
 * {@code v0,v1,...,v{n-1}} with an optional last column {@code label}, then rows of 0/1 values.
 * Any other value, a ragged row or a missing header is an {@link InputException} naming the file and
 * line. (Interim: the datasets module's reader will replace it.)
 *
 * @param columns n, the number of visible columns
 * @param rows the number of data rows
 * @param values row-major rows x n values (0.0 or 1.0)
 */
record DataCsv(int columns, int rows, double[] values) {
    /**
     * @param file the CSV file
     * @return its visible columns as a row-major matrix
     */
    static DataCsv read(Path file) {
        List<double[]> data = new ArrayList<>();
        int n;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                throw new InputException(file + ": line 1: missing header row v0,v1,...");
            }
            String[] names = header.strip().split(",", -1);
            boolean label = names.length > 0 && names[names.length - 1].strip().equals("label");
            n = label ? names.length - 1 : names.length;
            if (n == 0) {
                throw new InputException(file + ": line 1: the header has no v0.. columns");
            }
            for (int i = 0; i < n; i++) {
                if (!names[i].strip().equals("v" + i)) {
                    throw new InputException(file + ": line 1: header column " + (i + 1) + " is '" + names[i].strip()
                            + "', expected 'v" + i + "'");
                }
            }
            String line;
            int lineNo = 1;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = line.strip().split(",", -1);
                if (cells.length != names.length) {
                    throw new InputException(file + ": line " + lineNo + ": " + cells.length + " values, expected "
                            + names.length);
                }
                double[] row = new double[n];
                for (int i = 0; i < n; i++) {
                    String c = cells[i].strip();
                    if (c.equals("1")) {
                        row[i] = 1.0;
                    } else if (!c.equals("0")) {
                        throw new InputException(file + ": line " + lineNo + ": column v" + i + " is '" + c
                                + "', expected 0 or 1");
                    }
                }
                data.add(row);
            }
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (data.isEmpty()) {
            throw new InputException(file + ": no data rows");
        }
        double[] values = new double[data.size() * n];
        for (int r = 0; r < data.size(); r++) {
            System.arraycopy(data.get(r), 0, values, r * n, n);
        }
        return new DataCsv(n, data.size(), values);
    }

    /**
     * @param expected the model's n
     * @param file the file, for the message
     * @param option the option that named it
     */
    void requireColumns(int expected, Path file, String option) {
        if (columns != expected) {
            throw new InputException("option " + option + ": " + file + " has " + columns + " columns, the model has n = "
                    + expected);
        }
    }
}
