package dev.rbmsuite.experiments.sampling;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Statistics of TV curves recorded at increasing steps (every step up to 100, sparser after):
 * the mean TV over steps 1..k (the area under the curve per step, a rate that does not mix in the
 * plateau beyond k), the TV at a step (interpolated linearly between recorded steps), the step at
 * which one curve first falls below another, and quantiles across starts.
 */
public final class TvCurves {
    private TvCurves() {
    }

    /** The recorded steps of a run of {@code steps} transitions: 0..100 every step, then every 10th. */
    public static double[] recordedSteps(int steps) {
        return IntStream.rangeClosed(0, steps).filter(s -> s <= 100 || s % 10 == 0)
                .asDoubleStream().toArray();
    }

    /**
     * The mean TV over 1..k, as the trapezoidal area between step 1 and k divided by k - 1 (the
     * plain mean when every step is recorded), or the TV at step 1 when k = 1.
     */
    public static double meanUpTo(double[] steps, double[] tv, int k) {
        if (k <= 1) {
            return at(steps, tv, 1);
        }
        double area = 0;
        for (int i = 1; i < steps.length && steps[i] <= k; i++) {
            if (steps[i - 1] >= 1) {
                area += 0.5 * (tv[i] + tv[i - 1]) * (steps[i] - steps[i - 1]);
            }
        }
        return area / (k - 1);
    }

    /**
     * The halfway step, a rate of decrease that does not depend on the plateau: the first step,
     * interpolated linearly between recorded steps, at which the TV has covered half its distance
     * from step 0 to the floor, {@code tv <= floor + (tv(0) - floor) / 2}. A curve that has not got
     * there by step {@code range} is censored at {@code range} (a lower bound: a difference against
     * a censored curve is then an underestimate, conservative for "faster").
     *
     * @param steps the recorded steps, starting at 0
     * @param tv the TV at those steps
     * @param floor the i.i.d. floor
     * @param range the last step looked at
     * @return the halfway step in [0, range]
     */
    public static double halfway(double[] steps, double[] tv, double floor, double range) {
        double target = floor + (tv[0] - floor) / 2;
        for (int i = 1; i < steps.length && steps[i - 1] < range; i++) {
            if (tv[i] <= target) {
                double f = tv[i - 1] == tv[i] ? 1 : (tv[i - 1] - target) / (tv[i - 1] - tv[i]);
                return Math.min(range, steps[i - 1] + f * (steps[i] - steps[i - 1]));
            }
        }
        return range;
    }

    /** The TV at step s, linear between recorded steps; NaN beyond the last recorded step. */
    public static double at(double[] steps, double[] tv, double s) {
        if (s > steps[steps.length - 1] || s < 0) {
            return Double.NaN;
        }
        int i = Arrays.binarySearch(steps, s);
        if (i >= 0) {
            return tv[i];
        }
        int hi = -i - 1;
        double f = (s - steps[hi - 1]) / (steps[hi] - steps[hi - 1]);
        return tv[hi - 1] + f * (tv[hi] - tv[hi - 1]);
    }

    /**
     * @return the first recorded step s &gt;= 1 from which {@code b} stays below {@code a} up to the
     *     end, NaN if b ends above a, 1 if b is below from the first step
     */
    public static double overtakes(double[] steps, double[] a, double[] b) {
        if (!(b[b.length - 1] < a[a.length - 1])) {
            return Double.NaN;
        }
        int i = steps.length - 1;
        while (i > 1 && b[i - 1] < a[i - 1]) {
            i--;
        }
        return steps[i];
    }

    /** @return the first recorded step s &gt;= 1 where {@code b} is below {@code a}, NaN if never */
    public static double firstBelow(double[] steps, double[] a, double[] b) {
        for (int i = 1; i < steps.length; i++) {
            if (b[i] < a[i]) {
                return steps[i];
            }
        }
        return Double.NaN;
    }

    /** Linear-interpolation quantile (numpy's default) of a copy of x. */
    public static double quantile(double[] x, double q) {
        double[] s = x.clone();
        Arrays.sort(s);
        double pos = q * (s.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, s.length - 1);
        return s[lo] + (pos - lo) * (s[hi] - s[lo]);
    }

    /**
     * @param perStart per kernel: [start][recorded step] TV
     * @return per kernel: the median, 10th and 90th percentile across starts at each recorded step
     */
    public static Map<String, double[][]> bands(Map<String, double[][]> perStart) {
        Map<String, double[][]> out = new LinkedHashMap<>();
        for (Map.Entry<String, double[][]> e : perStart.entrySet()) {
            double[][] c = e.getValue();
            double[][] b = new double[3][c[0].length];
            double[] col = new double[c.length];
            for (int s = 0; s < c[0].length; s++) {
                for (int r = 0; r < c.length; r++) {
                    col[r] = c[r][s];
                }
                b[0][s] = quantile(col, 0.5);
                b[1][s] = quantile(col, 0.1);
                b[2][s] = quantile(col, 0.9);
            }
            out.put(e.getKey(), b);
        }
        return out;
    }

}
