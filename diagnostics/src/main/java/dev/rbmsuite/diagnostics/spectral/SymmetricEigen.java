package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.Nd;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.eigen.Eigen;

/**
 * The largest eigenvalue of a real symmetric matrix, through ND4J's LAPACK binding
 * ({@code syev} via {@link Eigen#symmetricGeneralizedEigenvalues(INDArray, boolean)}): a well-kept
 * solver rather than a hand-written one.
 */
final class SymmetricEigen {
    private SymmetricEigen() {
    }

    /**
     * @param a symmetric matrix, row-major size x size (not modified)
     * @param size dimension
     * @return all eigenvalues (in the order LAPACK returns them: ascending)
     */
    static double[] eigenvalues(double[] a, int size) {
        INDArray m = Nd.matrix(a, size, size);
        INDArray ev = Eigen.symmetricGeneralizedEigenvalues(m, true);
        return Nd.toArray(ev);
    }

    /**
     * @param a symmetric matrix, row-major size x size
     * @param size dimension
     * @return its largest eigenvalue
     */
    static double largest(double[] a, int size) {
        double mx = Double.NEGATIVE_INFINITY;
        for (double x : eigenvalues(a, size)) {
            mx = Math.max(mx, x);
        }
        return mx;
    }
}
