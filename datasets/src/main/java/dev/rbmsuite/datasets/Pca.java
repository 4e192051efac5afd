package dev.rbmsuite.datasets;

import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.SymmetricEigen;
import java.util.Arrays;
import java.util.Objects;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Principal component analysis of a data set, centred and unscaled (docs/methods.md section 7.3), and the
 * projection of any states onto its leading components: the PC1/PC2 plane of the paper's figures 5 and 8
 * ("PCA space of the training dataset").
 *
 * <p>The sample covariance {@code C = X_c^T X_c / (N-1)} of the centred data (divisor 1 when N = 1) is
 * decomposed with the suite's own Java eigensolver ({@link SymmetricEigen#decompose}: Householder
 * tridiagonalisation and implicit QL in a fixed order of operations), not LAPACK: OpenBLAS picks its
 * kernels by CPU, and the committed figure-5 coordinates differed in their last bits between two x86-64
 * machines while they came from it. Now they are the same bits on every machine.
 * Components are ordered by decreasing variance. Each component's sign is fixed so that plots are
 * reproducible: its first loading whose magnitude is within 1e-9 of the largest magnitude is positive.
 * Components of equal variance are not unique; any orthonormal basis of their span may be returned.
 */
public final class Pca {
    private static final double SIGN_TOLERANCE = 1e-9;

    private final int n;
    private final double[] mean;
    private final double[] components; // n x n, row k = component k
    private final double[] variances;

    private Pca(int n, double[] mean, double[] components, double[] variances) {
        this.n = n;
        this.mean = mean;
        this.components = components;
        this.variances = variances;
    }

    /**
     * @param data the data set (its rows are the observations)
     * @return the PCA fitted on all its rows
     */
    public static Pca fit(BinaryDataset data) {
        return fit(data.toArray(), data.size(), data.dimension());
    }

    /**
     * @param rowMajor observations as rows, {@code rows x n}, finite (not modified)
     * @param rows N, at least 1
     * @param n number of variables, at least 1
     * @return the PCA fitted on those rows
     */
    public static Pca fit(double[] rowMajor, int rows, int n) {
        if (rows < 1 || n < 1 || rowMajor.length != (long) rows * n) {
            throw new IllegalArgumentException("PCA needs rows x n = " + rows + " x " + n + " values, got " + rowMajor.length);
        }
        double[] mean = new double[n];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                mean[i] += rowMajor[r * n + i];
            }
        }
        for (int i = 0; i < n; i++) {
            mean[i] /= rows;
        }
        double[] cov = new double[n * n];
        double[] x = new double[n];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                x[i] = rowMajor[r * n + i] - mean[i];
            }
            for (int i = 0; i < n; i++) {
                double xi = x[i];
                if (xi == 0.0) {
                    continue;
                }
                for (int j = i; j < n; j++) {
                    cov[i * n + j] += xi * x[j];
                }
            }
        }
        double div = Math.max(rows - 1, 1);
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double c = cov[i * n + j] / div;
                cov[i * n + j] = c;
                cov[j * n + i] = c;
            }
        }
        for (double c : cov) {
            if (!Double.isFinite(c)) {
                throw new IllegalArgumentException("PCA needs finite data");
            }
        }
        SymmetricEigen.Decomposition eig = SymmetricEigen.decompose(cov, n);
        double[] lambda = eig.values(); // ascending
        double[] vectors = eig.vectors(); // row k = eigenvector of lambda[k]
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        Arrays.sort(order, (p, q) -> Double.compare(lambda[q], lambda[p]));
        double[] comps = new double[n * n];
        double[] vars = new double[n];
        for (int k = 0; k < n; k++) {
            int col = order[k];
            vars[k] = Math.max(0.0, lambda[col]);
            double max = 0;
            for (int i = 0; i < n; i++) {
                max = Math.max(max, Math.abs(vectors[col * n + i]));
            }
            double sign = 1;
            for (int i = 0; i < n; i++) {
                double u = vectors[col * n + i];
                if (Math.abs(u) >= max - SIGN_TOLERANCE) {
                    sign = u < 0 ? -1 : 1;
                    break;
                }
            }
            for (int i = 0; i < n; i++) {
                comps[k * n + i] = sign * vectors[col * n + i] + 0.0;
            }
        }
        return new Pca(n, mean, comps, vars);
    }

    /** @return n, the number of variables */
    public int dimension() {
        return n;
    }

    /** @return the mean of the fitted data, shape (n) */
    public INDArray mean() {
        return Nd.vector(mean);
    }

    /** @return the principal components as rows, shape (n, n), by decreasing variance; orthonormal */
    public INDArray components() {
        return Nd.matrix(components, n, n);
    }

    /**
     * @param k component index (0 = PC1)
     * @return a copy of component k, a unit vector of n loadings
     */
    public double[] component(int k) {
        Objects.checkIndex(k, n);
        return Arrays.copyOfRange(components, k * n, (k + 1) * n);
    }

    /** @return the variance of the data along each component (the covariance's eigenvalues), decreasing */
    public INDArray explainedVariance() {
        return Nd.vector(variances);
    }

    /**
     * @param k component index
     * @return the variance along component k
     */
    public double explainedVariance(int k) {
        return variances[Objects.checkIndex(k, n)];
    }

    /**
     * Projects states onto the first k components: {@code out[r*k + c] = (x_r - mean) . u_c}.
     *
     * @param states row-major states, rows x n (binary or not)
     * @param rows number of states
     * @param k number of components, in [1, n]
     * @param out coordinates, rows x k (overwritten)
     */
    public void project(double[] states, int rows, int k, double[] out) {
        if (k < 1 || k > n) {
            throw new IllegalArgumentException("can project onto 1.." + n + " components, not " + k);
        }
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < k; c++) {
                double s = 0;
                for (int i = 0; i < n; i++) {
                    s += (states[r * n + i] - mean[i]) * components[c * n + i];
                }
                out[r * k + c] = s;
            }
        }
    }

    /**
     * @param states states as rows (rows x n) or a single state (n)
     * @param k number of components, in [1, n]
     * @return their coordinates on the first k components, shape (rows, k)
     */
    public INDArray project(INDArray states, int k) {
        int rows = Nd.rowCount(states);
        double[] out = new double[rows * k];
        project(Nd.rows(states, n, "states"), rows, k, out);
        return Nd.matrix(out, rows, k);
    }

    /**
     * The plane of figures 5 and 8.
     *
     * @param states states as rows (rows x n) or a single state (n); n must be at least 2
     * @return their (PC1, PC2) coordinates, shape (rows, 2)
     */
    public INDArray projectPlane(INDArray states) {
        return project(states, 2);
    }
}
