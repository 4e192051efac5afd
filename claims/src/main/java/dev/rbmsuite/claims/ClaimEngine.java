package dev.rbmsuite.claims;

import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Decides claims by the registered rules (registration-v1.md, {@link Registration}): computes the
 * effect, its 95 % confidence interval and standard error by the claim's {@link Design}, then the
 * outcome from the interval alone, with the same standard of evidence in both directions: a row
 * holds when the interval lies above its threshold and does not hold when it lies below the same
 * threshold; a directional row is equal within the margin when its whole interval lies inside
 * (-margin, margin), and a decided row whose interval lies inside is labelled smaller than the
 * margin; a row whose two sides both sit within the margin of the statistic's ceiling or floor is
 * unmeasurable.
 *
 * <p>Values that are not finite (a metric not computed at some trial) are left out, pairs
 * together. With fewer than {@link #MIN_N} values in a group there is no usable estimate of the
 * spread, and the claim is inconclusive whatever its mean: two trials decide nothing.
 */
public final class ClaimEngine {
    /** The smallest number of trials (or pairs, or starts) per group from which an interval is formed. */
    public static final int MIN_N = 3;
    /** Bootstrap resamples of every bootstrap design: p-values resolve down to 1e-5. */
    public static final int BOOTSTRAP_RESAMPLES = 100_000;
    private static final double LEVEL = 0.95;

    /** The name of the sensitivity variant with the margin halved. */
    public static final String MARGIN_HALF = "margin/2";
    /** The name of the sensitivity variant with the margin doubled. */
    public static final String MARGIN_DOUBLE = "margin*2";

    private ClaimEngine() {
    }

    /**
     * An interval and its p-values before the outcome is read off: the effect, the interval, the
     * standard error (the bootstrap distribution's standard deviation for bootstrap designs), the
     * one-sided p-values {holds, fails, equal}, and the central values of the two sides (for the
     * ceiling and floor check).
     */
    private record Estimate(String n, double effect, double lo, double hi, double se, double[] p, double centralA,
                            double centralB) {
    }

    /**
     * @param claims claims
     * @return their decisions, in order
     */
    public static List<Decision> decideAll(List<Claim> claims) {
        // each decision depends on its claim alone (its resamples are seeded by its id), so deciding them
        // in parallel gives the same decisions, in order
        return claims.parallelStream().map(ClaimEngine::decide).toList();
    }

    /**
     * @param c a claim
     * @return its effect, interval and verdict
     */
    public static Decision decide(Claim c) {
        if (!c.missing().isEmpty()) {
            return new Decision(c, "0", Double.NaN, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE, c.missing());
        }
        Estimate e = estimate(c);
        Decision d = classify(c, e);
        if (c.kind() != Kind.PAPER && c.rule() == Claim.Rule.FIXED) {
            return d;
        }
        // sensitivity: the verdict under each alternative choice of the suite (registration section 3)
        Map<String, Verdict> alt = new TreeMap<>();
        if (c.rule() != Claim.Rule.FIXED) {
            // a scaled margin moves only the thresholds, never the interval: classify the same estimate
            alt.put(MARGIN_HALF, classify(c.withMarginTimes(0.5), e).verdict());
            alt.put(MARGIN_DOUBLE, classify(c.withMarginTimes(2), e).verdict());
        }
        for (String v : c.variants().keySet()) {
            Claim cv = c.variant(v);
            alt.put(v, classify(cv, estimate(cv)).verdict());
        }
        return d.withSensitivity(alt);
    }

    private static Estimate estimate(Claim c) {
        switch (c.design()) {
            case ONE_SAMPLE: {
                double[] x = finite(c.a());
                return oneSample(c, x, Integer.toString(x.length), Double.NaN);
            }
            case PAIRED: {
                double[][] ab = pairs(c.a(), c.b());
                double[] d = differences(ab);
                return oneSample(c, d, Integer.toString(d.length), ab[1].length == 0 ? Double.NaN : mean(ab[1]));
            }
            case PAIRED_BOOTSTRAP:
            case MEDIAN_BOOTSTRAP: {
                double[][] ab = pairs(c.a(), c.b());
                return bootstrap(c, ab, c.design() == Design.MEDIAN_BOOTSTRAP);
            }
            case MEDIAN_CURVES:
                return medianCurves(c, c.curves(), BOOTSTRAP_RESAMPLES);
            default:
                return welch(c, finite(c.a()), finite(c.b()));
        }
    }

    /**
     * The outcome of an estimate under the claim's rule, margin and bound (registration section 3).
     */
    private static Decision classify(Claim c, Estimate e) {
        if (!Double.isFinite(e.lo()) || !Double.isFinite(e.hi())) {
            return tooFew(c, e);
        }
        double m = c.margin();
        Claim.Bound bound = c.bound();
        if (bound != null && bound.reached(e.centralA(), m)
                && (Double.isNaN(e.centralB()) || bound.reached(e.centralB(), m))) {
            return new Decision(c, e.n(), e.effect(), e.lo(), e.hi(), Verdict.UNMEASURABLE,
                    "both sides lie within the margin of the statistic's " + bound.text(), e.p()[0], e.p()[1], e.p()[2],
                    Map.of(), e.se(), false);
        }
        Verdict v = outcome(c.rule(), c.threshold(), m, e.lo(), e.hi());
        return new Decision(c, e.n(), e.effect(), e.lo(), e.hi(), v, "", e.p()[0], e.p()[1], e.p()[2], Map.of(),
                e.se(), smallerThanMargin(c.rule(), m, e.lo(), e.hi(), v));
    }

    /**
     * Registration section 3's outcome of an interval, the one place the rule is written (rows of a
     * seed and rows pooled over seeds alike).
     *
     * @param rule the row's rule
     * @param threshold the value "holds" must clear and "does not hold" must fall below
     * @param margin the row's margin
     * @param lo the interval's lower end
     * @param hi the interval's upper end
     * @return holds, does not hold, equal within the margin or inconclusive
     */
    public static Verdict outcome(Claim.Rule rule, double threshold, double margin, double lo, double hi) {
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            return Verdict.INCONCLUSIVE;
        }
        if (lo > threshold) {
            return Verdict.HOLDS;
        }
        if (hi < rule.failBelow(margin, threshold)) {
            return Verdict.DOES_NOT_HOLD;
        }
        return rule == Claim.Rule.BETTER && margin > 0 && lo > -margin && hi < margin ? Verdict.EQUAL
                : Verdict.INCONCLUSIVE;
    }

    /**
     * @param rule the row's rule
     * @param margin its margin
     * @param lo the interval's lower end
     * @param hi the interval's upper end
     * @param v the outcome
     * @return whether a directional row that holds or does not hold lies wholly inside (-margin, margin)
     */
    public static boolean smallerThanMargin(Claim.Rule rule, double margin, double lo, double hi, Verdict v) {
        return rule == Claim.Rule.BETTER && margin > 0 && lo > -margin && hi < margin
                && (v == Verdict.HOLDS || v == Verdict.DOES_NOT_HOLD);
    }

    private static Estimate oneSample(Claim c, double[] x, String n, double centralB) {
        if (x.length < MIN_N) {
            return tooFewEstimate(n, x.length == 0 ? Double.NaN : mean(x));
        }
        double m = mean(x);
        double se = Math.sqrt(variance(x, m) / x.length);
        double half = tQuantile(x.length - 1) * se;
        // the sides' central values: for paired rows the mean of b plus the mean difference is the mean of a
        double centralA = Double.isNaN(centralB) ? m : centralB + m;
        return new Estimate(n, m, m - half, m + half, se, tP(c, m, se, x.length - 1), centralA, centralB);
    }

    /**
     * One-sided p-values of a t statistic: {pHolds, pFails, pEqual}. With a zero standard error
     * the effect is known exactly and each p-value is 0 or 1.
     */
    static double[] tP(Claim c, double m, double se, double df) {
        double t = c.threshold();
        double f = c.failBelow();
        double mg = c.margin();
        boolean better = c.rule() == Claim.Rule.BETTER;
        if (se == 0) {
            return new double[] {m > t ? 0 : 1, m < f ? 0 : 1, better ? (Math.abs(m) < mg ? 0 : 1) : Double.NaN};
        }
        TDistribution dist = new TDistribution(null, df);
        double pHolds = 1 - dist.cumulativeProbability((m - t) / se);
        double pFails = dist.cumulativeProbability((m - f) / se);
        double pEqual = better ? Math.max(1 - dist.cumulativeProbability((m + mg) / se),
                dist.cumulativeProbability((m - mg) / se)) : Double.NaN;
        return new double[] {pHolds, pFails, pEqual};
    }

    private static Estimate welch(Claim c, double[] a, double[] b) {
        String n = a.length + "+" + b.length;
        double effect = a.length == 0 || b.length == 0 ? Double.NaN : mean(a) - mean(b);
        if (a.length < MIN_N || b.length < MIN_N) {
            return tooFewEstimate(n, effect);
        }
        double va = variance(a, mean(a)) / a.length;
        double vb = variance(b, mean(b)) / b.length;
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? a.length + b.length - 2
                : (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double half = tQuantile(df) * se;
        return new Estimate(n, effect, effect - half, effect + half, se, tP(c, effect, se, df), mean(a), mean(b));
    }

    /** The mean (or median) of the paired differences with a percentile bootstrap over the pairs. */
    private static Estimate bootstrap(Claim c, double[][] ab, boolean median) {
        double[] d = differences(ab);
        String n = Integer.toString(d.length);
        if (d.length < MIN_N) {
            return tooFewEstimate(n, d.length == 0 ? Double.NaN : median ? median(d) : mean(d));
        }
        Rng rng = Rng.seeded(seedOf(c.id()));
        double[] stats = new double[BOOTSTRAP_RESAMPLES];
        double[] sample = new double[d.length];
        for (int r = 0; r < stats.length; r++) {
            double s = 0;
            for (int k = 0; k < d.length; k++) {
                sample[k] = d[rng.nextInt(d.length)];
                s += sample[k];
            }
            stats[r] = median ? median(sample) : s / d.length;
        }
        double effect = median ? median(d) : mean(d);
        return fromResamples(c, n, effect, stats, median ? median(ab[0]) : mean(ab[0]),
                median ? median(ab[1]) : mean(ab[1]));
    }

    /**
     * Figure 9's estimand (registration section 1): the functional of side a's median curve minus
     * that of side b's, with the paired percentile bootstrap over units. Each resample draws the
     * units with replacement (the same draw for both sides) as counts, and reads every needed
     * median from the units pre-sorted at each step, so a resample costs a walk over the units per
     * step rather than a sort.
     */
    private static Estimate medianCurves(Claim c, CurveContrast cc, int resamples) {
        int units = cc.units();
        String n = Integer.toString(units);
        double effect = units == 0 ? Double.NaN : cc.effect();
        if (units < MIN_N) {
            return tooFewEstimate(n, effect);
        }
        int[] needed = cc.indices();
        SortedSteps sa = new SortedSteps(cc.a(), needed);
        SortedSteps sb = new SortedSteps(cc.b(), needed);
        double[] ma = new double[cc.steps().length];
        double[] mb = new double[cc.steps().length];
        int[] counts = new int[units];
        Rng rng = Rng.seeded(seedOf(c.id()));
        double[] stats = new double[resamples];
        for (int r = 0; r < stats.length; r++) {
            Arrays.fill(counts, 0);
            for (int k = 0; k < units; k++) {
                counts[rng.nextInt(units)]++;
            }
            for (int q = 0; q < needed.length; q++) {
                ma[needed[q]] = sa.median(q, counts);
                mb[needed[q]] = sb.median(q, counts);
            }
            stats[r] = cc.functionalA().apply(cc.steps(), ma) - cc.functionalB().apply(cc.steps(), mb);
        }
        return fromResamples(c, n, effect, stats, cc.valueA(), cc.valueB());
    }

    /**
     * The median-curve interval with another number of resamples, for the coverage simulation of the
     * tests (the coverage of a percentile interval does not depend on B beyond a few thousand).
     *
     * @param c a {@link Design#MEDIAN_CURVES} claim
     * @param resamples B
     * @return {lo, hi}
     */
    static double[] medianCurveInterval(Claim c, int resamples) {
        Estimate e = medianCurves(c, c.curves(), resamples);
        return new double[] {e.lo(), e.hi()};
    }

    /**
     * One side's curves at the needed steps, each step's units sorted by their value there (ties by
     * unit), flattened so that a resample's median is a short sequential walk: the middle order
     * statistic of the drawn values, or the mean of the two middle ones.
     */
    private static final class SortedSteps {
        private final int units;
        private final int[] unit;
        private final double[] value;

        SortedSteps(double[][] curves, int[] needed) {
            units = curves.length;
            unit = new int[needed.length * units];
            value = new double[needed.length * units];
            for (int q = 0; q < needed.length; q++) {
                final int step = needed[q];
                int[] order = IntStream.range(0, units).boxed()
                        .sorted(Comparator.<Integer>comparingDouble(u -> curves[u][step]).thenComparingInt(u -> u))
                        .mapToInt(Integer::intValue).toArray();
                for (int k = 0; k < units; k++) {
                    unit[q * units + k] = order[k];
                    value[q * units + k] = curves[order[k]][step];
                }
            }
        }

        double median(int q, int[] counts) {
            int lower = (units - 1) / 2; // 0-based rank of the lower middle value
            int upper = units / 2;
            int base = q * units;
            int seen = 0;
            int k = 0;
            while (true) {
                seen += counts[unit[base + k]];
                if (seen > lower) {
                    break;
                }
                k++;
            }
            double lo = value[base + k];
            while (seen <= upper) {
                k++;
                seen += counts[unit[base + k]];
            }
            return (lo + value[base + k]) / 2;
        }
    }

    /** Effect, percentile interval, standard deviation and p-values from resampled effects. */
    private static Estimate fromResamples(Claim c, String n, double effect, double[] stats, double centralA,
                                          double centralB) {
        double[] p = bootstrapP(c, stats);
        double mean = mean(stats);
        double se = Math.sqrt(variance(stats, mean));
        Arrays.sort(stats);
        return new Estimate(n, effect, quantile(stats, (1 - LEVEL) / 2), quantile(stats, (1 + LEVEL) / 2), se, p,
                centralA, centralB);
    }

    /** Bootstrap p-values {pHolds, pFails, pEqual}: the share of resampled effects on the wrong side, (1 + count) / (B + 1). */
    static double[] bootstrapP(Claim c, double[] stats) {
        int le = 0;
        int ge = 0;
        int below = 0;
        int above = 0;
        for (double s : stats) {
            le += s <= c.threshold() ? 1 : 0;
            ge += s >= c.failBelow() ? 1 : 0;
            below += s <= -c.margin() ? 1 : 0;
            above += s >= c.margin() ? 1 : 0;
        }
        double b = stats.length + 1.0;
        return new double[] {(1 + le) / b, (1 + ge) / b,
                c.rule() == Claim.Rule.BETTER ? (1 + Math.max(below, above)) / b : Double.NaN};
    }

    /** The median: the middle value, or the mean of the two middle values. */
    static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2;
    }

    private static Estimate tooFewEstimate(String n, double effect) {
        return new Estimate(n, effect, Double.NaN, Double.NaN, Double.NaN,
                new double[] {Double.NaN, Double.NaN, Double.NaN}, Double.NaN, Double.NaN);
    }

    private static Decision tooFew(Claim c, Estimate e) {
        return new Decision(c, e.n(), e.effect(), Double.NaN, Double.NaN, Verdict.INCONCLUSIVE,
                String.format(Locale.ROOT, "n = %s: fewer than %d trials per group give no usable interval", e.n(), MIN_N));
    }

    /** The two-sided 95 % quantile of Student's t with df degrees of freedom. */
    static double tQuantile(double df) {
        return new TDistribution(null, df).inverseCumulativeProbability((1 + LEVEL) / 2);
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    static double variance(double[] x, double mean) {
        double s = 0;
        for (double v : x) {
            s += (v - mean) * (v - mean);
        }
        return s / (x.length - 1);
    }

    /** Linear-interpolation quantile of sorted values. */
    static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    private static double[] finite(double[] x) {
        return Arrays.stream(x).filter(Double::isFinite).toArray();
    }

    /** The pairs whose two values are both finite, as {a values, b values}. */
    private static double[][] pairs(double[] a, double[] b) {
        double[] x = new double[a.length];
        double[] y = new double[a.length];
        int k = 0;
        for (int i = 0; i < a.length; i++) {
            if (Double.isFinite(a[i]) && Double.isFinite(b[i])) {
                x[k] = a[i];
                y[k++] = b[i];
            }
        }
        return new double[][] {Arrays.copyOf(x, k), Arrays.copyOf(y, k)};
    }

    private static double[] differences(double[][] ab) {
        double[] d = new double[ab[0].length];
        for (int i = 0; i < d.length; i++) {
            d[i] = ab[0][i] - ab[1][i];
        }
        return d;
    }

    /** A seed that depends only on the characters of the claim id. */
    static long seedOf(String id) {
        long h = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < id.length(); i++) {
            h = (h ^ id.charAt(i)) * 0x100000001B3L;
        }
        return h;
    }
}
