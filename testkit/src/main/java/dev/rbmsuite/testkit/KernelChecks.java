package dev.rbmsuite.testkit;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.TemperedState;
import dev.rbmsuite.kernels.TransitionKernel;
import java.util.Arrays;
import java.util.Locale;

/**
 * The standard a transition kernel must meet on tiny models, as checks that throw
 * {@link AssertionError} (so they work under any test framework):
 * <ul>
 *   <li>exact: the matrix is row-stochastic ({@link #assertStochastic}), leaves the target stationary
 *       ({@link #assertStationary}) and, for a reversible kernel, satisfies detailed balance
 *       ({@link #assertDetailedBalance});</li>
 *   <li>implementation against matrix: from fixed starts, the sampled one-step (or k-step)
 *       distribution matches the exact row ({@link #assertStepMatchesMatrix},
 *       {@link #assertStepsMatchMatrix});</li>
 *   <li>no drift: chains started exactly from the target stay at the target
 *       ({@link #assertNoDrift});</li>
 *   <li>the randomness contract of {@link TransitionKernel#advance}: same stream, same result; the
 *       input of {@code step} is untouched ({@link #assertDeterministicAndPure}); different streams,
 *       different results, so that no step replays another's randomness
 *       ({@link #assertFreshRandomness});</li>
 *   <li>for a kernel that is biased by design (the unadjusted discrete Langevin kernel), the bias
 *       itself, exactly: the TV distance ({@link #tv(double[], double[])}) between the stationary
 *       distribution of its matrix ({@link ExactMatrix#stationary}) and the target.</li>
 * </ul>
 *
 * <p><b>False-alarm rate.</b> The statistical checks bound each checked quantity so that a correct
 * kernel fails it with probability at most about {@value #DELTA} (Bernstein's inequality per state,
 * McDiarmid's inequality around the exact expected TV of N i.i.d. draws, and Pearson's chi-square at
 * the Wilson-Hilferty 7-sigma point); with their fixed seeds the checks are deterministic. A test of a
 * few hundred quantities thus has a false-alarm probability below 1e-6, while the sample sizes of
 * the suite's tests (10^5 chains) detect errors of about 1% in a transition probability.
 */
public final class KernelChecks {
    /** The bound on the false-alarm probability of each checked quantity. */
    public static final double DELTA = 1e-9;
    /** ln(1/delta). */
    static final double LOG_INV_DELTA = Fdlibm.log(1 / DELTA);

    private KernelChecks() {
    }

    // ------------------------------------------------------------------------ exact properties

    /**
     * @param t a matrix
     * @param tol tolerance on each row sum
     * @throws AssertionError unless entries are in [0, 1] and rows sum to 1 within tol
     */
    public static void assertStochastic(double[][] t, double tol) {
        for (int a = 0; a < t.length; a++) {
            if (t[a].length != t.length) {
                throw new AssertionError("row " + a + " has " + t[a].length + " entries, the matrix " + t.length + " rows");
            }
            double s = 0;
            for (int b = 0; b < t.length; b++) {
                if (!(t[a][b] >= -tol && t[a][b] <= 1 + tol)) {
                    throw new AssertionError("T[" + a + "][" + b + "] = " + t[a][b] + " is not a probability");
                }
                s += t[a][b];
            }
            if (Math.abs(s - 1) > tol) {
                throw new AssertionError("row " + a + " sums to " + s);
            }
        }
    }

    /**
     * Whether every state reaches every other through transitions of positive probability (a strongly
     * connected graph of the non-zero entries), by a search forward and one backward from state 0. A
     * kernel can leave P stationary and satisfy detailed balance while being reducible (a path of an even
     * number of flips never changes the parity of the number of ones): then chains never leave the part
     * of the space their start lies in, and their TV to P stays up.
     *
     * @param t a transition matrix
     * @return whether it is irreducible
     */
    public static boolean irreducible(double[][] t) {
        return reachesAll(t, false) && reachesAll(t, true);
    }

