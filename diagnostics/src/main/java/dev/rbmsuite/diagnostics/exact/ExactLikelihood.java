package dev.rbmsuite.diagnostics.exact;

import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.Ranges;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.VectorModule;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Exact log-probabilities of visible states and the exact log-likelihood of a data set
 * (paper Eq. log_likelihood, with the errata of docs/methods.md section 0: the visible marginal
 * ln P^(v)(v) = lv(v) - ln Z).
 */
public final class ExactLikelihood {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    private ExactLikelihood() {
    }

    /**
     * ln P(v) = lv(v) - ln Z for each row.
     *
     * @param rbm the model
     * @param logZ its log partition function (for example {@link ExactLogZ#logZ})
     * @param v states, rows x n (row-major)
     * @param rows number of rows
     * @param out ln P(v) per row (overwritten)
     */
    public static void logProb(Rbm rbm, double logZ, double[] v, int rows, double[] out) {
        rbm.logMarginalVisible(v, rows, out);
        for (int r = 0; r < rows; r++) {
            out[r] -= logZ;
        }
    }

    /**
     * @param rbm the model
     * @param logZ its log partition function
     * @param v states (rows x n, or one vector)
     * @return ln P(v) per row
     */
    public static INDArray logProb(Rbm rbm, double logZ, INDArray v) {
        return rbm.logMarginalVisible(v).subi(logZ);
    }

    /**
     * The mean log-likelihood (Eq. log_likelihood): (1/N) sum_mu lv(d_mu) - ln Z, summed in row order.
     *
     * @param rbm the model
     * @param logZ its log partition function (exact here, or an mAIS estimate)
     * @param data data points, rows x n (row-major)
     * @param rows number of data points
     * @return the mean log-likelihood
     */
    public static double logLikelihood(Rbm rbm, double logZ, double[] data, int rows) {
        if (rows <= 0) {
            throw new IllegalArgumentException("the data set is empty");
        }
        double[] lv = new double[rows];
        rbm.logMarginalVisible(data, rows, lv);
        double s = 0;
        for (double x : lv) {
            s += x;
        }
        return s / rows - logZ;
    }

    /**
     * The mean log-likelihood with an exact ln Z, checked against its range: mathematically
     * mean lv(d) &lt;= max lv &lt;= ln Z, so a positive value within the float64 rounding bound of
     * lv - ln Z ({@link FloatLimits#logProbabilityError}, large only for huge parameters) is rounding
     * and becomes 0; anything else outside (-inf, 0] is a defect and refused.
     *
     * @param rbm the model
     * @param exactLogZ its exact log partition function ({@link ExactLogZ#logZ})
     * @param data data points, rows x n (row-major)
     * @param rows number of data points
     * @return the mean log-likelihood, in (-inf, 0]
     * @throws dev.rbmsuite.core.RangeException if it lies outside
     */
    public static double checkedLogLikelihood(Rbm rbm, double exactLogZ, double[] data, int rows) {
        Ranges.finite("logZ", exactLogZ);
        double ll = logLikelihood(rbm, exactLogZ, data, rows);
        if (ll > 0 && ll <= FloatLimits.logProbabilityError(rbm)) {
            ll = 0.0;
        }
        return Ranges.logProbability("logLikelihood", ll);
    }

    /**
     * @param rbm the model
     * @param data data points, N x n
     * @return the exact mean log-likelihood, with ln Z by exact enumeration
     */
    public static double logLikelihood(Rbm rbm, INDArray data) {
        return logLikelihood(rbm, ExactLogZ.logZ(rbm), Nd.rows(data, rbm.numVisible(), "data"), Nd.rowCount(data));
    }
}
