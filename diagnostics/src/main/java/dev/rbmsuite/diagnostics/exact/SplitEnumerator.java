package dev.rbmsuite.diagnostics.exact;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.VectorMath;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.diagnostics.Parallel;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The enumeration engine behind every exact quantity: it visits all 2^n visible states of an RBM
 * and sums the hidden layer out analytically, lv(v) = b.v + sum_j softplus(zeta_j(v)).
 *
 * <p><b>State order.</b> State x in [0, 2^n) has v_i = bit i of x. It is split as x = a + (b << nA):
 * a holds the low nA = ceil(n/2) units ("half A", the hidden bias c is folded into it) and b the
 * high nB = n - nA units ("half B"). For each half the engine tabulates zeta restricted to that half,
 * so zeta(v) = zetaA[a] + zetaB[b] costs one add per hidden unit instead of n multiply-adds.
 *
 * <p><b>Fast path.</b> With a per-unit sign s_j (s_j = -1 when the unit is mostly on, so that
 * softplus(x) = x + softplus(-x) moves the large part into a linear term), sum_j softplus(zeta_j) =
 * sum_{s_j=-1} zeta_j + ln prod_j (1 + EA_j EB_j), with EA_j = exp(s_j zetaA_j) and
 * EB_j = exp(s_j zetaB_j) tabulated once. The linear terms split over the halves (sA[a] + sB[b]), so
 * per state only m fused multiply-adds and m multiplies remain (vectorised, four rows at a time),
 * and no logarithm at all for log Z: a row's sum over b is sum_b wB[b] prod(a,b) with
 * wB[b] = exp(sB[b] - max sB).
 *
 * <p><b>Overflow bookkeeping and fallback.</b> Every factor is at least 1, so the product can only
 * overflow. prod_j (1 + e^{x_j}) <= 2^m exp(sum_j max(x_j, 0)), and the positive parts split over
 * the halves: pA[a] + pB[b] bounds the log of the product. A pair (a, b) takes the fast path only
 * when that bound (plus ln 2^nB for the row sum) stays below ln(Double.MAX_VALUE) with a margin;
 * every other state falls back to the plain stable sum of softplus terms, accumulated in the log
 * domain. Extreme parameters (|W| up to 50) therefore stay exact, just slower.
 *
 * <p><b>Width independence.</b> Rows are padded to a multiple of {@value Lanes#WIDTH} and each product
 * keeps {@value Lanes#WIDTH} partial products (factor k goes to partial product k mod
 * {@value Lanes#WIDTH}), multiplied together in index order, so every result has the same bits at
 * every hardware vector width; the row groups of the parallel tasks are fixed, so it has the same bits
 * at every thread count too.
 */
final class SplitEnumerator {
    private static final VectorSpecies<Double> S = Lanes.SPECIES;
    private static final int LANES = Lanes.LANES;
    /** The fixed number of partial products per row (see {@link Lanes}). */
    private static final int W = Lanes.WIDTH;
    private static final double LN2 = Fdlibm.log(2.0);
    /** The largest log of a product or row sum allowed on the fast path (ln MAX_VALUE = 709.78). */
    private static final double LOG_LIMIT = 708.0;
    /** Rows per parallel task (a multiple of 4; fixed, so the reduction order never depends on threads). */
    private static final int ROWS_PER_TASK = 16;
    /** Bytes of the half-B table per cache tile (fits a 1 MiB L2 with room for the rows). */
    private static final int TILE_BYTES = 256 * 1024;
    /** The largest number of enumerated units supported. */
    static final int MAX_UNITS = 30;

    final int n;
    final int m;
    final int mp;
    final int nA;
    final int nB;
    final int numA;
    final int numB;
    private final double[] zA;
    private final double[] zB;
    private final double[] eA;
    private final double[] eB;
    private final double[] bvA;
    private final double[] bvB;
    private final double[] sA;
    private final double[] sB;
    private final double[] pA;
    private final double[] pB;
    private final double[] wB;
    private final double maxSB;
    private final double threshold;

    /**
     * Tabulates both halves for enumerating the visible layer of {@code rbm}.
     *
     * @param rbm the model (its visible layer is enumerated)
     */
    SplitEnumerator(Rbm rbm) {
        n = rbm.numVisible();
        m = rbm.numHidden();
        checkSize(n);
        mp = Lanes.pad(m);
        nA = (n + 1) / 2;
        nB = n - nA;
        numA = 1 << nA;
        numB = 1 << nB;
        double[] w = rbm.weightsArray();
        double[] bias = rbm.visibleBiasArray();
        double[] c = rbm.hiddenBiasArray();

        double[] sign = new double[m];
        for (int j = 0; j < m; j++) {
            double mean = c[j];
            for (int i = 0; i < n; i++) {
                mean += 0.5 * w[i * m + j];
            }
            sign[j] = mean > 0 ? -1.0 : 1.0;
        }
        zA = new double[numA * mp];
        bvA = new double[numA];
        tabulate(w, bias, c, 0, nA, zA, bvA);
        zB = new double[numB * mp];
        bvB = new double[numB];
        tabulate(w, bias, new double[m], nA, nB, zB, bvB);
        eA = new double[numA * mp];
        sA = new double[numA];
        pA = new double[numA];
        exponentiate(zA, numA, sign, bvA, eA, sA, pA, m * LN2);
        eB = new double[numB * mp];
        sB = new double[numB];
        pB = new double[numB];
        exponentiate(zB, numB, sign, bvB, eB, sB, pB, 0.0);
        double mx = Double.NEGATIVE_INFINITY;
        for (double x : sB) {
            mx = Math.max(mx, x);
        }
        maxSB = mx;
        wB = new double[numB];
        for (int b = 0; b < numB; b++) {
            wB[b] = Fdlibm.exp(sB[b] - maxSB);
        }
        threshold = LOG_LIMIT - nB * LN2;
    }

    /** zeta restricted to units [first, first+count) for every sub-state, plus the bias part b.v. */
    private void tabulate(double[] w, double[] bias, double[] start, int first, int count, double[] z, double[] bv) {
        System.arraycopy(start, 0, z, 0, m);
        int states = 1 << count;
        for (int s = 1; s < states; s++) {
            int bit = Integer.numberOfTrailingZeros(s);
            int prev = s & (s - 1);
            System.arraycopy(z, prev * mp, z, s * mp, m);
            VectorMath.add(z, s * mp, w, (first + bit) * m, m);
            bv[s] = bv[prev] + bias[first + bit];
        }
    }

    private void exponentiate(double[] z, int states, double[] sign, double[] bv, double[] e, double[] s,
                              double[] p, double p0) {
        for (int a = 0; a < states; a++) {
            int o = a * mp;
            double lin = bv[a];
            double pos = p0;
            for (int j = 0; j < m; j++) {
                double x = sign[j] * z[o + j];
                if (sign[j] < 0) {
                    lin += z[o + j];
                }
                pos += Math.max(x, 0.0);
                e[o + j] = Fdlibm.exp(x);
            }
            s[a] = lin;
            p[a] = Double.isFinite(pos) ? pos : Double.POSITIVE_INFINITY;
        }
    }

    /** @return the fraction of states that take the fast path (for tests and diagnostics) */
    double fastFraction() {
        long fast = 0;
        for (int a = 0; a < numA; a++) {
            for (int b = 0; b < numB; b++) {
                if (pA[a] + pB[b] <= threshold) {
                    fast++;
                }
            }
        }
        return (double) fast / ((double) numA * numB);
    }

    /** @return 2^n, the number of states */
    long states() {
        return 1L << n;
    }

    /**
     * The plain reference: lv(v) of state (a, b) as b.v plus a stable softplus sum.
     *
     * @param a half-A index
     * @param b half-B index
     * @param tmp scratch of at least m doubles
     * @return lv(v)
     */
    double plainLv(int a, int b, double[] tmp) {
        System.arraycopy(zA, a * mp, tmp, 0, m);
        VectorMath.add(tmp, 0, zB, b * mp, m);
        return bvA[a] + bvB[b] + VectorMath.softplusSum(tmp, 0, m);
    }

    /**
     * lv(v) of state (a, b), by the fast path where it is safe.
     *
     * @param a half-A index
     * @param b half-B index
     * @param tmp scratch of at least m doubles
     * @return lv(v)
     */
    double lv(int a, int b, double[] tmp) {
        if (pA[a] + pB[b] <= threshold) {
            return sA[a] + sB[b] + Fdlibm.log(product(a * mp, b * mp));
        }
        return plainLv(a, b, tmp);
    }

    /**
     * prod_j (1 + EA_j EB_j) over the padded row (padding contributes factors of 1), as
     * {@value Lanes#WIDTH} partial products multiplied together in index order.
     */
    private double product(int ao, int bo) {
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        double prod = 1.0;
        for (int q = 0; q < W; q += LANES) {
            DoubleVector acc = one;
            for (int k = q; k < mp; k += W) {
                acc = DoubleVector.fromArray(S, eA, ao + k).fma(DoubleVector.fromArray(S, eB, bo + k), one).mul(acc);
            }
            prod = mulLanes(prod, acc);
        }
        return prod;
    }

    /** @return p times the lanes of v, in lane order */
    private static double mulLanes(double p, DoubleVector v) {
        for (int k = 0; k < LANES; k++) {
            p *= v.lane(k);
        }
        return p;
    }

    /**
     * ln sum_b exp(lv(a, b)) for every row a, in parallel over groups of rows. The fast path tiles
     * the half-B table so that a tile stays in the L2 cache while every row of the group passes
     * over it.
     *
     * @param fast whether to use the fast path (false: the plain softplus sum for every state)
     * @param progress counts finished groups of rows (may be null)
     * @return the row sums, indexed by a
     */
    double[] rowLogSums(boolean fast, CostGuard.Task progress) {
        double[] out = new double[numA];
        int group = Math.min(numA, ROWS_PER_TASK);
        Parallel.forEach(numA / group, t -> {
            double[] tmp = new double[m];
            int a0 = t * group;
            if (!fast) {
                for (int r = 0; r < group; r++) {
                    out[a0 + r] = plainRow(a0 + r, tmp);
                }
            } else if (group % 4 == 0) {
                // per row: linear-domain sum, fallback max, fallback sum
                double[] acc = new double[3 * group];
                for (int r = 0; r < group; r++) {
                    acc[group + r] = Double.NEGATIVE_INFINITY;
                }
                int tile = Math.max(1, Math.min(numB, TILE_BYTES / (8 * mp)));
                for (int b0 = 0; b0 < numB; b0 += tile) {
                    int b1 = Math.min(numB, b0 + tile);
                    for (int r = 0; r < group; r += 4) {
                        fastBlock4(a0, r, group, b0, b1, acc, tmp);
                    }
                }
                for (int r = 0; r < group; r++) {
                    out[a0 + r] = combine(a0 + r, acc[r], acc[group + r], acc[2 * group + r]);
                }
            } else {
                for (int r = 0; r < group; r++) {
                    out[a0 + r] = fastRow(a0 + r, tmp);
                }
            }
        }, progress);
        return out;
    }

    /**
     * @param n the number of enumerated units
     * @throws IllegalArgumentException if n exceeds {@link #MAX_UNITS}
     */
    static void checkSize(int n) {
        if (n > MAX_UNITS) {
            throw new IllegalArgumentException("exact enumeration supports at most " + MAX_UNITS
                    + " enumerated units, got " + n);
        }
    }

    /**
     * @param n the number of enumerated units
     * @return the number of progress units of {@link #rowLogSums}: its groups of rows
     */
    static int progressUnits(int n) {
        int numA = 1 << ((n + 1) / 2);
        return numA / Math.min(numA, ROWS_PER_TASK);
    }

    /** @return ln Z of the enumerated model: a sequential log-sum-exp of the row sums (deterministic) */
    double logZ(boolean fast) {
        return logZ(fast, null);
    }

    /**
     * @param fast whether to use the fast path
     * @param progress counts finished groups of rows (may be null)
     * @return ln Z of the enumerated model
     */
    double logZ(boolean fast, CostGuard.Task progress) {
        double[] rows = rowLogSums(fast, progress);
        return Numerics.logSumExp(rows, 0, rows.length);
    }

    private double plainRow(int a, double[] tmp) {
        double mx = Double.NEGATIVE_INFINITY;
        double sum = 0;
        for (int b = 0; b < numB; b++) {
            double x = plainLv(a, b, tmp);
            if (x > mx) {
                sum = sum * Fdlibm.exp(mx - x) + 1.0;
                mx = x;
            } else {
                sum += Fdlibm.exp(x - mx);
            }
        }
        return mx + Fdlibm.log(sum);
    }

    private double fastRow(int a, double[] tmp) {
        double lim = threshold - pA[a];
        double s = 0;
        double fMax = Double.NEGATIVE_INFINITY;
        double fSum = 0;
        int ao = a * mp;
        for (int b = 0; b < numB; b++) {
            if (pB[b] <= lim) {
                s += wB[b] * product(ao, b * mp);
            } else {
                double x = plainLv(a, b, tmp);
                if (x > fMax) {
                    fSum = fSum * Fdlibm.exp(fMax - x) + 1.0;
                    fMax = x;
                } else {
                    fSum += Fdlibm.exp(x - fMax);
                }
            }
        }
        return combine(a, s, fMax, fSum);
    }

    private double combine(int a, double s, double fMax, double fSum) {
        double r = Double.NEGATIVE_INFINITY;
        if (s > 0) {
            r = sA[a] + maxSB + Fdlibm.log(s);
        }
        if (fSum > 0) {
            r = Numerics.logAddExp(r, fMax + Fdlibm.log(fSum));
        }
        return r;
    }

    /** Adds one fallback state's lv to the online log-sum-exp of row slot r. */
    private static void addSlow(double[] acc, int group, int r, double x) {
        int im = group + r;
        int is = 2 * group + r;
        if (x > acc[im]) {
            acc[is] = acc[is] * Fdlibm.exp(acc[im] - x) + 1.0;
            acc[im] = x;
        } else {
            acc[is] += Fdlibm.exp(x - acc[im]);
        }
    }

    /** Rows a0+r .. a0+r+3 against states b in [b0, b1); sums go to acc (see rowLogSums). */
    private void fastBlock4(int a0, int r, int group, int b0, int b1, double[] acc, double[] tmp) {
        int first = a0 + r;
        int o0 = first * mp;
        int o1 = o0 + mp;
        int o2 = o1 + mp;
        int o3 = o2 + mp;
        double lim = threshold - Math.max(Math.max(pA[first], pA[first + 1]), Math.max(pA[first + 2], pA[first + 3]));
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        for (int b = b0; b < b1; b++) {
            int bo = b * mp;
            if (pB[b] <= lim) {
                double q0 = 1.0;
                double q1 = 1.0;
                double q2 = 1.0;
                double q3 = 1.0;
                for (int q = 0; q < W; q += LANES) {
                    DoubleVector c0 = one;
                    DoubleVector c1 = one;
                    DoubleVector c2 = one;
                    DoubleVector c3 = one;
                    for (int k = q; k < mp; k += W) {
                        DoubleVector e = DoubleVector.fromArray(S, eB, bo + k);
                        c0 = DoubleVector.fromArray(S, eA, o0 + k).fma(e, one).mul(c0);
                        c1 = DoubleVector.fromArray(S, eA, o1 + k).fma(e, one).mul(c1);
                        c2 = DoubleVector.fromArray(S, eA, o2 + k).fma(e, one).mul(c2);
                        c3 = DoubleVector.fromArray(S, eA, o3 + k).fma(e, one).mul(c3);
                    }
                    q0 = mulLanes(q0, c0);
                    q1 = mulLanes(q1, c1);
                    q2 = mulLanes(q2, c2);
                    q3 = mulLanes(q3, c3);
                }
                double wb = wB[b];
                s0 += wb * q0;
                s1 += wb * q1;
                s2 += wb * q2;
                s3 += wb * q3;
            } else {
                for (int q = 0; q < 4; q++) {
                    int a = first + q;
                    if (pA[a] + pB[b] <= threshold) {
                        acc[r + q] += wB[b] * product(a * mp, bo);
                    } else {
                        addSlow(acc, group, r + q, plainLv(a, b, tmp));
                    }
                }
            }
        }
        acc[r] += s0;
        acc[r + 1] += s1;
        acc[r + 2] += s2;
        acc[r + 3] += s3;
    }

    /**
     * Writes lv(v) for every state of row a: {@code out[a + (b << nA)]}.
     *
     * @param a half-A index
     * @param out destination indexed by the full state index
     * @param tmp scratch of at least m doubles
     */
    void fillRow(int a, double[] out, double[] tmp) {
        for (int b = 0; b < numB; b++) {
            out[a + (b << nA)] = lv(a, b, tmp);
        }
    }

    /**
     * zeta(v) of state (a, b) into {@code out[0..m)}.
     *
     * @param a half-A index
     * @param b half-B index
     * @param out destination of at least m doubles
     */
    void zeta(int a, int b, double[] out) {
        System.arraycopy(zA, a * mp, out, 0, m);
        VectorMath.add(out, 0, zB, b * mp, m);
    }
}
