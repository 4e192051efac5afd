package dev.rbmsuite.plots.render;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Tick-label text: plain decimals with a leading zero ({@code 0.05}, not XChart's default {@code .05}),
 * trailing zeros and floating-point noise removed (values are rounded to 10 significant digits first),
 * thousands grouped with commas from 1,000 on ({@code 20,000} epochs), and scientific notation
 * ({@code 1e-5}, {@code 2.5e6}) outside {@code [1e-4, 1e6)}. Locale-independent.
 *
 * <p>Logarithmic axes get their own labels ({@link #logAxis(double, double)}): XChart ticks them at 1 to 9
 * times every power of ten.
 */
final class TickFormat {

    private static final MathContext TEN = new MathContext(10);

    private TickFormat() {
    }

    /**
     * @param v a tick value
     * @return its label
     */
    static String format(Double v) {
        double d = v;
        if (d == 0 || !Double.isFinite(d)) {
            return d == 0 ? "0" : Double.toString(d);
        }
        BigDecimal b = new BigDecimal(d).round(TEN).stripTrailingZeros();
        double a = Math.abs(d);
        if (a < 1e-4 || a >= 1e6) {
            int exp = b.precision() - b.scale() - 1;
            BigDecimal mant = b.movePointLeft(exp).stripTrailingZeros();
            return mant.toPlainString() + "e" + exp;
        }
        if (a >= 1e3 && b.scale() <= 0) {
            DecimalFormat f = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
            return f.format(b);
        }
        return b.toPlainString();
    }

    /**
     * The tick labels of a logarithmic axis from {@code min} to {@code max}. XChart places a tick at 1 to 9
     * times every power of ten and labels only the powers of ten, so an axis spanning less than about two
     * decades (lambda2's relaxation time at smoke or quick scale, 1.19 to 1.21 steps, or N2 from 50 to 500)
     * showed one label or none; with none XChart labelled the two ends instead, with ten digits (issue 41).
     * These labels name the powers of ten where the axis holds two or more of them; else also 2 and 5 times
     * them where the axis spans a factor of 4 or more; else every tick. The two ends, where XChart falls back
     * to them, get the fewest significant digits (2 to 6) that tell them apart.
     *
     * @param min the axis' lower end, positive
     * @param max the axis' upper end, at least {@code min}
     * @return the label of each tick value; empty for a tick left unlabelled
     */
    static Function<Double, String> logAxis(double min, double max) {
        int powers = 0;
        for (int k = (int) Math.floor(StrictMath.log10(min)); k <= (int) Math.ceil(StrictMath.log10(max)); k++) {
            double p = StrictMath.pow(10, k);
            if (p >= min * (1 - 1e-9) && p <= max * (1 + 1e-9)) {
                powers++;
            }
        }
        Set<Integer> labelled = powers >= 2 ? Set.of(1, 10) : max / min >= 4 ? Set.of(1, 2, 5, 10)
                : Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        int digits = 2;
        while (digits < 6 && round(min, digits) == round(max, digits)) {
            digits++;
        }
        int endDigits = digits;
        return v -> {
            if (!(v > 0) || !Double.isFinite(v)) {
                return format(v);
            }
            BigDecimal mantissa = new BigDecimal(v).round(TEN).movePointLeft((int) Math.floor(StrictMath.log10(v)))
                    .round(TEN).stripTrailingZeros();
            if (mantissa.scale() <= 0) {
                return labelled.contains(mantissa.intValue()) ? format(v) : "";
            }
            return format(round(v, endDigits));
        };
    }

    private static double round(double v, int digits) {
        return new BigDecimal(v).round(new MathContext(digits)).doubleValue();
    }
}
