package dev.rbmsuite.datasets.encoding;

import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.uci.UciTable;
import java.util.Arrays;
import java.util.List;

/**
 * Rank-hot (thermometer) encoding of continuous features by quantile bins, exactly as docs/methods.md
 * section 4 specifies (paper section 5.1, "Iris Dataset").
 *
 * <p>For each feature f, fitted on the whole data set: cut points {@code t_r = quantile(x_f, r/K)} for
 * r = 1..K-1 with the linear-interpolation quantile (numpy's default, Hyndman-Fan type 7, computed as numpy
 * computes it), and bits {@code bit_r(x) = 1[x >= t_r]}. A value in the k-th bin thus gets k-1 leading ones
 * (the paper's convention). Every feature gives exactly K-1 bits even when cut points coincide (duplicate
 * columns are kept, unlike scikit-learn), so iris, wine and seeds give n = 4(K-1), 13(K-1), 7(K-1) = 20, 65,
 * 35 for K = 6. Equal values always get equal codes, and a value equal to a cut goes to the upper bin
 * (numpy's {@code searchsorted(side='right')}).
 */
public final class RankHot {
    /** The paper's number of bins per feature, K_enc = 6. */
    public static final int DEFAULT_BINS = 6;

    private RankHot() {
    }

    /**
     * The linear-interpolation (type 7) quantile of sorted data, with numpy's exact arithmetic: virtual
     * index {@code h = (N-1) p}, {@code g = h - floor(h)}, and {@code a + (b-a) g} for g &lt; 1/2 or
     * {@code b - (b-a)(1-g)} otherwise, where a and b are the order statistics at floor(h) and floor(h)+1.
     *
     * @param sorted values in ascending order (at least one)
     * @param p probability in [0, 1]
     * @return the quantile
     */
    public static double quantile(double[] sorted, double p) {
        int count = sorted.length;
        if (count == 0) {
            throw new IllegalArgumentException("the quantile of no values is undefined");
        }
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("quantile probability must be in [0, 1], got " + p);
        }
        double h = (count - 1) * p;
        if (h >= count - 1) {
            return sorted[count - 1];
        }
        double lo = Math.floor(h);
        int i = (int) lo;
        double g = h - lo;
        double a = sorted[i];
        double b = sorted[i + 1];
        double diff = b - a;
        return g >= 0.5 ? b - diff * (1 - g) : a + diff * g;
    }

    /**
     * @param column one feature's values (any order; not modified)
     * @param bins K, at least 2
     * @return the K-1 cut points {@code t_r = quantile(column, r/K)}, r = 1..K-1 (non-decreasing)
     */
    public static double[] cutPoints(double[] column, int bins) {
        checkBins(bins);
        double[] sorted = column.clone();
        Arrays.sort(sorted);
        double[] cuts = new double[bins - 1];
        for (int r = 1; r < bins; r++) {
            cuts[r - 1] = quantile(sorted, (double) r / bins);
        }
        return cuts;
    }

    /**
     * @param x a value
     * @param cuts cut points of its feature
     * @return the bin index k in [1, K]: one plus the number of cut points t_r with x &gt;= t_r
     */
    public static int bin(double x, double[] cuts) {
        int k = 1;
        for (double t : cuts) {
            if (x >= t) {
                k++;
            }
        }
        return k;
    }

    /**
     * Encodes a UCI table, keeping its class labels and class names.
     *
     * @param table the continuous data
     * @param bins K, at least 2
     * @return the binary data set (named after the table's source) with the cut points and bin counts
     */
    public static RankHotEncoding encode(UciTable table, int bins) {
        return encode(table.source().id(), table.toArray(), table.rows(), table.features(), bins, table.labels(),
                table.classNames(), table.featureNames());
    }

    /**
     * Encodes every feature of a continuous matrix into K-1 thermometer bits; the bits of feature f are
     * columns {@code f*(K-1) .. f*(K-1) + K-2}, bit r-1 of the feature being {@code 1[x >= t_r]}.
     *
     * @param name the data set's name
     * @param values row-major features, rows x features, all finite
     * @param rows N
     * @param features F
     * @param bins K, at least 2
     * @param labels class per row, or null
     * @param classNames class names, or null
     * @param featureNames names of the F features
     * @return the binary data set (N x F(K-1)) with the cut points and bin counts
     */
    public static RankHotEncoding encode(String name, double[] values, int rows, int features, int bins, int[] labels,
                                         List<String> classNames, List<String> featureNames) {
        checkBins(bins);
        if (rows < 1 || features < 1 || values.length != (long) rows * features) {
            throw new IllegalArgumentException("need " + rows + " x " + features + " values, got " + values.length);
        }
        if (featureNames.size() != features) {
            throw new IllegalArgumentException(featureNames.size() + " feature names for " + features + " features");
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("rank-hot encoding needs finite values, got " + v);
            }
        }
        int bits = bins - 1;
        int n = features * bits;
        double[] out = new double[rows * n];
        double[][] cuts = new double[features][];
        int[][] counts = new int[features][bins];
        double[] column = new double[rows];
        for (int f = 0; f < features; f++) {
            for (int r = 0; r < rows; r++) {
                column[r] = values[r * features + f];
            }
            cuts[f] = cutPoints(column, bins);
            for (int r = 0; r < rows; r++) {
                double x = column[r];
                int k = 1;
                for (int b = 0; b < bits; b++) {
                    if (x >= cuts[f][b]) {
                        out[r * n + f * bits + b] = 1.0;
                        k++;
                    }
                }
                counts[f][k - 1]++;
            }
        }
        BinaryDataset data = BinaryDataset.of(name, out, rows, n, labels, classNames);
        return new RankHotEncoding(data, bins, featureNames, cuts, counts);
    }

    private static void checkBins(int bins) {
        if (bins < 2) {
            throw new IllegalArgumentException("parameter k=" + bins + ": rank-hot encoding needs at least 2 bins");
        }
    }
}
