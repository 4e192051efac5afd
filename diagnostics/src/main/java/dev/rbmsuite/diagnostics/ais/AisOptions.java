package dev.rbmsuite.diagnostics.ais;

/**
 * Settings of an annealing run (docs/methods.md section 1; defaults in its section 7.2: K = 10,000,
 * N = 500, base-rate start, double precision).
 *
 * @param schedule the inverse temperatures
 * @param runs N, the number of independent annealing runs
 * @param baseVisibleBias bA of the base model (length n), or null for the uniform base (bA = 0)
 */
public record AisOptions(AnnealingSchedule schedule, int runs, double[] baseVisibleBias) {
    /** The default number of temperatures. */
    public static final int DEFAULT_TEMPERATURES = 10_000;
    /** The default number of runs. */
    public static final int DEFAULT_RUNS = 500;

    /**
     * @param schedule the inverse temperatures
     * @param runs N (at least 2)
     * @param baseVisibleBias bA, or null for uniform
     */
    public AisOptions {
        if (runs < 2) {
            throw new IllegalArgumentException("AIS needs at least 2 runs, got " + runs);
        }
        baseVisibleBias = baseVisibleBias == null ? null : baseVisibleBias.clone();
    }

    /**
     * @param temperatures K
     * @param runs N
     * @return a linear schedule from the uniform base
     */
    public static AisOptions linearUniform(int temperatures, int runs) {
        return new AisOptions(AnnealingSchedule.linear(temperatures), runs, null);
    }

    /** @return bA (a copy), or null for uniform */
    @Override
    public double[] baseVisibleBias() {
        return baseVisibleBias == null ? null : baseVisibleBias.clone();
    }
}
