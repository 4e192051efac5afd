package dev.rbmsuite.experiments.claims;

/**
 * The margins of the claims, named once; the report's "How claims are decided" section prints
 * them from here, with the reasons given below.
 */
public final class Margins {
    /**
     * Log-likelihood margin in nats per training point: "comparable" means the proposed kernel is
     * at most this far below a baseline, a "decrease" or a "degradation" is a fall larger than
     * this, "stable" is a fall smaller than this. A likelihood ratio of e^0.1 = 1.1 per point is
     * a tenth of the smallest gap between BGS and the nonlocal kernels on the paper's axes (1 to 5
     * nats), so a gap below it is invisible in the paper's figures 6 and 7.
     */
    public static final double LOGLIK_NATS = 0.1;
    /**
     * "Converged to one" for lambda2: above 0.99, a relaxation time above 100 transitions, two
     * orders of magnitude more than the one BGS step per parameter update of the paper's training.
     */
    public static final double LAMBDA2_NEAR_ONE = 0.99;
    /**
     * A learning curve has levelled off when it rises by less than this many nats from the
     * second-to-last to the last tenth of the epochs; half the comparability margin, so a curve
     * still rising faster could change a comparison within the paper's own training length.
     */
    public static final double LEVELLED_NATS = 0.05;

    private Margins() {
    }
}
