package dev.rbmsuite.plots;

import java.util.Arrays;

/**
 * A binary matrix drawn as an image: one row per data point, one column per variable, 1 = black,
 * 0 = white (Fig 5(a) and 5(c): samples of the islands and pentagon data sets, points x 25 variables).
 *
 * <p>Immutable; the cells are copied. Axis ticks are 1-based (variable 1..n, point 1..N), matching the
 * paper's notation v_1..v_n.
 */
public final class MatrixPanel implements Panel {

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final int rows;
    private final int cols;
    private final boolean[] cells;

    private MatrixPanel(String title, String xLabel, String yLabel, int rows, int cols, boolean[] cells) {
        this.title = title == null ? "" : title;
        this.xLabel = xLabel == null ? "" : xLabel;
        this.yLabel = yLabel == null ? "" : yLabel;
        this.rows = rows;
        this.cols = cols;
        this.cells = cells;
    }

    /**
     * A binary-matrix panel from rows of 0/1 values.
     *
     * @param title title above the image
     * @param xLabel label under the columns (e.g. "variable i")
     * @param yLabel label beside the rows (e.g. "data point")
     * @param matrix rectangular, non-empty, entries exactly 0 or 1
     * @return the panel
     * @throws IllegalArgumentException if the matrix is empty, ragged or holds a value other than 0 or 1
     */
    public static MatrixPanel of(String title, String xLabel, String yLabel, double[][] matrix) {
        if (matrix == null || matrix.length == 0 || matrix[0] == null || matrix[0].length == 0) {
            throw new IllegalArgumentException("matrix panel '" + title + "': empty matrix");
        }
        int r = matrix.length;
        int c = matrix[0].length;
        boolean[] cells = new boolean[r * c];
        for (int i = 0; i < r; i++) {
            if (matrix[i] == null || matrix[i].length != c) {
                throw new IllegalArgumentException("matrix panel '" + title + "': row " + i + " has "
                        + (matrix[i] == null ? 0 : matrix[i].length) + " values, row 0 has " + c);
            }
            for (int j = 0; j < c; j++) {
                double v = matrix[i][j];
                if (v != 0.0 && v != 1.0) {
                    throw new IllegalArgumentException("matrix panel '" + title + "': cell [" + i + "][" + j + "] = "
                            + v + " is not 0 or 1");
                }
                cells[i * c + j] = v == 1.0;
            }
        }
        return new MatrixPanel(title, xLabel, yLabel, r, c, cells);
    }

    /**
     * A binary-matrix panel from a row-major 0/1 buffer (the suite's batched layout: {@code rows} points of
     * {@code cols} variables).
     *
     * @param title title above the image
     * @param xLabel label under the columns
     * @param yLabel label beside the rows
     * @param rowMajor {@code rows * cols} values, each 0 or 1
     * @param rows number of points
     * @param cols number of variables
     * @return the panel
     * @throws IllegalArgumentException on a size mismatch or a value other than 0 or 1
     */
    public static MatrixPanel ofRowMajor(String title, String xLabel, String yLabel, double[] rowMajor, int rows,
                                         int cols) {
        if (rows <= 0 || cols <= 0) {
            throw new IllegalArgumentException("matrix panel '" + title + "': empty matrix (" + rows + " x " + cols
                    + ")");
        }
        if (rowMajor == null || rowMajor.length != (long) rows * cols) {
            throw new IllegalArgumentException("matrix panel '" + title + "': buffer has "
                    + (rowMajor == null ? 0 : rowMajor.length) + " values, expected " + rows + " x " + cols);
        }
        double[][] m = new double[rows][];
        for (int i = 0; i < rows; i++) {
            m[i] = Arrays.copyOfRange(rowMajor, i * cols, (i + 1) * cols);
        }
        return of(title, xLabel, yLabel, m);
    }

    @Override
    public String title() {
        return title;
    }

    /** @return the label under the columns */
    public String xLabel() {
        return xLabel;
    }

    /** @return the label beside the rows */
    public String yLabel() {
        return yLabel;
    }

    /** @return number of rows (data points) */
    public int rows() {
        return rows;
    }

    /** @return number of columns (variables) */
    public int cols() {
        return cols;
    }

    /**
     * @param row 0-based row
     * @param col 0-based column
     * @return whether the cell is 1
     */
    public boolean get(int row, int col) {
        if (row < 0 || row >= rows || col < 0 || col >= cols) {
            throw new IndexOutOfBoundsException("cell [" + row + "][" + col + "] outside " + rows + " x " + cols);
        }
        return cells[row * cols + col];
    }
}
