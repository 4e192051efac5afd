package dev.rbmsuite.plots.render;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Tick-label text: plain decimals with a leading zero ({@code 0.05}, not XChart's default {@code .05}),
 * trailing zeros and floating-point noise removed (values are rounded to 10 significant digits first),
 * thousands grouped with commas from 1,000 on ({@code 20,000} epochs), and scientific notation
 * ({@code 1e-5}, {@code 2.5e6}) outside {@code [1e-4, 1e6)}. Locale-independent.
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
}
