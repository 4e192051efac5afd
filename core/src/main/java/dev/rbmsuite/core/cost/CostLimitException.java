package dev.rbmsuite.core.cost;

import dev.rbmsuite.core.InputException;

/**
 * A computation refused because its estimated cost exceeds the limit of its {@link CostGuard}. It
 * is an {@link InputException}: the command line reports it as one line and exit code 2, and the
 * user may rerun with {@code --allow-slow}.
 */
public final class CostLimitException extends InputException {
    private static final long serialVersionUID = 1L;

    private final double estimatedSeconds;
    private final double limitSeconds;

    /**
     * @param what the computation, e.g. "exact log Z (2^30 states x 100 units)"
     * @param estimatedSeconds its estimated cost
     * @param limitSeconds the guard's limit
     */
    public CostLimitException(String what, double estimatedSeconds, double limitSeconds) {
        super(what + " would take about " + CostGuard.duration(estimatedSeconds) + ", above the limit of "
                + CostGuard.duration(limitSeconds) + "; allow it with --allow-slow (CostGuard.UNLIMITED in the API)");
        this.estimatedSeconds = estimatedSeconds;
        this.limitSeconds = limitSeconds;
    }

    /** @return the estimated cost in seconds */
    public double estimatedSeconds() {
        return estimatedSeconds;
    }

    /** @return the limit that was exceeded, in seconds */
    public double limitSeconds() {
        return limitSeconds;
    }
}
