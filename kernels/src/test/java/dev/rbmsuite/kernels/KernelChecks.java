package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rng;
import java.util.Arrays;

/**
 * The statistical standard every kernel must meet (used by each kernel's test): the sampled
 * one-step distribution from fixed starts matches the exact matrix row, and chains started from
 * the exact target do not drift away from it. Bounds are derived from the sample size: Bernstein's
 * inequality per state, and McDiarmid's inequality around the exact expected TV of N i.i.d.
 * samples (the Monte-Carlo floor), each with a failure probability of about 1e-9.
 */
final class KernelChecks {
    /** ln(1/delta) with delta = 1e-9 per checked quantity. */
    static final double LOG_INV_DELTA = Math.log(1e9);

    private KernelChecks() {
    }

    /**
     * @param s chains
     * @return per chain the joint index sum_l v_l &lt;&lt; offset_l (layer 0 lowest, unit i = bit i)
     */
    static int[] jointIndices(ChainState s) {
        int[] idx = new int[s.chains()];
        int off = 0;
        for (int l = 0; l < s.layers(); l++) {
            int n = s.size(l);
            double[] v = s.buffer(l);
            for (int r = 0; r < idx.length; r++) {
                int x = 0;
                for (int i = 0; i < n; i++) {
                    double b = v[r * n + i];
                    assertThat(b == 0.0 || b == 1.0).as("binary state").isTrue();
                    if (b == 1.0) {
                        x |= 1 << i;
                    }
                }
                idx[r] |= x << off;
            }
            off += n;
        }
        return idx;
    }

    /**
     * @param sizes layer sizes
     * @param indices per chain a joint index
     * @param parity parity of the new state
     * @return the state holding these configurations
     */
    static ChainState fromIndices(int[] sizes, int[] indices, int parity) {
        int chains = indices.length;
        double[][] v = new double[sizes.length][];
        int off = 0;
        for (int l = 0; l < sizes.length; l++) {
            int n = sizes[l];
            v[l] = new double[chains * n];
            for (int r = 0; r < chains; r++) {
                int x = indices[r] >>> off;
                for (int i = 0; i < n; i++) {
                    v[l][r * n + i] = (x >> i) & 1;
                }
            }
            off += n;
        }
        return new ChainState(chains, sizes, v, parity);
    }

    /**
     * Exact i.i.d. draws from pi by inverse-CDF sampling.
     *
     * @param pi a distribution
     * @param count number of draws
     * @param rng stream
     * @return the drawn indices
     */
    static int[] exactSamples(double[] pi, int count, Rng rng) {
        double[] cdf = new double[pi.length];
        double acc = 0;
        for (int s = 0; s < pi.length; s++) {
            acc += pi[s];
            cdf[s] = acc;
        }
        int[] out = new int[count];
        for (int r = 0; r < count; r++) {
            double u = rng.nextDouble() * acc;
            int k = Arrays.binarySearch(cdf, u);
            k = k >= 0 ? k + 1 : -k - 1;
            out[r] = Math.min(k, pi.length - 1);
        }
        return out;
    }

    static double[] counts(int[] idx, int states) {
        double[] c = new double[states];
        for (int x : idx) {
            c[x]++;
        }
        return c;
    }

