package dev.rbmsuite.core;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vectorised kernels over {@code double[]} slices (Vector API), the inner loops of sampling,
 * free energies, SMCI and exact enumeration.
 *
 * <p>These exist because one ND4J call on RBM-sized arrays costs tens of microseconds, while the
 * arithmetic of a whole Gibbs sweep is a few microseconds; see {@code notes/TOOLCHAIN.md}. Each
 * method matches its scalar definition in {@link Numerics} to a few ulps and is tested against it.
 */
public final class VectorMath {
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;

    private VectorMath() {
    }

    // ------------------------------------------------ deterministic lane-wise transcendental functions
    //
    // The Vector API's EXP and LOG1P give different last bits in interpreted and JIT-compiled code, so
    // results would depend on JIT timing. These versions use only exactly rounded operations (add, mul,
    // fma, div, conversions, bit moves) and give the same bits everywhere, to within about 2 ulp of the
    // correctly rounded value.

    private static final double LOG2E = 1.4426950408889634;
    private static final double LN2_HI = 6.93147180369123816490e-01;
    private static final double LN2_LO = 1.90821492927058770002e-10;
    private static final double ROUND_MAGIC = 6755399441055744.0; // 1.5 * 2^52
    private static final long MAGIC_BITS = Double.doubleToRawLongBits(ROUND_MAGIC);
    private static final double EXP_MAX = 709.0;
    private static final double EXP_MIN = -708.0;
    private static final double SQRT2_M1 = 0.41421356237309503;

