package dev.rbmsuite.claims;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.ToDoubleBiFunction;
import java.util.stream.IntStream;

/**
 * The data of a {@link Design#MEDIAN_CURVES} row (registration section 1, figure 9): per unit (a
 * start state shared by both kernels) one curve of each configuration over the same recorded steps,
 * and the functional of a median curve the row compares. The effect is {@code f(median of a) - f(median
 * of b)}, the median taken over the units at each recorded step; its interval comes from resampling
 * the units with replacement, the same draw for both configurations.
 *
 * @param steps the recorded steps, increasing
 * @param a the favoured side's curves (for "lower TV" the baseline's), one per unit
 * @param b the other side's curves, one per unit, in the same unit order
 * @param functionalA what the row reads off side a's median curve
 * @param functionalB what it reads off side b's (the same, but where the sides are compared at equal cost:
 *     the baseline's TV after as many bottom-layer sweeps as the proposed kernel's k steps)
 */
public record CurveContrast(double[] steps, double[][] a, double[][] b, Functional functionalA,
                            Functional functionalB) {
    /** A number read off a median curve, for example the TV at step 10. */
    public interface Functional {
        /**
         * @param steps the recorded steps
         * @param curve a median curve over those steps
         * @return the functional's value
         */
        double apply(double[] steps, double[] curve);

        /**
         * @param steps the recorded steps
         * @return the last index of the curve the functional reads (later steps need no median)
         */
        int lastIndex(double[] steps);

        /**
         * @param steps the recorded steps
         * @return every index of the curve the functional reads: by default all up to {@link #lastIndex}
         *     (a reading at one step needs the one or two recorded steps around it only)
         */
        default int[] indices(double[] steps) {
            return IntStream.rangeClosed(0, Math.min(steps.length - 1, lastIndex(steps))).toArray();
        }
    }

    /**
     * The same functional read off both median curves.
     *
     * @param steps the recorded steps
     * @param a side a's curves
     * @param b side b's curves
     * @param functional what the row reads off each median curve
     */
    public CurveContrast(double[] steps, double[][] a, double[][] b, Functional functional) {
        this(steps, a, b, functional, functional);
    }

    /** Checks the shapes: as many units on both sides, every curve as long as the steps. */
    public CurveContrast {
        Objects.requireNonNull(functionalA, "functionalA");
        Objects.requireNonNull(functionalB, "functionalB");
        if (a.length != b.length) {
            throw new IllegalArgumentException("curves of " + a.length + " and " + b.length + " units");
        }
        for (double[][] side : new double[][][] {a, b}) {
            for (double[] c : side) {
                if (c.length != steps.length) {
                    throw new IllegalArgumentException("a curve of " + c.length + " points over " + steps.length
                            + " recorded steps");
                }
            }
        }
    }

    /** @return every index of the curves either functional reads, increasing */
    public int[] indices() {
        return IntStream.concat(IntStream.of(functionalA.indices(steps)), IntStream.of(functionalB.indices(steps)))
                .filter(i -> i >= 0 && i < steps.length).distinct().sorted().toArray();
    }

    /**
     * A functional that reads the curve at step s only, linear between the recorded steps around it.
     *
     * @param s a step
     * @param read the reading (it may look at the recorded steps around s only)
     * @return the functional
     */
    public static Functional at(double s, ToDoubleBiFunction<double[], double[]> read) {
        Functional upTo = upTo(s, read);
        return new Functional() {
            @Override
            public double apply(double[] steps, double[] curve) {
                return read.applyAsDouble(steps, curve);
            }

            @Override
            public int lastIndex(double[] steps) {
                return upTo.lastIndex(steps);
            }

            @Override
            public int[] indices(double[] steps) {
                int last = lastIndex(steps);
                return last == 0 || steps[last] == s ? new int[] {last} : new int[] {last - 1, last};
            }
        };
    }

    /**
     * A functional that reads the curve up to (and including the first recorded step at or after) step s.
     *
     * @param s a step
     * @param read the reading
     * @return the functional
     */
    public static Functional upTo(double s, ToDoubleBiFunction<double[], double[]> read) {
        return new Functional() {
            @Override
            public double apply(double[] steps, double[] curve) {
                return read.applyAsDouble(steps, curve);
            }

            @Override
            public int lastIndex(double[] steps) {
                int i = Arrays.binarySearch(steps, s);
                return Math.min(steps.length - 1, i >= 0 ? i : -i - 1);
            }
        };
    }

    /** @return the number of units (starts) */
    public int units() {
        return a.length;
    }

    /** @return the functional of side a's median curve */
    public double valueA() {
        return functionalA.apply(steps, median(a));
    }

    /** @return the functional of side b's median curve */
    public double valueB() {
        return functionalB.apply(steps, median(b));
    }

    /** @return the effect: the functional of a's median curve minus that of b's */
    public double effect() {
        return valueA() - valueB();
    }

    /**
     * @param curves one curve per unit
     * @return the median over the units at every recorded step
     */
    public static double[] median(double[][] curves) {
        int n = curves[0].length;
        double[] out = new double[n];
        double[] col = new double[curves.length];
        for (int j = 0; j < n; j++) {
            for (int u = 0; u < curves.length; u++) {
                col[u] = curves[u][j];
            }
            Arrays.sort(col);
            int h = col.length / 2;
            out[j] = col.length % 2 == 1 ? col[h] : (col[h - 1] + col[h]) / 2;
        }
        return out;
    }
}
