package dev.rbmsuite.core;

import jdk.incubator.vector.DoubleVector;
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
        double s = acc.reduceLanes(VectorOperators.ADD);
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
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        for (; i < upper; i += S.length()) {
            DoubleVector v = DoubleVector.fromArray(S, x, off + i);
            one.div(v.neg().lanewise(VectorOperators.EXP).add(1.0)).intoArray(x, off + i);
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
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        DoubleVector nb = DoubleVector.broadcast(S, -beta);
        for (; i < upper; i += S.length()) {
            DoubleVector v = DoubleVector.fromArray(S, x, off + i);
            one.div(v.mul(nb).lanewise(VectorOperators.EXP).add(1.0)).intoArray(x, off + i);
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
            DoubleVector sp = v.max(0.0).add(v.abs().neg().lanewise(VectorOperators.EXP)
                    .lanewise(VectorOperators.LOG1P));
            acc = acc.add(sp);
        }
        double s = acc.reduceLanes(VectorOperators.ADD);
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
            DoubleVector sp = v.max(0.0).add(v.abs().neg().lanewise(VectorOperators.EXP)
                    .lanewise(VectorOperators.LOG1P));
            acc = acc.add(sp);
        }
        double s = acc.reduceLanes(VectorOperators.ADD);
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
            v.max(0.0).add(v.abs().neg().lanewise(VectorOperators.EXP).lanewise(VectorOperators.LOG1P))
                    .intoArray(x, off + i);
        }
        for (; i < len; i++) {
            x[off + i] = Numerics.softplus(x[off + i]);
        }
    }
}
