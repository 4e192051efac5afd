package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.SymmetricEigen;

/**
 * The paper's second-eigenvalue computation for a reversible transition matrix (Appendix B;
 * docs/methods.md section 5), applied to an estimate P_hat or to the exact matrix:
 * <pre>
 *   A_hat = (D P_hat + (D P_hat)^T) / 2,   S_hat = D^{-1/2} A_hat D^{-1/2},
 *   lambda2_hat = top eigenvalue of Pi S_hat Pi,  Pi = I - u1 u1^T,  u1 = D^{1/2} 1
 * </pre>
 * with D = diag P(v) exact. S_hat is formed in the log domain of D
 * (S_ab = (e^{(lnD_a - lnD_b)/2} P_ab + e^{(lnD_b - lnD_a)/2} P_ba) / 2), so rare states whose P(v)
 * underflows cannot produce NaN. Because lambda_max is convex and E[S_hat] = S, an unbiased P_hat
 * gives an estimate biased upward in expectation (docs/methods.md section 5, errata of App. B).
 */
public final class SecondEigenvalue {
    private SecondEigenvalue() {
    }

    /**
     * @param p transition matrix (estimate or exact), row-major size x size, rows = from-state
     * @param logD ln P(v) of every state (exact), length size
     * @return lambda2 = largest eigenvalue of Pi S Pi
     */
    public static double of(double[] p, double[] logD) {
        int size = logD.length;
        if (p.length != (long) size * size) {
            throw new IllegalArgumentException("P has " + p.length + " entries, expected " + size + "^2");
        }
        return SymmetricEigen.largest(projected(p, logD), size);
    }

    /**
     * Builds Pi S Pi (exposed for tests).
     *
     * @param p transition matrix, row-major
     * @param logD ln P(v)
     * @return Pi S Pi, row-major
     */
    static double[] projected(double[] p, double[] logD) {
        int size = logD.length;
        double[] s = new double[size * size];
        for (int a = 0; a < size; a++) {
            for (int b = a; b < size; b++) {
                double half = 0.5 * (logD[a] - logD[b]);
                double pab = p[a * size + b];
                double pba = p[b * size + a];
                double t1 = pab == 0.0 ? 0.0 : Fdlibm.exp(half) * pab;
                double t2 = pba == 0.0 ? 0.0 : Fdlibm.exp(-half) * pba;
                double v = 0.5 * (t1 + t2);
                s[a * size + b] = v;
                s[b * size + a] = v;
            }
        }
        double[] u = new double[size];
        for (int a = 0; a < size; a++) {
            u[a] = Fdlibm.exp(0.5 * logD[a]);
        }
        double[] su = new double[size];
        double c = 0;
        for (int a = 0; a < size; a++) {
            double t = 0;
            for (int b = 0; b < size; b++) {
                t += s[a * size + b] * u[b];
            }
            su[a] = t;
            c += u[a] * t;
        }
        for (int a = 0; a < size; a++) {
            for (int b = 0; b < size; b++) {
                s[a * size + b] += -u[a] * su[b] - su[a] * u[b] + c * u[a] * u[b];
            }
        }
        return s;
    }

    /**
     * @param lambda2 the second eigenvalue
     * @return the relaxation time t_rel = 1 / (1 - lambda2) (Appendix B); infinity when lambda2 &gt;= 1
     */
    public static double relaxationTime(double lambda2) {
        return lambda2 >= 1.0 ? Double.POSITIVE_INFINITY : 1.0 / (1.0 - lambda2);
    }
}