    /**
     * e^x lane-wise, deterministic. Arguments are clamped to [-708, 709], so the result is finite and
     * positive for every input (e^-708 ~ 3e-308 stands for smaller values).
     *
     * @param x arguments
     * @return e^x
     */
    public static DoubleVector exp(DoubleVector x) {
        DoubleVector xc = x.max(EXP_MIN).min(EXP_MAX);
        // t = 1.5*2^52 + round(x / ln 2): the integer k sits in the low mantissa bits of t
        DoubleVector t = xc.fma(LOG2E, ROUND_MAGIC);
        DoubleVector k = t.sub(ROUND_MAGIC);
        DoubleVector r = k.neg().fma(DoubleVector.broadcast(x.species(), LN2_HI), xc);
        r = k.neg().fma(DoubleVector.broadcast(x.species(), LN2_LO), r);
        // Taylor polynomial of e^r on |r| <= ln(2)/2, degree 13, Horner with fma
        DoubleVector p = DoubleVector.broadcast(r.species(), 1.0 / 6227020800.0);
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 479001600.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 39916800.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 3628800.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 362880.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 40320.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 5040.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 720.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 120.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 24.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0 / 6.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 0.5));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0));
        p = p.fma(r, DoubleVector.broadcast(r.species(), 1.0));
        LongVector bits = t.reinterpretAsLongs().add(1023L - MAGIC_BITS).lanewise(VectorOperators.LSHL, 52);
        return p.mul(bits.reinterpretAsDoubles());
    }

    /**
     * ln(1 + y) lane-wise for y in [0, 1], deterministic (the range softplus needs).
     *
     * @param y arguments in [0, 1]
     * @return ln(1 + y)
     */
    public static DoubleVector log1pUnit(DoubleVector y) {
        // above sqrt(2)-1 use ln(1+y) = ln 2 + ln(1 + (y-1)/2), so that |s| <= 0.172 below
        VectorMask<Double> high = y.compare(VectorOperators.GT, SQRT2_M1);
        DoubleVector z = y.blend(y.sub(1.0).mul(0.5), high);
        DoubleVector s = z.div(z.add(2.0));
        DoubleVector w = s.mul(s);
        // ln(1+z) = 2 atanh(s) = 2s (1 + w/3 + w^2/5 + ...), s = z / (2 + z)
        DoubleVector p = DoubleVector.broadcast(y.species(), 1.0 / 21);
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 19));
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 17));
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 15));
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 13));
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 11));
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 9));
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 7));
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 5));
        p = p.fma(w, DoubleVector.broadcast(w.species(), 1.0 / 3));
        DoubleVector twoS = s.add(s);
        DoubleVector series = twoS.mul(w).mul(p).add(twoS);
        DoubleVector zero = DoubleVector.zero(y.species());
        DoubleVector hi = zero.blend(LN2_HI, high);
        DoubleVector lo = zero.blend(LN2_LO, high);
        return hi.add(series.add(lo));
    }

    /**
     * softplus(x) = max(x,0) + ln(1 + e^-|x|) lane-wise, deterministic and finite.
     *
     * @param x arguments
     * @return ln(1 + e^x)
     */
    public static DoubleVector softplus(DoubleVector x) {
        return x.max(0.0).add(log1pUnit(exp(x.abs().neg())));
    }

    /**
     * sig(x) = 1 / (1 + e^-x) lane-wise, deterministic; within 1e-300 of 0 or 1 at the extremes.
     *
     * @param x arguments
     * @return sig(x)
     */
    public static DoubleVector sigmoid(DoubleVector x) {
        return DoubleVector.broadcast(x.species(), 1.0).div(exp(x.neg()).add(1.0));
    }

    /**
     * The sum of the lanes in lane order (the Vector API's reduction may add in a different order once
     * compiled, which changes the last bits).
     *
     * @param v a vector
     * @return v[0] + v[1] + ... in that order
     */
    public static double sumLanes(DoubleVector v) {
        double[] a = new double[v.length()];
        v.intoArray(a, 0);
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s;
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
     * acc[accOff + k] += a * src[srcOff + k] for k in [0, len).
     *
     * @param a scale
     * @param acc accumulator
     * @param accOff accumulator offset
     * @param src source
     * @param srcOff source offset
     * @param len length
     */
    public static void axpy(double a, double[] acc, int accOff, double[] src, int srcOff, int len) {
        int i = 0;
        int upper = S.loopBound(len);
        DoubleVector av = DoubleVector.broadcast(S, a);
        for (; i < upper; i += S.length()) {
            DoubleVector.fromArray(S, src, srcOff + i)
                    .fma(av, DoubleVector.fromArray(S, acc, accOff + i))
                    .intoArray(acc, accOff + i);
        }
        for (; i < len; i++) {
            acc[accOff + i] += a * src[srcOff + i];
        }
    }

    /**
     * @param x first vector
     * @param xOff offset in x
     * @param y second vector
     * @param yOff offset in y
     * @param len length
     * @return sum_k x[xOff+k] * y[yOff+k]
     */
    public static double dot(double[] x, int xOff, double[] y, int yOff, int len) {
        int i = 0;
        int upper = S.loopBound(len);
        DoubleVector acc = DoubleVector.zero(S);
        for (; i < upper; i += S.length()) {
            acc = DoubleVector.fromArray(S, x, xOff + i).fma(DoubleVector.fromArray(S, y, yOff + i), acc);
        }
        double s = sumLanes(acc);
        for (; i < len; i++) {
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
        int i = 0;
        int upper = S.loopBound(len);
        for (; i < upper; i += S.length()) {
            DoubleVector v = DoubleVector.fromArray(S, x, off + i);
            sigmoid(v).intoArray(x, off + i);
        }
        for (; i < len; i++) {
            x[off + i] = Numerics.sigmoid(x[off + i]);
        }
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
        int i = 0;
        int upper = S.loopBound(len);
        for (; i < upper; i += S.length()) {
            DoubleVector v = DoubleVector.fromArray(S, x, off + i);
            sigmoid(v.mul(beta)).intoArray(x, off + i);
        }
        for (; i < len; i++) {
            x[off + i] = Numerics.sigmoid(beta * x[off + i]);
        }
    }

    /**
     * @param x arguments
     * @param off first index
     * @param len length
     * @return sum_k softplus(x[k]), with the stable form max(x,0) + log1p(e^-|x|)
     */
    public static double softplusSum(double[] x, int off, int len) {
        int i = 0;
        int upper = S.loopBound(len);
        DoubleVector acc = DoubleVector.zero(S);
        for (; i < upper; i += S.length()) {
            DoubleVector v = DoubleVector.fromArray(S, x, off + i);
            acc = acc.add(softplus(v));
        }
        double s = sumLanes(acc);
        for (; i < len; i++) {
            s += Numerics.softplus(x[off + i]);
        }
        return s;
    }

    /**
     * @param beta scale applied to every argument
     * @param x arguments
     * @param off first index
     * @param len length
     * @return sum_k softplus(beta * x[k])
     */
    public static double softplusSum(double beta, double[] x, int off, int len) {
        int i = 0;
        int upper = S.loopBound(len);
        DoubleVector acc = DoubleVector.zero(S);
        for (; i < upper; i += S.length()) {
            DoubleVector v = DoubleVector.fromArray(S, x, off + i).mul(beta);
            acc = acc.add(softplus(v));
        }
        double s = sumLanes(acc);
        for (; i < len; i++) {
            s += Numerics.softplus(beta * x[off + i]);
        }
        return s;
    }

    /**
     * In place: x[k] = softplus(x[k]).
     *
     * @param x arguments in, softplus values out
     * @param off first index
     * @param len length
     */
    public static void softplusInPlace(double[] x, int off, int len) {
        int i = 0;
        int upper = S.loopBound(len);
        for (; i < upper; i += S.length()) {
            DoubleVector v = DoubleVector.fromArray(S, x, off + i);
            softplus(v).intoArray(x, off + i);
        }
        for (; i < len; i++) {
            x[off + i] = Numerics.softplus(x[off + i]);
        }
    }
}
