package dev.rbmsuite.diagnostics.exact;

/**
 * The mean absolute errors of moment estimates against exact moments (paper section 2.3, Fig. 2):
 * MAE_b = (1/n) sum_i |E[v_i] - M_i|, MAE_c = (1/m) sum_j |E[h_j] - M_j|,
 * MAE_W = (1/(nm)) sum_ij |E[v_i h_j] - M_ij|.
 *
 * @param b MAE of the visible-bias moments
 * @param c MAE of the hidden-bias moments
 * @param w MAE of the weight moments
 */
public record MomentErrors(double b, double c, double w) {
    /**
     * @param exact the exact moments ({@link ExactMoments#of})
     * @param estimate the estimates (same shapes)
     * @return the three MAEs
     */
    public static MomentErrors of(Moments exact, Moments estimate) {
        if (exact.n() != estimate.n() || exact.m() != estimate.m()) {
            throw new IllegalArgumentException("moment shapes differ: (" + exact.n() + ", " + exact.m() + ") vs ("
                    + estimate.n() + ", " + estimate.m() + ")");
        }
        return new MomentErrors(mae(exact.visible(), estimate.visible()), mae(exact.hidden(), estimate.hidden()),
                mae(exact.joint(), estimate.joint()));
    }

    /**
     * @param exact exact values
     * @param estimate estimates (same length)
     * @return mean_k |exact_k - estimate_k|
     */
    public static double mae(double[] exact, double[] estimate) {
        if (exact.length != estimate.length) {
            throw new IllegalArgumentException("lengths differ: " + exact.length + " vs " + estimate.length);
        }
        double s = 0;
        for (int k = 0; k < exact.length; k++) {
            s += Math.abs(exact[k] - estimate[k]);
        }
        return s / exact.length;
    }
}
