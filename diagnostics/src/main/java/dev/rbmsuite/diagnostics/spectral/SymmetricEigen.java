package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.Nd;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.eigen.Eigen;

/**
 * The largest eigenvalue of a real symmetric matrix, through ND4J's LAPACK binding
 * ({@code syev} via {@link Eigen#symmetricGeneralizedEigenvalues(INDArray, boolean)}): a well-kept
 * solver rather than a hand-written one.
 *
 * <p>Calls are serialised: the native solver (OpenBLAS under nd4j-native) is multi-threaded itself
 * and is not documented as safe to enter from several Java threads at once. A paper-scale figure-2
 * run, whose two parallel trials each solve 1024 x 1024 problems, ended once in a SIGSEGV inside the
 * native libraries; concurrent OpenBLAS eigensolvers are reported to crash elsewhere too (numpy
 * #24512, OpenBLAS #4868). One solve takes about a second next to minutes of training per trial, so
 * the lock costs little.
 */
final class SymmetricEigen {
    private static final Object NATIVE_SOLVER = new Object();

    private SymmetricEigen() {
    }

    /**
     * @param a symmetric matrix, row-major size x size (not modified)
     * @param size dimension
     * @return all eigenvalues (in the order LAPACK returns them: ascending)
     */
    static double[] eigenvalues(double[] a, int size) {
        synchronized (NATIVE_SOLVER) {
            INDArray m = Nd.matrix(a, size, size);
            INDArray ev = Eigen.symmetricGeneralizedEigenvalues(m, true);
            return Nd.toArray(ev);
        }
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