    /**
     * @param t a transition matrix
     * @throws AssertionError naming a state that state 0 does not reach (or that does not reach it), or
     *     if no state has a self-transition (then a reversible kernel can be periodic)
     */
    public static void assertErgodic(double[][] t) {
        for (boolean backward : new boolean[] {false, true}) {
            boolean[] seen = reach(t, backward);
            for (int x = 0; x < seen.length; x++) {
                if (!seen[x]) {
                    throw new AssertionError("reducible: state " + x + (backward ? " does not reach" : " is not reached from")
                            + " state 0");
                }
            }
        }
        for (int x = 0; x < t.length; x++) {
            if (t[x][x] > 0) {
                return;
            }
        }
        throw new AssertionError("no state has a self-transition: the chain may be periodic");
    }

    private static boolean reachesAll(double[][] t, boolean backward) {
        for (boolean b : reach(t, backward)) {
            if (!b) {
                return false;
            }
        }
        return true;
    }

    private static boolean[] reach(double[][] t, boolean backward) {
        int size = t.length;
        boolean[] seen = new boolean[size];
        int[] stack = new int[size];
        int top = 0;
        seen[0] = true;
        stack[top++] = 0;
        while (top > 0) {
            int x = stack[--top];
            for (int y = 0; y < size; y++) {
                double p = backward ? t[y][x] : t[x][y];
                if (p > 0 && !seen[y]) {
                    seen[y] = true;
                    stack[top++] = y;
                }
            }
        }
        return seen;
    }

    /**
     * @param t a transition matrix
     * @param pi the target
     * @param tol tolerance on each entry of pi T - pi
     * @return max_b |(pi T)_b - pi_b|
     * @throws AssertionError if pi T differs from pi by more than tol
     */
    public static double assertStationary(double[][] t, double[] pi, double tol) {
        double worst = 0;
        int where = -1;
        for (int b = 0; b < pi.length; b++) {
            double s = 0;
            for (int a = 0; a < pi.length; a++) {
                s += pi[a] * t[a][b];
            }
            double d = Math.abs(s - pi[b]);
            if (d > worst) {
                worst = d;
                where = b;
            }
        }
        if (worst > tol) {
            throw new AssertionError(String.format(Locale.ROOT, "the target is not stationary: |(pi T - pi)[%d]| = %.3g > %.3g",
                    where, worst, tol));
        }
        return worst;
    }

    /**
     * @param t a transition matrix
     * @param pi the target
     * @param tol tolerance on each |pi_a T[a][b] - pi_b T[b][a]|
     * @return the largest violation
     * @throws AssertionError if detailed balance fails by more than tol
     */
    public static double assertDetailedBalance(double[][] t, double[] pi, double tol) {
        double worst = 0;
        int wa = -1;
        int wb = -1;
        for (int a = 0; a < pi.length; a++) {
            for (int b = a + 1; b < pi.length; b++) {
                double d = Math.abs(pi[a] * t[a][b] - pi[b] * t[b][a]);
                if (d > worst) {
                    worst = d;
                    wa = a;
                    wb = b;
                }
            }
        }
        if (worst > tol) {
            throw new AssertionError(String.format(Locale.ROOT,
                    "detailed balance fails: |pi_%d T[%d][%d] - pi_%d T[%d][%d]| = %.3g > %.3g", wa, wa, wb, wb, wb, wa,
                    worst, tol));
        }
        return worst;
    }

    // ---------------------------------------------------------------- implementation vs matrix

    /**
     * Implementation against matrix: from each start, N chains make one step of the kernel (each start
     * its own stream, {@code rng.fork(start)}), and the empirical next-state distribution must match
     * the exact row.
     *
     * @param kernel the kernel
     * @param t its exact matrix, in the indexing of {@link States}
     * @param sizes the layer sizes of the kernel's state
     * @param parity the tempering parity of the starts (0 unless the kernel's state is a
     *     {@link TemperedState})
     * @param starts joint indices to start from
     * @param n chains per start (the suite uses 10^5)
     * @param rng stream
     */
    public static void assertStepMatchesMatrix(TransitionKernel kernel, double[][] t, int[] sizes, int parity,
                                               int[] starts, int n, Rng rng) {
        assertStepsMatchMatrix(kernel, t, 1, sizes, parity, starts, n, rng);
    }

