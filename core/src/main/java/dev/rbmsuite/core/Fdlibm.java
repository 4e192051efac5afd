package dev.rbmsuite.core;

/**
 * The natural logarithm, log(1 + x) and the exponential, ported to Java from fdlibm 5.3 ({@code e_log.c},
 * {@code s_log1p.c} and {@code e_exp.c}): the same algorithm and constants, so every result has the same
 * bits as {@link StrictMath#log}, {@link StrictMath#log1p} and {@link StrictMath#exp}, which the Java
 * specification defines as fdlibm's.
 *
 * <p>Why: {@link Math#log}, {@link Math#log1p} and {@link Math#exp} are HotSpot intrinsics whose last bits
 * may differ by architecture (x86-64 against AArch64), so results computed with them are not the same
 * bytes on every CPU. {@link StrictMath}'s are bit-specified, but in JDK 17 its log and log1p are native
 * (JNI) calls that cost several times an intrinsic in the suite's inner loops (SMCI, exact enumeration,
 * softplus sums), and its exp, although Java ({@code java.lang.FdLibm.Exp}), is a 348-byte method, over
 * C2's inlining limit for hot calls ({@code -XX:FreqInlineSize}, 325 bytes), so every exp in a loop is
 * an out-of-line call that also blocks the optimisation of the loop around it. This port uses only
 * IEEE additions, multiplications, divisions and bit moves, which give the same bits on every machine,
 * and splits each function so that the methods on its common path are small enough to be inlined
 * (the edges and rare branches are separate methods; fdlibm's log and log1p, 430 and 477 bytes in one
 * piece, were not inlined either). {@code FdlibmTest} checks every function against
 * StrictMath bit for bit. The other transcendental functions the suite needs ({@code pow}, {@code hypot},
 * {@code cos}) are off the hot paths; use StrictMath for them.
 *
 * <p>fdlibm's notice, which its licence asks to keep with derived code:
 * <pre>
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunSoft, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * </pre>
 */
public final class Fdlibm {
    private static final double LN2_HI = 6.93147180369123816490e-01; // 3fe62e42 fee00000
    private static final double LN2_LO = 1.90821492927058770002e-10; // 3dea39ef 35793c76
    private static final double TWO54 = 1.80143985094819840000e+16; // 43500000 00000000
    private static final double LG1 = 6.666666666666735130e-01; // 3FE55555 55555593
    private static final double LG2 = 3.999999999940941908e-01; // 3FD99999 9997FA04
    private static final double LG3 = 2.857142874366239149e-01; // 3FD24924 94229359
    private static final double LG4 = 2.222219843214978396e-01; // 3FCC71C5 1D8E78AF
    private static final double LG5 = 1.818357216161805012e-01; // 3FC74664 96CB03DE
    private static final double LG6 = 1.531383769920937332e-01; // 3FC39A09 D078C69F
    private static final double LG7 = 1.479819860511658591e-01; // 3FC2F112 DF3E5244

    // e_exp.c's constants
    private static final double O_THRESHOLD = 0x1.62e42fefa39efp9; // 7.09782712893383973096e+02
    private static final double U_THRESHOLD = -0x1.74910d52d3051p9; // -7.45133219101941108420e+02
    private static final double INVLN2 = 0x1.71547652b82fep0; // 1.44269504088896338700e+00
    private static final double TWOM1000 = 0x1.0p-1000; // 2^-1000
    private static final double P1 = 0x1.555555555553ep-3; // 1.66666666666666019037e-01
    private static final double P2 = -0x1.6c16c16bebd93p-9; // -2.77777777770155933842e-03
    private static final double P3 = 0x1.1566aaf25de2cp-14; // 6.61375632143793436117e-05
    private static final double P4 = -0x1.bbd41c5d26bf1p-20; // -1.65339022054652515390e-06
    private static final double P5 = 0x1.6376972bea4d0p-25; // 4.13813679705723846039e-08

    private Fdlibm() {
    }

    private static int hi(double x) {
        return (int) (Double.doubleToRawLongBits(x) >>> 32);
    }

    private static int lo(double x) {
        return (int) Double.doubleToRawLongBits(x);
    }

    private static double withHi(double x, int high) {
        return Double.longBitsToDouble(((long) high << 32) | (Double.doubleToRawLongBits(x) & 0xffffffffL));
    }

    /**
     * The natural logarithm, bit-identical to {@link StrictMath#log} (fdlibm {@code __ieee754_log}).
     *
     * @param x argument
     * @return ln x: NaN for x &lt; 0 or NaN, -infinity for &plusmn;0, +infinity for +infinity
     */
    public static double log(double x) {
        int hx = hi(x);
        if (hx < 0x00100000 || hx >= 0x7ff00000) { // x < 2^-1022 (zeros, negatives, subnormals), infinity, NaN
            return logEdge(x, hx);
        }
        return logNormal(x, hx, 0);
    }

