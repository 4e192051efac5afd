package dev.rbmsuite.experiments.fig9;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.experiments.sampling.TvCurves;
import dev.rbmsuite.experiments.sampling.TvPanel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Figure 9's claims on synthetic per-start curves: the proposed kernel falls faster early, DT ends
 * lower; without per-start curves every claim is inconclusive and names the rerun.
 */
class TvClaimsTest {
    private static TvPanel panel(boolean perStartKept) {
        double[] steps = TvCurves.recordedSteps(100);
        int starts = 6;
        Map<String, double[][]> curves = new LinkedHashMap<>();
        curves.put("bgs", new double[starts][steps.length]);
        curves.put("dt", new double[starts][steps.length]);
        curves.put("roundtrip", new double[starts][steps.length]);
        for (int s = 0; s < starts; s++) {
            double level = 0.05 * s;
            for (int i = 0; i < steps.length; i++) {
                double t = steps[i];
                curves.get("bgs")[s][i] = level + 0.9;
                curves.get("dt")[s][i] = level + 0.2 + 0.7 * Math.exp(-t / 20);
                curves.get("roundtrip")[s][i] = level + 0.25 + 0.65 * Math.exp(-t / 5) + 0.001 * ((s * 7 + i) % 3);
            }
        }
        return new TvPanel("toy", 0.1, steps, TvCurves.bands(curves), perStartKept ? curves : null, null, null);
    }

    private static Decision decided(List<Decision> all, String id) {
        return all.stream().filter(d -> d.claim().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void earlyRateAndLateLevelAreJudgedSeparatelyAndPaired() {
        Figure9.Result r = new Figure9.Result(List.of(panel(true)), 100, 1000, 6);
        List<Decision> d = ClaimEngine.decideAll(TvClaims.claims("fig9", r));
        assertThat(decided(d, "fig9.rapid.toy.dt.k10").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(decided(d, "fig9.lower.toy.dt.k100").verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(decided(d, "fig9.lower.toy.bgs.k100").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(decided(d, "fig9.lower.toy.dt.k10").n()).isEqualTo("6");
        // equal sweeps: DT gets 100 / 1.5 steps for the proposed kernel's 100
        assertThat(decided(d, "fig9.cost.sweeps.toy.dt").claim().statement()).contains("66.67 steps");
        assertThat(TvClaims.notes(r).get(0)).contains("below DT's up to step");
    }

    @Test
    void withoutPerStartCurvesEveryClaimSaysWhichRunSuppliesThem() {
        Figure9.Result r = new Figure9.Result(List.of(panel(false)), 100, 1000, 6);
        List<Decision> d = ClaimEngine.decideAll(TvClaims.claims("fig9", r));
        assertThat(d).allMatch(x -> x.verdict() == Verdict.INCONCLUSIVE);
        assertThat(d).allMatch(x -> x.sentence().contains("./rbm figure fig9 --scale paper"));
    }
}
