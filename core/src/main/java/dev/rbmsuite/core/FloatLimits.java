package dev.rbmsuite.core;

import java.util.Locale;

/**
 * What float64 can evaluate, checked before any computation so that parameters beyond it are
 * refused (exit code 2, one line) instead of producing infinities or NaN (docs/contract.md, "Limits").
 *
 * <p>The scale of a model is the bound {@code E_max = sum|W| + sum|b| + sum|c|} on |E(v, h)|, on the
 * unnormalised log-marginals lv(v) and lh(h) and on every hidden or visible field. ln Z lies within
 * (n + m) ln 2 of [-E_max, E_max] and every AIS log weight within 2 E_max, so everything the suite
 * computes stays finite while {@code E_max <= }{@value #MAX_SCALE}; beyond that, partial sums can
 * overflow (at |W| = 1e308 they do) and the model is refused.
 *
 * <p>Quantities that are differences of two such numbers (ln P(v) = lv(v) - ln Z, and TV from it)
 * carry an absolute rounding error of about {@link #logProbabilityError} nats, however stable each
 * term is. Where a quantity needs that error small (TV), the caller refuses the model when it is not.
 */
public final class FloatLimits {
    /** The largest model scale E_max accepted (leaves a factor of 10^8 below Double.MAX_VALUE). */
    public static final double MAX_SCALE = 1e300;

    /**
     * The largest rounding error of ln P(v) ({@link #logProbabilityError}) that a computation built on
     * differences of log-probabilities accepts: 1e-6 nats, a relative error of 1e-6 in P (TV from ln Z,
     * and lambda2, whose symmetrised matrix weighs P(a -&gt; b) by exp((ln P(a) - ln P(b)) / 2)).
     */
    public static final double MAX_LOG_PROBABILITY_ERROR = 1e-6;

    private FloatLimits() {
    }

    /**
     * Refuses a model whose log-probabilities float64 cannot difference to {@value #MAX_LOG_PROBABILITY_ERROR}
     * nats, for a computation that needs them (before it starts).
     *
     * @param rbm the model
     * @param what the computation, for the message (starts the message: "option --model: ...")
     * @return rbm
     * @throws InputException if {@link #logProbabilityError} exceeds {@value #MAX_LOG_PROBABILITY_ERROR}
     */
    public static Rbm requireAccurateLogProbabilities(Rbm rbm, String what) {
        double err = logProbabilityError(rbm);
        if (err > MAX_LOG_PROBABILITY_ERROR) {
            throw new InputException(String.format(Locale.ROOT, "%s: parameters too large: sum of |W|, |b|,"
                    + " |c| = %.3g puts a float64 rounding error of up to %.3g nats on ln P(v) (limit %.0e), so the"
                    + " result would be meaningless (docs/contract.md, Limits)", what, scale(rbm), err,
                    MAX_LOG_PROBABILITY_ERROR));
        }
        return rbm;
    }

    /**
     * @param rbm a model
     * @return E_max = sum|W| + sum|b| + sum|c| (infinite if the sum overflows)
     */
    public static double scale(Rbm rbm) {
        double s = 0;
        for (double x : rbm.weightsArray()) {
            s += Math.abs(x);
        }
        for (double x : rbm.visibleBiasArray()) {
            s += Math.abs(x);
        }
        for (double x : rbm.hiddenBiasArray()) {
            s += Math.abs(x);
        }
        return s;
    }

    /**
     * A bound on the rounding error, in nats, of ln P(v) = lv(v) - ln Z computed in float64 with
     * sums of at most n + m + 2 terms of size up to E_max: {@code 2 (n + m + 2) u E_max}, u = 2^-53.
     *
     * @param rbm a model
     * @return the bound (0 for an all-zero model)
     */
    public static double logProbabilityError(Rbm rbm) {
        return 2.0 * (rbm.numVisible() + rbm.numHidden() + 2) * 0x1p-53 * scale(rbm);
    }

    /**
     * Refuses a model whose scale float64 cannot evaluate.
     *
     * @param rbm the model
     * @param where the model's place for the message (a folder and layer)
     * @return rbm
     * @throws InputException if E_max exceeds {@value #MAX_SCALE}
     */
    public static Rbm requireEvaluable(Rbm rbm, String where) {
        double s = scale(rbm);
        if (!(s <= MAX_SCALE)) {
            throw new InputException(String.format(Locale.ROOT,
                    "%s: parameters too large for float64: sum of |W|, |b|, |c| = %.3g exceeds %.0e, beyond which"
                            + " energies and log Z overflow (docs/contract.md, Limits)", where, s, MAX_SCALE));
        }
        return rbm;
    }

    /**
     * @param stack a stack
     * @param where the stack's place for the message
     * @return stack
     * @throws InputException if any layer exceeds {@value #MAX_SCALE}
     */
    public static RbmStack requireEvaluable(RbmStack stack, String where) {
        for (int l = 0; l < stack.size(); l++) {
            requireEvaluable(stack.layer(l), where + " layer " + l);
        }
        return stack;
    }
}