    /** {@link #log} for x &lt; 2^-1022, +infinity and NaN (fdlibm's first branches). */
    private static double logEdge(double x, int hx) {
        if (hx >= 0x7ff00000) {
            return x + x;
        }
        if (((hx & 0x7fffffff) | lo(x)) == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (hx < 0) {
            return Double.NaN;
        }
        x *= TWO54; // subnormal: scale up
        return logNormal(x, hi(x), -54);
    }

    /**
     * {@link #log} of a positive normal x times 2^k0 (fdlibm's code after its first branches); split from
     * {@link #log} with the rare |f| &lt; 2^-20 case so that the common path stays under C2's inlining
     * limit for hot calls (325 bytes of bytecode), as {@link #exp} does.
     */
    private static double logNormal(double x, int hx, int k0) {
        int k = k0 + (hx >> 20) - 1023;
        hx &= 0x000fffff;
        int i = (hx + 0x95f64) & 0x100000;
        x = withHi(x, hx | (i ^ 0x3ff00000)); // normalise x or x/2
        k += i >> 20;
        double f = x - 1.0;
        if ((0x000fffff & (2 + hx)) < 3) { // |f| < 2^-20
            return logNearOne(f, k);
        }
        double s = f / (2.0 + f);
        double dk = k;
        double z = s * s;
        i = hx - 0x6147a;
        double w = z * z;
        int j = 0x6b851 - hx;
        double t1 = w * (LG2 + w * (LG4 + w * LG6));
        double t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
        i |= j;
        double r = t2 + t1;
        if (i > 0) {
            double hfsq = 0.5 * f * f;
            if (k == 0) {
                return f - (hfsq - s * (hfsq + r));
            }
            return dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f);
        }
        if (k == 0) {
            return f - s * (f - r);
        }
        return dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f);
    }

    /** {@link #log}'s result k ln2 + log(1 + f) for |f| &lt; 2^-20 (fdlibm's short series). */
    private static double logNearOne(double f, int k) {
        if (f == 0.0) {
            if (k == 0) {
                return 0.0;
            }
            double dk = k;
            return dk * LN2_HI + dk * LN2_LO;
        }
        double r = f * f * (0.5 - 0.33333333333333333 * f);
        if (k == 0) {
            return f - r;
        }
        double dk = k;
        return dk * LN2_HI - ((r - dk * LN2_LO) - f);
    }

    /**
     * log(1 + x), accurate for small x, bit-identical to {@link StrictMath#log1p} (fdlibm {@code log1p}).
     *
     * @param x argument
     * @return ln(1 + x): NaN for x &lt; -1 or NaN, -infinity for -1, +infinity for +infinity
     */
    public static double log1p(double x) {
        int hx = hi(x);
        if (hx < 0x3FDA827A) { // x < 0.41422
            int ax = hx & 0x7fffffff;
            if (ax >= 0x3ff00000) { // x <= -1.0
                return x == -1.0 ? Double.NEGATIVE_INFINITY : Double.NaN;
            }
            if (ax < 0x3e200000) { // |x| < 2^-29
                if (ax < 0x3c900000) { // |x| < 2^-54
                    return x;
                }
                return x - x * x * 0.5;
            }
            if (hx > 0 || hx <= 0xbfd2bec3) { // -0.2929 < x < 0.41422: no reduction (k = 0, f = x, c = 0)
                return log1pSeries(x, 0, 0.0);
            }
        }
        if (hx >= 0x7ff00000) {
            return x + x;
        }
        return log1pReduced(x, hx);
    }

    /**
     * {@link #log1p} for x &lt;= -0.2929 or x &gt;= 0.41422, finite: 1 + x = 2^k (1 + f) with the
     * correction term c (fdlibm's reduction). Split from {@link #log1p}, as {@link #log}'s normal case is,
     * so that the methods on the common paths stay under C2's inlining limit for hot calls.
     */
    private static double log1pReduced(double x, int hx) {
        double u;
        int hu;
        int k;
        double c;
        if (hx < 0x43400000) {
            u = 1.0 + x;
            hu = hi(u);
            k = (hu >> 20) - 1023;
            c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0); // correction term
            c /= u;
        } else {
            u = x;
            hu = hi(u);
            k = (hu >> 20) - 1023;
            c = 0;
        }
        hu &= 0x000fffff;
        if (hu < 0x6a09e) {
            u = withHi(u, hu | 0x3ff00000); // normalise u
        } else {
            k += 1;
            u = withHi(u, hu | 0x3fe00000); // normalise u/2
            hu = (0x00100000 - hu) >> 2;
        }
        double f = u - 1.0;
        if (hu == 0) { // |f| < 2^-20
            double hfsq = 0.5 * f * f;
            if (f == 0.0) {
                if (k == 0) {
                    return 0.0;
                }
                c += k * LN2_LO;
                return k * LN2_HI + c;
            }
            double r = hfsq * (1.0 - 0.66666666666666666 * f);
            if (k == 0) {
                return f - r;
            }
            return k * LN2_HI - ((r - (k * LN2_LO + c)) - f);
        }
        return log1pSeries(f, k, c);
    }

    /** k ln2 + log(1 + f) + c by fdlibm's series in s = f / (2 + f) (the last part of {@link #log1p}). */
    private static double log1pSeries(double f, int k, double c) {
        double hfsq = 0.5 * f * f;
        double s = f / (2.0 + f);
        double z = s * s;
        double r = z * (LG1 + z * (LG2 + z * (LG3 + z * (LG4 + z * (LG5 + z * (LG6 + z * LG7))))));
        if (k == 0) {
            return f - (hfsq - s * (hfsq + r));
        }
        return k * LN2_HI - ((hfsq - (s * (hfsq + r) + (k * LN2_LO + c))) - f);
    }

    /**
     * e^x, bit-identical to {@link StrictMath#exp} (fdlibm {@code __ieee754_exp}).
     *
     * <p>fdlibm's algorithm: reduce x = k ln2 + r with |r| &lt;= 0.5 ln2 (ln2 split in a high part whose
     * products with k are exact and a low part), approximate e^r by a rational function of r built on a
     * degree-10 even polynomial, and scale by 2^k in the exponent bits. The code is arranged so that C2
     * inlines it in loops and the common path has no data-dependent branch (a random sign or magnitude
     * would mispredict), with rewrites that give the same bits:
     * <ul>
     *   <li>fdlibm's separate branch for 0.5 ln2 &lt; |x| &lt; 1.5 ln2 (k = &plusmn;1, hi = x &minus;
     *       (&plusmn;ln2_hi), lo = &plusmn;ln2_lo) is the general reduction's result there too:
     *       (int) (x / ln2 &plusmn; 0.5) is &plusmn;1 for every such x, and &plusmn;1 times ln2_hi or
     *       ln2_lo is exact;</li>
     *   <li>fdlibm's result without reduction (|x| &lt;= 0.5 ln2), {@code 1 - ((x c) / (c - 2) - x)}, is
     *       the reduced formula {@code 1 - ((lo - (x c) / (2 - c)) - hi)} at k = 0: then hi = x &minus;
     *       0 ln2_hi = x and lo = +0 exactly, {@code c - 2 = -(2 - c)} and a quotient's sign flips
     *       exactly, and {@code 0 - q = -q} for the nonzero q that |x| &gt;= 2^-28 gives;</li>
     *   <li>the sign's &plusmn;0.5 is {@link Math#copySign} (the same value, no branch), and the
     *       scaling adds k to the exponent field of the 64-bit pattern, which is fdlibm's addition to
     *       the high word (the low word is untouched, and both wrap alike);</li>
     *   <li>fdlibm's {@code huge + x > 1.0} test before 1 + x for |x| &lt; 2^-28 only raises the inexact
     *       flag, which Java has not, and is always true.</li>
     * </ul>
     *
     * @param x argument
     * @return e^x: +infinity above 709.782712893384 and for +infinity, +0 below -745.1332191019411 and
     *     for -infinity, NaN for NaN
     */
    public static double exp(double x) {
        int hx = hi(x) & 0x7fffffff; // high word of |x|
        if (hx >= 0x40862E42 || hx < 0x3e300000) { // |x| >= 709.78..., NaN, infinite, or |x| < 2^-28
            return expEdge(x, hx);
        }
        return expReduced(x, hx);
    }

    /** {@link #exp} for |x| &gt;= 709.78, NaN, the infinities and |x| &lt; 2^-28 (fdlibm's first branches). */
    private static double expEdge(double x, int hx) {
        if (hx < 0x3e300000) {
            return 1.0 + x;
        }
        if (hx >= 0x7ff00000) {
            return x != x ? x + x : x > 0 ? x : 0.0; // NaN, exp(+inf) = inf, exp(-inf) = 0
        }
        if (x > O_THRESHOLD) {
            return Double.POSITIVE_INFINITY; // overflow: fdlibm's huge * huge
        }
        if (x < U_THRESHOLD) {
            return 0.0; // underflow: fdlibm's twom1000 * twom1000
        }
        return expReduced(x, hx);
    }

    /** {@link #exp} for finite x with 2^-28 &lt;= |x| &lt;= 745.13 (fdlibm's reduction and polynomial). */
    private static double expReduced(double x, int hx) {
        int k = hx > 0x3fd62e42 ? (int) (INVLN2 * x + Math.copySign(0.5, x)) : 0; // reduce only |x| > 0.5 ln2
        double t = k;
        double hi = x - t * LN2_HI; // t * LN2_HI is exact here
        double lo = t * LN2_LO;
        double r = hi - lo; // in the primary range
        double rr = r * r;
        double c = r - rr * (P1 + rr * (P2 + rr * (P3 + rr * (P4 + rr * P5))));
        long y = Double.doubleToRawLongBits(1.0 - ((lo - (r * c) / (2.0 - c)) - hi));
        if (k >= -1021) {
            return Double.longBitsToDouble(y + ((long) k << 52)); // add k to y's exponent
        }
        return Double.longBitsToDouble(y + ((long) (k + 1000) << 52)) * TWOM1000; // subnormal result
    }
}
