package dev.rbmsuite.core.io;

import java.util.regex.Pattern;

/**
 * Numbers as users write them in options and parameters ({@code --lr 1e-2}, {@code --kernel-param
 * beta-min=0.1}, {@code --param n=13}): decimal, without surrounding spaces, without a Java type suffix
 * ({@code 0.1d}) and not in hexadecimal. {@link Double#parseDouble} accepts all three, and
 * {@link Integer#parseInt} accepts digits of any script; a value that one reader takes and another
 * refuses is a trap, so every number the suite reads from a user's words goes through this one rule
 * (docs/contract.md, "Option values"). Range checks ({@code NaN}, {@code Infinity}, signs) are the
 * caller's: this class only decides whether the text is a number.
 */
public final class DecimalText {
    private static final Pattern REAL = Pattern.compile("[+-]?(NaN|Infinity|([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?)");
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    private DecimalText() {
    }

    /**
     * Reads a real number.
     *
     * @param s the text
     * @return its value (may be NaN or infinite when written so)
     * @throws NumberFormatException if the text is not a decimal number by the rule above
     */
    public static double parseDouble(String s) {
        if (s == null || !REAL.matcher(s).matches()) {
            throw new NumberFormatException("'" + s + "' is not a decimal number");
        }
        return Double.parseDouble(s);
    }

    /**
     * Reads an integer.
     *
     * @param s the text
     * @return its value
     * @throws NumberFormatException if the text is not a decimal integer or lies outside the int range
     */
    public static int parseInt(String s) {
        if (s == null || !INTEGER.matcher(s).matches()) {
            throw new NumberFormatException("'" + s + "' is not a decimal integer");
        }
        return Integer.parseInt(s);
    }

    /**
     * Reads a long integer.
     *
     * @param s the text
     * @return its value
     * @throws NumberFormatException if the text is not a decimal integer or lies outside the long range
     */
    public static long parseLong(String s) {
        if (s == null || !INTEGER.matcher(s).matches()) {
            throw new NumberFormatException("'" + s + "' is not a decimal integer");
        }
        return Long.parseLong(s);
    }
}
