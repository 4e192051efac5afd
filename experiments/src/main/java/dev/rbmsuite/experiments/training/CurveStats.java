package dev.rbmsuite.experiments.training;

import java.util.Arrays;

/**
 * Per-trial summaries of a learning curve (values against epochs; NaN where a metric was not
 * computed), so that a verdict rests on one number per trial rather than on a late wobble of the
 * mean curve.
 */
public final class CurveStats {
    private CurveStats() {
    }

    /** A per-trial summary of one curve. */
    @FunctionalInterface
    public interface Stat {
        /**
         * @param epochs the epochs
         * @param values the metric at those epochs (NaN where not computed)
         * @return the summary
         */
        double of(double[] epochs, double[] values);
    }

    /** The last finite value. */
    public static final Stat FINAL = (e, v) -> {
        for (int k = v.length - 1; k >= 0; k--) {
            if (Double.isFinite(v[k])) {
                return v[k];
            }
        }
        return Double.NaN;
    };

    /** The mean over the last quarter of the epochs (epochs above 3/4 of the last). */
    public static final Stat LAST_QUARTER = (e, v) -> window(e, v, 0.75, 1.0);

    /** The mean over the first quarter of the epochs. */
    public static final Stat FIRST_QUARTER = (e, v) -> window(e, v, 0.0, 0.25);

    /** The highest finite value minus the mean over the last quarter: how far the curve fell from its peak. */
    public static final Stat DROP_FROM_PEAK = (e, v) -> peak(v) - window(e, v, 0.75, 1.0);

    /** The last quarter's mean minus the first quarter's: how much the metric grew. */
    public static final Stat GROWTH = (e, v) -> window(e, v, 0.75, 1.0) - window(e, v, 0.0, 0.25);

    /** The mean over the last tenth of the epochs minus the mean over the tenth before it. */
    public static final Stat LAST_TENTH_RISE = (e, v) -> window(e, v, 0.9, 1.0) - window(e, v, 0.8, 0.9);

    /**
     * The smoothing window of drops and peaks, as a fraction of a curve's evaluations: a tenth
     * (20 of figure 6's 200 evaluations, 2,000 epochs). One evaluation of the GenRBM log-likelihood
     * scatters by about 0.19 nats around its trend (the SD of the residuals of one trial's curve
     * about its running mean); a mean of 20 evaluations scatters by 0.19 / sqrt(20) = 0.04 nats,
     * under half the 0.1-nat margin, while a tenth of the training is short enough to keep a fall
     * that lasts the last quarter (docs/methods.md section 9).
     */
    public static final double SMOOTHING = 0.1;

    /** The drop from the split-sample peak of the curve smoothed over {@link #SMOOTHING} of its evaluations. */
    public static final Stat DROP_FROM_SMOOTHED_PEAK = dropFromSmoothedPeak(SMOOTHING);

    /**
     * @param fraction the smoothing window as a fraction of the curve's finite evaluations
     * @return the height of the smoothed peak ({@link #smoothedPeak}) minus the mean over the last
     *     quarter of the epochs: how far the smoothed curve fell from its peak
     */
    public static Stat dropFromSmoothedPeak(double fraction) {
        return (e, v) -> smoothedPeak(v, fraction) - window(e, v, 0.75, 1.0);
    }

    /**
     * The height of a curve's peak without the upward bias of choosing the largest of many noisy
     * values: the curve is smoothed by a running mean over {@code max(2, round(fraction * n))}
     * consecutive finite evaluations; the window where the mean of the even-numbered evaluations is
     * highest is found, and the peak's height read there from the odd-numbered ones, and the other
     * way round; the height is the mean of the two readings. The noise that picks the position is
     * independent of the noise of the height, so a flat curve's peak is its level on average
     * (a running mean's plain maximum over 200 evaluations stands about two of its own standard
     * deviations above it).
     *
     * @param v values (NaN where not computed; those are skipped)
     * @param fraction the window as a fraction of the finite values
     * @return the peak's height, NaN with fewer than 2 finite values
     */
    static double smoothedPeak(double[] v, double fraction) {
        double[] x = Arrays.stream(v).filter(Double::isFinite).toArray();
        if (x.length < 2) {
            return x.length == 0 ? Double.NaN : x[0];
        }
        int w = (int) Math.max(2, Math.min(x.length, Math.round(fraction * x.length)));
        return (heightAtPeak(x, w, 0) + heightAtPeak(x, w, 1)) / 2;
    }

    /** The mean of the values of parity 1 - pick in the window where the values of parity pick have the highest mean. */
    private static double heightAtPeak(double[] x, int w, int pick) {
        double best = Double.NEGATIVE_INFINITY;
        double height = Double.NaN;
        for (int start = 0; start + w <= x.length; start++) {
            double sp = 0;
            double so = 0;
            int np = 0;
            int no = 0;
            for (int k = start; k < start + w; k++) {
                if (k % 2 == pick) {
                    sp += x[k];
                    np++;
                } else {
                    so += x[k];
                    no++;
                }
            }
            if (np > 0 && no > 0 && sp / np > best) {
                best = sp / np;
                height = so / no;
            }
        }
        return height;
    }

    /** The last quarter's mean relative to the first quarter's, minus one: the relative growth of a metric. */
    public static final Stat RELATIVE_GROWTH = (e, v) -> window(e, v, 0.75, 1.0) / window(e, v, 0.0, 0.25) - 1;

    /** @return the highest finite value, NaN if none */
    static double peak(double[] v) {
        double best = Double.NaN;
        for (double x : v) {
            if (Double.isFinite(x) && !(x <= best)) {
                best = x;
            }
        }
        return best;
    }

    /**
     * The mean of the finite values whose epoch lies in (from, to] times the last epoch (from = 0
     * includes the first epoch).
     */
    static double window(double[] epochs, double[] v, double from, double to) {
        double last = epochs[epochs.length - 1];
        double s = 0;
        int n = 0;
        for (int k = 0; k < v.length; k++) {
            double f = epochs[k] / last;
            boolean in = (from == 0 ? f >= 0 : f > from) && f <= to;
            if (in && Double.isFinite(v[k])) {
                s += v[k];
                n++;
            }
        }
        return n == 0 ? Double.NaN : s / n;
    }
}
