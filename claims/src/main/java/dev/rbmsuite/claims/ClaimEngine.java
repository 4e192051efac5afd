package dev.rbmsuite.claims;

import dev.rbmsuite.core.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Decides claims: computes the effect and its 95 % confidence interval by the claim's
 * {@link Design}, then the verdict from the interval alone (holds when the interval's lower end
 * lies above the threshold, does not hold when its upper end lies below, inconclusive otherwise).
 *
 * <p>Values that are not finite (a metric not computed at some trial) are left out, pairs
 * together. With fewer than {@link #MIN_N} values in a group there is no usable estimate of the
 * spread, and the claim is inconclusive whatever its mean: two trials decide nothing.
 */
public final class ClaimEngine {
    /** The smallest number of trials (or pairs, or starts) per group from which an interval is formed. */
    public static final int MIN_N = 3;
    /** Bootstrap resamples of {@link Design#PAIRED_BOOTSTRAP}. */
    public static final int BOOTSTRAP_RESAMPLES = 10_000;
    private static final double LEVEL = 0.95;

    private ClaimEngine() {
    }

    /**
     * @param claims claims
     * @return their decisions, in order
     */
    public static List<Decision> decideAll(List<Claim> claims) {
        List<Decision> out = new ArrayList<>();
        for (Claim c : claims) {
            out.add(decide(c));
        }
        return out;
    }

    /**
     * @param c a claim
     * @return its effect, interval and verdict
     */
    public static Decision decide(Claim c) {
        Decision d = decideOnce(c);
        if (!c.missing().isEmpty() || c.kind() != Kind.PAPER && c.rule() == Claim.Rule.FIXED) {
            return d;
        }
        // sensitivity: the verdict under each alternative choice of the suite (docs/methods.md section 9)
        Map<String, Verdict> alt = new TreeMap<>();
        if (c.rule() != Claim.Rule.FIXED) {
            alt.put(MARGIN_HALF, decideOnce(c.withMarginTimes(0.5)).verdict());
            alt.put(MARGIN_DOUBLE, decideOnce(c.withMarginTimes(2)).verdict());
        }
        for (String v : c.variants().keySet()) {
            alt.put(v, decideOnce(c.variant(v)).verdict());
        }
        return new Decision(c, d.n(), d.effect(), d.ciLow(), d.ciHigh(), d.verdict(), d.reason(), d.pHolds(), d.pFails(),
                d.pEqual(), alt);
    }

    /** The name of the sensitivity variant with the margin halved. */
    public static final String MARGIN_HALF = "margin/2";
    /** The name of the sensitivity variant with the margin doubled. */
    public static final String MARGIN_DOUBLE = "margin*2";

    private static Decision decideOnce(Claim c) {
        if (!c.missing().isEmpty()) {
            return new Decision(c, "0", Double.NaN, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE, c.missing());
        }
        switch (c.design()) {
            case ONE_SAMPLE:
                return oneSample(c, finite(c.a()), Integer.toString(finite(c.a()).length));
            case PAIRED:
            case PAIRED_BOOTSTRAP:
            case MEDIAN_BOOTSTRAP: {
                double[] d = differences(c.a(), c.b());
                return c.design() == Design.PAIRED ? oneSample(c, d, Integer.toString(d.length))
                        : bootstrap(c, d, c.design() == Design.MEDIAN_BOOTSTRAP);
            }
            default:
                return welch(c, finite(c.a()), finite(c.b()));
        }
    }

    private static Decision oneSample(Claim c, double[] x, String n) {
        if (x.length < MIN_N) {
            return tooFew(c, n, x.length == 0 ? Double.NaN : mean(x));
        }
        double m = mean(x);
        double se = Math.sqrt(variance(x, m) / x.length);
        double half = tQuantile(x.length - 1) * se;
        return decided(c, n, m, m - half, m + half, tP(c, m, se, x.length - 1));
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

    private static Decision welch(Claim c, double[] a, double[] b) {
        String n = a.length + "+" + b.length;
        double effect = a.length == 0 || b.length == 0 ? Double.NaN : mean(a) - mean(b);
        if (a.length < MIN_N || b.length < MIN_N) {
            return tooFew(c, n, effect);
        }
        double va = variance(a, mean(a)) / a.length;
        double vb = variance(b, mean(b)) / b.length;
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? a.length + b.length - 2
                : (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double half = tQuantile(df) * se;
        return decided(c, n, effect, effect - half, effect + half, tP(c, effect, se, df));
    }

    private static Decision bootstrap(Claim c, double[] d, boolean median) {
        String n = Integer.toString(d.length);
        if (d.length < MIN_N) {
            return tooFew(c, n, d.length == 0 ? Double.NaN : median ? median(d) : mean(d));
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
        Arrays.sort(stats);
        return decided(c, n, median ? median(d) : mean(d), quantile(stats, (1 - LEVEL) / 2),
                quantile(stats, (1 + LEVEL) / 2), bootstrapP(c, stats));
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

    private static Decision decided(Claim c, String n, double effect, double lo, double hi, double[] p) {
        double m = c.margin();
        Verdict v = lo > c.threshold() ? Verdict.HOLDS : hi < c.failBelow() ? Verdict.DOES_NOT_HOLD
                : c.rule() == Claim.Rule.BETTER && m > 0 && lo > -m && hi < m ? Verdict.EQUAL : Verdict.INCONCLUSIVE;
        return new Decision(c, n, effect, lo, hi, v, "", p[0], p[1], p[2], Map.of());
    }

    private static Decision tooFew(Claim c, String n, double effect) {
        return new Decision(c, n, effect, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE,
                String.format(Locale.ROOT, "n = %s: fewer than %d trials per group give no usable interval", n, MIN_N));
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

    private static double[] differences(double[] a, double[] b) {
        double[] d = new double[a.length];
        int k = 0;
        for (int i = 0; i < a.length; i++) {
            if (Double.isFinite(a[i]) && Double.isFinite(b[i])) {
                d[k++] = a[i] - b[i];
            }
        }
        return Arrays.copyOf(d, k);
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
