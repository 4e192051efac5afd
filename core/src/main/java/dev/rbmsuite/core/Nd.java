package dev.rbmsuite.core;

import java.util.Arrays;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The bridge between float64 ND4J arrays (the public type) and row-major {@code double[]} buffers
 * (the hot-path type), and the one place that configures ND4J.
 *
 * <p>Every array the suite creates is float64 by an explicit data type, so the library never changes
 * ND4J's global state: ND4J's own default (float32) stays as the caller set it. {@link #init()}
 * switches that default to float64 for callers who ask for it; {@link #initOnFirstUse()} asks for the
 * same switch at the first array the suite creates (the command line does, so that a command which
 * never touches ND4J never loads its native libraries).
 */
public final class Nd {
    private static volatile boolean initialised;
    private static volatile boolean onFirstUse;

    private Nd() {
    }

    /**
     * Sets ND4J's global default data types to float64 (idempotent, thread-safe). Opt-in: no library
     * routine calls it, so that using the suite as a library leaves ND4J's defaults as they were.
     */
    public static void init() {
        if (!initialised) {
            synchronized (Nd.class) {
                if (!initialised) {
                    Nd4j.setDefaultDataTypes(DataType.DOUBLE, DataType.DOUBLE);
                    initialised = true;
                }
            }
        }
    }

    /**
     * Asks for {@link #init()} at the first array created through {@link #matrix} or {@link #vector},
     * instead of now: loading ND4J loads its native libraries (a fraction of a second, and a failure
     * where they cannot be unpacked), which commands that never create an ND4J array should not pay.
     */
    public static void initOnFirstUse() {
        onFirstUse = true;
    }

    private static void firstUse() {
        if (onFirstUse && !initialised) {
            init();
        }
    }

    /**
     * @param data row-major values (copied)
     * @param rows number of rows
     * @param cols number of columns
     * @return a new float64 C-order matrix
     */
    public static INDArray matrix(double[] data, int rows, int cols) {
        firstUse();
        if (data.length != (long) rows * cols) {
            throw new IllegalArgumentException("data has " + data.length + " values, not " + rows + "x" + cols);
        }
        return Nd4j.create(data.clone(), new long[] {rows, cols}, DataType.DOUBLE);
    }

    /**
     * @param data values (copied)
     * @return a new float64 vector of shape (len)
     */
    public static INDArray vector(double[] data) {
        firstUse();
        return Nd4j.create(data.clone(), new long[] {data.length}, DataType.DOUBLE);
    }

    /**
     * Copies an array of any layout into a row-major {@code double[]}.
     *
     * @param x a vector or matrix
     * @return its values in C order
     */
    public static double[] toArray(INDArray x) {
        INDArray d = x.dataType() == DataType.DOUBLE ? x : x.castTo(DataType.DOUBLE);
        return d.dup('c').data().asDouble();
    }

    /**
     * Reads a batch of states: a matrix (rows x cols) or a single vector (one row).
     *
     * @param x states as rows
     * @param cols expected number of columns
     * @param what name used in the error message, for example "visible states"
     * @return row-major copy
     */
    public static double[] rows(INDArray x, int cols, String what) {
        if (x.rank() == 1 && x.length() == cols) {
            return toArray(x);
        }
        if (x.rank() != 2 || x.columns() != cols) {
            throw new IllegalArgumentException(what + " must have " + cols + " columns, got shape "
                    + Arrays.toString(x.shape()));
        }
        return toArray(x);
    }

    /**
     * @param x a batch as in {@link #rows(INDArray, int, String)}
     * @return its number of rows
     */
    public static int rowCount(INDArray x) {
        return x.rank() == 1 ? 1 : x.rows();
    }
}
