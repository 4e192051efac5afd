package dev.rbmsuite.core;

import java.util.Arrays;

/**
 * The eigenvalues, and where asked the eigenvectors, of a real symmetric matrix, in plain Java:
 * Householder reduction to a tridiagonal matrix, then the implicit QL method (EISPACK's {@code tred2}
 * and {@code tql2}, as in the public-domain JAMA package). {@link #eigenvalues} runs their
 * eigenvalue-only parts; {@link #decompose} also accumulates the transformations (eigenvectors).
 *
 * <p>It lives in core so that every module on an output path may use it: diagnostics (the spectral
 * gap, Appendix B) and datasets (the PCA plane of figures 5 and 8, which used LAPACK through ND4J
 * until OpenBLAS's CPU-dependent kernels changed its last bits between two x86-64 machines).
 *
 * <p>Why not LAPACK: the suite used ND4J's {@code syev} (OpenBLAS) here. Paper-scale figure-2 runs,
 * whose two parallel trials each solve 1024 x 1024 problems, ended twice in native crashes inside
 * those libraries (a SIGSEGV, and later glibc's "malloc(): unsorted double linked list corrupted"
 * with every call already serialised by a lock), and OpenBLAS picks its kernels by CPU, so the
 * eigenvalues' last bits could differ between an AVX2 and an AVX-512 machine, against the suite's
 * promise of the same bytes everywhere. This code uses only IEEE additions, multiplications,
 * divisions, {@link Math#sqrt} (exactly rounded) and {@link StrictMath#hypot} in a fixed order, so it gives the same bits on
 * every machine, vector width and thread count, and it holds no lock. The reduction reads and updates
 * the working triangle row by row (row-major, contiguous), about (4/3) n^3 operations: about a
 * second at n = 1024 on the development machine.
 */
public final class SymmetricEigen {
    /** QL iterations allowed per eigenvalue before giving up (EISPACK allows 30). */
    private static final int MAX_ITERATIONS = 60;

    private SymmetricEigen() {
    }