    /**
     * Implementation against matrix over k steps: from each start, N chains make k steps, step s with
     * the fresh stream {@code rng.fork(start).fork(s)} as the randomness contract asks, and the
     * empirical distribution must match the row of the exact k-step matrix. A kernel that replays the
     * same randomness at every step generally fails this with k = 2 although it passes with k = 1.
     *
     * @param kernel the kernel
     * @param tk the exact k-step matrix (for example {@link ExactMatrix#power} or the composition of
     *     the parities' matrices)
     * @param steps k
     * @param sizes the layer sizes of the kernel's state
     * @param parity the tempering parity of the starts
     * @param starts joint indices to start from
     * @param n chains per start
     * @param rng stream
     */
    public static void assertStepsMatchMatrix(TransitionKernel kernel, double[][] tk, int steps, int[] sizes,
                                              int parity, int[] starts, int n, Rng rng) {
        for (int s : starts) {
            int[] idx = new int[n];
            Arrays.fill(idx, s);
            ChainState state = start(kernel, States.fromIndices(sizes, idx), parity);
            Rng r = rng.fork(s);
            for (int k = 0; k < steps; k++) {
                kernel.advance(r.fork(k), state);
            }
            assertMatches(kernel.name() + ", " + steps + " step(s) from state " + s, tk[s],
                    States.counts(States.jointIndices(state), tk.length), n);
        }
    }

    /**
     * No drift: N chains drawn exactly from the target make 1, 4 and 16 steps (step t with the fresh
     * stream {@code rng.fork(2).fork(t)}); after each the TV distance to the target stays below the
     * exact Monte-Carlo floor of N i.i.d. samples plus the McDiarmid deviation, and Pearson's
     * statistic against the target stays below its 7-sigma limit (the chains stay i.i.d. from the
     * target if the kernel leaves it invariant). The starts have parity 0.
     *
     * @param kernel the kernel
     * @param pi its target over joint indices
     * @param sizes the layer sizes of the kernel's state
     * @param n number of chains
     * @param rng stream
     * @return the TV after 16 steps
     */
    public static double assertNoDrift(TransitionKernel kernel, double[] pi, int[] sizes, int n, Rng rng) {
        ChainState state = kernel.init(States.fromIndices(sizes, States.exactSamples(pi, n, rng.fork(0))));
        double floor = expectedTvFloor(pi, n);
        double limit = floor + tvDeviation(n);
        double iid = tv(pi, States.counts(States.exactSamples(pi, n, rng.fork(1)), pi.length), n);
        if (iid > limit) {
            throw new AssertionError("harness check: TV of fresh exact samples " + iid + " > " + limit);
        }
        int done = 0;
        double last = Double.NaN;
        Rng steps = rng.fork(2);
        for (int target : new int[] {1, 4, 16}) {
            for (; done < target; done++) {
                kernel.advance(steps.fork(done), state);
            }
            double[] c = States.counts(States.jointIndices(state), pi.length);
            last = tv(pi, c, n);
            if (last > limit) {
                throw new AssertionError(String.format(Locale.ROOT,
                        "%s: TV after %d steps %.5g > %.5g (floor %.5g, an i.i.d. sample %.5g)", kernel.name(), target, last,
                        limit, floor, iid));
            }
            double[] chi = chiSquare(pi, c, n);
            if (chi[0] > chiSquareLimit(chi[1])) {
                throw new AssertionError(String.format(Locale.ROOT, "%s: chi-square to the target after %d steps %.4g > %.4g (df %s)",
                        kernel.name(), target, chi[0], chiSquareLimit(chi[1]), chi[1]));
            }
        }
        return last;
    }

    // ---------------------------------------------------------------------- randomness contract

