package dev.rbmsuite.diagnostics.exact;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.Parallel;

/**
 * The normalised visible marginal P(v) = exp(lv(v) - ln Z) over all 2^n states, as one table in
 * {@link StateIndex} order, for visible layers of up to 25 units (GenRBM, iris, and islands and pentagon
 * at n = 25, whose TV floor in figure 9 needs the table).
 *
 * <p>Used for the TV distance and its i.i.d. floor (Eq. tv_distance, docs/methods.md section 6), for D in
 * the second-eigenvalue estimators (Appendix B, docs/methods.md section 5), and for exact sampling by
 * inverse CDF. For larger n use {@link ExactLogZ} and {@link ExactLikelihood}, which never
 * materialise the table.
 */
public final class VisibleDistribution {
    /** The largest n for which a table is built (2^25 states: two tables of 256 MiB, ln P and P). */
    public static final int MAX_VISIBLE = 25;
    /**
     * Seconds per state and hidden unit: 2.6e-9 measured at n = 22, m = 100 on the 2-core
     * development machine under load, rounded up.
     */
    static final double SECONDS_PER_STATE_UNIT = 4e-9;

    private final int n;
    private final double logZ;
    private final double[] logP;
    private final double[] p;
    private double[] cdf;

    private VisibleDistribution(int n, double logZ, double[] logP, double[] p) {
        this.n = n;
        this.logZ = logZ;
        this.logP = logP;
        this.p = p;
    }

    /**
     * Enumerates the visible layer (in parallel, deterministically) and normalises.
     *
     * @param rbm the model, with n &lt;= {@value #MAX_VISIBLE}
     * @return the table
     */
    public static VisibleDistribution of(Rbm rbm) {
        return of(rbm, CostGuard.DEFAULT);
    }

    /**
     * The estimated cost of {@link #of}: 2^n states times m units at {@value #SECONDS_PER_STATE_UNIT}
     * s each (the development machine's rate).
     *
     * @param rbm the model
     * @return the estimated seconds
     */
    public static double estimatedSeconds(Rbm rbm) {
        return Math.scalb((double) rbm.numHidden() + 8, rbm.numVisible()) * SECONDS_PER_STATE_UNIT;
    }

    /**
     * Enumerates the visible layer (in parallel, deterministically) and normalises.
     *
     * @param rbm the model, with n &lt;= {@value #MAX_VISIBLE}
     * @param guard the cost limit and progress reports ({@link #estimatedSeconds})
     * @return the table
     * @throws dev.rbmsuite.core.cost.CostLimitException if the estimate exceeds the guard's limit
     */
    public static VisibleDistribution of(Rbm rbm, CostGuard guard) {
        int n = rbm.numVisible();
        if (n > MAX_VISIBLE) {
            throw new IllegalArgumentException("a table of P(v) needs n <= " + MAX_VISIBLE + ", got n = " + n);
        }
        SplitEnumerator e = new SplitEnumerator(rbm);
        double[] lv = new double[1 << n];
        try (CostGuard.Task task = guard.start("table of P(v) (2^" + n + " states x " + rbm.numHidden() + " units)",
                estimatedSeconds(rbm), e.numA)) {
            Parallel.forEach(e.numA, a -> e.fillRow(a, lv, new double[e.m]), task);
        }
        double logZ = Numerics.logSumExp(lv, 0, lv.length);
        double[] p = new double[lv.length];
        double sum = 0;
        for (int x = 0; x < lv.length; x++) {
            p[x] = Fdlibm.exp(lv[x] - logZ);
            sum += p[x];
        }
        if (Math.abs(sum - 1) <= NORMALISED) {
            for (int x = 0; x < lv.length; x++) {
                lv[x] -= logZ; // ln P in place: the table holds two arrays of 2^n, not three
            }
        } else {
            normaliseByMaximum(lv, p);
        }
        return new VisibleDistribution(n, logZ, lv, p);
    }

    /**
     * How far from 1 the sum of exp(lv - ln Z) may be before the table is normalised by its maximum:
     * a rounding of 2^n terms stays far below it.
     */
    private static final double NORMALISED = 1e-9;

    /**
     * Normalises by the largest value rather than by ln Z: P(v) = w(v) / S with w(v) = exp(lv(v) - max),
     * S = sum of w, ln P(v) = (lv(v) - max) - ln S. At a scale where ln Z = max + ln S rounds to max
     * (E_max of 1e150 or 1e300 with k states tied at the maximum: ln k is below max's last bit), exp(lv -
     * ln Z) gave each tied state P = 1 and the table summed to k (tv 19.2 was refused as impossible); this
     * form sums to 1 and keeps every ln P &lt;= 0 at any scale. It is used only where the plain form fails,
     * so every table that summed to 1 keeps its bits.
     *
     * @param lv the unnormalised ln P~(v), replaced by ln P(v)
     * @param p receives P(v)
     */
    private static void normaliseByMaximum(double[] lv, double[] p) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : lv) {
            max = Math.max(max, v);
        }
        double s = 0;
        for (int x = 0; x < lv.length; x++) {
            p[x] = Fdlibm.exp(lv[x] - max);
            s += p[x];
        }
        double logS = Fdlibm.log(s);
        for (int x = 0; x < lv.length; x++) {
            p[x] /= s;
            lv[x] = Math.min(0.0, (lv[x] - max) - logS); // ln P in place
        }
    }

    /** @return n, the number of visible units */
    public int numVisible() {
        return n;
    }

    /** @return 2^n */
    public int size() {
        return p.length;
    }

    /** @return ln Z of the model (the log-sum-exp of the table's unnormalised values) */
    public double logZ() {
        return logZ;
    }

    /** @param x state index @return P(v^(x)) */
    public double probability(int x) {
        return p[x];
    }

    /** @param x state index @return ln P(v^(x)), exact even where P underflows */
    public double logProbability(int x) {
        return logP[x];
    }

    /** @return a copy of P(v) for all states, in {@link StateIndex} order */
    public double[] probabilities() {
        return p.clone();
    }

    /** @return a copy of ln P(v) for all states, in {@link StateIndex} order */
    public double[] logProbabilities() {
        return logP.clone();
    }

    /**
     * Draws exact i.i.d. samples by inverse-CDF lookup in the table (binary search on the
     * cumulative sums).
     *
     * @param count number of samples
     * @param rng random stream (count draws)
     * @return state indices
     */
    public int[] sampleIndices(int count, Rng rng) {
        double[] c = cumulative();
        double total = c[c.length - 1];
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            double u = rng.nextDouble() * total;
            int lo = 0;
            int hi = c.length - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (c[mid] > u) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            out[k] = lo;
        }
        return out;
    }

    /**
     * @param count number of samples
     * @param rng random stream
     * @return exact i.i.d. samples as rows (count x n, row-major)
     */
    public double[] sample(int count, Rng rng) {
        int[] idx = sampleIndices(count, rng);
        double[] out = new double[count * n];
        for (int k = 0; k < count; k++) {
            StateIndex.state(idx[k], n, out, k);
        }
        return out;
    }

    private synchronized double[] cumulative() {
        if (cdf == null) {
            double[] c = new double[p.length];
            double s = 0;
            for (int x = 0; x < p.length; x++) {
                s += p[x];
                c[x] = s;
            }
            cdf = c;
        }
        return cdf;
    }
}
