package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.OptionNames;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.util.List;
import java.util.Locale;

/**
 * The second eigenvalue lambda2 of the BGS transition matrix of an RBM and its relaxation time
 * 1/(1 - lambda2) (paper Appendix B, Fig. 2; docs/methods.md section 5), by one of three estimators.
 */
public final class Lambda2 {
    /** The paper's number of transitions per state for the count estimator. */
    public static final int DEFAULT_COUNT_REPEATS = 1 << 15;
    /** The recommended number of hidden draws per state for the Rao-Blackwellised estimator. */
    public static final int DEFAULT_RB_REPEATS = 1024;

    /**
     * Which transition-matrix estimate feeds the paper's eigenvalue steps; each has the name that the
     * command line, manifests and checkpoints use for it ({@link #optionName()}).
     */
    public enum Estimator {
        /** The paper's count-based P_hat (biased upward in expectation). */
        COUNTS("counts"),
        /** The Rao-Blackwellised P_hat (docs/methods.md section 5). */
        RAO_BLACKWELL("rao-blackwell"),
        /** The exact BGS matrix (hidden layer enumerated; m &lt;= 16). */
        EXACT("exact");

        private final String optionName;

        Estimator(String optionName) {
            this.optionName = optionName;
        }

        /** @return the estimator's name on the command line and in manifests ("counts", "rao-blackwell", "exact") */
        public String optionName() {
            return optionName;
        }

        /**
         * @param name an {@link #optionName()}
         * @return the estimator of that name
         * @throws IllegalArgumentException if no estimator has that name; the message quotes it and
         *     lists the accepted names
         */
        public static Estimator parse(String name) {
            return OptionNames.parse(List.of(values()), Estimator::optionName, name);
        }
    }

    /**
     * @param lambda2 the second eigenvalue
     * @param relaxationTime 1 / (1 - lambda2)
     */
    public record Result(double lambda2, double relaxationTime) {
    }

