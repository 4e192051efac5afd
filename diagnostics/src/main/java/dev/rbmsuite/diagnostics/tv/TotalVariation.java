package dev.rbmsuite.diagnostics.tv;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.diagnostics.exact.StateIndex;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.util.Arrays;

/**
 * The total variation distance between an RBM's exact visible marginal P(v) and the empirical
 * distribution Q of a set of samples (paper Eq. tv_distance, Fig. 9).
 *
 * <p>Uses the "TV trick" of docs/methods.md section 6: with U the set of visited states,
 * TV = (1/2) [ sum_{v in U} |P(v) - Q(v)| + 1 - sum_{v in U} P(v) ], so only the visited states
 * and ln Z are needed, not a sum over all 2^n states. Visited states are found by sorting their
 * indices (deterministic order of summation).
 */
public final class TotalVariation {
    private TotalVariation() {
    }

    /**
     * TV from the model and its ln Z; P is evaluated only on the visited states (any n &lt;= 62).
     * Each ln P(v) = lv(v) - ln Z is a difference of two numbers of size up to E_max, so its
     * absolute error is about {@link dev.rbmsuite.core.FloatLimits#logProbabilityError}; callers
     * with large parameters use {@link #distance(VisibleDistribution, double[], int)}, whose table
     * is normalised by the same values it holds (every ln P &lt;= 0 and sum P = 1 to rounding).
     *
     * @param rbm the model
     * @param logZ its exact log partition function
     * @param samples visible states, rows x n (row-major, 0/1)
     * @param rows number of samples
     * @return D_TV(P, Q) in [0, 1]
     */
    public static double distance(Rbm rbm, double logZ, double[] samples, int rows) {
        int n = rbm.numVisible();
        long[] idx = indices(samples, rows, n);
        int distinct = countDistinct(idx);
        double[] states = new double[distinct * n];
        int[] counts = new int[distinct];
        runs(idx, (k, x, count) -> {
            StateIndex.state(x, n, states, k);
            counts[k] = count;
        });
        double[] lv = new double[distinct];
        rbm.logMarginalVisible(states, distinct, lv);
        double sumAbs = 0;
        double sumP = 0;
        for (int k = 0; k < distinct; k++) {
            // ln P(v) <= 0 exactly; a positive difference is rounding in lv(v) - ln Z (at most
            // FloatLimits.logProbabilityError nats, which the caller keeps small), so it is clipped to 0.
            double p = Fdlibm.exp(Math.min(0.0, lv[k] - logZ));
            sumAbs += Math.abs(p - (double) counts[k] / rows);
            sumP += p;
        }
        return finish(sumAbs, sumP, distinct);
    }

    /**
     * TV against a precomputed table of P(v).
     *
     * @param p the exact visible marginal
     * @param samples visible states, rows x n (row-major, 0/1)
     * @param rows number of samples
     * @return D_TV(P, Q)
     */
    public static double distance(VisibleDistribution p, double[] samples, int rows) {
        return distanceOfIndices(p, indices(samples, rows, p.numVisible()));
    }

    /**
     * TV against a table, for samples given as state indices ({@link StateIndex} order).
     *
     * @param p the exact visible marginal
     * @param indices sample state indices (sorted in place)
     * @return D_TV(P, Q)
     */
    public static double distanceOfIndices(VisibleDistribution p, long[] indices) {
        Arrays.sort(indices);
        int rows = indices.length;
        double[] acc = new double[3];
        runs(indices, (k, x, count) -> {
            acc[2]++;
            double px = p.probability((int) x);
            acc[0] += Math.abs(px - (double) count / rows);
            acc[1] += px;
        });
        return finish(acc[0], acc[1], (int) acc[2]);
    }

    /**
     * TV from its two sums over the k visited states. Mathematically TV &lt;= 1; in float64 the sum of the
     * k empirical frequencies count/rows can exceed 1 by rounding (nine states at 1/9 sum to 1 + 2^-52),
     * so where every visited state has P(v) = 0 in float64 (a model of scale 1e200 away from its mode)
     * TV came out as 1.0000000000000002 and was refused as impossible. An excess within that rounding,
     * (k + 2) 2^-52, is rounded back to 1; a larger one is left for the range check.
     */
    private static double finish(double sumAbs, double sumP, int k) {
        double tv = 0.5 * (sumAbs + Math.max(0.0, 1.0 - sumP));
        return tv > 1.0 && tv - 1.0 <= (k + 2) * 0x1p-52 ? 1.0 : tv;
    }

    private static long[] indices(double[] samples, int rows, int n) {
        if (rows <= 0) {
            throw new IllegalArgumentException("no samples");
        }
        if (n > 62) {
            throw new IllegalArgumentException("TV supports n <= 62, got " + n);
        }
        long[] idx = new long[rows];
        for (int r = 0; r < rows; r++) {
            idx[r] = StateIndex.index(samples, r, n);
        }
        Arrays.sort(idx);
        return idx;
    }

    private static int countDistinct(long[] sorted) {
        int d = 0;
        for (int r = 0; r < sorted.length; r++) {
            if (r == 0 || sorted[r] != sorted[r - 1]) {
                d++;
            }
        }
        return d;
    }

    private interface RunConsumer {
        void accept(int k, long state, int count);
    }

    private static void runs(long[] sorted, RunConsumer c) {
        int k = 0;
        int start = 0;
        for (int r = 1; r <= sorted.length; r++) {
            if (r == sorted.length || sorted[r] != sorted[start]) {
                c.accept(k++, sorted[start], r - start);
                start = r;
            }
        }
    }
}
