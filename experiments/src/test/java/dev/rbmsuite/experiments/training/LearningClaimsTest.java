package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Design;
import dev.rbmsuite.claims.Kind;
import dev.rbmsuite.claims.PaperQuote;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The learning-curve claims shared by figures 6, 7 and the comparison, on curves whose summaries
 * are known: drops compared by Welch with the right sign, "comparable" with its margin, a curve
 * still rising fails its convergence check and its name appears in the note of every comparison
 * that uses it, one that may or may not have levelled is named as such.
 */
class LearningClaimsTest {
    private static final PaperQuote Q = new PaperQuote("Sec. 5.2", "A sentence.");

    /** Peak -5 at the middle, then down by {@code drop}, then up by {@code rise} over the last fifth; noise sd. */
    private static Run run(String name, int trials, double drop, double rise, double sd, long seed) {
        Rng rng = Rng.seeded(seed);
        List<CsvTable> t = new ArrayList<>();
        for (int r = 0; r < trials; r++) {
            double[] e = new double[100];
            double[] ll = new double[100];
            for (int k = 0; k < 100; k++) {
                double f = (k + 1) / 100.0;
                e[k] = k + 1;
                ll[k] = (f <= 0.5 ? -6 + 2 * f : -5 - drop * Math.min(1, (f - 0.5) / 0.2))
                        + (f > 0.8 ? rise * (f - 0.8) / 0.2 : 0) + sd * rng.nextGaussian();
            }
            t.add(CsvTable.ofColumns(List.of("epoch", "logLikelihood"), List.of(e, ll)));
        }
        return Run.parse(name, t);
    }

