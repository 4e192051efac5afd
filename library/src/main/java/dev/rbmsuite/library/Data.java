package dev.rbmsuite.library;

import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import dev.rbmsuite.datasets.io.DatasetCsv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Binary data as plain {@code double[][]} (one row per sample, one column per visible unit, every
 * value 0 or 1): the paper's data sets, the suite's data files (docs/contract.md, "Data files") and
 * their conversion to an ND4J matrix for a caller who wants one.
 *
 * <p>Why plain arrays: a program that trains, samples and scores never needs ND4J, and ND4J's native
 * start-up costs about two seconds; {@link #toIndArray} is the one place here that starts it. The data
 * sets and files are the command line's, byte for byte: {@code Data.dataset("islands")} holds the
 * rows that {@code ./rbm dataset islands} writes, and {@link #write} writes the file that
 * {@code ./rbm sample} writes for the same rows.
 */
public final class Data {
    private Data() {
    }

    /**
     * One of the paper's data sets with its default parameters, drawn with seed 1: the rows of
     * {@code ./rbm dataset NAME --out FILE.csv} (and of {@code ./rbm train --data NAME}).
     *
     * @param name genrbm, islands, pentagon, iris, wine, seeds or digits
     * @return its rows
     * @throws IllegalArgumentException for an unknown name (the message lists the names)
     */
    public static double[][] dataset(String name) {
        return dataset(name, 1);
    }

    /**
     * One of the paper's data sets with its default parameters, as {@code ./rbm dataset NAME --seed S}
     * (synthetic sets draw from the seed; the UCI sets ignore it).
     *
     * @param name genrbm, islands, pentagon, iris, wine, seeds or digits
     * @param seed the seed of a synthetic set
     * @return its rows
     */
    public static double[][] dataset(String name, long seed) {
        return dataset(name, seed, Map.of());
    }

    /**
     * A data set with some parameters changed, as {@code ./rbm dataset NAME --seed S --param k=v ...}.
     *
     * @param name genrbm, islands, pentagon, iris, wine, seeds or digits
     * @param seed the seed of a synthetic set
     * @param params parameters that override the paper's defaults, for example {@code Map.of("a", "0.3")}
     * @return its rows
     */
    public static double[][] dataset(String name, long seed, Map<String, String> params) {
        BinaryDataset d = Datasets.create(name, params, Rng.seeded(seed));
        return rows(d.toArray(), d.size(), d.dimension());
    }

    /**
     * Reads a data file of the contract: a header {@code v0,...,v{n-1}} (and an optional last column
     * {@code label}, dropped here), then rows of 0 and 1.
     *
     * @param csv the file
     * @return its rows, without labels
     * @throws dev.rbmsuite.core.InputException naming the file and line on a malformed file
     */
    public static double[][] read(Path csv) {
        BinaryDataset d = DatasetCsv.read(csv);
        return rows(d.toArray(), d.size(), d.dimension());
    }

    /**
     * Writes rows as a data file of the contract (header {@code v0,...,v{n-1}}), atomically: the bytes
     * {@code ./rbm sample} writes for the same rows.
     *
     * @param rows rows of 0 and 1, all of one length
     * @param csv the file (replaced if it exists)
     * @throws IOException if it cannot be written
     * @throws IllegalArgumentException if the rows are empty, ragged or not binary
     */
    public static void write(double[][] rows, Path csv) throws IOException {
        int n = width(rows, "rows");
        DatasetCsv.write(BinaryDataset.of("data", rowMajor(rows, "rows"), rows.length, n, null, null), csv);
    }

    /**
     * @param rows any rows of one length
     * @return the mean of every value (for samples: the fraction of units on)
     * @throws IllegalArgumentException if the rows are empty or ragged
     */
    public static double mean(double[][] rows) {
        int n = width(rows, "rows");
        double sum = 0;
        for (double[] r : rows) {
            for (double x : r) {
                sum += x;
            }
        }
        return sum / ((double) rows.length * n);
    }

    /**
     * The rows as a float64 ND4J matrix, for a caller who wants ND4J (this starts ND4J's native
     * back end the first time; see docs/library.md for its JVM flags).
     *
     * @param rows any rows of one length
     * @return a new rows x columns float64 matrix
     * @throws IllegalArgumentException if the rows are empty or ragged
     */
    public static INDArray toIndArray(double[][] rows) {
        int n = width(rows, "rows");
        double[] flat = new double[rows.length * n];
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(rows[r], 0, flat, r * n, n);
        }
        return Nd.matrix(flat, rows.length, n);
    }

    /**
     * @param rows rows of 0 and 1, all of one length
     * @param what the argument's name, for messages
     * @return the rows one after another (the layout of the suite's batched routines)
     * @throws IllegalArgumentException if the rows are empty, ragged or hold a value other than 0 or 1
     */
    static double[] rowMajor(double[][] rows, String what) {
        int n = width(rows, what);
        double[] flat = new double[rows.length * n];
        for (int r = 0; r < rows.length; r++) {
            for (int i = 0; i < n; i++) {
                double x = rows[r][i];
                if (x != 0.0 && x != 1.0) {
                    throw new IllegalArgumentException(what + ": row " + r + ", column " + i + " is " + x
                            + "; the units are binary, every value must be 0 or 1");
                }
                flat[r * n + i] = x;
            }
        }
        return flat;
    }

    /**
     * @param flat rows one after another
     * @param count the number of rows
     * @param n the row length
     * @return the rows as separate arrays
     */
    static double[][] rows(double[] flat, int count, int n) {
        double[][] out = new double[count][n];
        for (int r = 0; r < count; r++) {
            System.arraycopy(flat, r * n, out[r], 0, n);
        }
        return out;
    }

    /**
     * @param rows rows that must be non-empty and of one positive length
     * @param what the argument's name, for messages
     * @return the row length
     */
    static int width(double[][] rows, String what) {
        if (rows == null || rows.length == 0) {
            throw new IllegalArgumentException(what + ": no rows");
        }
        int n = rows[0] == null ? 0 : rows[0].length;
        if (n == 0) {
            throw new IllegalArgumentException(what + ": row 0 is empty");
        }
        for (int r = 1; r < rows.length; r++) {
            if (rows[r] == null || rows[r].length != n) {
                throw new IllegalArgumentException(what + ": row " + r + " has " + (rows[r] == null ? 0 : rows[r].length)
                        + " values, row 0 has " + n);
            }
        }
        return n;
    }
}
