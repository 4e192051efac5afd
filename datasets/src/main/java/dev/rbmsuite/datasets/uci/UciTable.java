package dev.rbmsuite.datasets.uci;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A parsed UCI classification table: N rows of F continuous, finite features plus one class per row.
 * This is the input of the rank-hot encoding (docs/methods.md section 4); the class is kept only to colour plots.
 */
public final class UciTable {
    private final UciSource source;
    private final int rows;
    private final int features;
    private final double[] values;
    private final int[] labels;

    /**
     * @param source which data set (feature and class names)
     * @param rows N
     * @param values row-major features, {@code values[r*F + f]} (copied)
     * @param labels class index per row (copied), each in [0, number of classes)
     * @throws IllegalArgumentException on a size mismatch, a label outside the class list or a non-finite value
     */
    public UciTable(UciSource source, int rows, double[] values, int[] labels) {
        this.source = Objects.requireNonNull(source, "source");
        this.features = source.featureNames().size();
        if (rows < 1 || values.length != (long) rows * features || labels.length != rows) {
            throw new IllegalArgumentException("a " + source.id() + " table of " + rows + " rows needs "
                    + rows * features + " values and " + rows + " labels");
        }
        int classes = source.classNames().size();
        for (int r = 0; r < rows; r++) {
            if (labels[r] < 0 || labels[r] >= classes) {
                throw new IllegalArgumentException("a " + source.id() + " table: row " + r + " has label " + labels[r]
                        + ", but there are " + classes + " classes");
            }
            for (int f = 0; f < features; f++) {
                double v = values[r * features + f];
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("a " + source.id() + " table: row " + r + ", feature " + (f + 1)
                            + " (" + source.featureNames().get(f) + ") is " + v + ", not a finite number");
                }
            }
        }
        this.rows = rows;
        this.values = values.clone();
        this.labels = labels.clone();
    }

    /** @return the data set this table comes from */
    public UciSource source() {
        return source;
    }

    /** @return N, the number of rows */
    public int rows() {
        return rows;
    }

    /** @return F, the number of continuous features */
    public int features() {
        return features;
    }

    /** @return feature names, in column order */
    public List<String> featureNames() {
        return source.featureNames();
    }

    /** @return class names; label k is element k */
    public List<String> classNames() {
        return source.classNames();
    }

    /**
     * @param row row index
     * @param feature feature index
     * @return the value
     */
    public double value(int row, int feature) {
        Objects.checkIndex(row, rows);
        Objects.checkIndex(feature, features);
        return values[row * features + feature];
    }

    /**
     * @param feature feature index
     * @return a copy of that feature's column (N values)
     */
    public double[] column(int feature) {
        Objects.checkIndex(feature, features);
        double[] col = new double[rows];
        for (int r = 0; r < rows; r++) {
            col[r] = values[r * features + feature];
        }
        return col;
    }

    /** @return a copy of all feature values, row-major */
    public double[] toArray() {
        return values.clone();
    }

    /** @return a copy of the class index of every row */
    public int[] labels() {
        return labels.clone();
    }

    /** @return the number of rows of each class, indexed like {@link #classNames()} */
    public int[] classCounts() {
        int[] counts = new int[source.classNames().size()];
        for (int l : labels) {
            counts[l]++;
        }
        return counts;
    }

    @Override
    public String toString() {
        return "UciTable[" + source.id() + ", " + rows + " x " + features + ", classes "
                + Arrays.toString(classCounts()) + "]";
    }
}