    @Test
    void dropsMoreComparesTheDropsFromThePeak() {
        Run dt = run("genrbm-dt-L1", 10, 2.0, 0, 0.01, 1);
        Run rt = run("genrbm-roundtrip-L1", 10, 0.5, 0, 0.01, 2);
        LearningClaims lc = new LearningClaims("fig6", List.of(dt, rt));
        Claim c = lc.dropsMore("fig6.x", Q, "fig6.s", "DT drops more", dt, rt);
        assertThat(c.verdictOf()).isEqualTo("fig6.s");
        assertThat(c.margin()).isEqualTo(0.1);
        assertThat(c.variants()).containsOnlyKeys(LearningClaims.WINDOW_HALF, LearningClaims.WINDOW_DOUBLE);
        assertThat(c.kind()).isEqualTo(Kind.PAPER);
        assertThat(c.design()).isEqualTo(Design.WELCH);
        assertThat(c.effectLabel()).isEqualTo("drop(DT (L = 1)) - drop(proposed (L = 1))");
        assertThat(c.statistic()).isEqualTo(LearningClaims.DROP);
        Decision d = ClaimEngine.decide(c);
        assertThat(d.verdict()).isEqualTo(Verdict.HOLDS);
        // smoothing over a tenth of the evaluations rounds this sharp tent's peak off by a few hundredths
        assertThat(d.effect()).isCloseTo(1.5, within(0.1));
        assertThat(ClaimEngine.decide(lc.dropsMore("fig6.y", Q, "fig6.s", "the other way", rt, dt)).verdict())
                .isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void atLeastAllowsTheMarginBelowTheBaseline() {
        Run base = run("iris-bgs", 10, 0, 0, 0.01, 3);
        Run near = run("iris-roundtrip-L3", 10, 0.05, 0, 0.01, 4);
        LearningClaims lc = new LearningClaims("fig7", List.of(base, near));
        Claim comparable = lc.atLeast("c", Q, near, base, 0.1);
        assertThat(comparable.threshold()).isEqualTo(-0.1);
        assertThat(comparable.statement()).isEqualTo("proposed (L = 3) vs BGS, comparable or better");
        assertThat(comparable.effectLabel()).isEqualTo("proposed (L = 3) - BGS");
        assertThat(ClaimEngine.decide(comparable).verdict()).isEqualTo(Verdict.HOLDS);
        Claim better = lc.atLeast("b", null, near, base, 0);
        assertThat(better.kind()).isEqualTo(Kind.BEYOND);
        assertThat(better.statement()).endsWith(", better");
        // 0.05 below the baseline with a tight interval: does not hold (the same confidence both ways), smaller
        // than the 0.1-nat margin
        assertThat(ClaimEngine.decide(better).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(ClaimEngine.decide(better).smallerThanMargin()).isTrue();
        // the effect is the difference of the last-quarter means, 0 - 0.05 for these level curves
        assertThat(ClaimEngine.decide(better).effect()).isCloseTo(-0.05, within(0.01));
    }

    @Test
    void convergenceFlagsRunsStillRisingOrNotShownToHaveLevelled() {
        Run level = run("wine-bgs", 10, 0, 0, 0.01, 5);
        Run rising = run("wine-dt-L3", 10, 0, 1.0, 0.01, 6);
        Run unsure = run("wine-roundtrip-L3", 3, 0, 0.05, 0.5, 7);
        LearningClaims lc = new LearningClaims("fig7", List.of(level, rising, unsure));
        List<Decision> checks = ClaimEngine.decideAll(lc.convergence());
        assertThat(checks).extracting(d -> d.claim().id()).containsExactly("fig7.levelled.wine-bgs",
                "fig7.levelled.wine-dt-L3", "fig7.levelled.wine-roundtrip-L3");
        assertThat(checks).extracting(Decision::verdict).containsExactly(Verdict.HOLDS, Verdict.DOES_NOT_HOLD,
                Verdict.INCONCLUSIVE);
        assertThat(checks.get(0).claim().threshold()).isEqualTo(-0.05);
        assertThat(lc.note(level)).isEmpty();
        assertThat(lc.note(rising, level)).startsWith("DT (L = 3) still rising at the last epoch (rise ")
                .endsWith(" nats over the last tenth)");
        assertThat(lc.note(unsure)).startsWith("proposed (L = 3) not shown to have levelled off at the last epoch");
        assertThat(lc.note(rising, unsure)).contains("; ");
        // a run the claims were not built with has no check and no note
        assertThat(lc.note(run("other-bgs", 3, 0, 1, 0.01, 8))).isEmpty();
        assertThat(lc.atLeast("x", Q, level, rising, 0.1).note()).isEqualTo(lc.note(level, rising));
    }

    /** A "stable" claim on one run: -drop from the smoothed peak, at least minus the margin. */
    private static Verdict stable(Run r) {
        return ClaimEngine.decide(Claim.builder("fig6", "s").oneSample(LearningClaims.negate(LearningClaims.drops(r,
                CurveStats.SMOOTHING))).atLeast(0.1).build()).verdict();
    }

    /** A "degraded" claim on one run: the drop from the smoothed peak is above 0 (directional, margin 0.1). */
    private static Verdict degraded(Run r) {
        return ClaimEngine.decide(Claim.builder("fig2", "d").oneSample(LearningClaims.drops(r, CurveStats.SMOOTHING))
                .better(0.1).build()).verdict();
    }

    /** 200 evaluations: flat at -5, or rising by {@code rise} over the run, or falling by {@code fall} after the middle; noise sd. */
    private static Run shaped(String name, double rise, double fall, double sd, long seed) {
        Rng rng = Rng.seeded(seed);
        List<CsvTable> t = new ArrayList<>();
        for (int r = 0; r < 10; r++) {
            double[] e = new double[200];
            double[] ll = new double[200];
            for (int k = 0; k < 200; k++) {
                double f = (k + 1) / 200.0;
                e[k] = 100 * (k + 1);
                ll[k] = -5 + rise * f - fall * Math.max(0, Math.min(1, (f - 0.5) / 0.25)) + sd * rng.nextGaussian();
            }
            t.add(CsvTable.ofColumns(List.of("epoch", "logLikelihood"), List.of(e, ll)));
        }
        return Run.parse(name, t);
    }

    @Test
    void aFlatNoisyCurveIsStableThoughItsRawPeakIsFarAboveItsEnd() {
        Run flat = shaped("genrbm-roundtrip-L3", 0, 0, 0.19, 11);
        // the largest of 200 noisy evaluations stands about 0.5 nats above the level: the raw statistic fails
        double rawDrop = flat.perTrial("logLikelihood", CurveStats.DROP_FROM_PEAK)[0];
        assertThat(rawDrop).isGreaterThan(0.3);
        assertThat(stable(flat)).isEqualTo(Verdict.HOLDS);
        assertThat(degraded(flat)).isNotEqualTo(Verdict.HOLDS);
    }

    @Test
    void aRisingNoisyCurveIsNotDegradedAndAOneNatFallIs() {
        Run rising = shaped("genrbm-dt-L3", 0.3, 0, 0.19, 12);
        assertThat(degraded(rising)).isNotEqualTo(Verdict.HOLDS);
        assertThat(stable(rising)).isEqualTo(Verdict.HOLDS);
        Run falling = shaped("genrbm-bgs-lambda2", 0, 1.0, 0.19, 13);
        assertThat(degraded(falling)).isEqualTo(Verdict.HOLDS);
        assertThat(stable(falling)).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(LearningClaims.drops(falling, CurveStats.SMOOTHING)[0]).isCloseTo(1.0, within(0.15));
    }

    @Test
    void negateFlipsEverySign() {
        assertThat(LearningClaims.negate(new double[] {1, -2, 0})).containsExactly(-1, 2, -0.0);
        assertThat(LearningClaims.negate(new double[0])).isEmpty();
    }
}