    /** @return 1/2 sum |p - count/N| */
    static double tv(double[] p, double[] counts, int n) {
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
     */
    static double expectedTvFloor(double[] p, int n) {
        double[] logFact = new double[n + 2];
        for (int k = 1; k < logFact.length; k++) {
            logFact[k] = logFact[k - 1] + Math.log(k);
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
            double logMad = Math.log(2.0 * j) + logFact[n] - logFact[j] - logFact[n - j]
                    + j * Math.log(pk) + (n - j + 1) * Math.log1p(-pk);
            s += Math.exp(logMad);
        }
        return s / (2.0 * n);
    }

    /** McDiarmid: TV of N samples moves by at most 1/N per sample, so it exceeds its mean by this with prob &lt;= 1e-9. */
    static double tvDeviation(int n) {
        return Math.sqrt(LOG_INV_DELTA / (2.0 * n));
    }

    /**
     * Asserts that counts of N draws match the exact distribution p: per state Bernstein's bound
     * |X - Np| &lt;= a/3 + sqrt(a^2/9 + 2 a N p (1-p)), a = ln(2 * states / delta), and the TV
     * bound E[TV] + McDiarmid with E[TV] &lt;= 1/2 sum sqrt(p(1-p)/N).
     *
     * @param what description for messages
     * @param p the exact row
     * @param counts the empirical counts
     * @param n number of draws
     */
    static void assertMatches(String what, double[] p, double[] counts, int n) {
        double a = Math.log(2.0 * p.length) + LOG_INV_DELTA;
        double meanTvBound = 0;
        for (int k = 0; k < p.length; k++) {
            double var = n * p[k] * (1 - p[k]);
            double bound = a / 3 + Math.sqrt(a * a / 9 + 2 * a * var);
            assertThat(Math.abs(counts[k] - n * p[k])).as("%s: state %d, p=%g, count=%s of %d", what, k, p[k],
                    counts[k], n).isLessThanOrEqualTo(bound);
            meanTvBound += 0.5 * Math.sqrt(p[k] * (1 - p[k]) / n);
        }
        assertThat(tv(p, counts, n)).as("%s: TV to the exact row", what)
                .isLessThanOrEqualTo(meanTvBound + tvDeviation(n));
        double[] chi = chiSquare(p, counts, n);
        assertThat(chi[0]).as("%s: Pearson chi-square with %s degrees of freedom", what, chi[1])
                .isLessThanOrEqualTo(chiSquareLimit(chi[1]));
    }

    /**
     * Pearson's statistic over the cells with N p &gt;= 5, the other cells pooled into one (if their
     * pooled expectation is at least 5; else they are left to the Bernstein bounds).
     *
     * @return {statistic, degrees of freedom}
     */
    static double[] chiSquare(double[] p, double[] counts, int n) {
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
     * 1e-9: the Wilson-Hilferty cube-root normal approximation at z = 7.
     */
    static double chiSquareLimit(double df) {
        double a = 2.0 / (9.0 * df);
        double c = 1 - a + 7.0 * Math.sqrt(a);
        return df * c * c * c;
    }

    /**
     * Implementation against matrix: from each start, N chains make one step of the kernel, and the
     * empirical next-state distribution must match the exact row.
     */
    static void assertStepMatchesMatrix(TransitionKernel kernel, double[][] t, int[] sizes, int parity,
                                        int[] starts, int n, Rng rng) {
        for (int s : starts) {
            int[] idx = new int[n];
            Arrays.fill(idx, s);
            ChainState state = fromIndices(sizes, idx, parity);
            kernel.advance(rng.fork(s), state);
            assertMatches(kernel.name() + " from state " + s, t[s], counts(jointIndices(state), t.length), n);
        }
    }

    /**
     * No drift: N chains drawn exactly from the target make 1, 4 and 16 steps; after each the TV
     * distance to the target stays below the exact Monte-Carlo floor of N i.i.d. samples plus the
     * McDiarmid deviation, and Pearson's statistic against the target stays below its 7-sigma limit
     * (the chains are i.i.d. from the target if the kernel leaves it invariant).
     *
     * @return the TV after 16 steps
     */
    static double assertNoDrift(TransitionKernel kernel, double[] pi, int[] sizes, int n, Rng rng) {
        ChainState state = fromIndices(sizes, exactSamples(pi, n, rng.fork(0)), 0);
        double floor = expectedTvFloor(pi, n);
        double limit = floor + tvDeviation(n);
        double iid = tv(pi, counts(exactSamples(pi, n, rng.fork(1)), pi.length), n);
        assertThat(iid).as("TV of fresh exact samples (harness check)").isLessThanOrEqualTo(limit);
        int done = 0;
        double last = Double.NaN;
        Rng steps = rng.fork(2);
        for (int target : new int[] {1, 4, 16}) {
            for (; done < target; done++) {
                kernel.advance(steps, state);
            }
            double[] c = counts(jointIndices(state), pi.length);
            last = tv(pi, c, n);
            assertThat(last).as("%s: TV after %d steps (floor %g, iid sample %g)", kernel.name(), target, floor, iid)
                    .isLessThanOrEqualTo(limit);
            double[] chi = chiSquare(pi, c, n);
            assertThat(chi[0]).as("%s: chi-square to the target after %d steps, df %s", kernel.name(), target, chi[1])
                    .isLessThanOrEqualTo(chiSquareLimit(chi[1]));
        }
        return last;
    }

    /** Same seed gives identical states; {@code step} leaves its input unchanged. */
    static void assertDeterministicAndPure(TransitionKernel kernel, int chains, long seed) {
        ChainState s0 = kernel.init(chains, Rng.seeded(seed).fork(0));
        ChainState again = kernel.init(chains, Rng.seeded(seed).fork(0));
        assertThat(again).isEqualTo(s0);
        ChainState before = s0.copy();
        TransitionKernel.Step a = kernel.step(Rng.seeded(seed).fork(1), s0);
        assertThat(s0).as("step must not modify its input").isEqualTo(before);
        TransitionKernel.Step b = kernel.step(Rng.seeded(seed).fork(1), s0);
        assertThat(b.state()).isEqualTo(a.state());
        assertThat(b.info().swapAccepts()).isEqualTo(a.info().swapAccepts());
        assertThat(b.info().bottomOrigin()).isEqualTo(a.info().bottomOrigin());
        ChainState c = s0.copy();
        for (int k = 0; k < 5; k++) {
            kernel.advance(Rng.seeded(seed).fork(2, k), c);
        }
        ChainState d = s0.copy();
        for (int k = 0; k < 5; k++) {
            kernel.advance(Rng.seeded(seed).fork(2, k), d);
        }
        assertThat(d).isEqualTo(c);
        TransitionKernel.Step other = kernel.step(Rng.seeded(seed + 1).fork(1), s0);
        assertThat(other.state()).as("a different seed gives different states").isNotEqualTo(a.state());
    }
}
