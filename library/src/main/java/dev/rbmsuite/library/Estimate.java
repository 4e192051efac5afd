package dev.rbmsuite.library;

import java.util.Locale;

/**
 * A value estimated through an annealed-importance-sampling estimate of log Z (mAIS; docs/methods.md
 * sections 1.3 and 7.2), with the spread of that estimate: what {@link RbmModel#estimateLogZ()} and
 * {@link RbmModel#estimateLogLikelihood(double[][])} return where exact enumeration is too costly.
 *
 * <p>Why a record beside the number: an estimate without its standard error cannot be compared with
 * another one, and a small effective sample size says that the standard error itself is not to be
 * trusted (more runs or temperatures are needed).
 *
 * @param value the estimate: log Z, or the mean log-likelihood of the data under that log Z
 * @param logZ the estimate of log Z it rests on (equal to {@code value} for log Z itself)
 * @param stdErr the standard error of the log Z estimate, which the log-likelihood inherits unchanged
 *     (the mean log-likelihood is the data's mean unnormalised log-probability minus log Z)
 * @param ess the effective sample size of the importance weights, at most the number of runs
 */
public record Estimate(double value, double logZ, double stdErr, double ess) {
    /** @return {@code value +/- stdErr (mAIS, ESS e)}, with six decimals (ASCII, so any console shows it) */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.6f +/- %.6f (mAIS, ESS %.1f)", value, stdErr, ess);
    }
}
