package dev.rbmsuite.plots.render;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Where a line's markers go: at the points nearest to {@code count} evenly spaced positions along the x axis
 * (in axis units, so evenly spaced on screen on a log axis too), shifted by a phase that differs between the
 * lines of a panel so that their markers do not sit on top of each other.
 *
 * <p>Why markers at fixed distances rather than a dash pattern (issue 41): a dash pattern is laid along the
 * drawn path, so a dense, jagged curve (a 20,000-epoch learning curve, or figure 9's 1,000 steps on a log
 * axis, which crowds the later steps into the right end) shows a dash only where consecutive points lie
 * farther apart than the pattern: the line looks solid and the kernels' patterns become indistinguishable.
 * Markers placed by distance along the axis stay as far apart as the axis allows, however many points the
 * line has.
 */
final class LineMarks {

    private LineMarks() {
    }

    /**
     * The indices of the points to mark.
     *
     * @param x the line's x values (any order)
     * @param logX whether the axis is logarithmic (all x positive)
     * @param lo the axis' lower end in axis units (the log of the value on a log axis)
     * @param hi the axis' upper end in axis units
     * @param count number of evenly spaced positions over the axis, at least 1
     * @param phase where in each of the {@code count} intervals the position lies, in [0, 1)
     * @return the distinct indices, in the order of the positions; only positions within the line's own x
     *     range get a marker (a line may cover part of the axis), and a one-point line gets its point
     */
    static int[] indices(double[] x, boolean logX, double lo, double hi, int count, double phase) {
        if (x.length == 0) {
            return new int[0];
        }
        if (x.length == 1 || !(hi > lo)) {
            return new int[] {0};
        }
        double[] u = new double[x.length];
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < x.length; i++) {
            u[i] = logX ? StrictMath.log(x[i]) : x[i];
            min = Math.min(min, u[i]);
            max = Math.max(max, u[i]);
        }
        Set<Integer> picked = new LinkedHashSet<>();
        double step = (hi - lo) / Math.max(1, count);
        for (int j = 0; j < count; j++) {
            double target = lo + (j + phase) * step;
            if (target < min - step / 2 || target > max + step / 2) {
                continue;
            }
            int best = 0;
            for (int i = 1; i < u.length; i++) {
                if (Math.abs(u[i] - target) < Math.abs(u[best] - target)) {
                    best = i;
                }
            }
            picked.add(best);
        }
        return picked.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * @param values all values
     * @param idx indices into {@code values}
     * @return the values at those indices, in that order
     */
    static double[] pick(double[] values, int[] idx) {
        return Arrays.stream(idx).mapToDouble(i -> values[i]).toArray();
    }
}