    /** Seconds per unit of the count estimate (see {@link #estimatedSeconds}). */
    static final double SECONDS_PER_COUNT_UNIT = 5e-10;
    /** Seconds per multiply-add of the Rao-Blackwellised estimate (2.2e-10 measured at n = 10, m = 100). */
    static final double SECONDS_PER_RB_UNIT = 2.5e-10;
    /** Seconds per multiply-add of the exact matrix (1.0e-9 measured at n = 8, m = 14). */
    static final double SECONDS_PER_EXACT_UNIT = 1.2e-9;
    /** Seconds per (2^n)^3 of the symmetric eigenproblem (1e-8 measured at n = 10 under heavy load, 2e-9 without). */
    static final double SECONDS_PER_EIGEN_CUBE = 4e-9;

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
        return estimate(rbm, estimator, repeats, rng, CostGuard.DEFAULT);
    }

    /**
     * As {@link #estimate(Rbm, Estimator, int, Rng)}, under a cost guard.
     *
     * @param rbm the model (n &lt;= 12)
     * @param estimator which estimate of P
     * @param repeats N2 (ignored by {@link Estimator#EXACT}); 0 for the estimator's default
     * @param rng random stream
     * @param guard the cost limit and progress reports ({@link #estimatedSeconds})
     * @return lambda2 and the relaxation time
     * @throws dev.rbmsuite.core.cost.CostLimitException if the estimate exceeds the guard's limit
     */
    public static Result estimate(Rbm rbm, Estimator estimator, int repeats, Rng rng, CostGuard guard) {
        requireScale(rbm);
        return estimate(rbm, VisibleDistribution.of(rbm, guard), estimator, repeats, rng, guard);
    }

    /**
     * Every estimator weighs P(a -&gt; b) by exp((ln D_a - ln D_b) / 2) ({@link SecondEigenvalue}), and
     * the transition probabilities themselves come from fields of size up to E_max: in float64 both
     * carry an absolute error of about {@link FloatLimits#logProbabilityError} nats, so beyond
     * {@value FloatLimits#MAX_LOG_PROBABILITY_ERROR} nats the estimate is meaningless (at |W| = 1e20 a
     * model whose lambda2 is 1/2 gave 0.511; at larger scales exp overflowed to NaN). Such a model is
     * refused before any work.
     *
     * @throws dev.rbmsuite.core.InputException for a model beyond that scale
     */
    private static void requireScale(Rbm rbm) {
        FloatLimits.requireAccurateLogProbabilities(rbm, "option --model: lambda2");
    }

    /**
     * The estimated cost of an estimate, from the operation counts of {@link BgsTransitionMatrix}
     * and the eigenproblem at rates measured on the 2-core development machine under load: counts
     * 2^n N2 (n m + 64) at {@value #SECONDS_PER_COUNT_UNIT} s, Rao-Blackwell 2^n N2 (n m + 2^n n) at
     * {@value #SECONDS_PER_RB_UNIT} s, exact 2^n 2^m (n m + 2^n n) at {@value #SECONDS_PER_EXACT_UNIT}
     * s, plus (2^n)^3 at {@value #SECONDS_PER_EIGEN_CUBE} s for the eigenvalues.
     *
     * @param rbm the model
     * @param estimator which estimate of P
     * @param repeats N2; 0 for the estimator's default
     * @return the estimated seconds
     */
    public static double estimatedSeconds(Rbm rbm, Estimator estimator, int repeats) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double states = Math.scalb(1.0, n);
        double matrix = switch (estimator) {
            case COUNTS -> states * (repeats == 0 ? DEFAULT_COUNT_REPEATS : repeats) * ((double) n * m + 64)
                    * SECONDS_PER_COUNT_UNIT;
            case RAO_BLACKWELL -> states * (repeats == 0 ? DEFAULT_RB_REPEATS : repeats) * ((double) n * m + states * n)
                    * SECONDS_PER_RB_UNIT;
            case EXACT -> states * Math.scalb(1.0, m) * ((double) n * m + states * n) * SECONDS_PER_EXACT_UNIT;
        };
        return matrix + states * states * states * SECONDS_PER_EIGEN_CUBE;
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
        return estimate(rbm, exact, estimator, repeats, rng, CostGuard.DEFAULT);
    }

    /**
     * As {@link #estimate(Rbm, VisibleDistribution, Estimator, int, Rng)}, under a cost guard.
     *
     * @param rbm the model (n &lt;= 12)
     * @param exact its visible marginal (for D)
     * @param estimator which estimate of P
     * @param repeats N2; 0 for the estimator's default
     * @param rng random stream
     * @param guard the cost limit and progress reports ({@link #estimatedSeconds})
     * @return lambda2 and the relaxation time
     * @throws dev.rbmsuite.core.cost.CostLimitException if the estimate exceeds the guard's limit
     */
    public static Result estimate(Rbm rbm, VisibleDistribution exact, Estimator estimator, int repeats, Rng rng,
            CostGuard guard) {
        requireScale(rbm);
        if (repeats < 0) {
            throw new IllegalArgumentException("repeats must be positive, got " + repeats);
        }
        try (CostGuard.Task task = guard.start("lambda2 (" + estimator.name().toLowerCase(Locale.ROOT)
                + ", 2^" + rbm.numVisible() + " states, m = " + rbm.numHidden() + ")",
                estimatedSeconds(rbm, estimator, repeats), 0)) {
            double[] p = switch (estimator) {
                case COUNTS -> BgsTransitionMatrix.counts(rbm, repeats == 0 ? DEFAULT_COUNT_REPEATS : repeats, rng);
                case RAO_BLACKWELL -> BgsTransitionMatrix.raoBlackwell(rbm, repeats == 0 ? DEFAULT_RB_REPEATS : repeats,
                        rng);
                case EXACT -> BgsTransitionMatrix.exact(rbm);
            };
            double l2 = SecondEigenvalue.of(p, exact.logProbabilities());
            return new Result(l2, SecondEigenvalue.relaxationTime(l2));
        }
    }
}
