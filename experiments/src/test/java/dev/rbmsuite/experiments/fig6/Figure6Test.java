package dev.rbmsuite.experiments.fig6;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Kind;
import dev.rbmsuite.claims.PaperQuotes;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.PlotSeries;
import dev.rbmsuite.experiments.training.Run;
import dev.rbmsuite.plots.Figure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Figure 6's claims as a pure function of its result: synthetic learning curves whose drops are
 * known (BGS falls 4 nats, L = 1 falls 2, L = 2 falls 1, L = 3 stays level; DT falls 0.5 more than
 * the round trip at every L) give the verdicts they should, with 10 trials and with 2.
 */
class Figure6Test {
    /** A curve rising to -5 at epoch 50, then falling linearly by {@code drop} by epoch 100, plus noise. */
    private static CsvTable curve(double drop, Rng rng) {
        double[] e = new double[100];
        double[] ll = new double[100];
        for (int k = 0; k < 100; k++) {
            e[k] = k + 1;
            double base = k < 50 ? -6 + k / 50.0 : -5 - drop * (k - 49) / 50.0;
            ll[k] = base + 0.01 * rng.nextGaussian();
        }
        // the MAE panels' columns, flat (no claim reads them)
        double[] mae = new double[100];
        Arrays.fill(mae, 0.01);
        return CsvTable.ofColumns(List.of("epoch", "logLikelihood", "maeB", "maeC", "maeW"), List.of(e, ll, mae, mae, mae));
    }

    private static Figure6.Result result(int trials) {
        Map<String, Double> drops = new LinkedHashMap<>();
        drops.put("genrbm-bgs-lambda2", 4.0);
        for (int l = 1; l <= 3; l++) {
            drops.put("genrbm-roundtrip-L" + l, l == 3 ? 0.0 : 2.0 / l);
            drops.put("genrbm-dt-L" + l, (l == 3 ? 0.0 : 2.0 / l) + 0.5);
        }
        List<Run> runs = new ArrayList<>();
        Rng rng = Rng.seeded(5);
        drops.forEach((name, drop) -> {
            List<CsvTable> t = new ArrayList<>();
            for (int r = 0; r < trials; r++) {
                t.add(curve(drop, rng.fork(t.size(), name.hashCode())));
            }
            runs.add(Run.parse(name, t));
        });
        return new Figure6.Result(runs);
    }

    private static Decision decided(List<Decision> all, String id) {
        return all.stream().filter(d -> d.claim().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void knownDropsGiveTheRightVerdicts() {
        List<Decision> d = ClaimEngine.decideAll(new Figure6().claims(result(10)));
        assertThat(decided(d, "fig6.mitigated-with-L.dt.L1-L2").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(decided(d, "fig6.mitigated-with-L.roundtrip.L2-L3").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(decided(d, "fig6.more-effective-than-dt.L2").verdict()).isEqualTo(Verdict.HOLDS);
        // the round trip at L = 3 ends at its peak, up to the noise: stable within the margin
        assertThat(decided(d, "fig6.stable-at-L3").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(decided(d, "fig6.stable-at-L3").claim().quote()).isEqualTo(PaperQuotes.FIG6_MORE_EFFECTIVE.text());
        // every run falls or is level at its end: none is still rising
        assertThat(d.stream().filter(x -> x.claim().id().startsWith("fig6.levelled."))
                .allMatch(x -> x.verdict() == Verdict.HOLDS)).isTrue();
        // 3 against BGS (Sec. 5.2's opening), 4 as L grows, 3 against DT, 1 stable at L = 3
        assertThat(d.stream().filter(x -> x.claim().kind() == Kind.PAPER).count()).isEqualTo(11);
        assertThat(d.stream().filter(x -> x.claim().kind() == Kind.PAPER).map(x -> x.claim().verdictOf()).distinct())
                .containsExactly("fig6.mitigates-failure-vs-bgs", "fig6.mitigated-with-L.dt",
                        "fig6.mitigated-with-L.roundtrip", "fig6.more-effective-than-dt", "fig6.stable-at-L3");
    }

    @Test
    void kernelsAndDepthsAreDecodableInEveryPanelAndTheCaptionSaysHow() {
        Figure6.Result r = result(3);
        Figure f = new Figure6().plot(r);
        // seven lines (BGS, DT and the round trip at L = 1, 2, 3) in each of the four panels: 4 x 21 pairs
        assertThat(PlotSeries.assertKernelsDecodable(f)).isEqualTo(4 * 21);
        assertThat(new Figure6().caption(r)).contains("Colour and dash tell the kernel")
                .contains("line width tells L");
    }

    @Test
    void twoTrialsDecideNoComparison() {
        List<Decision> d = ClaimEngine.decideAll(new Figure6().claims(result(2)));
        assertThat(d).allMatch(x -> x.verdict() == Verdict.INCONCLUSIVE);
    }
}
