package dev.rbmsuite.datasets.synthetic;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.datasets.BinaryDataset;
import java.util.Arrays;

/**
 * The GenRBM data set (paper section 2.3, Table 1): a generative RBM with n = 10 visible and m = 100
 * hidden units whose parameters W, b and c are all drawn i.i.d. from N(0, 0.01) (standard deviation 0.1,
 * docs/methods.md section 7.2), and N_d = 100 data points, each the visible state of an independent blocked
 * Gibbs sampling (BGS) chain after 5,000 steps from a uniform start.
 *
 * <p>The 100 chains run as one batch through {@link Rbm#sampleHidden} and {@link Rbm#sampleVisible}. The
 * generating RBM is drawn from {@code rng.fork(1)} and the chains from {@code rng.fork(2)}, so the model
 * does not depend on the number or length of the chains.
 *
 * <p>The cost is {@code steps} BGS steps of {@code size} chains, each step two n x m products per
 * chain ({@link #estimatedSeconds}); {@link #generate(Rng, CostGuard)} refuses a setting estimated
 * above its guard's limit before drawing anything (the command line's {@code --allow-slow}).
 *
 * @param n visible units, at least 1
 * @param m hidden units, at least 1
 * @param std standard deviation of every parameter, finite and >= 0
 * @param steps BGS steps per chain (v to h to v is one step), >= 0
 * @param size N_d, the number of chains and data points, at least 1
 */
public record GenRbm(int n, int m, double std, int steps, int size) {
    /** The paper's visible units n = 10. */
    public static final int DEFAULT_N = 10;
    /** The paper's hidden units m = 100. */
    public static final int DEFAULT_M = 100;
    /** The paper's parameter standard deviation, sqrt(0.01). */
    public static final double DEFAULT_STD = 0.1;
    /** The paper's BGS steps per point. */
    public static final int DEFAULT_STEPS = 5000;
    /** The paper's data size N_d = 100. */
    public static final int DEFAULT_SIZE = 100;
    /** The largest number of values (size x units) a generated batch may hold. */
    public static final long MAX_VALUES = 1L << 27;
    /** Name of the data set (and of the registry entry). */
    public static final String NAME = "genrbm";

    /** Seconds per multiply-add of a batched BGS step (development machine). */
    static final double SECONDS_PER_WEIGHT = 4e-10;
    /** Seconds per unit drawn in a batched BGS step (development machine). */
    static final double SECONDS_PER_UNIT = 2e-9;
    /** Fixed seconds per batched BGS step (development machine). */
    static final double SECONDS_PER_STEP = 6e-6;

    /** Checks the parameters; messages name the parameter. */
    public GenRbm {
        if (n < 1) {
            throw new IllegalArgumentException("parameter n=" + n + ": must be a positive integer");
        }
        if (m < 1) {
            throw new IllegalArgumentException("parameter m=" + m + ": must be a positive integer");
        }
        if ((long) n * m > MAX_VALUES) {
            throw new IllegalArgumentException("parameter m=" + m + ": too large (n x m exceeds " + MAX_VALUES + ")");
        }
        if (!(std >= 0 && Double.isFinite(std))) {
            throw new IllegalArgumentException("parameter std=" + std + ": must be a finite number >= 0");
        }
        if (steps < 0) {
            throw new IllegalArgumentException("parameter steps=" + steps + ": must be a non-negative integer");
        }
        if (size < 1) {
            throw new IllegalArgumentException("parameter size=" + size + ": must be a positive integer");
        }
        if ((long) size * Math.max(n, m) > MAX_VALUES) {
            throw new IllegalArgumentException("parameter size=" + size + ": too large (size x max(n, m) exceeds " + MAX_VALUES + ")");
        }
    }

    /** @return the paper's setting: n = 10, m = 100, std = 0.1, 5,000 steps, N_d = 100 */
    public static GenRbm paper() {
        return new GenRbm(DEFAULT_N, DEFAULT_M, DEFAULT_STD, DEFAULT_STEPS, DEFAULT_SIZE);
    }

    /**
     * The generating RBM together with the data drawn from it.
     *
     * @param model the generative RBM (W, b, c ~ N(0, std^2))
     * @param data the N_d final visible states, unlabelled
     */
    public record Sample(Rbm model, BinaryDataset data) {
    }

    /**
     * @param rng random stream; the model comes from {@code rng.fork(1)}, the chains from {@code rng.fork(2)}
     * @return the generative RBM of this seed (the same one {@link #generate(Rng)} uses)
     */
    public Rbm model(Rng rng) {
        return Rbm.gaussian(n, m, std, rng.fork(1));
    }

    /**
     * The estimated cost of {@link #generate}: per step and chain, n x m multiply-adds at
     * {@value #SECONDS_PER_WEIGHT} s and n + m unit draws at {@value #SECONDS_PER_UNIT} s, plus
     * {@value #SECONDS_PER_STEP} s per batched step (rates measured on the 2-core development machine;
     * the paper's setting is about a third of a second).
     *
     * @return the estimated seconds
     */
    public double estimatedSeconds() {
        double perChain = (double) n * m * SECONDS_PER_WEIGHT + ((double) n + m) * SECONDS_PER_UNIT;
        return steps * (size * perChain + SECONDS_PER_STEP);
    }

    /**
     * Draws the generating RBM and runs the chains, without a cost limit.
     *
     * @param rng random stream
     * @return the model and the data set
     */
    public Sample generate(Rng rng) {
        return generate(rng, CostGuard.UNLIMITED);
    }

    /**
     * Draws the generating RBM and runs the chains, within a cost limit.
     *
     * @param rng random stream
     * @param guard the cost limit and progress reports ({@link #estimatedSeconds}; one work unit per step)
     * @return the model and the data set
     * @throws dev.rbmsuite.core.cost.CostLimitException before drawing anything, if the estimate exceeds
     *     the guard's limit
     */
    public Sample generate(Rng rng, CostGuard guard) {
        try (CostGuard.Task task = guard.start("genrbm (" + steps + " BGS steps of " + size + " chains of " + n + " x "
                + m + " units)", estimatedSeconds(), steps)) {
            return run(rng, task);
        }
    }

    private Sample run(Rng rng, CostGuard.Task task) {
        Rbm model = model(rng);
        Rng chains = rng.fork(2);
        double[] v = new double[size * n];
        double[] h = new double[size * m];
        double[] scratch = new double[size * Math.max(n, m)];
        Arrays.fill(v, 0.5);
        chains.bernoulliInPlace(v, 0, v.length, scratch); // uniform start: each unit Bernoulli(1/2)
        for (int t = 0; t < steps; t++) {
            model.sampleHidden(v, size, h, chains, scratch);
            model.sampleVisible(h, size, v, chains, scratch);
            task.advance(1);
        }
        return new Sample(model, BinaryDataset.of(NAME, v, size, n, null, null));
    }
}