    /**
     * Same stream gives identical states and infos (from {@code init} and over several steps);
     * {@code step} leaves its input unchanged; another seed gives another state.
     *
     * @param kernel the kernel
     * @param chains N (enough that two random transitions practically never coincide, e.g. 50)
     * @param seed seed
     */
    public static void assertDeterministicAndPure(TransitionKernel kernel, int chains, long seed) {
        ChainState s0 = kernel.init(chains, Rng.seeded(seed).fork(0));
        ChainState again = kernel.init(chains, Rng.seeded(seed).fork(0));
        check(again.equals(s0), kernel.name() + ": init with the same stream gave different states");
        ChainState before = s0.copy();
        check(before.equals(s0), kernel.name() + ": copy() is not equal to its original");
        TransitionKernel.Step a = kernel.step(Rng.seeded(seed).fork(1), s0);
        check(s0.equals(before), kernel.name() + ": step modified its input");
        TransitionKernel.Step b = kernel.step(Rng.seeded(seed).fork(1), s0);
        check(b.state().equals(a.state()), kernel.name() + ": step with the same stream gave different states");
        check(b.info().equals(a.info()) || b.info().statistics().equals(a.info().statistics()),
                kernel.name() + ": step with the same stream gave different infos");
        ChainState c = s0.copy();
        ChainState d = s0.copy();
        for (int k = 0; k < 5; k++) {
            kernel.advance(Rng.seeded(seed).fork(2, k), c);
        }
        for (int k = 0; k < 5; k++) {
            kernel.advance(Rng.seeded(seed).fork(2, k), d);
        }
        check(d.equals(c), kernel.name() + ": five steps with the same streams gave different states");
        TransitionKernel.Step other = kernel.step(Rng.seeded(seed + 1).fork(1), s0);
        check(!other.state().equals(a.state()), kernel.name() + ": a different seed gave the same state");
    }

    /**
     * Fresh randomness per step: copies of one state advanced with the streams {@code fork(0..k-1)}
     * of one root (what callers pass to successive steps) must all differ, and so must successive
     * transitions of one run from the same state. A kernel that ignores the stream it is given (for
     * example one that draws from a stream of its own, re-seeded or forked with a fixed key at every
     * call) replays the same randomness at every step and fails here.
     *
     * @param kernel the kernel
     * @param chains N (enough that two random transitions practically never coincide, e.g. 50)
     * @param seed seed
     */
    public static void assertFreshRandomness(TransitionKernel kernel, int chains, long seed) {
        Rng root = Rng.seeded(seed);
        ChainState start = kernel.init(chains, root.fork(0));
        Rng steps = root.fork(1);
        int k = 4;
        ChainState[] next = new ChainState[k];
        for (int t = 0; t < k; t++) {
            next[t] = start.copy();
            kernel.advance(steps.fork(t), next[t]);
        }
        for (int a = 0; a < k; a++) {
            for (int b = a + 1; b < k; b++) {
                if (next[a].positions().equals(next[b].positions())) {
                    throw new AssertionError(kernel.name() + ": the same state advanced with the streams of steps " + a
                            + " and " + b + " gave the same next state: the kernel replays its randomness (it must "
                            + "take all of it from the stream it is given)");
                }
            }
        }
    }

    // ---------------------------------------------------------------------------- statistics

    /**
     * @param p a distribution
     * @param q another one on the same states
     * @return the total variation distance 1/2 sum |p - q| (with {@link ExactMatrix#stationary}, the exact
     *     bias of a kernel whose stationary distribution is not its target)
     */
    public static double tv(double[] p, double[] q) {
        if (p.length != q.length) {
            throw new IllegalArgumentException("distributions over " + p.length + " and " + q.length + " states");
        }
        double s = 0;
        for (int k = 0; k < p.length; k++) {
            s += Math.abs(p[k] - q[k]);
        }
        return s / 2;
    }

    /** @return 1/2 sum |p - count/N| */
    public static double tv(double[] p, double[] counts, int n) {
        double s = 0;
        for (int k = 0; k < p.length; k++) {
            s += Math.abs(p[k] - counts[k] / n);
        }
        return s / 2;
    }

    /**
     * The exact expected TV distance between p and the empirical distribution of N i.i.d. draws
     * from p (the Monte-Carlo floor): 1/(2N) sum_k E|X_k - N p_k| with X_k ~ Bin(N, p_k), by de
     * Moivre's formula E|X - Np| = 2 j C(N,j) p^j (1-p)^(N-j+1), j = floor(Np) + 1.
     *
     * @param p a distribution
     * @param n N
     * @return the expected TV
     */
    public static double expectedTvFloor(double[] p, int n) {
        double[] logFact = new double[n + 2];
        for (int k = 1; k < logFact.length; k++) {
            logFact[k] = logFact[k - 1] + Fdlibm.log(k);
        }
        double s = 0;
        for (double pk : p) {
            if (pk <= 0 || pk >= 1) {
                continue;
            }
            int j = (int) Math.floor(n * pk) + 1;
            if (j > n) {
                continue;
            }
            double logMad = Fdlibm.log(2.0 * j) + logFact[n] - logFact[j] - logFact[n - j]
                    + j * Fdlibm.log(pk) + (n - j + 1) * Fdlibm.log1p(-pk);
            s += Fdlibm.exp(logMad);
        }
        return s / (2.0 * n);
    }

