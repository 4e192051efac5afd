package dev.rbmsuite.learning.estimators;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.VectorBits;
import dev.rbmsuite.core.VectorMath;
import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Semi-second-order spatial Monte Carlo integration (SMCI) for the negative phase of an RBM (paper
 * Appendix A), with the corrections of docs/methods.md section 0: the estimators are
 * <ul>
 *   <li>{@code M^(v)_i(v) = E[v_i | v_{-i}] = sig(phi_i)}, {@code phi_i = b_i + sum_j d_ij},
 *       {@code d_ij = sfp(zeta_{j,i} + W_ij) - sfp(zeta_{j,i})}, {@code zeta_{j,i} = zeta_j(v) - W_ij v_i};</li>
 *   <li>{@code M^(h)_j(h) = E[h_j | h_{-j}] = sig(psi_j)} (conditioned on {@code h_{-j}}, not on
 *       "h in {0,1}^{m-1}" as printed), the mirror image with {@code eta_{i,j}} and {@code e_ij};</li>
 *   <li>{@code C^(v)_ij(v) = E[v_i h_j | v_{-i}] = sig(a + p + W_ij - LSE(0, a, p))} with
 *       {@code a = zeta_{j,i}} and {@code p = phi_{i,j} = phi_i - d_ij} (the paper prints phi_i,
 *       which counts the j-th softplus term twice);</li>
 *   <li>{@code C^(h)_ij(h) = E[v_i h_j | h_{-j}] = sig(eta_{i,j} + psi_{j,i} + W_ij - LSE(0, eta_{i,j}, psi_{j,i}))}
 *       (the paper conditions on v_{-i} and prints psi_j);</li>
 * </ul>
 * averaged over the samples, with {@code E[v_i h_j] ~ mean (C^(v)_ij + C^(h)_ij) / 2} (docs/methods.md
 * 2.2, 2.4). Cost O(N_s n m).
 *
 * <p><b>Fast path.</b> Conditioned on {@code v_{-i}}, the hidden units stay independent, so
 * {@code C^(v)_ij = P(v_i = 1 | v_{-i}) P(h_j = 1 | v_i = 1, v_{-i}) = M^(v)_i sig(zeta_j + W_ij (1 - v_i))},
 * which equals the corrected formula above (and likewise {@code C^(h)_ij = M^(h)_j sig(eta_i + W_ij (1 - h_j))}).
 * With {@code s_j = sig(zeta_j)}, {@code sbar_j = sig(-zeta_j)} (one deterministic vector exponential
 * per sample and hidden unit) and {@code E_ij = e^{W_ij}} (once per call), every term needs only
 * multiply-adds and at most one division: for {@code v_i = 0}, {@code e^{d_ij} = sbar_j + s_j E_ij} and
 * {@code C^(v)_ij = M_i s_j E_ij / e^{d_ij}}; for {@code v_i = 1}, {@code e^{-d_ij} = sbar_j + s_j / E_ij}
 * and {@code C^(v)_ij = M_i s_j}; the sum over j of {@code d_ij} becomes a product, so
 * {@code e^{-phi_i} = e^{-b_i} / prod_j e^{d_ij}} costs one multiplication per term (the product is
 * taken in chunks whose lanes stay within the double range, with one logarithm per chunk when there
 * is more than one). Each side is vectorised over the units it conditions (j for C^(v), i for
 * C^(h)); when the visible layer is narrow (n of at most 16 units, GenRBM's n = 10), the
 * hidden side is vectorised over the hidden units instead, which wastes no lanes on padding. All factors are positive, so the relative accuracy is that of the inputs. When
 * some |W_ij| exceeds {@value #FAST_LIMIT}, the stable form of docs/methods.md section 2.3 (softplus differences
 * and a shifted log-sum-exp per term) is used instead. Both give finite results for any finite
 * parameters.
 *
 * <p><b>Determinism.</b> Vector exponentials are core's {@link VectorMath#expInPlace} (exactly rounded
 * operations only), scalar ones {@code Fdlibm.exp}/{@code Fdlibm.log} (StrictMath's bits on every CPU; O(n + m) per call and O(N_s n)
 * at most), and lane products are combined in scalar code in a fixed order: the Vector API's own
 * EXP/LOG and lane reductions give different bits before and after C2 compilation, which would make
 * runs with the same seed differ in the last bits. Products keep the fixed
 * {@value Lanes#WIDTH} partial products of {@link Lanes} and the out dimension is padded to a
 * multiple of {@value Lanes#WIDTH}, so the estimates are also the same at every hardware vector width.
 *
 * <p>Not thread-safe (scratch buffers are reused between calls).
 */
public final class SemiSecondOrderSmci implements MomentEstimator {
    /** The command-line name. */
    public static final String NAME = "smci2";
    /** The largest |W_ij| for which the multiplicative fast path is used. */
    public static final double FAST_LIMIT = 50.0;

    private static final double EN_MIN = Fdlibm.exp(-600.0);
    private static final double EN_MAX = Fdlibm.exp(600.0);
    private static final double PRODUCT_RANGE = 600.0;
    private static final VectorSpecies<Double> S = Lanes.SPECIES;
    private static final int LANES = Lanes.LANES;
    /** The fixed number of partial products (see {@link Lanes}): padding, chunks and combination order. */
    private static final int W = Lanes.WIDTH;

    private final boolean alwaysStable;
    private final Side visibleSide = new Side();
    private final Side hiddenSide = new Side();
    private final NarrowSide narrowSide = new NarrowSide();
    private double[] zeta = new double[0];
    private double[] eta = new double[0];
    private double[] wt = new double[0];
    private double[] visibleCorr = new double[0];
    private double[] hiddenCorr = new double[0];

    /** A semi-second-order SMCI estimator (fast path where |W| allows it). */
    public SemiSecondOrderSmci() {
        this(false);
    }

    /** @param alwaysStable use the stable per-term form of docs/methods.md section 2.3 everywhere (for tests) */
    SemiSecondOrderSmci(boolean alwaysStable) {
        this.alwaysStable = alwaysStable;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void estimate(Rbm rbm, double[] v, double[] h, int rows, Moments out) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        if (rows <= 0) {
            throw new IllegalArgumentException("need at least one sample, got " + rows);
        }
        if (out.numVisible() != n || out.numHidden() != m) {
            throw new IllegalArgumentException("moments of shape (" + out.numVisible() + "," + out.numHidden()
                    + ") for an RBM with n=" + n + ", m=" + m);
        }
        double[] w = rbm.weightsArray();
        double[] b = rbm.visibleBiasArray();
        double[] c = rbm.hiddenBiasArray();
        if (wt.length != n * m) {
            wt = new double[n * m];
        }
        double maxAbs = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                double x = w[i * m + j];
                wt[j * n + i] = x;
                maxAbs = Math.max(maxAbs, Math.abs(x));
            }
        }
        if (zeta.length < rows * m) {
            zeta = new double[rows * m];
        }
        if (eta.length < rows * n) {
            eta = new double[rows * n];
        }
        rbm.hiddenField(v, rows, zeta);
        rbm.visibleField(h, rows, eta);
        out.clear();
        double[] pair = out.pair();
        double inv = 1.0 / rows;
        if (!alwaysStable && maxAbs <= FAST_LIMIT) {
            visibleSide.prepare(w, n, m, maxAbs, null);
            visibleSide.run(v, rows, zeta, b, out.visible());
            if (NarrowSide.applies(n, m, maxAbs, c)) {
                // few visible units: the hidden side vectorised over the hidden units instead
                narrowSide.prepare(visibleSide);
                narrowSide.run(h, rows, eta, c, out.hidden());
                combine(n, m, visibleSide.corr, visibleSide.pad, 1, narrowSide.corr, narrowSide.padIn, 1, inv, pair);
            } else {
                hiddenSide.prepare(wt, m, n, maxAbs, visibleSide);
                hiddenSide.run(h, rows, eta, c, out.hidden());
                combine(n, m, visibleSide.corr, visibleSide.pad, 1, hiddenSide.corr, 1, hiddenSide.pad, inv, pair);
            }
        } else {
            double[] cv = new double[n * m];
            double[] ch = new double[m * n];
            stableSide(v, rows, n, m, zeta, w, b, out.visible(), cv);
            stableSide(h, rows, m, n, eta, wt, c, out.hidden(), ch);
            combine(n, m, cv, m, 1, ch, 1, n, inv, pair);
        }
        scale(out.visible(), inv);
        scale(out.hidden(), inv);
    }

    /** pair_ij = (C^(v)_ij + C^(h)_ij) / 2 / rows with C^(v)_ij = cv[i*vi + j*vj], C^(h)_ij = ch[i*hi + j*hj]. */
    private void combine(int n, int m, double[] cv, int vi, int vj, double[] ch, int hi, int hj, double inv,
                         double[] pair) {
        if (visibleCorr.length != n * m) {
            visibleCorr = new double[n * m];
            hiddenCorr = new double[n * m];
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                double a = cv[i * vi + j * vj] * inv;
                double b = ch[i * hi + j * hj] * inv;
                visibleCorr[i * m + j] = a;
                hiddenCorr[i * m + j] = b;
                pair[i * m + j] = 0.5 * (a + b);
            }
        }
    }

    /** @return mean C^(v)_ij of the last call, n x m (live buffer; for tests) */
    double[] lastVisibleCorrelation() {
        return visibleCorr;
    }

    /** @return mean C^(h)_ij of the last call, n x m (live buffer; for tests) */
    double[] lastHiddenCorrelation() {
        return hiddenCorr;
    }

    /**
     * The stable per-term form (docs/methods.md section 2.3-2.4) of one side: for each row x (nIn units) with field
     * f = bOut + x M (nOut units), accumulates sig(phi_i) into {@code mean} and C_ik into {@code corr}
     * (nIn x nOut). The hidden side is the same with W^T, c for b, eta for zeta.
     */
    static void stableSide(double[] x, int rows, int nIn, int nOut, double[] field, double[] mat, double[] biasIn,
                           double[] mean, double[] corr) {
        double[] a = new double[nOut];
        double[] d = new double[nOut];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < nIn; i++) {
                double xi = x[r * nIn + i];
                double phi = biasIn[i];
                for (int k = 0; k < nOut; k++) {
                    double wk = mat[i * nOut + k];
                    a[k] = field[r * nOut + k] - wk * xi;
                    d[k] = Numerics.softplus(a[k] + wk) - Numerics.softplus(a[k]);
                    phi += d[k];
                }
                mean[i] += Numerics.sigmoid(phi);
                for (int k = 0; k < nOut; k++) {
                    double p = phi - d[k];
                    corr[i * nOut + k] += Numerics.sigmoid(a[k] + p + mat[i * nOut + k] - Numerics.logSumExp0(a[k], p));
                }
            }
        }
    }

    /**
     * Scratch and the multiplicative fast path of one side (visible: x = v, M = W, bias b; hidden:
     * x = h, M = W^T, bias c). The out dimension is padded to a multiple of {@value Lanes#WIDTH} with
     * neutral entries (s = 0, sbar = 1, E = 1), so there are no scalar tails.
     *
     * <p>Per sample r and in-unit i, with {@code D_k = e^{d_ik}}: pass 1 forms the product of
     * {@code D_k} (x_i = 0: {@code D_k = sbar_k + s_k E_ik}) or of {@code 1/D_k} (x_i = 1:
     * {@code 1/D_k = sbar_k + s_k / E_ik}) by one fma and one multiplication per term, which gives
     * {@code e^{-phi_i}} and {@code M_i = sig(phi_i)}; pass 2 adds
     * {@code C_ik = M_i sig(zeta_k + W_ik (1 - x_i))}, i.e. {@code M_i s_k} for x_i = 1 (one fma) and
     * {@code M_i s_k E_ik / D_k} for x_i = 0 (one division).
     */
    private static final class Side {
        int nIn;
        int nOut;
        int pad;
        int flushEvery;
        double[] e = new double[0];
        double[] einv = new double[0];
        double[] s = new double[0];
        double[] sb = new double[0];
        double[] corr = new double[0];
        final double[] lane = new double[W];
        final double[] lanes4 = new double[4 * W];
        final double[] products = new double[4];
        double[] expNegBias = new double[0];
        int[] offUnits = new int[0];
        int[] onUnits = new int[0];

        /**
         * @param mat the in-major matrix (nIn x nOut; W or W^T)
         * @param nIn in-units
         * @param nOut out-units
         * @param maxAbs max |W_ij|
         * @param other the prepared side of the transposed matrix, whose E is reused, or null
         */
        void prepare(double[] mat, int nIn, int nOut, double maxAbs, Side other) {
            this.nIn = nIn;
            this.nOut = nOut;
            // padded to Lanes.WIDTH (not to the hardware vector), so that the chunks of the products and
            // the order in which they are combined are the same at every vector width
            this.pad = Lanes.pad(nOut);
            // Each of the W partial products of k iterations lies in [e^{-k maxAbs}, e^{k maxAbs}]; the
            // W together must stay within e^{+-600}.
            this.flushEvery = maxAbs <= 0 ? Integer.MAX_VALUE : Math.max(1, (int) (PRODUCT_RANGE / (maxAbs * W)));
            int size = nIn * pad;
            if (e.length != size) {
                e = new double[size];
                einv = new double[size];
                corr = new double[size];
            }
            if (s.length != pad) {
                s = new double[pad];
                sb = new double[pad];
            }
            if (other != null) {
                // the other side's E, 1/E transposed: the same values, no exponentials
                for (int i = 0; i < nIn; i++) {
                    int base = i * pad;
                    for (int k = 0; k < nOut; k++) {
                        e[base + k] = other.e[k * other.pad + i];
                        einv[base + k] = other.einv[k * other.pad + i];
                    }
                    Arrays.fill(e, base + nOut, base + pad, 1.0);
                    Arrays.fill(einv, base + nOut, base + pad, 1.0);
                }
            } else {
                for (int i = 0; i < nIn; i++) {
                    int base = i * pad;
                    System.arraycopy(mat, i * nOut, e, base, nOut);
                    Arrays.fill(e, base + nOut, base + pad, 0.0);
                    expRow(base);
                }
            }
            Arrays.fill(corr, 0.0);
            if (expNegBias.length != nIn) {
                expNegBias = new double[nIn];
                offUnits = new int[nIn];
                onUnits = new int[nIn];
            }
        }

        /** e[base..base+pad) = exp(m) in place (deterministic vector exponential), einv = 1 / e. */
        private void expRow(int base) {
            VectorMath.expInPlace(e, base, pad);
            for (int k = 0; k < pad; k += LANES) {
                DoubleVector.broadcast(S, 1.0).div(DoubleVector.fromArray(S, e, base + k)).intoArray(einv, base + k);
            }
        }

        /**
         * Accumulates sig(phi_i) into mean (nIn) and C_ik into corr (nIn x pad) over the rows. Each
         * row's in-units are split into those at 0 and those at 1 first (branch-free), and each group is
         * processed in one loop: with random binary states a per-unit branch between the two passes
         * is mispredicted half the time. Every mean[i] and corr[i][k] still sums its terms in the
         * order of the rows, so the result does not depend on the order of the units within a row.
         */
        void run(double[] x, int rows, double[] field, double[] biasIn, double[] mean) {
            for (int i = 0; i < nIn; i++) {
                expNegBias[i] = Fdlibm.exp(-biasIn[i]);
            }
            int chunk = flushEvery >= pad / W ? pad : flushEvery * W;
            boolean single = chunk >= pad;
            int[] offUnits = this.offUnits;
            int[] onUnits = this.onUnits;
            for (int r = 0; r < rows; r++) {
                sigmoids(field, r * nOut);
                int nOff = 0;
                int nOn = 0;
                for (int i = 0; i < nIn; i++) {
                    int on = x[r * nIn + i] != 0.0 ? 1 : 0;
                    offUnits[nOff] = i;
                    onUnits[nOn] = i;
                    nOff += 1 - on;
                    nOn += on;
                }
                group(offUnits, nOff, false, single, chunk, biasIn, mean);
                group(onUnits, nOn, true, single, chunk, biasIn, mean);
            }
        }

        /**
         * Both passes for the in-units {@code units[0..count)} of one row, all at 0 ({@code on} false) or
         * all at 1. When the products fit in one chunk, those of four units are formed together
         * ({@link #products4}): each product is a chain of dependent multiplications, and four
         * independent chains keep the multiplier busy where one waits on its own latency. Otherwise
         * each product is taken in chunks so that no lane product leaves the double range.
         */
        private void group(int[] units, int count, boolean on, boolean single, int chunk, double[] biasIn,
                           double[] mean) {
            double[] g = on ? einv : e;
            double[] pr = this.products;
            int u = 0;
            if (single) {
                for (; u + 4 <= count; u += 4) {
                    products4(g, units[u] * pad, units[u + 1] * pad, units[u + 2] * pad, units[u + 3] * pad, pr);
                    for (int t = 0; t < 4; t++) {
                        unit(units[u + t], on, pr[t], biasIn, mean);
                    }
                }
                for (; u < count; u++) {
                    unit(units[u], on, product(g, units[u] * pad, 0, pad), biasIn, mean);
                }
            } else {
                for (; u < count; u++) {
                    int i = units[u];
                    double logSum = 0;
                    for (int k0 = 0; k0 < pad; k0 += chunk) {
                        int k1 = Math.min(pad, k0 + chunk);
                        logSum += Fdlibm.log(product(g, i * pad, k0, k1));
                    }
                    finish(i, on, Fdlibm.exp(-(biasIn[i] + (on ? -logSum : logSum))), mean);
                }
            }
        }

        /**
         * Unit i given its whole product, {@code prod_k D_k} (x_i = 0) or {@code prod_k 1/D_k}
         * (x_i = 1): {@code e^{-phi_i} = e^{-b_i} / prod_k D_k}, through the logarithm when |b_i| &gt; 100
         * so that e^{-b_i} cannot overflow.
         */
        private void unit(int i, boolean on, double prod, double[] biasIn, double[] mean) {
            double en;
            if (Math.abs(biasIn[i]) <= 100.0) {
                en = on ? expNegBias[i] * prod : expNegBias[i] / prod;
            } else {
                double logSum = Fdlibm.log(prod);
                en = Fdlibm.exp(-(biasIn[i] + (on ? -logSum : logSum)));
            }
            finish(i, on, en, mean);
        }

        /**
         * {@code M_i = sig(phi_i)} from {@code e^{-phi_i}} with phi clamped to [-600, 600] (the limits
         * are exact to double precision), added to mean[i]; then pass 2 of unit i.
         */
        private void finish(int i, boolean on, double en, double[] mean) {
            en = Math.max(EN_MIN, Math.min(EN_MAX, en));
            double mi = 1.0 / (1.0 + en);
            mean[i] += mi;
            if (on) {
                pass2On(i * pad, mi);
            } else {
                pass2Off(i * pad, mi);
            }
        }

        /**
         * {@link #product}(g, base_t, 0, pad) for the four units at offsets b0..b3, into out[0..4): the
         * same operations in the same order per unit (so the same bits), interleaved.
         */
        private void products4(double[] g, int b0, int b1, int b2, int b3, double[] out) {
            for (int q = 0; q < W; q += LANES) {
                int k = q;
                DoubleVector sk = DoubleVector.fromArray(S, s, k);
                DoubleVector sbk = DoubleVector.fromArray(S, sb, k);
                DoubleVector p0 = sk.fma(DoubleVector.fromArray(S, g, b0 + k), sbk);
                DoubleVector p1 = sk.fma(DoubleVector.fromArray(S, g, b1 + k), sbk);
                DoubleVector p2 = sk.fma(DoubleVector.fromArray(S, g, b2 + k), sbk);
                DoubleVector p3 = sk.fma(DoubleVector.fromArray(S, g, b3 + k), sbk);
                for (k += W; k < pad; k += W) {
                    sk = DoubleVector.fromArray(S, s, k);
                    sbk = DoubleVector.fromArray(S, sb, k);
                    p0 = sk.fma(DoubleVector.fromArray(S, g, b0 + k), sbk).mul(p0);
                    p1 = sk.fma(DoubleVector.fromArray(S, g, b1 + k), sbk).mul(p1);
                    p2 = sk.fma(DoubleVector.fromArray(S, g, b2 + k), sbk).mul(p2);
                    p3 = sk.fma(DoubleVector.fromArray(S, g, b3 + k), sbk).mul(p3);
                }
                p0.intoArray(lanes4, q);
                p1.intoArray(lanes4, W + q);
                p2.intoArray(lanes4, 2 * W + q);
                p3.intoArray(lanes4, 3 * W + q);
            }
            for (int t = 0; t < 4; t++) {
                out[t] = tree(lanes4, t * W);
            }
        }

        /** The fixed combination of the {@value Lanes#WIDTH} partial products l[o..o+W). */
        private static double tree(double[] l, int o) {
            return ((l[o] * l[o + 1]) * (l[o + 2] * l[o + 3])) * ((l[o + 4] * l[o + 5]) * (l[o + 6] * l[o + 7]));
        }

        /**
         * prod over k in [k0, k1) of (sbar_k + s_k g_k), g = E (x_i = 0) or 1/E (x_i = 1): partial
         * product q takes the terms k = q mod {@value Lanes#WIDTH} (in PARTS vectors of the hardware
         * width), and the {@value Lanes#WIDTH} partial products are combined as a fixed tree.
         */
        private double product(double[] g, int base, int k0, int k1) {
            for (int q = 0; q < W; q += LANES) {
                int k = k0 + q;
                DoubleVector prod = DoubleVector.fromArray(S, s, k)
                        .fma(DoubleVector.fromArray(S, g, base + k), DoubleVector.fromArray(S, sb, k));
                for (k += W; k < k1; k += W) {
                    prod = DoubleVector.fromArray(S, s, k)
                            .fma(DoubleVector.fromArray(S, g, base + k), DoubleVector.fromArray(S, sb, k)).mul(prod);
                }
                prod.intoArray(lane, q);
            }
            return tree(lane, 0);
        }

        /** x_i = 1: C_ik += M_i s_k. */
        private void pass2On(int base, double mi) {
            DoubleVector mv = DoubleVector.broadcast(S, mi);
            for (int k = 0; k < pad; k += LANES) {
                DoubleVector.fromArray(S, s, k).fma(mv, DoubleVector.fromArray(S, corr, base + k))
                        .intoArray(corr, base + k);
            }
        }

        /** x_i = 0: C_ik += M_i s_k E_ik / (sbar_k + s_k E_ik) = M_i sig(zeta_k + W_ik). */
        private void pass2Off(int base, double mi) {
            DoubleVector mv = DoubleVector.broadcast(S, mi);
            for (int k = 0; k < pad; k += LANES) {
                DoubleVector se = DoubleVector.fromArray(S, s, k).mul(DoubleVector.fromArray(S, e, base + k));
                DoubleVector q = se.div(se.add(DoubleVector.fromArray(S, sb, k)));
                q.fma(mv, DoubleVector.fromArray(S, corr, base + k)).intoArray(corr, base + k);
            }
        }

        /**
         * s_k = sig(f_k), sbar_k = sig(-f_k) from one deterministic vector exponential e^{-|f_k|};
         * padding set to s = 0, sbar = 1.
         */
        private void sigmoids(double[] field, int off) {
            System.arraycopy(field, off, s, 0, nOut);
            Arrays.fill(s, nOut, pad, 0.0);
            sigmoidsInPlace(s, sb, pad);
            for (int k = nOut; k < pad; k++) {
                s[k] = 0.0;
                sb[k] = 1.0;
            }
        }

        /**
         * In place: s[0..len) = sig(z), sb[0..len) = sig(-z) for z = s[0..len), from one exponential
         * e^{-|z|} per value, taken for the whole row in one call (per-vector calls cost the set-up
         * of the exponential's constants once per vector, which dominated at 2 lanes).
         *
         * @param len a multiple of the vector length
         */
        static void sigmoidsInPlace(double[] s, double[] sb, int len) {
            VectorMath.expNegAbs(s, 0, sb, 0, len); // sb is free until written below
            DoubleVector one = DoubleVector.broadcast(S, 1.0);
            for (int o = 0; o < len; o += LANES) {
                DoubleVector z = DoubleVector.fromArray(S, s, o);
                DoubleVector ex = DoubleVector.fromArray(S, sb, o);
                DoubleVector q = one.div(ex.add(one));
                DoubleVector p = ex.mul(q);
                // z < 0: s = p, sb = q (z = -0.0 has p = q); integer selection, no masks (VectorBits)
                LongVector neg = VectorBits.mask(VectorBits.signBit(z));
                VectorBits.select(q, p, neg).intoArray(s, o);
                VectorBits.select(p, q, neg).intoArray(sb, o);
            }
        }
    }

    /**
     * The hidden side when the visible layer is narrow (n &le; 16 units, as in GenRBM with
     * n = 10, m = 100): vectorised over the hidden units j (lanes) and looping over the n visible
     * units, so that no lane is spent on padding n and no work is done per (sample, j) in scalar
     * code. Per sample and block of hidden units, with {@code s_i = sig(eta_i)}:
     * {@code e^{-psi_j} = e^{-c_j} / prod_i (sbar_i + s_i E_ij)} (h_j = 0) or
     * {@code e^{-c_j} prod_i (sbar_i + s_i / E_ij)} (h_j = 1), {@code M_j = 1 / (1 + e^{-psi_j})}, and
     * {@code C^(h)_ij += M_j sig(eta_i + W_ij (1 - h_j))}. Used only when one product cannot leave
     * the double range (n max|W| &le; 600) and |c_j| &le; 100; it reads E and 1/E from the visible side
     * (its rows, over the hidden units, are exactly the layout needed here).
     */
    private static final class NarrowSide {
        int nIn;
        int nOut;
        int padIn;
        double[] et = new double[0];
        double[] eti = new double[0];
        double[] s = new double[0];
        double[] sb = new double[0];
        double[] xpad = new double[0];
        double[] ebn = new double[0];
        double[] meanAcc = new double[0];
        /** C^(h) accumulated over the samples, [i * padIn + j]. */
        double[] corr = new double[0];

        /** @return whether the narrow path applies to an RBM with n visible, m hidden units */
        static boolean applies(int n, int m, double maxAbs, double[] c) {
            // a fixed threshold (not one in hardware vectors), so that the choice, and with it the last
            // bits of the estimates, are the same at every vector width
            if (n > 2 * W || m < 2 * W || n * maxAbs > PRODUCT_RANGE) {
                return false;
            }
            for (double x : c) {
                if (Math.abs(x) > 100.0) {
                    return false;
                }
            }
            return true;
        }

        void prepare(Side visible) {
            this.nIn = visible.nOut;
            this.nOut = visible.nIn;
            this.padIn = visible.pad;
            this.et = visible.e;
            this.eti = visible.einv;
            if (corr.length != nOut * padIn) {
                corr = new double[nOut * padIn];
            }
            if (xpad.length != padIn) {
                xpad = new double[padIn];
                ebn = new double[padIn];
                meanAcc = new double[padIn];
            }
            Arrays.fill(corr, 0.0);
            Arrays.fill(meanAcc, 0.0);
            Arrays.fill(xpad, 0.0);
            Arrays.fill(ebn, 1.0);
        }

        void run(double[] x, int rows, double[] field, double[] biasIn, double[] mean) {
            for (int j = 0; j < nIn; j++) {
                ebn[j] = Fdlibm.exp(-biasIn[j]);
            }
            sigmoids(field, rows * nOut);
            for (int r = 0; r < rows; r++) {
                System.arraycopy(x, r * nIn, xpad, 0, nIn);
                for (int j0 = 0; j0 < padIn; j0 += LANES) {
                    block(r * nOut, j0);
                }
            }
            for (int j = 0; j < nIn; j++) {
                mean[j] += meanAcc[j];
            }
        }

        private void block(int so, int j0) {
            double[] s = this.s;
            double[] sb = this.sb;
            double[] et = this.et;
            double[] eti = this.eti;
            double[] corr = this.corr;
            // h_j != 0 as an integer lane mask (VectorBits: vector masks are slow at 2 lanes)
            LongVector on = VectorBits.nonZeroMask(DoubleVector.fromArray(S, xpad, j0));
            DoubleVector p = DoubleVector.broadcast(S, 1.0);
            for (int i = 0; i < nOut; i++) {
                int o = i * padIn + j0;
                DoubleVector g = VectorBits.select(DoubleVector.fromArray(S, et, o), DoubleVector.fromArray(S, eti, o), on);
                p = g.fma(DoubleVector.broadcast(S, s[so + i]), DoubleVector.broadcast(S, sb[so + i])).mul(p);
            }
            DoubleVector eb = DoubleVector.fromArray(S, ebn, j0);
            DoubleVector en = VectorBits.select(eb.div(p), eb.mul(p), on).max(EN_MIN).min(EN_MAX);
            DoubleVector mj = DoubleVector.broadcast(S, 1.0).div(en.add(1.0));
            DoubleVector.fromArray(S, meanAcc, j0).add(mj).intoArray(meanAcc, j0);
            for (int i = 0; i < nOut; i++) {
                int o = i * padIn + j0;
                DoubleVector si = DoubleVector.broadcast(S, s[so + i]);
                DoubleVector se = DoubleVector.fromArray(S, et, o).mul(si);
                DoubleVector q = VectorBits.select(se.div(se.add(sb[so + i])), si, on);
                q.fma(mj, DoubleVector.fromArray(S, corr, o)).intoArray(corr, o);
            }
        }

        /** s = sig(field), sb = sig(-field) over the first len values (deterministic vector exponential). */
        private void sigmoids(double[] field, int len) {
            int padded = ((len + LANES - 1) / LANES) * LANES;
            if (s.length < padded) {
                s = new double[padded];
                sb = new double[padded];
            }
            System.arraycopy(field, 0, s, 0, len);
            Arrays.fill(s, len, padded, 0.0);
            Side.sigmoidsInPlace(s, sb, padded);
        }
    }

    private static void scale(double[] x, double a) {
        for (int k = 0; k < x.length; k++) {
            x[k] *= a;
        }
    }
}
