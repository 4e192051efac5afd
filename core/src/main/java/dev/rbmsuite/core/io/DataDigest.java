package dev.rbmsuite.core.io;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 that manifests record of a run's data, so that a result names the exact rows it was
 * computed from. It is the checksum of the data written as text, one line per row, the values
 * separated by commas and written as {@code 0} and {@code 1} (any other value as Java writes a
 * double), each line ending in {@code \n}: the same as {@code sha256sum} of a header-less CSV of
 * the rows in that form, independent of the file the data came from (its name, header, line
 * endings).
 */
public final class DataDigest {
    private DataDigest() {
    }

    /**
     * @param data the rows, row-major
     * @param rows the number of rows
     * @param columns the number of columns
     * @return the SHA-256 in lower-case hex
     * @throws IllegalArgumentException if the array does not hold rows x columns values
     */
    public static String sha256(double[] data, int rows, int columns) {
        if ((long) rows * columns != data.length) {
            throw new IllegalArgumentException("data has " + data.length + " values, not " + rows + "x" + columns);
        }
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
        StringBuilder line = new StringBuilder();
        for (int r = 0; r < rows; r++) {
            line.setLength(0);
            for (int c = 0; c < columns; c++) {
                double v = data[r * columns + c];
                line.append(c == 0 ? "" : ",").append(v == 0 ? "0" : v == 1 ? "1" : Double.toString(v));
            }
            md.update(line.append('\n').toString().getBytes(StandardCharsets.US_ASCII));
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
