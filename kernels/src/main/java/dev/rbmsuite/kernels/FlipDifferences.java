package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.VectorMath;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The single-flip differences of an RBM's visible log-marginal, the quantity every locally balanced
 * and gradient-based sampler of the visible layer is built on (Zanella 2020; Grathwohl et al. 2021;
 * Sun et al. 2022; Zhang, Liu &amp; Liu 2022): for a visible state v, with lv(v) = b.v +
 * sum_j softplus(zeta_j(v)), zeta(v) = c + vW (minus the free energy F(v)), and s_i = 1 - 2 v_i the
 * change of unit i when it flips,
 * <pre>
 *   d_i(v) = lv(v with unit i flipped) - lv(v)
 *          = s_i b_i + sum_j ln(sig(-zeta_j(v)) + sig(zeta_j(v)) e^{s_i W_ij}),
 * </pre>
 * because softplus(z + w) - softplus(z) = ln((1 + e^{z+w}) / (1 + e^z)) = ln(sig(-z) + sig(z) e^w).
 * An RBM thus gives all n exact differences of a state from its hidden means sig(zeta(v)) and their
 * complements sig(-zeta(v)) with n x m multiply-adds and n logarithms, without evaluating lv at the n
 * neighbours: the factors e^{+W_ij} and e^{-W_ij} are tabulated once per model ({@link #exact}), and
 * each difference is the logarithm of a product of m factors sig(-zeta_j) + sig(zeta_j) e^{s_i W_ij}.
 * Both terms of a factor are positive, so no factor loses digits to cancellation (the form
 * 1 + sig(z)(e^w - 1) did, where sig(z) is near 1 and e^w near 0).
 *
 * <p>The first-order (gradient) approximation of Grathwohl et al. (their Eq. 3), used by the original
 * Gibbs-with-Gradients and by the discrete Langevin proposals, replaces d_i(v) by s_i (grad lv(v))_i
 * with grad lv(v) = b + sig(zeta(v)) W^T, one dense product ({@link #gradient}).
 *
 * <p><b>Determinism.</b> The product of a row keeps {@value Lanes#WIDTH} partial products (factor j
 * goes to product j mod {@value Lanes#WIDTH}), combined in index order, as every reduction of the
 * suite does (core's {@code Lanes}), so the bits are the same at every vector width. Rows are padded to
 * a multiple of {@value Lanes#WIDTH} with hidden means 0 and complements 1, whose factor is exactly 1. Each factor
 * lies in [e^{-|W_ij|}, e^{|W_ij|}], so the products are formed over blocks of hidden units whose
 * partial products cannot overflow or underflow (the block length follows from max |W_ij|, a property
 * of the model alone); each block's product is scaled by a power of two (exact) and the exponents are
 * added, so one logarithm ({@link Fdlibm#log}) per difference suffices. The tables' exponentials are
 * core's deterministic {@link VectorMath#expInPlace}.
 *
 * <p>Immutable and safe to share between threads; the caller passes every buffer.
 */
final class FlipDifferences {
    private static final VectorSpecies<Double> S = Lanes.SPECIES;
    private static final int L = Lanes.LANES;
    private static final int W = Lanes.WIDTH;
    private static final double LN2 = 0.6931471805599453;
    /** The bound on |ln| of a block's product (and of each of its partial products): far inside float64's exponent range. */
    private static final double BLOCK_LOG_BOUND = 600.0;
    /** Units whose products one pass forms together (independent products keep the multipliers busy). */
    private static final int UNITS = 4;

    private final Rbm rbm;
    private final int n;
    private final int m;
    private final int mp;
    private final double[] b;
    /** e^{+W_ij} (the factor's slope for a unit that turns on), n x mp, zero padded; null for gradients only. */
    private final double[] on;
    /** e^{-W_ij} (for a unit that turns off), n x mp, zero padded; null for gradients only. */
    private final double[] off;
    /** Hidden units per product block: a multiple of {@value Lanes#WIDTH}. */
    private final int block;
    /** W^T, m x n row-major, for the gradients; null for exact differences only. */
    private final double[] wt;
    /**
     * W^T in panels of 4L units for the register tiles of {@link #gradient}: panel p holds units
     * 4Lp..4Lp+4L-1 of W^T row j at p m 4L + 4L j, so a tile reads its m rows contiguously instead of
     * one stride of n doubles per hidden unit (a new page every step at n = 784); the same values, so
     * the same bits. Null for exact differences only.
     */
    private final double[] panels;
    /**
     * The units between the last whole panel and the last whole vector ({@code wide..full}, fewer than 4L)
     * in one more panel, tail[j T + k] = W[wide + k][j] with T = full - wide, so that their tiles read
     * contiguously too (in place, a vector per row of W^T, n doubles apart: a new page every step at n =
     * 784); the same values, so the same bits. Null for exact differences only.
     */
    private final double[] tail;

    private FlipDifferences(Rbm rbm, boolean tables) {
        this.rbm = rbm;
        this.n = rbm.numVisible();
        this.m = rbm.numHidden();
        this.mp = Lanes.pad(m);
        this.b = rbm.visibleBiasArray();
        double[] w = rbm.weightsArray();
        if (!tables) {
            on = null;
            off = null;
            block = mp;
            wt = new double[m * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    wt[j * n + i] = w[i * m + j];
                }
            }
            int tile = 4 * L;
            int full = n / L * L;
            int wide = full / tile * tile;
            panels = new double[wide * m];
            for (int i0 = 0; i0 < wide; i0 += tile) {
                int base = i0 * m;
                for (int j = 0; j < m; j++) {
                    for (int k = 0; k < tile; k++) {
                        panels[base + j * tile + k] = w[(i0 + k) * m + j];
                    }
                }
            }
            int t = full - wide;
            tail = new double[t * m];
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < t; k++) {
                    tail[j * t + k] = w[(wide + k) * m + j];
                }
            }
            return;
        }
        wt = null;
        panels = null;
        tail = null;
        on = new double[n * mp];
        off = new double[n * mp];
        double maxAbs = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                double x = w[i * m + j];
                on[i * mp + j] = x;
                off[i * mp + j] = -x;
                maxAbs = Math.max(maxAbs, Math.abs(x));
            }
        }
        VectorMath.expInPlace(on, 0, on.length);
        VectorMath.expInPlace(off, 0, off.length);
        for (int i = 0; i < n; i++) {
            for (int j = m; j < mp; j++) {
                // padding: complement 1 + mean 0 x 0, exactly 1
                on[i * mp + j] = 0.0;
                off[i * mp + j] = 0.0;
            }
        }
        int units = maxAbs == 0 ? mp : (int) Math.min(mp, Math.floor(BLOCK_LOG_BOUND / maxAbs));
        block = Math.max(W, units / W * W);
    }

    /**
     * @param rbm the RBM
     * @return exact differences: tabulates e^{+-W}, 2 n m doubles
     */
    static FlipDifferences exact(Rbm rbm) {
        return new FlipDifferences(rbm, true);
    }

    /**
     * @param rbm the RBM
     * @return gradients and the approximate differences (keeps W^T, n m doubles)
     */
    static FlipDifferences gradients(Rbm rbm) {
        return new FlipDifferences(rbm, false);
    }

    /** @return m rounded up to a multiple of {@value Lanes#WIDTH}: the row length of padded hidden means */
    int paddedHidden() {
        return mp;
    }

    /**
     * The hidden fields, hidden means and log-marginals of a batch of visible states.
     *
     * @param v rows x n binary states
     * @param rows number of rows
     * @param zeta receives zeta(v), rows x m
     * @param means receives sig(zeta(v)), rows x mp (each row padded from m to mp with 0)
     * @param complements receives sig(-zeta(v)), rows x mp (padded with 1), or null when only gradients
     *     are wanted
     * @param lv receives lv(v) per row, or null when it is not wanted
     * @param e scratch of at least {@link VectorMath#softplusScratch}(m) doubles
     */
    void evaluate(double[] v, int rows, double[] zeta, double[] means, double[] complements, double[] lv, double[] e) {
        rbm.hiddenField(v, rows, zeta);
        for (int r = 0; r < rows; r++) {
            if (lv != null) {
                lv[r] = VectorMath.dot(b, 0, v, r * n, n) + VectorMath.softplusSum(1.0, zeta, r * m, m, e);
            }
            System.arraycopy(zeta, r * m, means, r * mp, m);
            VectorMath.sigmoidInPlace(means, r * mp, m);
            for (int j = m; j < mp; j++) {
                means[r * mp + j] = 0.0;
            }
            if (complements != null) {
                System.arraycopy(zeta, r * m, complements, r * mp, m);
                VectorMath.sigmoidInPlace(-1.0, complements, r * mp, m);
                for (int j = m; j < mp; j++) {
                    complements[r * mp + j] = 1.0;
                }
            }
        }
    }

    /**
     * The exact differences d_i(v) of every unit of every row (requires {@link #exact}).
     *
     * @param v rows x n binary states
     * @param means their hidden means, rows x mp, padded (from {@link #evaluate})
     * @param complements their complements sig(-zeta), rows x mp, padded (from {@link #evaluate})
     * @param rows number of rows
     * @param out receives d, rows x n
     */
    void exactDifferences(double[] v, double[] means, double[] complements, int rows, double[] out) {
        if (on == null) {
            throw new IllegalStateException("exact flip differences need the tables of FlipDifferences.exact");
        }
        double[] logs = new double[UNITS];
        int[] exps = new int[UNITS];
        for (int r = 0; r < rows; r++) {
            int vo = r * n;
            int so = r * mp;
            int i = 0;
            for (; i + UNITS <= n; i += UNITS) {
                products4(v, vo + i, means, complements, so, i, logs, exps);
                for (int u = 0; u < UNITS; u++) {
                    out[vo + i + u] = sign(v[vo + i + u]) * b[i + u] + (logs[u] + exps[u] * LN2);
                }
            }
            for (; i < n; i++) {
                products1(v[vo + i], means, complements, so, i, logs, exps);
                out[vo + i] = sign(v[vo + i]) * b[i] + (logs[0] + exps[0] * LN2);
            }
        }
    }

    /**
     * The exact difference d_i(v) of one unit of one row (requires {@link #exact}), with the operations
     * {@link #exactDifferences} applies to that unit, so the same bits as its entry i.
     *
     * @param v the row's binary state, at {@code vo}
     * @param vo first index of the row in v
     * @param means the row's hidden means, padded, at {@code so}
     * @param complements the row's complements sig(-zeta), padded, at {@code so}
     * @param so first index of the row in means and complements
     * @param i the unit
     * @param logs scratch of one double
     * @param exps scratch of one int
     * @return lv(v with unit i flipped) - lv(v)
     */
    double difference(double[] v, int vo, double[] means, double[] complements, int so, int i, double[] logs,
                      int[] exps) {
        if (on == null) {
            throw new IllegalStateException("exact flip differences need the tables of FlipDifferences.exact");
        }
        double vi = v[vo + i];
        products1(vi, means, complements, so, i, logs, exps);
        return sign(vi) * b[i] + (logs[0] + exps[0] * LN2);
    }

    /**
     * Moves one row's hidden means and complements to the state in which unit i has flipped (requires
     * {@link #exact}), without an exponential: with t_j = e^{s_i W_ij} (tabulated) and f_j = sig(-zeta_j)
     * + sig(zeta_j) t_j, the new mean is sig(zeta_j + s_i W_ij) = sig(zeta_j) t_j / f_j and the new
     * complement sig(-zeta_j) / f_j, both formed with the one reciprocal 1 / f_j. Every term is positive, so
     * nothing cancels; each update rounds a few times (a relative error of a few ulps, not a loss of digits).
     * Padding stays mean 0, complement 1 (its t is 0).
     *
     * @param viBefore unit i's value before the flip
     * @param means the row's hidden means, padded, at {@code so}: updated
     * @param complements the row's complements, padded, at {@code so}: updated
     * @param so first index of the row
     * @param i the unit that flipped
     */
    void flip(double viBefore, double[] means, double[] complements, int so, int i) {
        if (on == null) {
            throw new IllegalStateException("flip updates need the tables of FlipDifferences.exact");
        }
        double[] t = viBefore == 0.0 ? on : off;
        int o = i * mp;
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        int j = 0;
        for (int upper = S.loopBound(mp); j < upper; j += L) {
            DoubleVector s = DoubleVector.fromArray(S, means, so + j).mul(DoubleVector.fromArray(S, t, o + j));
            DoubleVector c = DoubleVector.fromArray(S, complements, so + j);
            DoubleVector r = one.div(s.add(c));
            s.mul(r).intoArray(means, so + j);
            c.mul(r).intoArray(complements, so + j);
        }
        for (; j < mp; j++) {
            double s = means[so + j] * t[o + j];
            double c = complements[so + j];
            double r = 1.0 / (s + c);
            means[so + j] = s * r;
            complements[so + j] = c * r;
        }
    }

    /** s = 1 - 2 v: +1 for a unit that turns on, -1 for one that turns off. */
    private static double sign(double vi) {
        return vi == 0.0 ? 1.0 : -1.0;
    }

    /**
     * ln prod_j (complements_j + means_j t_ij) of four units i0..i0+3 at once (four independent products,
     * so the multiplies do not wait on each other), each as logs[u] + exps[u] ln 2.
     */
    private void products4(double[] v, int vOff, double[] means, double[] complements, int so, int i0, double[] logs,
                           int[] exps) {
        double[] t0 = v[vOff] == 0.0 ? on : off;
        double[] t1 = v[vOff + 1] == 0.0 ? on : off;
        double[] t2 = v[vOff + 2] == 0.0 ? on : off;
        double[] t3 = v[vOff + 3] == 0.0 ? on : off;
        int o0 = i0 * mp;
        int o1 = o0 + mp;
        int o2 = o1 + mp;
        int o3 = o2 + mp;
        double a0 = 1.0;
        double a1 = 1.0;
        double a2 = 1.0;
        double a3 = 1.0;
        int e0 = 0;
        int e1 = 0;
        int e2 = 0;
        int e3 = 0;
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        for (int start = 0; start < mp; start += block) {
            int end = Math.min(mp, start + block);
            double p0 = 1.0;
            double p1 = 1.0;
            double p2 = 1.0;
            double p3 = 1.0;
            // Lanes.WIDTH partial products per unit (index class mod WIDTH), realised as PARTS vectors and
            // combined in index order: the same bits at every hardware width
            for (int q = 0; q < W; q += L) {
                DoubleVector q0 = one;
                DoubleVector q1 = one;
                DoubleVector q2 = one;
                DoubleVector q3 = one;
                for (int j = start + q; j < end; j += W) {
                    DoubleVector s = DoubleVector.fromArray(S, means, so + j);
                    DoubleVector c = DoubleVector.fromArray(S, complements, so + j);
                    q0 = s.fma(DoubleVector.fromArray(S, t0, o0 + j), c).mul(q0);
                    q1 = s.fma(DoubleVector.fromArray(S, t1, o1 + j), c).mul(q1);
                    q2 = s.fma(DoubleVector.fromArray(S, t2, o2 + j), c).mul(q2);
                    q3 = s.fma(DoubleVector.fromArray(S, t3, o3 + j), c).mul(q3);
                }
                for (int k = 0; k < L; k++) {
                    p0 *= q0.lane(k);
                    p1 *= q1.lane(k);
                    p2 *= q2.lane(k);
                    p3 *= q3.lane(k);
                }
            }
            // a_u in [1, 2) times the block's product, then scaled back into [1, 2) by a power of two
            a0 *= p0;
            a1 *= p1;
            a2 *= p2;
            a3 *= p3;
            int k0 = Math.getExponent(a0);
            int k1 = Math.getExponent(a1);
            int k2 = Math.getExponent(a2);
            int k3 = Math.getExponent(a3);
            a0 = Math.scalb(a0, -k0);
            a1 = Math.scalb(a1, -k1);
            a2 = Math.scalb(a2, -k2);
            a3 = Math.scalb(a3, -k3);
            e0 += k0;
            e1 += k1;
            e2 += k2;
            e3 += k3;
        }
        logs[0] = Fdlibm.log(a0);
        logs[1] = Fdlibm.log(a1);
        logs[2] = Fdlibm.log(a2);
        logs[3] = Fdlibm.log(a3);
        exps[0] = e0;
        exps[1] = e1;
        exps[2] = e2;
        exps[3] = e3;
    }

    /** {@link #products4} for one unit (the remainder of n modulo 4), with the same operations per unit. */
    private void products1(double vi, double[] means, double[] complements, int so, int i, double[] logs, int[] exps) {
        double[] t = vi == 0.0 ? on : off;
        int o = i * mp;
        double a = 1.0;
        int e = 0;
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        for (int start = 0; start < mp; start += block) {
            int end = Math.min(mp, start + block);
            double p = 1.0;
            for (int q = 0; q < W; q += L) {
                DoubleVector acc = one;
                for (int j = start + q; j < end; j += W) {
                    acc = DoubleVector.fromArray(S, means, so + j).fma(DoubleVector.fromArray(S, t, o + j),
                            DoubleVector.fromArray(S, complements, so + j)).mul(acc);
                }
                for (int k = 0; k < L; k++) {
                    p *= acc.lane(k);
                }
            }
            a *= p;
            int k = Math.getExponent(a);
            a = Math.scalb(a, -k);
            e += k;
        }
        logs[0] = Fdlibm.log(a);
        exps[0] = e;
    }

    /**
     * The first-order approximation s_i (grad lv(v))_i = s_i (b_i + sum_j W_ij sig(zeta_j(v))) of every
     * unit of every row (Grathwohl et al. 2021, Eq. 3).
     *
     * @param v rows x n binary states
     * @param means their hidden means, rows x mp, padded (from {@link #evaluate})
     * @param rows number of rows
     * @param out receives the approximate differences, rows x n
     */
    void approximateDifferences(double[] v, double[] means, int rows, double[] out) {
        gradient(means, rows, out);
        // s_k = 1 - 2 v_k without a branch (the branch on random states mispredicted half the time: a tenth of
        // a gwg step at 784 x 500); exactly sign(v_k) for binary v, -0.0 included, so the same bits
        for (int k = 0; k < rows * n; k++) {
            out[k] = (1.0 - 2.0 * v[k]) * out[k];
        }
    }

    /**
     * grad lv(v) = b + sig(zeta(v)) W^T of every row: a dense product, register-tiled (four rows times
     * four vectors of units held in registers while j runs over the hidden units), reading W^T from panels
     * of 4L units laid out row after row (contiguous for a tile) and, for the units left over, in place.
     * Every element is b_i followed by the fused multiply-adds of j = 0, 1, ..., m-1 in that order,
     * whichever tile (or the scalar tail, {@link Math#fma}) computes it, so the bits do not depend on
     * the vector width or the tiling.
     *
     * @param means hidden means, rows x mp, padded (from {@link #evaluate})
     * @param rows number of rows
     * @param out receives the gradients, rows x n
     */
    void gradient(double[] means, int rows, double[] out) {
        if (wt == null) {
            throw new IllegalStateException("gradients need the transposed weights of FlipDifferences.gradients");
        }
        int full = n / L * L;
        int wide = full / (4 * L) * (4 * L);
        for (int i = 0; i < wide; i += 4 * L) {
            int r = 0;
            for (; L == 8 && r + 6 <= rows; r += 6) { // 8 lanes: 32 vector registers hold the larger tile
                tile6x4(means, r, i, out);
            }
            for (; r + 4 <= rows; r += 4) {
                tile4x4(means, r, i, out);
            }
            for (; r < rows; r++) {
                for (int q = 0; q < 4; q++) {
                    tile1x1(means, r, i + q * L, out);
                }
            }
        }
        for (int i = wide; i < full; i += L) {
            int r = 0;
            for (; r + 6 <= rows; r += 6) {
                tail6x1(means, r, i, wide, full - wide, out);
            }
            for (; r < rows; r++) {
                tail1x1(means, r, i, wide, full - wide, out);
            }
        }
        for (int i = full; i < n; i++) {
            for (int r = 0; r < rows; r++) {
                double acc = b[i];
                for (int j = 0; j < m; j++) {
                    acc = Math.fma(means[r * mp + j], wt[j * n + i], acc);
                }
                out[r * n + i] = acc;
            }
        }
    }

    /** Rows r..r+3 times units i..i+4L-1: sixteen accumulators. */
    private void tile4x4(double[] means, int r, int i, double[] out) {
        DoubleVector b0 = DoubleVector.fromArray(S, b, i);
        DoubleVector b1 = DoubleVector.fromArray(S, b, i + L);
        DoubleVector b2 = DoubleVector.fromArray(S, b, i + 2 * L);
        DoubleVector b3 = DoubleVector.fromArray(S, b, i + 3 * L);
        DoubleVector c00 = b0;
        DoubleVector c01 = b1;
        DoubleVector c02 = b2;
        DoubleVector c03 = b3;
        DoubleVector c10 = b0;
        DoubleVector c11 = b1;
        DoubleVector c12 = b2;
        DoubleVector c13 = b3;
        DoubleVector c20 = b0;
        DoubleVector c21 = b1;
        DoubleVector c22 = b2;
        DoubleVector c23 = b3;
        DoubleVector c30 = b0;
        DoubleVector c31 = b1;
        DoubleVector c32 = b2;
        DoubleVector c33 = b3;
        int s0 = r * mp;
        int s1 = s0 + mp;
        int s2 = s1 + mp;
        int s3 = s2 + mp;
        // panel of units i..i+4L-1 (i is a multiple of 4L): row j of it at i m + 4L j
        for (int j = 0, wo = i * m; j < m; j++, wo += 4 * L) {
            DoubleVector w0 = DoubleVector.fromArray(S, panels, wo);
            DoubleVector w1 = DoubleVector.fromArray(S, panels, wo + L);
            DoubleVector w2 = DoubleVector.fromArray(S, panels, wo + 2 * L);
            DoubleVector w3 = DoubleVector.fromArray(S, panels, wo + 3 * L);
            DoubleVector a = DoubleVector.broadcast(S, means[s0 + j]);
            c00 = a.fma(w0, c00);
            c01 = a.fma(w1, c01);
            c02 = a.fma(w2, c02);
            c03 = a.fma(w3, c03);
            a = DoubleVector.broadcast(S, means[s1 + j]);
            c10 = a.fma(w0, c10);
            c11 = a.fma(w1, c11);
            c12 = a.fma(w2, c12);
            c13 = a.fma(w3, c13);
            a = DoubleVector.broadcast(S, means[s2 + j]);
            c20 = a.fma(w0, c20);
            c21 = a.fma(w1, c21);
            c22 = a.fma(w2, c22);
            c23 = a.fma(w3, c23);
            a = DoubleVector.broadcast(S, means[s3 + j]);
            c30 = a.fma(w0, c30);
            c31 = a.fma(w1, c31);
            c32 = a.fma(w2, c32);
            c33 = a.fma(w3, c33);
        }
        int o = r * n + i;
        c00.intoArray(out, o);
        c01.intoArray(out, o + L);
        c02.intoArray(out, o + 2 * L);
        c03.intoArray(out, o + 3 * L);
        o += n;
        c10.intoArray(out, o);
        c11.intoArray(out, o + L);
        c12.intoArray(out, o + 2 * L);
        c13.intoArray(out, o + 3 * L);
        o += n;
        c20.intoArray(out, o);
        c21.intoArray(out, o + L);
        c22.intoArray(out, o + 2 * L);
        c23.intoArray(out, o + 3 * L);
        o += n;
        c30.intoArray(out, o);
        c31.intoArray(out, o + L);
        c32.intoArray(out, o + 2 * L);
        c33.intoArray(out, o + 3 * L);
    }

    /**
     * Rows r..r+5 times units i..i+4L-1: twenty-four accumulators (of the 32 vector registers at 8 lanes),
     * so that each row of a panel loaded from the L2 cache serves six rows instead of four: a third less
     * of the panel's traffic per multiply-add. The same fused multiply-adds in the same order per element
     * as {@link #tile4x4}.
     */
    private void tile6x4(double[] means, int r, int i, double[] out) {
        DoubleVector b0 = DoubleVector.fromArray(S, b, i);
        DoubleVector b1 = DoubleVector.fromArray(S, b, i + L);
        DoubleVector b2 = DoubleVector.fromArray(S, b, i + 2 * L);
        DoubleVector b3 = DoubleVector.fromArray(S, b, i + 3 * L);
        DoubleVector c00 = b0;
        DoubleVector c01 = b1;
        DoubleVector c02 = b2;
        DoubleVector c03 = b3;
        DoubleVector c10 = b0;
        DoubleVector c11 = b1;
        DoubleVector c12 = b2;
        DoubleVector c13 = b3;
        DoubleVector c20 = b0;
        DoubleVector c21 = b1;
        DoubleVector c22 = b2;
        DoubleVector c23 = b3;
        DoubleVector c30 = b0;
        DoubleVector c31 = b1;
        DoubleVector c32 = b2;
        DoubleVector c33 = b3;
        DoubleVector c40 = b0;
        DoubleVector c41 = b1;
        DoubleVector c42 = b2;
        DoubleVector c43 = b3;
        DoubleVector c50 = b0;
        DoubleVector c51 = b1;
        DoubleVector c52 = b2;
        DoubleVector c53 = b3;
        int s0 = r * mp;
        int s1 = s0 + mp;
        int s2 = s1 + mp;
        int s3 = s2 + mp;
        int s4 = s3 + mp;
        int s5 = s4 + mp;
        // panel of units i..i+4L-1 (i is a multiple of 4L): row j of it at i m + 4L j
        for (int j = 0, wo = i * m; j < m; j++, wo += 4 * L) {
            DoubleVector w0 = DoubleVector.fromArray(S, panels, wo);
            DoubleVector w1 = DoubleVector.fromArray(S, panels, wo + L);
            DoubleVector w2 = DoubleVector.fromArray(S, panels, wo + 2 * L);
            DoubleVector w3 = DoubleVector.fromArray(S, panels, wo + 3 * L);
            DoubleVector a = DoubleVector.broadcast(S, means[s0 + j]);
            c00 = a.fma(w0, c00);
            c01 = a.fma(w1, c01);
            c02 = a.fma(w2, c02);
            c03 = a.fma(w3, c03);
            a = DoubleVector.broadcast(S, means[s1 + j]);
            c10 = a.fma(w0, c10);
            c11 = a.fma(w1, c11);
            c12 = a.fma(w2, c12);
            c13 = a.fma(w3, c13);
            a = DoubleVector.broadcast(S, means[s2 + j]);
            c20 = a.fma(w0, c20);
            c21 = a.fma(w1, c21);
            c22 = a.fma(w2, c22);
            c23 = a.fma(w3, c23);
            a = DoubleVector.broadcast(S, means[s3 + j]);
            c30 = a.fma(w0, c30);
            c31 = a.fma(w1, c31);
            c32 = a.fma(w2, c32);
            c33 = a.fma(w3, c33);
            a = DoubleVector.broadcast(S, means[s4 + j]);
            c40 = a.fma(w0, c40);
            c41 = a.fma(w1, c41);
            c42 = a.fma(w2, c42);
            c43 = a.fma(w3, c43);
            a = DoubleVector.broadcast(S, means[s5 + j]);
            c50 = a.fma(w0, c50);
            c51 = a.fma(w1, c51);
            c52 = a.fma(w2, c52);
            c53 = a.fma(w3, c53);
        }
        int o = r * n + i;
        c00.intoArray(out, o);
        c01.intoArray(out, o + L);
        c02.intoArray(out, o + 2 * L);
        c03.intoArray(out, o + 3 * L);
        o += n;
        c10.intoArray(out, o);
        c11.intoArray(out, o + L);
        c12.intoArray(out, o + 2 * L);
        c13.intoArray(out, o + 3 * L);
        o += n;
        c20.intoArray(out, o);
        c21.intoArray(out, o + L);
        c22.intoArray(out, o + 2 * L);
        c23.intoArray(out, o + 3 * L);
        o += n;
        c30.intoArray(out, o);
        c31.intoArray(out, o + L);
        c32.intoArray(out, o + 2 * L);
        c33.intoArray(out, o + 3 * L);
        o += n;
        c40.intoArray(out, o);
        c41.intoArray(out, o + L);
        c42.intoArray(out, o + 2 * L);
        c43.intoArray(out, o + 3 * L);
        o += n;
        c50.intoArray(out, o);
        c51.intoArray(out, o + L);
        c52.intoArray(out, o + 2 * L);
        c53.intoArray(out, o + 3 * L);
    }

    /**
     * Rows r..r+5 times the vector of units i..i+L-1 of the tail panel (units wide..wide+t-1, t units per
     * row of the panel): six accumulators, each b_i then the fused multiply-adds of j = 0, 1, ... in order.
     */
    private void tail6x1(double[] means, int r, int i, int wide, int t, double[] out) {
        DoubleVector bi = DoubleVector.fromArray(S, b, i);
        DoubleVector c0 = bi;
        DoubleVector c1 = bi;
        DoubleVector c2 = bi;
        DoubleVector c3 = bi;
        DoubleVector c4 = bi;
        DoubleVector c5 = bi;
        int s0 = r * mp;
        int s1 = s0 + mp;
        int s2 = s1 + mp;
        int s3 = s2 + mp;
        int s4 = s3 + mp;
        int s5 = s4 + mp;
        for (int j = 0, wo = i - wide; j < m; j++, wo += t) {
            DoubleVector w = DoubleVector.fromArray(S, tail, wo);
            c0 = DoubleVector.broadcast(S, means[s0 + j]).fma(w, c0);
            c1 = DoubleVector.broadcast(S, means[s1 + j]).fma(w, c1);
            c2 = DoubleVector.broadcast(S, means[s2 + j]).fma(w, c2);
            c3 = DoubleVector.broadcast(S, means[s3 + j]).fma(w, c3);
            c4 = DoubleVector.broadcast(S, means[s4 + j]).fma(w, c4);
            c5 = DoubleVector.broadcast(S, means[s5 + j]).fma(w, c5);
        }
        int o = r * n + i;
        c0.intoArray(out, o);
        c1.intoArray(out, o + n);
        c2.intoArray(out, o + 2 * n);
        c3.intoArray(out, o + 3 * n);
        c4.intoArray(out, o + 4 * n);
        c5.intoArray(out, o + 5 * n);
    }

    /** Row r times the vector of units i..i+L-1 of the tail panel (see {@link #tail6x1}). */
    private void tail1x1(double[] means, int r, int i, int wide, int t, double[] out) {
        DoubleVector c = DoubleVector.fromArray(S, b, i);
        int so = r * mp;
        for (int j = 0, wo = i - wide; j < m; j++, wo += t) {
            c = DoubleVector.broadcast(S, means[so + j]).fma(DoubleVector.fromArray(S, tail, wo), c);
        }
        c.intoArray(out, r * n + i);
    }

    /** Row r times units i..i+L-1: one accumulator. */
    private void tile1x1(double[] means, int r, int i, double[] out) {
        DoubleVector c = DoubleVector.fromArray(S, b, i);
        int so = r * mp;
        for (int j = 0, wo = i; j < m; j++, wo += n) {
            c = DoubleVector.broadcast(S, means[so + j]).fma(DoubleVector.fromArray(S, wt, wo), c);
        }
        c.intoArray(out, r * n + i);
    }
}
