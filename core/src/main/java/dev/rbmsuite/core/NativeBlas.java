package dev.rbmsuite.core;

import static org.bytedeco.openblas.global.openblas_nolapack.CblasNoTrans;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasRowMajor;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasTrans;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_dgemm;

import org.bytedeco.javacpp.Loader;
import org.bytedeco.openblas.global.openblas_nolapack;

/**
 * The two products of {@link Arithmetic#BLAS}, as OpenBLAS {@code cblas_dgemm} calls on the suite's
 * row-major arrays (JavaCPP passes Java arrays to native code without copying them where the JVM
 * allows). Loaded on first use only: the default arithmetic never touches the native library.
 */
final class NativeBlas {
    /** The OpenBLAS release of the JavaCPP preset on the class path (the one ND4J's CPU backend brings). */
    static final String VERSION = "0.3.19";

    private static volatile boolean loaded;

    private NativeBlas() {
    }

    /**
     * Loads the native library.
     *
     * @throws InputException if it cannot be loaded, naming {@code --arithmetic} and the reason (a machine
     *     that cannot run the opt-in arithmetic asked for: bad input, exit 2, before any work)
     */
    static void require() {
        if (loaded) {
            return;
        }
        synchronized (NativeBlas.class) {
            if (!loaded) {
                try {
                    Loader.load(openblas_nolapack.class);
                } catch (UnsatisfiedLinkError | RuntimeException e) {
                    throw new InputException("option --arithmetic: the BLAS arithmetic needs OpenBLAS (org.bytedeco:openblas, with "
                            + "ND4J's native libraries), which could not be loaded here: " + e.getMessage(), e);
                }
                loaded = true;
            }
        }
    }

    /**
     * c += a^T b: {@code c[i*m + j] += sum_r a[r*n + i] b[r*m + j]}, the contract of
     * {@link Products#accumulate}.
     */
    static void accumulateTransposedProduct(double[] a, double[] b, int rows, int n, int m, double[] c) {
        require();
        cblas_dgemm(CblasRowMajor, CblasTrans, CblasNoTrans, n, m, rows, 1.0, a, n, b, m, 1.0, c, m);
    }

    /**
     * out = bias + x M for each row: x rows x nIn, M nIn x stride (its first nOut columns), bias of
     * nOut (or more) values, out rows x nOut.
     */
    static void fields(double[] x, int rows, int nIn, double[] mat, int stride, double[] bias, int nOut, double[] out) {
        require();
        for (int r = 0; r < rows; r++) {
            System.arraycopy(bias, 0, out, r * nOut, nOut);
        }
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, nOut, nIn, 1.0, x, nIn, mat, stride, 1.0, out, nOut);
    }
}
