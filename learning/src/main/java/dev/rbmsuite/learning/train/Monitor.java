package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.learning.estimators.Moments;
import java.util.ArrayList;
import java.util.List;

/**
 * The training monitors of Fig. 2 and Figs. 6-7 (METHODS.md 7.2), evaluated after an update:
 * <ul>
 *   <li>{@code logLikelihood}: the mean log-likelihood of the data under theta_0 (Eq. log_likelihood,
 *       visible marginal), with the exact log Z by enumeration of the smaller layer when
 *       min(n_0, m_0) &le; {@value #EXACT_LL_LIMIT};</li>
 *   <li>{@code maeB, maeC, maeW}: the mean absolute errors of the negative-phase estimates of theta_0
 *       actually used in that update against the exact moments of the parameters of that update
 *       (only when n_0 &le; {@value #EXACT_MOMENTS_LIMIT}; enumeration of the visible layer).</li>
 * </ul>
 * Every value is a deterministic function of the trainer's state, so metrics are bit-identical for
 * the same seed: log Z comes from the diagnostics' exact enumeration (scalar exponentials), and the
 * free energies and exact moments here use scalar {@code Math.exp}/{@code Math.log} only (the Vector
 * API's transcendental functions change bits when C2 compiles them).
 */
public final class Monitor {
    /** Largest min(n, m) for which the log-likelihood is computed exactly. */
    public static final int EXACT_LL_LIMIT = 25;
    /** Largest min(n, m) for which exact moments (and so the MAEs) are computed. */
    public static final int EXACT_MOMENTS_LIMIT = 16;

    private final double[] data;
    private final int rows;
    private final boolean maes;
    private final List<String> columns = new ArrayList<>();

    /**
     * @param data the training data, rows x n_0 (kept)
     * @param rows N_d
     * @param visible n_0
     * @param hidden m_0
     * @throws IllegalArgumentException if the log-likelihood cannot be computed exactly (larger models
     *     need mAIS from the diagnostics module)
     */
    public Monitor(double[] data, int rows, int visible, int hidden) {
        int small = Math.min(visible, hidden);
        if (small > EXACT_LL_LIMIT) {
            throw new IllegalArgumentException("the exact log-likelihood needs min(n, m) <= " + EXACT_LL_LIMIT
                    + ", got n=" + visible + ", m=" + hidden + " (mAIS monitoring is not available yet)");
        }
        this.data = data;
        this.rows = rows;
        this.maes = visible <= EXACT_MOMENTS_LIMIT;
        columns.add("epoch");
        columns.add("logLikelihood");
        if (maes) {
            columns.add("maeB");
            columns.add("maeC");
            columns.add("maeW");
        }
    }

    /** @return the CSV column names, {@code epoch} first */
    public List<String> columns() {
        return List.copyOf(columns);
    }

    /** @return how the log-likelihood is computed ("exact") */
    public String logLikelihoodMethod() {
        return "exact";
    }

    /**
     * @param trainer a trainer right after an update
     * @return the values of {@link #columns()} (epoch first) for this evaluation
     */
    public double[] evaluate(Trainer trainer) {
        double[] out = new double[columns.size()];
        out[0] = trainer.epoch();
        Rbm bottom = trainer.model().bottom();
        double lv = 0;
        double[] f = new double[bottom.numHidden()];
        for (int r = 0; r < rows; r++) {
            lv += freeLogMarginal(bottom, data, r * bottom.numVisible(), f);
        }
        out[1] = lv / rows - ExactLogZ.logZ(bottom);
        if (maes) {
            Moments exact = exactMoments(trainer.lastUpdateModel().bottom());
            double[] e = trainer.lastNegative(0).meanAbsoluteErrors(exact);
            out[2] = e[0];
            out[3] = e[1];
            out[4] = e[2];
        }
        return out;
    }

    /** lv(v) = b.v + sum_j softplus(zeta_j(v)) of the row at {@code off}, with scalar softplus. */
    private static double freeLogMarginal(Rbm rbm, double[] v, int off, double[] f) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double s = 0;
        for (int j = 0; j < m; j++) {
            f[j] = rbm.hiddenBias(j);
        }
        for (int i = 0; i < n; i++) {
            if (v[off + i] != 0.0) {
                s += v[off + i] * rbm.visibleBias(i);
                for (int j = 0; j < m; j++) {
                    f[j] += v[off + i] * rbm.weight(i, j);
                }
            }
        }
        for (int j = 0; j < m; j++) {
            s += Numerics.softplus(f[j]);
        }
        return s;
    }

    /**
     * Exact E[v_i], E[h_j] = E[sig(zeta_j(v))], E[v_i h_j] = E[v_i sig(zeta_j(v))] by enumerating the
     * 2^n visible states in a fixed order (scalar exponentials).
     *
     * @param rbm the model (n at most {@value #EXACT_MOMENTS_LIMIT})
     * @return the exact moments
     */
    static Moments exactMoments(Rbm rbm) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double[] lw = new double[1 << n];
        double[] f = new double[m];
        double[] v = new double[n];
        for (int a = 0; a < lw.length; a++) {
            for (int i = 0; i < n; i++) {
                v[i] = (a >> i) & 1;
            }
            lw[a] = freeLogMarginal(rbm, v, 0, f);
        }
        double lz = Numerics.logSumExp(lw, 0, lw.length);
        Moments out = new Moments(n, m);
        double[] ev = out.visible();
        double[] eh = out.hidden();
        double[] evh = out.pair();
        for (int a = 0; a < lw.length; a++) {
            double p = Math.exp(lw[a] - lz);
            for (int j = 0; j < m; j++) {
                f[j] = rbm.hiddenBias(j);
            }
            for (int i = 0; i < n; i++) {
                if (((a >> i) & 1) != 0) {
                    ev[i] += p;
                    for (int j = 0; j < m; j++) {
                        f[j] += rbm.weight(i, j);
                    }
                }
            }
            for (int j = 0; j < m; j++) {
                double ph = p * Numerics.sigmoid(f[j]);
                eh[j] += ph;
                for (int i = 0; i < n; i++) {
                    if (((a >> i) & 1) != 0) {
                        evh[i * m + j] += ph;
                    }
                }
            }
        }
        return out;
    }
}
