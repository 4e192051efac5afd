package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Binary state files in the contract's CSV format (CONTRACT.md, "Data files"): a header row
 * {@code v0,v1,...,v{n-1}} (optionally followed by a {@code label} column, which is ignored when
 * reading), then one row per state with values 0 or 1. Reading is strict: any other value, a ragged
 * row or a wrong header is an {@link InputException} naming the file and line. Writing is atomic
 * (a temporary file in the same folder, then a move).
 */
final class StateCsv {
    private StateCsv() {
    }

    /**
     * Reads binary states.
     *
     * @param file the CSV file
     * @param columns the number of units n the states must have
     * @return the states, rows x n row-major, with rows = length / n
     * @throws InputException for a missing file or any format error, naming file and line
     */
    static double[] read(Path file, int columns) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                throw new InputException(file + ":1: empty file, expected a header row v0,...,v" + (columns - 1));
            }
            String[] names = header.strip().split(",", -1);
            boolean label = names.length > 0 && names[names.length - 1].strip().equals("label");
            int width = label ? names.length - 1 : names.length;
            for (int i = 0; i < width; i++) {
                if (!names[i].strip().equals("v" + i)) {
                    throw new InputException(file + ":1: header column " + (i + 1) + " is '" + names[i].strip()
                            + "', expected 'v" + i + "'");
                }
            }
            if (width != columns) {
                throw new InputException(file + ":1: " + width + " state columns, but the model has " + columns
                        + " visible units");
            }
            double[] buf = new double[16 * columns];
            int rows = 0;
            int lineNo = 1;
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.strip().split(",", -1);
                if (f.length != names.length) {
                    throw new InputException(file + ":" + lineNo + ": " + f.length + " fields, expected " + names.length);
                }
                if ((rows + 1) * columns > buf.length) {
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2);
                }
                for (int i = 0; i < columns; i++) {
                    String x = f[i].strip();
                    if (x.equals("0")) {
                        buf[rows * columns + i] = 0.0;
                    } else if (x.equals("1")) {
                        buf[rows * columns + i] = 1.0;
                    } else {
                        throw new InputException(file + ":" + lineNo + ": column v" + i + " is '" + x
                                + "', expected 0 or 1");
                    }
                }
                rows++;
            }
            if (rows == 0) {
                throw new InputException(file + ": no data rows after the header");
            }
            return java.util.Arrays.copyOf(buf, rows * columns);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": file not found", e);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Writes binary states atomically.
     *
     * @param file destination (its folder must exist)
     * @param states rows x n row-major binary values
     * @param rows number of rows
     * @param columns n
     * @throws InputException if the destination folder does not exist
     */
    static void write(Path file, double[] states, int rows, int columns) {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new InputException("option --out: folder " + dir + " does not exist");
        }
        Path tmp = null;
        try {
            tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
            try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < columns; i++) {
                    sb.append(i == 0 ? "" : ",").append('v').append(i);
                }
                out.write(sb.append('\n').toString());
                for (int r = 0; r < rows; r++) {
                    sb.setLength(0);
                    for (int i = 0; i < columns; i++) {
                        sb.append(i == 0 ? "" : ",").append(states[r * columns + i] == 1.0 ? '1' : '0');
                    }
                    out.write(sb.append('\n').toString());
                }
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write", e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort: the temporary file is hidden and named after the output
                }
            }
        }
    }
}
