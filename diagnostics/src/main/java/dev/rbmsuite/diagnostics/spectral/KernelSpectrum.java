package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.SymmetricEigen;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Exact spectra of small transition matrices given as dense {@code double[][]} (row = from-state),
 * for comparing kernels beyond the paper: the second-largest eigenvalue modulus (SLEM, the largest
 * modulus below the Perron root 1) of BGS, the deep-tempering two-step kernel (one step of each
 * parity; not reversible in general) and the round-trip kernel (reversible), on the joint state space
 * of tiny stacks. The mixing rate is governed by the SLEM: ||mu P^t - pi|| decays like SLEM^t.
 *
 * <p>Non-symmetric matrices use EJML's dense real eigenvalue decomposition (Hessenberg reduction and
 * shifted QR; complex pairs come back as real and imaginary parts). Reversible matrices can instead go through
 * the symmetric path ({@link #secondModulusReversible}), which uses the symmetric eigensolver (SymmetricEigen) and is more accurate.
 */
public final class KernelSpectrum {
    private KernelSpectrum() {
    }

    /**
     * @param p a square matrix
     * @return {real parts, imaginary parts} of all eigenvalues
     */
    public static double[][] eigenvalues(double[][] p) {
        checkSquare(p);
        int size = p.length;
        EigenDecomposition_F64<DMatrixRMaj> ed = DecompositionFactory_DDRM.eig(size, false);
        if (!ed.decompose(new DMatrixRMaj(p))) {
            throw new IllegalStateException("the eigenvalue decomposition of a " + size + "x" + size
                    + " matrix did not converge");
        }
        double[] re = new double[size];
        double[] im = new double[size];
        for (int k = 0; k < size; k++) {
            Complex_F64 z = ed.getEigenvalue(k);
            re[k] = z.real;
            im[k] = z.imaginary;
        }
        return new double[][] {re, im};
    }

    /**
     * The second-largest eigenvalue modulus: all eigenvalues except the one closest to 1 (the
     * stationary direction of a stochastic matrix), largest modulus.
     *
     * @param p a row-stochastic matrix (checked to 1e-9)
     * @return the SLEM in [0, 1]
     */
    public static double secondModulus(double[][] p) {
        checkStochastic(p);
        double[][] ev = eigenvalues(p);
        return secondModulusOf(ev[0], ev[1]);
    }

    static double secondModulusOf(double[] re, double[] im) {
        int perron = -1;
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k < re.length; k++) {
            double d = StrictMath.hypot(re[k] - 1.0, im[k]);
            if (d < best) {
                best = d;
                perron = k;
            }
        }
        double mx = 0;
        for (int k = 0; k < re.length; k++) {
            if (k != perron) {
                mx = Math.max(mx, StrictMath.hypot(re[k], im[k]));
            }
        }
        return mx;
    }

    /**
     * The SLEM of a kernel reversible with respect to pi, via the symmetric matrix
     * D^{1/2} P D^{-1/2} projected off the stationary direction (Appendix B) and the symmetric eigensolver (SymmetricEigen).
     *
     * @param p a row-stochastic matrix satisfying detailed balance with pi
     * @param logPi ln pi of every state
     * @return the largest eigenvalue modulus below one
     */
    public static double secondModulusReversible(double[][] p, double[] logPi) {
        checkStochastic(p);
        int size = p.length;
        double[] flat = new double[size * size];
        for (int a = 0; a < size; a++) {
            System.arraycopy(p[a], 0, flat, a * size, size);
        }
        double[] ev = SymmetricEigen.eigenvalues(SecondEigenvalue.projected(flat, logPi), size);
        // the projection replaces the eigenvalue 1 by 0; every other eigenvalue is kept
        double mx = 0;
        for (double x : ev) {
            mx = Math.max(mx, Math.abs(x));
        }
        return mx;
    }

    /**
     * The kernel "first, then second": (first * second)[a][c] = sum_b first[a][b] second[b][c]
     * (for deep tempering, the two-step kernel of one step of each parity).
     *
     * @param first applied first
     * @param second applied second
     * @return the composed kernel
     */
    public static double[][] compose(double[][] first, double[][] second) {
        checkSquare(first);
        checkSquare(second);
        int size = first.length;
        if (second.length != size) {
            throw new IllegalArgumentException("sizes differ: " + size + " vs " + second.length);
        }
        double[][] out = new double[size][size];
        for (int a = 0; a < size; a++) {
            for (int b = 0; b < size; b++) {
                double f = first[a][b];
                if (f != 0.0) {
                    double[] s = second[b];
                    double[] o = out[a];
                    for (int c = 0; c < size; c++) {
                        o[c] += f * s[c];
                    }
                }
            }
        }
        return out;
    }

    /**
     * @param slem the second eigenvalue modulus
     * @return the relaxation time 1 / (1 - slem)
     */
    public static double relaxationTime(double slem) {
        return SecondEigenvalue.relaxationTime(slem);
    }

    private static void checkSquare(double[][] p) {
        for (double[] row : p) {
            if (row.length != p.length) {
                throw new IllegalArgumentException("the matrix is not square: " + p.length + " rows, a row of "
                        + row.length);
            }
        }
    }

    private static void checkStochastic(double[][] p) {
        checkSquare(p);
        for (int a = 0; a < p.length; a++) {
            double s = 0;
            for (double x : p[a]) {
                if (x < 0 || !Double.isFinite(x)) {
                    throw new IllegalArgumentException("row " + a + " has an entry " + x);
                }
                s += x;
            }
            if (Math.abs(s - 1.0) > 1e-9) {
                throw new IllegalArgumentException("row " + a + " sums to " + s + ", not 1");
            }
        }
    }
}
