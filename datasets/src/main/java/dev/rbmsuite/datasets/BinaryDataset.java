package dev.rbmsuite.datasets;

import dev.rbmsuite.core.Nd;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * An immutable binary data set: N data points (rows) of n binary variables (columns), optional class
 * labels (one non-negative integer per row) and optional class names, and a name.
 *
 * <p>This is the training data D = {v^(mu)} of the paper's log-likelihood (Eq. log_likelihood) for every
 * data set of section 5.1 / Table 1 (GenRBM, islands, pentagon, iris, wine, seeds). Values are held as
 * a private row-major {@code double[]} of 0.0 / 1.0 ({@code data[r*n + i]} is variable i of point r), the
 * layout of the suite's batched hot paths; {@link #matrix()} gives the float64 ND4J view of the public API.
 * Labels are only metadata (class of a UCI row, mixture component of a synthetic row) used to colour plots;
 * training never reads them.
 */
public final class BinaryDataset {
    private final String name;
    private final int size;
    private final int dimension;
    private final double[] data;
    private final int[] labels;
    private final List<String> classNames;

    private BinaryDataset(String name, int size, int dimension, double[] data, int[] labels, List<String> classNames) {
        this.name = name;
        this.size = size;
        this.dimension = dimension;
        this.data = data;
        this.labels = labels;
        this.classNames = classNames;
    }

    /**
     * Builds a data set from a row-major buffer (copied) and checks it.
     *
     * @param name a short name (for example "islands"); not blank
     * @param rowMajor values, {@code size * dimension} of them, each exactly 0.0 or 1.0
     * @param size N, the number of data points, at least 1
     * @param dimension n, the number of binary variables, at least 1
     * @param labels one non-negative class index per row, or null for an unlabelled data set
     * @param classNames names of the classes (label k is {@code classNames.get(k)}), or null / empty for none;
     *                   when given, every label must be below its size
     * @return the data set
     * @throws IllegalArgumentException naming the first inconsistency (wrong length, non-binary value, bad label)
     */
    public static BinaryDataset of(String name, double[] rowMajor, int size, int dimension, int[] labels,
                                   List<String> classNames) {
        Objects.requireNonNull(rowMajor, "rowMajor");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a data set needs a non-blank name");
        }
        if (size < 1 || dimension < 1) {
            throw new IllegalArgumentException("a data set needs at least one row and one column, got "
                    + size + " x " + dimension);
        }
        if (rowMajor.length != (long) size * dimension) {
            throw new IllegalArgumentException("data has " + rowMajor.length + " values, not " + size + " x " + dimension);
        }
        double[] copy = rowMajor.clone();
        for (int k = 0; k < copy.length; k++) {
            double x = copy[k];
            if (x != 0.0 && x != 1.0) {
                throw new IllegalArgumentException("value " + x + " at row " + (k / dimension) + ", column "
                        + (k % dimension) + " is not binary (0 or 1)");
            }
            copy[k] = x == 0.0 ? 0.0 : 1.0; // normalise -0.0
        }
        List<String> names = classNames == null ? List.of() : List.copyOf(classNames);
        int[] lab = null;
        if (labels != null) {
            if (labels.length != size) {
                throw new IllegalArgumentException("there are " + labels.length + " labels for " + size + " rows");
            }
            lab = labels.clone();
            for (int r = 0; r < size; r++) {
                if (lab[r] < 0 || (!names.isEmpty() && lab[r] >= names.size())) {
                    throw new IllegalArgumentException("label " + lab[r] + " of row " + r + " is not a class index"
                            + (names.isEmpty() ? " (must be >= 0)" : " in [0, " + names.size() + ")"));
                }
            }
        } else if (!names.isEmpty()) {
            throw new IllegalArgumentException("class names were given without labels");
        }
        return new BinaryDataset(name, size, dimension, copy, lab, names);
    }

    /**
     * Builds an unlabelled data set from a float64 matrix (copied).
     *
     * @param name a short name
     * @param rows binary values, shape (N, n)
     * @return the data set
     */
    public static BinaryDataset of(String name, INDArray rows) {
        if (rows.rank() != 2) {
            throw new IllegalArgumentException("a data set is a matrix (N, n), got shape " + Arrays.toString(rows.shape()));
        }
        return of(name, Nd.toArray(rows), rows.rows(), rows.columns(), null, null);
    }

    /** @return the data set's name, for example "islands" */
    public String name() {
        return name;
    }

    /** @return N, the number of data points (rows) */
    public int size() {
        return size;
    }

    /** @return n, the number of binary variables (columns) */
    public int dimension() {
        return dimension;
    }

    /**
     * @param row data point index in [0, N)
     * @param column variable index in [0, n)
     * @return the value, 0.0 or 1.0
     */
    public double get(int row, int column) {
        Objects.checkIndex(row, size);
        Objects.checkIndex(column, dimension);
        return data[row * dimension + column];
    }

    /**
     * @param row data point index in [0, N)
     * @return a copy of that row (n values)
     */
    public double[] row(int row) {
        Objects.checkIndex(row, size);
        return Arrays.copyOfRange(data, row * dimension, (row + 1) * dimension);
    }

    /** @return a copy of all values, row-major ({@code [r*n + i]}): the layout of the batched hot paths */
    public double[] toArray() {
        return data.clone();
    }

    /** @return a new float64 matrix of shape (N, n) */
    public INDArray matrix() {
        return Nd.matrix(data, size, dimension);
    }

    /** @return whether every row has a class label */
    public boolean hasLabels() {
        return labels != null;
    }

    /**
     * @return a copy of the labels (one class index per row)
     * @throws IllegalStateException if the data set has no labels
     */
    public int[] labels() {
        if (labels == null) {
            throw new IllegalStateException("data set " + name + " has no labels");
        }
        return labels.clone();
    }

    /**
     * @param row data point index
     * @return its class index
     * @throws IllegalStateException if the data set has no labels
     */
    public int label(int row) {
        if (labels == null) {
            throw new IllegalStateException("data set " + name + " has no labels");
        }
        return labels[Objects.checkIndex(row, size)];
    }

    /** @return the class names (label k is element k); empty when unknown or when there are no labels */
    public List<String> classNames() {
        return classNames;
    }

    /**
     * @param newName the name of the copy
     * @return the same data under another name
     */
    public BinaryDataset withName(String newName) {
        return of(newName, data, size, dimension, labels, classNames);
    }

    /** Two data sets are equal when name, values, labels and class names are all equal. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BinaryDataset)) {
            return false;
        }
        BinaryDataset d = (BinaryDataset) o;
        return size == d.size && dimension == d.dimension && name.equals(d.name) && Arrays.equals(data, d.data)
                && Arrays.equals(labels, d.labels) && classNames.equals(d.classNames);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, size, dimension, Arrays.hashCode(data), Arrays.hashCode(labels), classNames);
    }

    @Override
    public String toString() {
        return "BinaryDataset[" + name + ", " + size + " x " + dimension
                + (labels == null ? "" : ", labelled") + "]";
    }
}