    /**
     * McDiarmid: the TV of N samples moves by at most 1/N per sample, so it exceeds its mean by this
     * with probability at most {@value #DELTA}.
     *
     * @param n N
     * @return sqrt(ln(1/delta) / (2N))
     */
    public static double tvDeviation(int n) {
        return Math.sqrt(LOG_INV_DELTA / (2.0 * n));
    }

    /**
     * Asserts that counts of N draws match the exact distribution p: per state Bernstein's bound
     * |X - Np| &lt;= a/3 + sqrt(a^2/9 + 2 a N p (1-p)), a = ln(2 * states / delta); the TV bound
     * E[TV] + McDiarmid with E[TV] &lt;= 1/2 sum sqrt(p(1-p)/N); and Pearson's chi-square.
     *
     * @param what description for messages
     * @param p the exact row
     * @param counts the empirical counts
     * @param n number of draws
     */
    public static void assertMatches(String what, double[] p, double[] counts, int n) {
        double a = Fdlibm.log(2.0 * p.length) + LOG_INV_DELTA;
        double meanTvBound = 0;
        for (int k = 0; k < p.length; k++) {
            double var = n * p[k] * (1 - p[k]);
            double bound = a / 3 + Math.sqrt(a * a / 9 + 2 * a * var);
            if (Math.abs(counts[k] - n * p[k]) > bound) {
                throw new AssertionError(String.format(Locale.ROOT, "%s: state %d, p = %.6g, count %s of %d (bound %.4g)",
                        what, k, p[k], counts[k], n, bound));
            }
            meanTvBound += 0.5 * Math.sqrt(p[k] * (1 - p[k]) / n);
        }
        double d = tv(p, counts, n);
        if (d > meanTvBound + tvDeviation(n)) {
            throw new AssertionError(what + ": TV to the exact row " + d + " > " + (meanTvBound + tvDeviation(n)));
        }
        double[] chi = chiSquare(p, counts, n);
        if (chi[0] > chiSquareLimit(chi[1])) {
            throw new AssertionError(what + ": Pearson chi-square " + chi[0] + " > " + chiSquareLimit(chi[1]) + " with "
                    + chi[1] + " degrees of freedom");
        }
    }

    /**
     * Pearson's statistic over the cells with N p &gt;= 5, the other cells pooled into one (if their
     * pooled expectation is at least 5; else they are left to the Bernstein bounds).
     *
     * @param p the exact distribution
     * @param counts the counts
     * @param n N
     * @return {statistic, degrees of freedom}
     */
    public static double[] chiSquare(double[] p, double[] counts, int n) {
        double stat = 0;
        int cells = 0;
        double restP = 0;
        double restC = 0;
        for (int k = 0; k < p.length; k++) {
            double e = n * p[k];
            if (e >= 5) {
                stat += (counts[k] - e) * (counts[k] - e) / e;
                cells++;
            } else {
                restP += p[k];
                restC += counts[k];
            }
        }
        if (n * restP >= 5) {
            double e = n * restP;
            stat += (restC - e) * (restC - e) / e;
            cells++;
        }
        return new double[] {stat, Math.max(cells - 1, 1)};
    }

    /**
     * A limit the chi-square statistic with df degrees of freedom exceeds with probability well below
     * {@value #DELTA}: the Wilson-Hilferty cube-root normal approximation at z = 7.
     *
     * @param df degrees of freedom
     * @return the limit
     */
    public static double chiSquareLimit(double df) {
        double a = 2.0 / (9.0 * df);
        double c = 1 - a + 7.0 * Math.sqrt(a);
        return df * c * c * c;
    }

    private static ChainState start(TransitionKernel kernel, ChainState positions, int parity) {
        ChainState s = kernel.init(positions);
        if (parity != 0) {
            if (!(s instanceof TemperedState t)) {
                throw new IllegalArgumentException("parity " + parity + " needs a kernel whose state is a TemperedState");
            }
            t.setParity(parity);
        }
        return s;
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new AssertionError(message);
        }
    }
}
