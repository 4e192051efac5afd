package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;

/**
 * The second eigenvalue lambda2 of the BGS transition matrix of an RBM and its relaxation time
 * 1/(1 - lambda2) (paper Appendix B, Fig. 2; docs/methods.md section 5), by one of three estimators.
 */
public final class Lambda2 {
    /** The paper's number of transitions per state for the count estimator. */
    public static final int DEFAULT_COUNT_REPEATS = 1 << 15;
    /** The recommended number of hidden draws per state for the Rao-Blackwellised estimator. */
    public static final int DEFAULT_RB_REPEATS = 1024;

    /** Which transition-matrix estimate feeds the paper's eigenvalue steps. */
    public enum Estimator {
        /** The paper's count-based P_hat (biased upward in expectation). */
        COUNTS,
        /** The Rao-Blackwellised P_hat (docs/methods.md section 5). */
        RAO_BLACKWELL,
        /** The exact BGS matrix (hidden layer enumerated; m &lt;= 16). */
        EXACT
    }

    /**
     * @param lambda2 the second eigenvalue
     * @param relaxationTime 1 / (1 - lambda2)
     */
    public record Result(double lambda2, double relaxationTime) {
    }

    private Lambda2() {
    }

    /**
     * @param rbm the model (n &lt;= 12)
     * @param estimator which estimate of P
     * @param repeats N2 (ignored by {@link Estimator#EXACT}); 0 for the estimator's default
     * @param rng random stream
     * @return lambda2 and the relaxation time
     */
    public static Result estimate(Rbm rbm, Estimator estimator, int repeats, Rng rng) {
        return estimate(rbm, VisibleDistribution.of(rbm), estimator, repeats, rng);
    }

    /**
     * As {@link #estimate(Rbm, Estimator, int, Rng)}, reusing an exact table of P(v).
     *
     * @param rbm the model (n &lt;= 12)
     * @param exact its visible marginal (for D)
     * @param estimator which estimate of P
     * @param repeats N2; 0 for the estimator's default
     * @param rng random stream
     * @return lambda2 and the relaxation time
     */
    public static Result estimate(Rbm rbm, VisibleDistribution exact, Estimator estimator, int repeats, Rng rng) {
        if (repeats < 0) {
            throw new IllegalArgumentException("repeats must be positive, got " + repeats);
        }
        double[] p = switch (estimator) {
            case COUNTS -> BgsTransitionMatrix.counts(rbm, repeats == 0 ? DEFAULT_COUNT_REPEATS : repeats, rng);
            case RAO_BLACKWELL -> BgsTransitionMatrix.raoBlackwell(rbm, repeats == 0 ? DEFAULT_RB_REPEATS : repeats, rng);
            case EXACT -> BgsTransitionMatrix.exact(rbm);
        };
        double l2 = SecondEigenvalue.of(p, exact.logProbabilities());
        return new Result(l2, SecondEigenvalue.relaxationTime(l2));
    }
}
