package dev.rbmsuite.core;

import java.util.Locale;

/**
 * The one place where every reported quantity is checked against its mathematical range before it
 * is printed or written (docs/contract.md, "Numbers"). Each check returns its argument unchanged when
 * it lies in range and throws {@link RangeException} (one line naming the quantity, the value and the
 * range) otherwise; NaN and the infinities are outside every range.
 *
 * <p>Ranges: log Z and every estimate of it finite; ln P(v) and a mean log-likelihood in (-inf, 0];
 * probabilities and TV distances in [0, 1]; the second eigenvalue of a transition matrix in [-1, 1];
 * standard errors, standard deviations, effective sample sizes, relaxation times and timings finite
 * and &gt;= 0.
 */
public final class Ranges {
    private Ranges() {
    }

    /**
     * @param quantity the quantity's name as the user sees it (a JSON field or a column)
     * @param x its value
     * @return x, if finite
     * @throws RangeException if x is NaN or infinite
     */
    public static double finite(String quantity, double x) {
        if (!Double.isFinite(x)) {
            throw fault(quantity, x, "must be a finite number");
        }
        return x;
    }

    /**
     * @param quantity the quantity's name
     * @param x its value
     * @return x, if finite and &gt;= 0
     * @throws RangeException otherwise
     */
    public static double nonNegative(String quantity, double x) {
        if (!(Double.isFinite(x) && x >= 0)) {
            throw fault(quantity, x, "must be finite and >= 0");
        }
        return x;
    }

    /**
     * A log-probability (or a mean of them, a log-likelihood): ln P &lt;= 0 because P &lt;= 1.
     *
     * @param quantity the quantity's name
     * @param x its value
     * @return x, if finite and &lt;= 0
     * @throws RangeException otherwise
     */
    public static double logProbability(String quantity, double x) {
        if (!(Double.isFinite(x) && x <= 0)) {
            throw fault(quantity, x, "is a log-probability, so it must be finite and <= 0");
        }
        return x;
    }

    /**
     * A probability or a total-variation distance.
     *
     * @param quantity the quantity's name
     * @param x its value
     * @return x, if in [0, 1]
     * @throws RangeException otherwise
     */
    public static double unitInterval(String quantity, double x) {
        if (!(x >= 0 && x <= 1)) {
            throw fault(quantity, x, "must lie in [0, 1]");
        }
        return x;
    }

    /**
     * An eigenvalue of a stochastic matrix: in [-1, 1].
     *
     * @param quantity the quantity's name
     * @param x its value
     * @return x, if in [-1, 1]
     * @throws RangeException otherwise
     */
    public static double eigenvalue(String quantity, double x) {
        if (!(x >= -1 && x <= 1)) {
            throw fault(quantity, x, "is an eigenvalue of a stochastic matrix, so it must lie in [-1, 1]");
        }
        return x;
    }

    /**
     * @param x a value
     * @return whether x is an eigenvalue a stochastic matrix can have, [-1, 1]
     */
    public static boolean isEigenvalue(double x) {
        return x >= -1 && x <= 1;
    }

    private static RangeException fault(String quantity, double x, String why) {
        return new RangeException(String.format(Locale.ROOT, "%s = %s %s", quantity, Double.toString(x), why));
    }
}
