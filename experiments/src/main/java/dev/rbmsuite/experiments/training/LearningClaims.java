package dev.rbmsuite.experiments.training;

import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.LearningStatistics;
import dev.rbmsuite.claims.Margins;
import dev.rbmsuite.claims.PaperQuote;
import dev.rbmsuite.claims.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Claims on learning curves shared by figures 6 and 7: comparisons of per-trial summaries between
 * configurations (Welch, since every configuration's trials draw from their own streams) and the
 * convergence check whose outcome is attached as a note to every verdict that involves a curve
 * still rising at its last epoch.
 */
public final class LearningClaims {
    /** The statistic of the drop claims. */
    public static final String DROP = LearningStatistics.DROP;
    /** The sensitivity variant with the smoothing window halved. */
    public static final String WINDOW_HALF = "window/2";
    /** The sensitivity variant with the smoothing window doubled. */
    public static final String WINDOW_DOUBLE = "window*2";
    /** The statistic of the comparability claims. */
    public static final String LAST_QUARTER = LearningStatistics.LAST_QUARTER;

    private final String figure;
    private final Map<String, Decision> levelled = new LinkedHashMap<>();

    /**
     * @param figure the figure id
     * @param runs every run of the figure; each gets a convergence check
     */
    public LearningClaims(String figure, List<Run> runs) {
        this.figure = figure;
        for (Run r : runs) {
            levelled.put(r.name(), ClaimEngine.decide(levelled(r)));
        }
    }

    private Claim levelled(Run r) {
        return Claim.builder(figure, figure + ".levelled." + r.name())
                .statement(r.name() + " is no longer rising at the last epoch")
                .statistic("minus the rise of the log-likelihood from the second-to-last to the last tenth of the epochs "
                        + "(nats), per trial")
                .effect("-rise").oneSample(negate(r.perTrial("logLikelihood", CurveStats.LAST_TENTH_RISE)))
                .atLeast(Margins.LEVELLED_NATS).build();
    }

    /** @return the convergence checks, one per run (beyond the paper) */
    public List<Claim> convergence() {
        List<Claim> out = new ArrayList<>();
        levelled.values().forEach(d -> out.add(d.claim()));
        return out;
    }

    /**
     * @param runs the runs a verdict depends on
     * @return a note naming those still rising at the last epoch (empty if none)
     */
    public String note(Run... runs) {
        List<String> rising = new ArrayList<>();
        for (Run r : runs) {
            Decision d = levelled.get(r.name());
            if (d != null && d.verdict() != Verdict.HOLDS) {
                String state = d.verdict() == Verdict.DOES_NOT_HOLD ? " still rising" : " not shown to have levelled off";
                rising.add(r.label() + state + " at the last epoch (rise " + Decision.num(-d.effect()) + " nats over the last tenth)");
            }
        }
        return String.join("; ", rising);
    }

    /**
     * "a degrades more than b": Welch on per-trial drops from the smoothed peak, effect drop(a) -
     * drop(b), a "better than" claim with the log-likelihood margin; the drops under a halved and a
     * doubled smoothing window are kept for the sensitivity check.
     *
     * @param id claim id
     * @param quote the paper's sentence, or null for a beyond claim
     * @param sentence the id of the paper sentence the row supports (ignored for beyond claims)
     * @param statement the row's plain words
     * @param more the run expected to drop more
     * @param less the run expected to drop less
     * @return the claim, with the convergence note of both runs
     */
    public Claim dropsMore(String id, PaperQuote quote, String sentence, String statement, Run more, Run less) {
        Claim.Builder b = Claim.builder(figure, id);
        if (quote != null) {
            b.paper(quote, sentence);
        }
        b.statement(statement).statistic(DROP).effect("drop(" + more.label() + ") - drop(" + less.label() + ")")
                .welch(drops(more, CurveStats.SMOOTHING), drops(less, CurveStats.SMOOTHING))
                .better(Margins.LOGLIK_NATS).note(note(more, less));
        b.variant(WINDOW_HALF, drops(more, CurveStats.SMOOTHING / 2), drops(less, CurveStats.SMOOTHING / 2));
        b.variant(WINDOW_DOUBLE, drops(more, CurveStats.SMOOTHING * 2), drops(less, CurveStats.SMOOTHING * 2));
        return b.build();
    }

    /**
     * @param r a run
     * @param window the smoothing window as a fraction of the evaluations
     * @return per trial, the log-likelihood's drop from its smoothed peak to the last quarter's mean
     */
    public static double[] drops(Run r, double window) {
        return r.perTrial("logLikelihood", CurveStats.dropFromSmoothedPeak(window));
    }

    /**
     * "proposed is comparable to or better than base": Welch on last-quarter means, effect
     * proposed - base above minus the margin.
     *
     * @param id claim id
     * @param quote the paper's sentence, or null for a beyond claim
     * @param proposed the proposed kernel's run
     * @param base the baseline's run
     * @param margin how far below the baseline still counts as comparable; 0 for "better", which then
     *     has the log-likelihood margin as its equivalence margin
     * @return the claim
     */
    public Claim atLeast(String id, PaperQuote quote, Run proposed, Run base, double margin) {
        Claim.Builder b = Claim.builder(figure, id);
        if (quote != null) {
            b.paper(quote);
        }
        return b.statement(proposed.label() + " vs " + base.label() + (margin > 0 ? ", comparable or better" : ", better"))
                .statistic(LAST_QUARTER).effect(proposed.label() + " - " + base.label())
                .welch(proposed.perTrial("logLikelihood", CurveStats.LAST_QUARTER),
                        base.perTrial("logLikelihood", CurveStats.LAST_QUARTER))
                .rule(margin > 0 ? Claim.Rule.AT_LEAST : Claim.Rule.BETTER, margin > 0 ? margin : Margins.LOGLIK_NATS)
                .note(note(proposed, base)).build();
    }

    /**
     * @param x values
     * @return their negatives
     */
    public static double[] negate(double[] x) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = -x[i];
        }
        return y;
    }
}
