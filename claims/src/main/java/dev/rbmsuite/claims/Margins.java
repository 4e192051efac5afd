package dev.rbmsuite.claims;

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

    /**
     * "The MAEs increased": the last quarter's mean MAE must exceed the first quarter's by more
     * than this fraction; a change of a tenth is about the smallest a reader sees on figure 2's MAE
     * axis, which spans several-fold changes.
     */
    public static final double MAE_RELATIVE = 0.1;
    /**
     * lambda2 "converged to one": within this of one (see {@link #LAMBDA2_NEAR_ONE}).
     */
    public static final double LAMBDA2_FROM_ONE = 1 - LAMBDA2_NEAR_ONE;
    /**
     * TV margin as a fraction of the panel's i.i.d. floor (the TV of as many exact independent
     * samples as there are chains): a tenth of the TV that exact sampling already leaves is below
     * what figure 9's curves, drawn on a 0-to-1 axis with the floor as a line, separate (0.005 to
     * 0.018 TV for the four data sets), and below what any kernel could gain at the floor.
     */
    public static final double TV_FLOOR_FRACTION = 0.1;
    /**
     * "More rapidly": the halfway step (the step at which the TV has covered half its distance from
     * the start to the i.i.d. floor) must differ by this many transitions; one step is the
     * resolution of figure 9's step axis.
     */
    public static final double HALFWAY_STEPS = 1;
    /**
     * "A broader range of states": distinct states and PCA spread must differ by this fraction of
     * the baseline's mean; a range 5 % wider is not visible in figure 8's trajectory plots.
     */
    public static final double RANGE_RELATIVE = 0.05;
    /** "Moved between clusters more frequently": one move in 100 steps, the smallest count a trajectory shows. */
    public static final double MOVES = 1;

    private Margins() {
    }
}
