package dev.rbmsuite.core;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vectorised kernels over {@code double[]} slices (Vector API), the inner loops of sampling,
 * free energies, SMCI and exact enumeration.
 *
 * <p>These exist because one ND4J call on RBM-sized arrays costs tens of microseconds, while the
 * arithmetic of a whole Gibbs sweep is a few microseconds; see {@code notes/TOOLCHAIN.md}. Each
 * method matches its scalar definition in {@link Numerics} to a few ulps and is tested against it.
 *
 * <p>Every result is the same to the last bit at every hardware vector width: lane-wise operations
 * are exact per element, and reductions ({@link #dot}, {@link #softplusSum}) keep the fixed
 * {@value Lanes#WIDTH} partial sums of {@link Lanes}.
 */
public final class VectorMath {
    static final VectorSpecies<Double> S = Lanes.SPECIES;
    private static final VectorSpecies<Long> LS = S.withLanes(long.class);
    private static final int L = Lanes.LANES;
    private static final int W = Lanes.WIDTH;
    private static final boolean MASKS = Lanes.MASKS;

    private VectorMath() {
    }

    /**
     * Whether every value of a slice is finite: the sum of the values times zero is zero exactly when
     * none is infinite or NaN (a finite value times zero is +-0, an infinite one NaN).
     *
     * @param x values
     * @param off first index
     * @param len number of values
     * @return true when all are finite
     */
    public static boolean allFinite(double[] x, int off, int len) {
        DoubleVector acc = DoubleVector.zero(S);
        int k = 0;
        for (; k <= len - L; k += L) {
            acc = DoubleVector.fromArray(S, x, off + k).mul(0.0).add(acc);
        }
        double s = acc.reduceLanes(VectorOperators.ADD);
        for (; k < len; k++) {
            s += x[off + k] * 0.0;
        }
        return s == 0.0;
    }

    // ------------------------------------------------ deterministic transcendental functions
    //
    // The Vector API's EXP and LOG1P give different last bits in interpreted and JIT-compiled code, so
    // results would depend on JIT timing. The exponential below uses only exactly rounded operations
    // (add, mul, fma, bit moves), so it gives the same bits everywhere; expScalar is its scalar twin,
    // bit-identical to every lane. Logarithms are taken with scalar Fdlibm.log / Fdlibm.log1p (fdlibm ported
    // to Java, StrictMath's bits): Math.log's intrinsic may differ in its last bits by architecture. The vector math lives inside array loops
    // (expBlock) rather than in methods taking vectors: a vector passed to a method that is not inlined
    // is boxed, which is several times slower.

    private static final double LOG2E = 1.4426950408889634;
    private static final double LN2_HI = 6.93147180369123816490e-01;
    private static final double LN2_LO = 1.90821492927058770002e-10;
    private static final double ROUND_MAGIC = 6755399441055744.0; // 1.5 * 2^52
    private static final long MAGIC_BITS = Double.doubleToRawLongBits(ROUND_MAGIC);
    private static final double EXP_MAX = 709.0;
    private static final double EXP_MIN = -708.0;
    /** 1/k! for k = 0..13: the Taylor polynomial of e^r on |r| <= ln(2)/2. */
    private static final double[] TAYLOR = new double[14];
    /** Block length of the chunked loops (their scratch lives on the stack of the call). */
    private static final int BLOCK = 256;
    /** Distance from 1 of u (1 + e) below which a fast draw is recomputed with the full exponential. */
    private static final double DRAW_MARGIN = 1e-7;
    private static final long MARGIN_BITS = Double.doubleToRawLongBits(DRAW_MARGIN);
    /**
     * Raw bits of the largest |-beta x| that {@link #bernoulliLogisticDeferred} draws without its
     * exact fallback: 708, so that [-708, 708] lies within [EXP_MIN, EXP_MAX], where the clamp of the
     * other draws changes nothing.
     */
    private static final long IN_RANGE_BITS = Double.doubleToRawLongBits(-EXP_MIN);
    private static final long ONE_BITS = Double.doubleToRawLongBits(1.0);
    private static final long INFINITY_BITS = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);

    static {
        double f = 1;
        for (int k = 0; k < TAYLOR.length; k++) {
            f = k == 0 ? 1 : f * k;
            TAYLOR[k] = 1.0 / f;
        }
    }

    /**
     * e^x, deterministic, bit-identical to the lanes of the vectorised loops. The argument is clamped
     * to [-708, 709], so the result is finite and positive for every input.
     *
     * @param x argument
     * @return e^x
     */
    public static double expScalar(double x) {
        double xc = Math.min(Math.max(x, EXP_MIN), EXP_MAX);
        double t = Math.fma(xc, LOG2E, ROUND_MAGIC);
        double k = t - ROUND_MAGIC;
        double r = Math.fma(k, -LN2_LO, Math.fma(k, -LN2_HI, xc));
        double p = TAYLOR[13];
        for (int i = 12; i >= 0; i--) {
            p = Math.fma(p, r, TAYLOR[i]);
        }
        long bits = (Double.doubleToRawLongBits(t) + (1023L - MAGIC_BITS)) << 52;
        return p * Double.longBitsToDouble(bits);
    }

    /**
     * dst[k] = e^{a * src[k]}, or e^{-|a * src[k]|} when {@code negAbs}, deterministic.
     *
     * @param src arguments
     * @param srcOff first argument
     * @param dst results (may be src)
     * @param dstOff first result
     * @param len number of values
     * @param a scale of the argument
     * @param negAbs whether to take e^{-|a x|}
     */
    static void expBlock(double[] src, int srcOff, double[] dst, int dstOff, int len, double a, boolean negAbs) {
        DoubleVector va = DoubleVector.broadcast(S, a);
        DoubleVector lo = DoubleVector.broadcast(S, EXP_MIN);
        DoubleVector hi = DoubleVector.broadcast(S, EXP_MAX);
        DoubleVector log2e = DoubleVector.broadcast(S, LOG2E);
        DoubleVector magic = DoubleVector.broadcast(S, ROUND_MAGIC);
        DoubleVector nLn2Hi = DoubleVector.broadcast(S, -LN2_HI);
        DoubleVector nLn2Lo = DoubleVector.broadcast(S, -LN2_LO);
        DoubleVector c0 = DoubleVector.broadcast(S, TAYLOR[0]);
        DoubleVector c1 = DoubleVector.broadcast(S, TAYLOR[1]);
        DoubleVector c2 = DoubleVector.broadcast(S, TAYLOR[2]);
        DoubleVector c3 = DoubleVector.broadcast(S, TAYLOR[3]);
        DoubleVector c4 = DoubleVector.broadcast(S, TAYLOR[4]);
        DoubleVector c5 = DoubleVector.broadcast(S, TAYLOR[5]);
        DoubleVector c6 = DoubleVector.broadcast(S, TAYLOR[6]);
        DoubleVector c7 = DoubleVector.broadcast(S, TAYLOR[7]);
        DoubleVector c8 = DoubleVector.broadcast(S, TAYLOR[8]);
        DoubleVector c9 = DoubleVector.broadcast(S, TAYLOR[9]);
        DoubleVector c10 = DoubleVector.broadcast(S, TAYLOR[10]);
        DoubleVector c11 = DoubleVector.broadcast(S, TAYLOR[11]);
        DoubleVector c12 = DoubleVector.broadcast(S, TAYLOR[12]);
        DoubleVector c13 = DoubleVector.broadcast(S, TAYLOR[13]);
        int i = 0;
        int upper = S.loopBound(len);
        for (; i < upper; i += S.length()) {
            DoubleVector v = DoubleVector.fromArray(S, src, srcOff + i).mul(va);
            DoubleVector x = negAbs ? v.abs().neg() : v;
            DoubleVector xc = x.max(lo).min(hi);
            DoubleVector t = xc.fma(log2e, magic);
            DoubleVector k = t.sub(magic);
            DoubleVector r = k.fma(nLn2Lo, k.fma(nLn2Hi, xc));
            DoubleVector p = c13.fma(r, c12).fma(r, c11).fma(r, c10).fma(r, c9).fma(r, c8).fma(r, c7).fma(r, c6)
                    .fma(r, c5).fma(r, c4).fma(r, c3).fma(r, c2).fma(r, c1).fma(r, c0);
            LongVector bits = t.reinterpretAsLongs().add(1023L - MAGIC_BITS)
                    .lanewise(VectorOperators.LSHL, 52);
            p.mul(bits.reinterpretAsDoubles()).intoArray(dst, dstOff + i);
        }
        for (; i < len; i++) {
            double x = a * src[srcOff + i];
            dst[dstOff + i] = expScalar(negAbs ? -Math.abs(x) : x);
        }
    }

    /**
     * In place: x[k] = e^{x[k]}, deterministic (see {@link #expScalar}).
     *
     * @param x arguments in, results out
     * @param off first index
     * @param len length
     */
    public static void expInPlace(double[] x, int off, int len) {
        expBlock(x, off, x, off, len, 1.0, false);
    }

    /**
     * Bernoulli draws of the logistic conditionals: x[xo + k] becomes 1.0 when
     * {@code u (1 + e^{-beta x}) < 1} with u = u[uo + k], else 0.0, i.e. 1 with probability
     * sig(beta x) (Eqs. cond_h and cond_v), without a division. The decisions are exactly those of
     * computing e^{-beta x} with {@link #expScalar} (to its last bit) and testing
     * {@code fma(u, e, u) < 1}: each lane first uses the Taylor polynomial of degree 7 instead of 13
     * (relative error below 1.1e-8 on the reduced range), which moves u (1 + e) by less than 1.2e-8 of
     * itself, so wherever the result is more than 1e-7 away from 1 the decision is the same; the rare
     * lanes within 1e-7 of 1 (and NaN fields) are recomputed with the full exponential.
     *
     * @param u uniforms in [0, 1)
     * @param uo first uniform
     * @param x fields in, draws out
     * @param xo first field
     * @param len number of draws
     * @param beta inverse temperature
     */
    public static void bernoulliLogistic(double[] u, int uo, double[] x, int xo, int len, double beta) {
        if (VectorWarmUp.vector(VectorWarmUp.DRAWS)) {
            bernoulliLogisticVector(u, uo, x, xo, len, beta);
        } else {
            bernoulliLogisticScalar(u, uo, x, xo, len, beta);
        }
    }

    /** The vector code of {@link #bernoulliLogistic}. */
    static void bernoulliLogisticVector(double[] u, int uo, double[] x, int xo, int len, double beta) {
        DoubleVector va = DoubleVector.broadcast(S, -beta);
        DoubleVector lo = DoubleVector.broadcast(S, EXP_MIN);
        DoubleVector hi = DoubleVector.broadcast(S, EXP_MAX);
        DoubleVector log2e = DoubleVector.broadcast(S, LOG2E);
        DoubleVector magic = DoubleVector.broadcast(S, ROUND_MAGIC);
        DoubleVector nLn2Hi = DoubleVector.broadcast(S, -LN2_HI);
        DoubleVector nLn2Lo = DoubleVector.broadcast(S, -LN2_LO);
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        DoubleVector zero = DoubleVector.zero(S);
        DoubleVector margin = DoubleVector.broadcast(S, DRAW_MARGIN);
        DoubleVector c0 = DoubleVector.broadcast(S, TAYLOR[0]);
        DoubleVector c1 = DoubleVector.broadcast(S, TAYLOR[1]);
        DoubleVector c2 = DoubleVector.broadcast(S, TAYLOR[2]);
        DoubleVector c3 = DoubleVector.broadcast(S, TAYLOR[3]);
        DoubleVector c4 = DoubleVector.broadcast(S, TAYLOR[4]);
        DoubleVector c5 = DoubleVector.broadcast(S, TAYLOR[5]);
        DoubleVector c6 = DoubleVector.broadcast(S, TAYLOR[6]);
        DoubleVector c7 = DoubleVector.broadcast(S, TAYLOR[7]);
        int k = 0;
        int upper = S.loopBound(len);
        for (; k < upper; k += S.length()) {
            DoubleVector xc = DoubleVector.fromArray(S, x, xo + k).mul(va).max(lo).min(hi);
            DoubleVector t = xc.fma(log2e, magic);
            DoubleVector kk = t.sub(magic);
            DoubleVector r = kk.fma(nLn2Lo, kk.fma(nLn2Hi, xc));
            DoubleVector p = c7.fma(r, c6).fma(r, c5).fma(r, c4).fma(r, c3).fma(r, c2).fma(r, c1).fma(r, c0);
            LongVector bits = t.reinterpretAsLongs().add(1023L - MAGIC_BITS).lanewise(VectorOperators.LSHL, 52);
            DoubleVector uv = DoubleVector.fromArray(S, u, uo + k);
            DoubleVector y = uv.fma(p.mul(bits.reinterpretAsDoubles()), uv);
            // lanes within the margin of 1 (or NaN) take the exact draw; the others are 1 where y < 1
            boolean far;
            if (MASKS) {
                far = y.sub(one).abs().compare(VectorOperators.GT, margin).allTrue();
                if (far) {
                    zero.blend(one, y.lt(one)).intoArray(x, xo + k);
                }
            } else {
                // integer lane operations instead of masks (VectorBits): y < 1 exactly when y - 1 < 0
                DoubleVector dy = y.sub(one);
                far = VectorBits.allNegative(VectorBits.positive(dy.abs().sub(margin)));
                if (far) {
                    VectorBits.indicator(VectorBits.signBit(dy)).intoArray(x, xo + k);
                }
            }
            if (!far) {
                for (int q = xo + k; q < xo + k + S.length(); q++) {
                    x[q] = exactDraw(u[uo + q - xo], x[q], beta);
                }
            }
        }
        for (; k < len; k++) {
            x[xo + k] = exactDraw(u[uo + k], x[xo + k], beta);
        }
    }

    /**
     * {@link #bernoulliLogistic} for callers that can replay their uniforms: the same decisions, with
     * the margin test of every lane deferred to the end instead of taken a vector at a time. The
     * decisions are written into {@code u} (which is consumed), and a running or of the lanes' "near"
     * signs records whether any lane came within the margin of 1, had |beta x| above 708 (where the
     * exponential needs its clamp) or was NaN; only if none did are the decisions copied into
     * {@code x}. Otherwise {@code x} is left as it was and the method returns false: the caller draws
     * the same uniforms again and calls {@link #bernoulliLogisticScalar}, which gives every lane its
     * exact decision (at ordinary fields a chunk of 1,024 draws has a lane within 1e-7 of 1 about once
     * in several thousand chunks). Why: the per-vector test reads every lane out of the vector and
     * branches, which at 2 lanes (NEON, 128-bit vectors) cost a third of each draw, and the clamp is
     * a Java {@code max} and {@code min}, about ten instructions per vector; the deferred test is a
     * few integer lane operations and no branch. Masks are not used, so every width runs the same
     * code.
     *
     * @param u uniforms in [0, 1) (overwritten with 0.0 / 1.0 decisions)
     * @param uo first uniform
     * @param x fields in, draws out (unchanged when the method returns false)
     * @param xo first field
     * @param len number of draws
     * @param beta inverse temperature
     * @return whether the draws were written; false when the caller must redraw the uniforms and call
     *     {@link #bernoulliLogisticScalar}
     */
    static boolean bernoulliLogisticDeferred(double[] u, int uo, double[] x, int xo, int len, double beta) {
        if (!VectorWarmUp.vector(VectorWarmUp.DRAWS)) {
            bernoulliLogisticScalar(u, uo, x, xo, len, beta);
            return true;
        }
        int upper = S.loopBound(len);
        if (!bernoulliLogisticDeferredVector(u, uo, x, xo, upper, beta)) {
            return false;
        }
        System.arraycopy(u, uo, x, xo, upper);
        bernoulliLogisticScalar(u, uo + upper, x, xo + upper, len - upper, beta);
        return true;
    }

    /**
     * The vector code of {@link #bernoulliLogisticDeferred} (its scalar twin is
     * {@link #bernoulliLogisticScalar}): the decisions of a whole number of vectors into {@code u}.
     *
     * @param len a multiple of the vector length
     * @return whether no lane needs the exact draw
     */
    static boolean bernoulliLogisticDeferredVector(double[] u, int uo, double[] x, int xo, int len, double beta) {
        DoubleVector va = DoubleVector.broadcast(S, -beta);
        DoubleVector log2e = DoubleVector.broadcast(S, LOG2E);
        DoubleVector magic = DoubleVector.broadcast(S, ROUND_MAGIC);
        DoubleVector nLn2Hi = DoubleVector.broadcast(S, -LN2_HI);
        DoubleVector nLn2Lo = DoubleVector.broadcast(S, -LN2_LO);
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        DoubleVector c0 = DoubleVector.broadcast(S, TAYLOR[0]);
        DoubleVector c1 = DoubleVector.broadcast(S, TAYLOR[1]);
        DoubleVector c2 = DoubleVector.broadcast(S, TAYLOR[2]);
        DoubleVector c3 = DoubleVector.broadcast(S, TAYLOR[3]);
        DoubleVector c4 = DoubleVector.broadcast(S, TAYLOR[4]);
        DoubleVector c5 = DoubleVector.broadcast(S, TAYLOR[5]);
        DoubleVector c6 = DoubleVector.broadcast(S, TAYLOR[6]);
        DoubleVector c7 = DoubleVector.broadcast(S, TAYLOR[7]);
        LongVector rangeBits = LongVector.broadcast(LS, IN_RANGE_BITS);
        LongVector marginBits = LongVector.broadcast(LS, MARGIN_BITS + 1);
        LongVector infinityBits = LongVector.broadcast(LS, INFINITY_BITS);
        // the sign bit of a lane of "near" is set once any of its values needed the exact draw: a
        // magnitude a (raw bits of |.|; non-negative doubles order as their bits) of -beta x above
        // IN_RANGE (where the clamp of bernoulliLogisticVector would act; NaN and infinities too), or of
        // y - 1 at most DRAW_MARGIN or above +infinity (NaN): each makes one difference negative
        LongVector near = LongVector.zero(LS);
        for (int k = 0; k < len; k += S.length()) {
            DoubleVector xc = DoubleVector.fromArray(S, x, xo + k).mul(va);
            near = rangeBits.sub(xc.reinterpretAsLongs().and(Long.MAX_VALUE)).or(near);
            DoubleVector t = xc.fma(log2e, magic);
            DoubleVector kk = t.sub(magic);
            DoubleVector r = kk.fma(nLn2Lo, kk.fma(nLn2Hi, xc));
            DoubleVector p = c7.fma(r, c6).fma(r, c5).fma(r, c4).fma(r, c3).fma(r, c2).fma(r, c1).fma(r, c0);
            LongVector bits = t.reinterpretAsLongs().add(1023L - MAGIC_BITS).lanewise(VectorOperators.LSHL, 52);
            DoubleVector uv = DoubleVector.fromArray(S, u, uo + k);
            LongVector dy = uv.fma(p.mul(bits.reinterpretAsDoubles()), uv).sub(one).reinterpretAsLongs();
            LongVector a = dy.and(Long.MAX_VALUE);
            near = a.sub(marginBits).or(infinityBits.sub(a)).or(near);
            // y < 1 exactly when y - 1 < 0 (dy is not zero in a lane that is not near): all ones where
            // the sign bit is set, and with the bits of 1.0
            dy.lanewise(VectorOperators.ASHR, 63).and(ONE_BITS).reinterpretAsDoubles().intoArray(u, uo + k);
        }
        return near.reduceLanes(VectorOperators.OR) >= 0;
    }

    /**
     * The scalar twin of {@link #bernoulliLogisticVector} (see {@link VectorWarmUp}): per element the
     * same operations as one lane (clamp, range reduction, degree-7 polynomial, scaling, the margin
     * test, and the exact draw near the margin), so the same decisions.
     */
    static void bernoulliLogisticScalar(double[] u, int uo, double[] x, int xo, int len, double beta) {
        double nb = -beta;
        double c0 = TAYLOR[0];
        double c1 = TAYLOR[1];
        double c2 = TAYLOR[2];
        double c3 = TAYLOR[3];
        double c4 = TAYLOR[4];
        double c5 = TAYLOR[5];
        double c6 = TAYLOR[6];
        double c7 = TAYLOR[7];
        for (int k = 0; k < len; k++) {
            double f = x[xo + k];
            // the clamp of the vector code (max, then min; a NaN stays NaN and takes the exact draw)
            double xa = f * nb;
            double xb = xa < EXP_MIN ? EXP_MIN : xa;
            double xc = xb > EXP_MAX ? EXP_MAX : xb;
            double t = Math.fma(xc, LOG2E, ROUND_MAGIC);
            double kk = t - ROUND_MAGIC;
            double r = Math.fma(kk, -LN2_LO, Math.fma(kk, -LN2_HI, xc));
            double p = Math.fma(Math.fma(Math.fma(Math.fma(Math.fma(Math.fma(Math.fma(c7, r, c6), r, c5), r, c4), r, c3),
                    r, c2), r, c1), r, c0);
            double scale = Double.longBitsToDouble((Double.doubleToRawLongBits(t) + (1023L - MAGIC_BITS)) << 52);
            double uk = u[uo + k];
            double y = Math.fma(uk, p * scale, uk);
            double dy = y - 1.0;
            if (Math.abs(dy) > DRAW_MARGIN) {
                // y < 1 exactly when the sign bit of y - 1 is set (dy is not zero here): 1.0 or 0.0
                // without a branch on the random decision
                x[xo + k] = (double) (Double.doubleToRawLongBits(dy) >>> 63);
            } else {
                x[xo + k] = exactDraw(uk, f, beta);
            }
        }
    }

    /** The reference decision: fma(u, e, u) &lt; 1 with e = expScalar(-beta f), 1.0 or 0.0. */
    private static double exactDraw(double u, double field, double beta) {
        return Math.fma(u, expScalar(-beta * field), u) < 1.0 ? 1.0 : 0.0;
    }

    /**
     * dst[k] = e^{-|src[k]|} in (0, 1], deterministic: the factor of the product form of softplus,
     * softplus(x) = max(x, 0) + ln(1 + e^{-|x|}).
     *
     * @param src arguments
     * @param srcOff first argument
     * @param dst results
     * @param dstOff first result
     * @param len length
     */
    public static void expNegAbs(double[] src, int srcOff, double[] dst, int dstOff, int len) {
        expBlock(src, srcOff, dst, dstOff, len, 1.0, true);
    }

    /**
     * Adds the lanes of v to s in lane order (the Vector API's own reduction may add in a different
     * order once compiled, which changes the last bits). Callers pass the parts of a virtual
     * {@value Lanes#WIDTH}-lane accumulator in order, so the sum runs over its {@value Lanes#WIDTH}
     * partial sums in index order at every hardware width.
     *
     * @param s the running sum
     * @param v a vector
     * @return s + v[0] + v[1] + ... in that order
     */
    static double addLanes(double s, DoubleVector v) {
        for (int k = 0; k < L; k++) {
            s += v.lane(k);
        }
        return s;
    }

    /**
     * Multiplies p by the lanes of v in lane order (see {@link #addLanes}).
     *
     * @param p the running product
     * @param v a vector
     * @return p * v[0] * v[1] * ... in that order
     */
    static double mulLanes(double p, DoubleVector v) {
        for (int k = 0; k < L; k++) {
            p *= v.lane(k);
        }
        return p;
    }

    /**
     * acc[accOff + k] += src[srcOff + k] for k in [0, len).
     *
     * @param acc accumulator
     * @param accOff accumulator offset
     * @param src source
     * @param srcOff source offset
     * @param len length
     */
    public static void add(double[] acc, int accOff, double[] src, int srcOff, int len) {
        int i = 0;
        int upper = S.loopBound(len);
        for (; i < upper; i += S.length()) {
            DoubleVector.fromArray(S, acc, accOff + i)
                    .add(DoubleVector.fromArray(S, src, srcOff + i))
                    .intoArray(acc, accOff + i);
        }
        for (; i < len; i++) {
            acc[accOff + i] += src[srcOff + i];
        }
    }

    /**
     * acc[accOff + k] += src[rows[q] * stride + k] for q = 0, 1, ..., count - 1 in that order and k in
     * [0, len): whole rows of src added into one row, each element's additions in the order of the
     * rows, so the same bits as {@code count} calls of {@link #add} in that order; the accumulators stay
     * in registers (four vectors at a time) instead of being loaded and stored for every row. (Each
     * update is written {@code a = x.add(a)}, the rule of {@code LanesTest}; the sum is the same.)
     *
     * @param acc accumulator
     * @param accOff accumulator offset
     * @param src source rows
     * @param rows the rows of src to add, in order
     * @param count how many of them
     * @param stride the row length of src
     * @param len elements per row
     */
    public static void addRows(double[] acc, int accOff, double[] src, int[] rows, int count, int stride, int len) {
        int l = S.length();
        int k = 0;
        for (; k + 4 * l <= len; k += 4 * l) {
            DoubleVector a0 = DoubleVector.fromArray(S, acc, accOff + k);
            DoubleVector a1 = DoubleVector.fromArray(S, acc, accOff + k + l);
            DoubleVector a2 = DoubleVector.fromArray(S, acc, accOff + k + 2 * l);
            DoubleVector a3 = DoubleVector.fromArray(S, acc, accOff + k + 3 * l);
            for (int q = 0; q < count; q++) {
                int o = rows[q] * stride + k;
                a0 = DoubleVector.fromArray(S, src, o).add(a0);
                a1 = DoubleVector.fromArray(S, src, o + l).add(a1);
                a2 = DoubleVector.fromArray(S, src, o + 2 * l).add(a2);
                a3 = DoubleVector.fromArray(S, src, o + 3 * l).add(a3);
            }
            a0.intoArray(acc, accOff + k);
            a1.intoArray(acc, accOff + k + l);
            a2.intoArray(acc, accOff + k + 2 * l);
            a3.intoArray(acc, accOff + k + 3 * l);
        }
        for (; k + l <= len; k += l) {
            DoubleVector a = DoubleVector.fromArray(S, acc, accOff + k);
            for (int q = 0; q < count; q++) {
                a = DoubleVector.fromArray(S, src, rows[q] * stride + k).add(a);
            }
            a.intoArray(acc, accOff + k);
        }
        for (; k < len; k++) {
            double a = acc[accOff + k];
            for (int q = 0; q < count; q++) {
                a += src[rows[q] * stride + k];
            }
            acc[accOff + k] = a;
        }
    }

    /**
     * acc[accOff + k] += a * src[srcOff + k] for k in [0, len): one fused multiply-add for
     * k below {@link Lanes#bound}(len), a product and a sum (two roundings) above, at every width.
     *
     * @param a scale
     * @param acc accumulator
     * @param accOff accumulator offset
     * @param src source
     * @param srcOff source offset
     * @param len length
     */
    public static void axpy(double a, double[] acc, int accOff, double[] src, int srcOff, int len) {
        // fused multiply-adds up to the last whole block of Lanes.WIDTH, then separate multiply and add
        // (two roundings): which elements are fused must not depend on the hardware width
        int i = 0;
        int upper = Lanes.bound(len);
        DoubleVector av = DoubleVector.broadcast(S, a);
        for (; i < upper; i += L) {
            DoubleVector.fromArray(S, src, srcOff + i)
                    .fma(av, DoubleVector.fromArray(S, acc, accOff + i))
                    .intoArray(acc, accOff + i);
        }
        for (; i + L <= len; i += L) {
            DoubleVector.fromArray(S, acc, accOff + i)
                    .add(DoubleVector.fromArray(S, src, srcOff + i).mul(av))
                    .intoArray(acc, accOff + i);
        }
        for (; i < len; i++) {
            acc[accOff + i] += a * src[srcOff + i];
        }
    }

    /**
     * The dot product with {@value Lanes#WIDTH} partial sums (see {@link Lanes}): element k goes to
     * partial sum k mod {@value Lanes#WIDTH} (one fused multiply-add each) up to {@link Lanes#bound},
     * the partial sums are added in order, then the remaining products one by one.
     *
     * @param x first vector
     * @param xOff offset in x
     * @param y second vector
     * @param yOff offset in y
     * @param len length
     * @return sum_k x[xOff+k] * y[yOff+k]
     */
    public static double dot(double[] x, int xOff, double[] y, int yOff, int len) {
        // Lanes.WIDTH partial sums (one per index class mod WIDTH), realised as PARTS vectors, then
        // added in index order, then the scalar tail: the same bits at every hardware width
        int upper = Lanes.bound(len);
        double s = 0;
        for (int p = 0; p < W; p += L) {
            DoubleVector acc = DoubleVector.zero(S);
            for (int i = p; i < upper; i += W) {
                acc = DoubleVector.fromArray(S, x, xOff + i).fma(DoubleVector.fromArray(S, y, yOff + i), acc);
            }
            s = addLanes(s, acc);
        }
        for (int i = upper; i < len; i++) {
            s += x[xOff + i] * y[yOff + i];
        }
        return s;
    }

    /**
     * In place: x[k] = sig(x[k]) = 1 / (1 + e^{-x[k]}); saturates to exactly 0 or 1, never NaN.
     *
     * @param x values in, probabilities out
     * @param off first index
     * @param len length
     */
    public static void sigmoidInPlace(double[] x, int off, int len) {
        sigmoidInPlace(1.0, x, off, len);
    }

    /**
     * Scaled sigmoid in place: x[k] = sig(beta * x[k]) (tempered conditionals of AIS and PT).
     *
     * @param beta inverse temperature
     * @param x values in, probabilities out
     * @param off first index
     * @param len length
     */
    public static void sigmoidInPlace(double beta, double[] x, int off, int len) {
        expBlock(x, off, x, off, len, -beta, false);
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        int i = 0;
        int upper = S.loopBound(len);
        for (; i < upper; i += S.length()) {
            one.div(DoubleVector.fromArray(S, x, off + i).add(one)).intoArray(x, off + i);
        }
        for (; i < len; i++) {
            x[off + i] = 1.0 / (x[off + i] + 1.0);
        }
    }

    /**
     * @param x arguments
     * @param off first index
     * @param len length
     * @return sum_k softplus(x[k]), with the stable form max(x,0) + log1p(e^-|x|)
     */
    public static double softplusSum(double[] x, int off, int len) {
        return softplusSum(1.0, x, off, len);
    }

    /**
     * @param beta scale applied to every argument
     * @param x arguments
     * @param off first index
     * @param len length
     * @return sum_k softplus(beta * x[k])
     */
    public static double softplusSum(double beta, double[] x, int off, int len) {
        return softplusSum(beta, x, off, len, new double[softplusScratch(len)]);
    }

    /**
     * @param len the number of terms of a {@link #softplusSum(double, double[], int, int, double[])}
     * @return the scratch doubles that call needs: min(len, 256), at least 1
     */
    public static int softplusScratch(int len) {
        return Math.min(BLOCK, Math.max(len, 1));
    }

    /**
     * {@link #softplusSum(double, double[], int, int)} with the caller's scratch for the exponentials,
     * for loops over many rows (mAIS weights, tempering swaps) that should allocate nothing per row.
     * The same bits: the allocating form calls this one.
     *
     * @param beta scale applied to every argument
     * @param x arguments
     * @param off first index
     * @param len length
     * @param e scratch of at least {@link #softplusScratch(int) softplusScratch(len)} doubles (its
     *          contents are overwritten)
     * @return sum_k softplus(beta * x[k])
     */
    public static double softplusSum(double beta, double[] x, int off, int len, double[] e) {
        // sum_k max(b x_k, 0) + ln prod_k (1 + e^{-|b x_k|}): one exp per term, one log per block and
        // lane (each factor lies in (1, 2], so a block's lane products stay far below overflow)
        DoubleVector vb = DoubleVector.broadcast(S, beta);
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        DoubleVector zero = DoubleVector.zero(S);
        double lin = 0;
        double logs = 0;
        for (int start = 0; start < len; start += BLOCK) {
            int n = Math.min(BLOCK, len - start);
            expBlock(x, off + start, e, 0, n, beta, true);
            // Lanes.WIDTH partial sums and products, realised as PARTS vectors and combined in order
            int upper = Lanes.bound(n);
            double prod = 1;
            double ls = 0;
            for (int p = 0; p < W; p += L) {
                DoubleVector l = zero;
                DoubleVector q = one;
                for (int i = p; i < upper; i += W) {
                    l = DoubleVector.fromArray(S, x, off + start + i).mul(vb).max(zero).add(l);
                    q = DoubleVector.fromArray(S, e, i).add(one).mul(q);
                }
                prod = mulLanes(prod, q);
                ls = addLanes(ls, l);
            }
            lin += ls;
            for (int i = upper; i < n; i++) {
                lin += Math.max(beta * x[off + start + i], 0.0);
                prod *= 1.0 + e[i];
            }
            logs += Fdlibm.log(prod);
        }
        return lin + logs;
    }

    /**
     * In place: x[k] = softplus(x[k]).
     *
     * @param x arguments in, softplus values out
     * @param off first index
     * @param len length
     */
    public static void softplusInPlace(double[] x, int off, int len) {
        double[] e = new double[Math.min(BLOCK, Math.max(len, 1))];
        for (int start = 0; start < len; start += BLOCK) {
            int n = Math.min(BLOCK, len - start);
            expBlock(x, off + start, e, 0, n, 1.0, true);
            for (int i = 0; i < n; i++) {
                x[off + start + i] = Math.max(x[off + start + i], 0.0) + Fdlibm.log1p(e[i]);
            }
        }
    }
}
