package dev.rbmsuite.experiments.claims;

import dev.rbmsuite.core.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
        if (!c.missing().isEmpty()) {
            return new Decision(c, "0", Double.NaN, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE, c.missing());
        }
        switch (c.design()) {
            case ONE_SAMPLE:
                return oneSample(c, finite(c.a()), Integer.toString(finite(c.a()).length));
            case PAIRED:
            case PAIRED_BOOTSTRAP: {
                double[] d = differences(c.a(), c.b());
                return c.design() == Design.PAIRED ? oneSample(c, d, Integer.toString(d.length)) : bootstrap(c, d);
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
        double half = tQuantile(x.length - 1) * Math.sqrt(variance(x, m) / x.length);
        return decided(c, n, m, m - half, m + half);
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
        return decided(c, n, effect, effect - half, effect + half);
    }

    private static Decision bootstrap(Claim c, double[] d) {
        String n = Integer.toString(d.length);
        if (d.length < MIN_N) {
            return tooFew(c, n, d.length == 0 ? Double.NaN : mean(d));
        }
        Rng rng = Rng.seeded(seedOf(c.id()));
        double[] means = new double[BOOTSTRAP_RESAMPLES];
        for (int r = 0; r < means.length; r++) {
            double s = 0;
            for (int k = 0; k < d.length; k++) {
                s += d[rng.nextInt(d.length)];
            }
            means[r] = s / d.length;
        }
        Arrays.sort(means);
        return decided(c, n, mean(d), quantile(means, (1 - LEVEL) / 2), quantile(means, (1 + LEVEL) / 2));
    }

    private static Decision decided(Claim c, String n, double effect, double lo, double hi) {
        Verdict v = lo > c.threshold() ? Verdict.HOLDS : hi < c.threshold() ? Verdict.DOES_NOT_HOLD : Verdict.INCONCLUSIVE;
        return new Decision(c, n, effect, lo, hi, v, "");
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