    /**
     * @param a symmetric matrix, row-major size x size (not modified; only its upper triangle and
     *     diagonal are read)
     * @param size dimension
     * @return all eigenvalues, ascending
     * @throws IllegalArgumentException if an entry is not finite
     */
    public static double[] eigenvalues(double[] a, int size) {
        int n = size;
        if (a.length != n * n) {
            throw new IllegalArgumentException("a " + size + " x " + size + " matrix needs " + n * n
                    + " entries, got " + a.length);
        }
        for (double x : a) {
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("eigenvalues of a matrix with a non-finite entry: " + x);
            }
        }
        double[] d = new double[n];
        double[] e = new double[n];
        if (n == 0) {
            return d;
        }
        tridiagonalize(a.clone(), n, d, e);
        tql2(null, n, d, e);
        Arrays.sort(d);
        return d;
    }

    /**
     * @param a symmetric matrix, row-major size x size
     * @param size dimension
     * @return its largest eigenvalue
     */
    public static double largest(double[] a, int size) {
        double[] ev = eigenvalues(a, size);
        return ev[ev.length - 1];
    }

    /**
     * An eigendecomposition {@code A = V diag(values) V^T}.
     *
     * @param values eigenvalues, ascending
     * @param vectors orthonormal eigenvectors as rows, row-major size x size: row k belongs to values[k]
     */
    public record Decomposition(double[] values, double[] vectors) {
    }

    /**
     * All eigenvalues and eigenvectors (EISPACK tred2 and tql2 with the transformations accumulated,
     * as in JAMA). Each eigenvector's sign is whatever the algorithm gives (deterministic, but
     * arbitrary): callers that show vectors fix their own sign convention. Components of equal
     * eigenvalues may be any orthonormal basis of their span.
     *
     * @param a symmetric matrix, row-major size x size (not modified; only its lower triangle and
     *     diagonal are read)
     * @param size dimension
     * @return the eigenvalues ascending with their eigenvectors
     * @throws IllegalArgumentException if an entry is not finite or the length does not match
     */
    public static Decomposition decompose(double[] a, int size) {
        int n = size;
        if (n < 0 || a.length != (long) n * n) {
            throw new IllegalArgumentException("a " + size + " x " + size + " matrix needs " + (long) n * n
                    + " entries, got " + a.length);
        }
        for (double x : a) {
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("eigenvectors of a matrix with a non-finite entry: " + x);
            }
        }
        double[][] v = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                v[i][j] = a[i * n + j];
                v[j][i] = a[i * n + j];
            }
        }
        double[] d = new double[n];
        double[] e = new double[n];
        if (n == 0) {
            return new Decomposition(d, new double[0]);
        }
        tred2(v, n, d, e);
        tql2(v, n, d, e);
        // Stable selection by ascending value: ties keep their index order, so the result is one function of a.
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        Arrays.sort(order, (p, q) -> Double.compare(d[p], d[q]));
        double[] values = new double[n];
        double[] vectors = new double[n * n];
        for (int k = 0; k < n; k++) {
            int col = order[k];
            values[k] = d[col];
            for (int i = 0; i < n; i++) {
                vectors[k * n + i] = v[i][col];
            }
        }
        return new Decomposition(values, vectors);
    }

    /** EISPACK tred2 (JAMA's form): V := the accumulated Householder transformations, d, e := the tridiagonal matrix. */
    private static void tred2(double[][] v, int n, double[] d, double[] e) {
        for (int j = 0; j < n; j++) {
            d[j] = v[n - 1][j];
        }
        for (int i = n - 1; i > 0; i--) {
            double scale = 0.0;
            double h = 0.0;
            for (int k = 0; k < i; k++) {
                scale += Math.abs(d[k]);
            }
            if (scale == 0.0) {
                e[i] = d[i - 1];
                for (int j = 0; j < i; j++) {
                    d[j] = v[i - 1][j];
                    v[i][j] = 0.0;
                    v[j][i] = 0.0;
                }
            } else {
                for (int k = 0; k < i; k++) {
                    d[k] /= scale;
                    h += d[k] * d[k];
                }
                double f = d[i - 1];
                double g = Math.sqrt(h);
                if (f > 0) {
                    g = -g;
                }
                e[i] = scale * g;
                h -= f * g;
                d[i - 1] = f - g;
                Arrays.fill(e, 0, i, 0.0);
                for (int j = 0; j < i; j++) {
                    f = d[j];
                    v[j][i] = f;
                    g = e[j] + v[j][j] * f;
                    for (int k = j + 1; k <= i - 1; k++) {
                        g += v[k][j] * d[k];
                        e[k] += v[k][j] * f;
                    }
                    e[j] = g;
                }
                f = 0.0;
                for (int j = 0; j < i; j++) {
                    e[j] /= h;
                    f += e[j] * d[j];
                }
                double hh = f / (h + h);
                for (int j = 0; j < i; j++) {
                    e[j] -= hh * d[j];
                }
                for (int j = 0; j < i; j++) {
                    f = d[j];
                    g = e[j];
                    for (int k = j; k <= i - 1; k++) {
                        v[k][j] -= f * e[k] + g * d[k];
                    }
                    d[j] = v[i - 1][j];
                    v[i][j] = 0.0;
                }
            }
            d[i] = h;
        }
        for (int i = 0; i < n - 1; i++) {
            v[n - 1][i] = v[i][i];
            v[i][i] = 1.0;
            double h = d[i + 1];
            if (h != 0.0) {
                for (int k = 0; k <= i; k++) {
                    d[k] = v[k][i + 1] / h;
                }
                for (int j = 0; j <= i; j++) {
                    double g = 0.0;
                    for (int k = 0; k <= i; k++) {
                        g += v[k][i + 1] * v[k][j];
                    }
                    for (int k = 0; k <= i; k++) {
                        v[k][j] -= g * d[k];
                    }
                }
            }
            for (int k = 0; k <= i; k++) {
                v[k][i + 1] = 0.0;
            }
        }
        for (int j = 0; j < n; j++) {
            d[j] = v[n - 1][j];
            v[n - 1][j] = 0.0;
        }
        v[n - 1][n - 1] = 1.0;
        e[0] = 0.0;
    }

    /**
     * EISPACK tql2 (JAMA's form), implicit QL iterations on the tridiagonal matrix: d := the eigenvalues
     * (unsorted), and V := the eigenvectors (columns) where V is given. The rotations of V never feed
     * back into d and e, so the eigenvalues have the same bits with and without it.
     *
     * @param v the tridiagonalising transform, or null for eigenvalues only
     * @param n dimension
     * @param d diagonal, replaced by the eigenvalues
     * @param e subdiagonal in e[1..n-1], destroyed
     */
    private static void tql2(double[][] v, int n, double[] d, double[] e) {
        for (int i = 1; i < n; i++) {
            e[i - 1] = e[i];
        }
        e[n - 1] = 0.0;
        double f = 0.0;
        double tst1 = 0.0;
        double eps = 0x1p-52;
        for (int l = 0; l < n; l++) {
            tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
            int m = l;
            while (m < n - 1 && Math.abs(e[m]) > eps * tst1) {
                m++;
            }
            if (m > l) {
                int iter = 0;
                do {
                    if (++iter > MAX_ITERATIONS) {
                        throw new IllegalStateException("symmetric eigen" + (v == null ? "values" : "vectors")
                                + ": no convergence at eigenvalue " + l
                                + " of " + n);
                    }
                    double g = d[l];
                    double p = (d[l + 1] - g) / (2.0 * e[l]);
                    double r = StrictMath.hypot(p, 1.0);
                    if (p < 0) {
                        r = -r;
                    }
                    d[l] = e[l] / (p + r);
                    d[l + 1] = e[l] * (p + r);
                    double dl1 = d[l + 1];
                    double h = g - d[l];
                    for (int i = l + 2; i < n; i++) {
                        d[i] -= h;
                    }
                    f += h;
                    p = d[m];
                    double c = 1.0;
                    double c2 = c;
                    double c3 = c;
                    double el1 = e[l + 1];
                    double s = 0.0;
                    double s2 = 0.0;
                    for (int i = m - 1; i >= l; i--) {
                        c3 = c2;
                        c2 = c;
                        s2 = s;
                        g = c * e[i];
                        h = c * p;
                        r = StrictMath.hypot(p, e[i]);
                        e[i + 1] = s * r;
                        s = e[i] / r;
                        c = p / r;
                        p = c * d[i] - s * g;
                        d[i + 1] = h + s * (c * g + s * d[i]);
                        for (int k = 0; v != null && k < n; k++) {
                            h = v[k][i + 1];
                            v[k][i + 1] = s * v[k][i] + c * h;
                            v[k][i] = c * v[k][i] - s * h;
                        }
                    }
                    p = -s * s2 * c3 * el1 * e[l] / dl1;
                    e[l] = s * p;
                    d[l] = c * p;
                } while (Math.abs(e[l]) > eps * tst1);
            }
            d[l] += f;
            e[l] = 0.0;
        }
    }

    /**
     * Householder reduction (EISPACK tred2 without accumulating the transformations). The working
     * lower triangle of tred2, element (k, j) with k &ge; j, is kept at {@code w[j * n + k]}, the upper
     * triangle of a symmetric matrix, so that the inner loops run along rows.
     *
     * @param w the matrix, overwritten
     * @param n dimension
     * @param d receives the diagonal of the tridiagonal matrix
     * @param e receives its subdiagonal in e[1..n-1] (e[0] = 0)
     */
    private static void tridiagonalize(double[] w, int n, double[] d, double[] e) {
        for (int j = 0; j < n; j++) {
            d[j] = w[j * n + n - 1];
        }
        for (int i = n - 1; i > 0; i--) {
            double scale = 0.0;
            double h = 0.0;
            for (int k = 0; k < i; k++) {
                scale += Math.abs(d[k]);
            }
            if (scale == 0.0) {
                e[i] = d[i - 1];
                for (int j = 0; j < i; j++) {
                    d[j] = w[j * n + i - 1];
                }
            } else {
                for (int k = 0; k < i; k++) {
                    d[k] /= scale;
                    h += d[k] * d[k];
                }
                double f = d[i - 1];
                double g = Math.sqrt(h);
                if (f > 0) {
                    g = -g;
                }
                e[i] = scale * g;
                h -= f * g;
                d[i - 1] = f - g;
                Arrays.fill(e, 0, i, 0.0);
                for (int j = 0; j < i; j++) {
                    f = d[j];
                    int row = j * n;
                    g = e[j] + w[row + j] * f;
                    for (int k = j + 1; k < i; k++) {
                        g += w[row + k] * d[k];
                        e[k] += w[row + k] * f;
                    }
                    e[j] = g;
                }
                f = 0.0;
                for (int j = 0; j < i; j++) {
                    e[j] /= h;
                    f += e[j] * d[j];
                }
                double hh = f / (h + h);
                for (int j = 0; j < i; j++) {
                    e[j] -= hh * d[j];
                }
                for (int j = 0; j < i; j++) {
                    f = d[j];
                    g = e[j];
                    int row = j * n;
                    for (int k = j; k < i; k++) {
                        w[row + k] -= f * e[k] + g * d[k];
                    }
                    d[j] = w[row + i - 1];
                }
            }
        }
        for (int j = 0; j < n; j++) {
            d[j] = w[j * n + j];
        }
        e[0] = 0.0;
    }
}
