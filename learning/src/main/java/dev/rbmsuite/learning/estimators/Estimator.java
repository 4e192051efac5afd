package dev.rbmsuite.learning.estimators;

/**
 * The negative-phase estimators training offers (a closed set): typed names for
 * {@link MomentEstimator#named}.
 */
public enum Estimator {
    /** Semi-second-order SMCI (paper Appendix A, corrected; docs/methods.md section 2.2). */
    SMCI2(SemiSecondOrderSmci.NAME),
    /** Plain Monte Carlo averages of the chain samples. */
    MC(MonteCarloEstimator.NAME);

    private final String cliName;

    Estimator(String cliName) {
        this.cliName = cliName;
    }

    /** @return the name on the command line and in manifests ("smci2" or "mc") */
    public String cliName() {
        return cliName;
    }

    /** @return a new estimator instance (estimators keep scratch buffers: one per layer and thread) */
    public MomentEstimator create() {
        return MomentEstimator.named(cliName);
    }

    /**
     * @param name "smci2" or "mc"
     * @return the estimator of that name
     * @throws IllegalArgumentException for any other name
     */
    public static Estimator of(String name) {
        for (Estimator e : values()) {
            if (e.cliName.equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown estimator \"" + name + "\" (expected smci2 or mc)");
    }
}
