package dev.rbmsuite.experiments.fig9;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.experiments.PlotSeries;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.sampling.TvCurves;
import dev.rbmsuite.experiments.sampling.TvPanel;
import dev.rbmsuite.experiments.sampling.TvRuns;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendEntry;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Figure 9 as a function of its result: one panel per data set with the three kernels' median and
 * band and the i.i.d. floor, a log step axis (step 0 left out) only for runs longer than 100 steps;
 * the claims decided through the figure on curves where the proposed kernel is clearly faster,
 * clearly slower, or has too few starts; the scale's steps and starts.
 */
class Figure9Test {
    /** TV per start: BGS flat at 0.9, DT decaying with time constant 20, the proposed kernel with {@code tau}. */
    private static TvPanel panel(String dataset, int steps, int starts, double tau, double floor) {
        double[] s = TvCurves.recordedSteps(steps);
        Map<String, double[][]> curves = new LinkedHashMap<>();
        double[][] bgs = new double[starts][s.length];
        double[][] dt = new double[starts][s.length];
        double[][] rt = new double[starts][s.length];
        for (int k = 0; k < starts; k++) {
            for (int i = 0; i < s.length; i++) {
                double level = 0.01 * k + 0.001 * ((k * 7 + i) % 3);
                bgs[k][i] = 0.9 + level;
                dt[k][i] = 0.05 + 0.85 * Math.exp(-s[i] / 20) + level;
                rt[k][i] = 0.05 + 0.85 * Math.exp(-s[i] / tau) + level;
            }
        }
        curves.put("bgs", bgs);
        curves.put("dt", dt);
        curves.put("roundtrip", rt);
        return new TvPanel(dataset, floor, s, TvCurves.bands(curves), curves, null, null);
    }

    @Test
    void onePanelPerDataSetWithTheKernelsAndTheFloor() {
        Figure9.Result r = new Figure9.Result(List.of(panel("genrbm", 10, 3, 2, 0.05),
                panel("iris", 10, 3, 2, Double.NaN)), 10, 100, 3);
        Figure f = new Figure9().plot(r);
        assertThat(PlotSeries.titles(f)).containsExactly("genrbm", "iris");
        assertThat(PlotSeries.names(f)).containsExactly(List.of("BGS", "DT (L = 3)", "proposed (L = 3)", "i.i.d. floor"),
                List.of("BGS", "DT (L = 3)", "proposed (L = 3)"));
        XyPanel p = (XyPanel) f.panels().get(0);
        assertThat(p.logX()).isFalse();
        Series rt = PlotSeries.series(f, 0, "proposed (L = 3)");
        assertThat(rt.x()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        assertThat(rt.y()).containsExactly(r.panels().get(0).bands().get("roundtrip")[0]);
        assertThat(rt.hasBand()).isTrue();
        assertThat(PlotSeries.series(f, 0, "i.i.d. floor").y()).containsExactly(0.05, 0.05);
        assertThat(f.legend()).extracting(LegendEntry::label).containsExactly("BGS", "DT (L = 3)", "proposed (L = 3)",
                "i.i.d. floor");
    }

    @Test
    void longRunsUseALogStepAxisWithoutStepZero() {
        Figure9.Result r = new Figure9.Result(List.of(panel("genrbm", 1000, 3, 2, 0.05)), 1000, 100, 3);
        Figure f = new Figure9().plot(r);
        XyPanel p = (XyPanel) f.panels().get(0);
        assertThat(p.logX()).isTrue();
        assertThat(p.xLabel()).isEqualTo("step s (log scale)");
        Series bgs = PlotSeries.series(f, 0, "BGS");
        assertThat(bgs.x()[0]).isEqualTo(1);
        assertThat(bgs.x()[bgs.size() - 1]).isEqualTo(1000);
        assertThat(bgs.size()).isEqualTo(TvCurves.recordedSteps(1000).length - 1);
        assertThat(PlotSeries.series(f, 0, "i.i.d. floor").x()).containsExactly(1, 1000);
    }

    @Test
    void claimsThroughTheFigureFollowTheCurves() {
        List<Decision> fast = ClaimEngine.decideAll(new Figure9().claims(
                new Figure9.Result(List.of(panel("iris", 100, 8, 3, 0.05)), 100, 100, 8)));
        assertThat(fast).filteredOn(d -> d.claim().id().startsWith("fig9.rapid.iris."))
                .isNotEmpty().allMatch(d -> d.verdict() == Verdict.HOLDS);
        List<Decision> slow = ClaimEngine.decideAll(new Figure9().claims(
                new Figure9.Result(List.of(panel("iris", 100, 8, 80, 0.05)), 100, 100, 8)));
        assertThat(slow).filteredOn(d -> d.claim().id().startsWith("fig9.rapid.iris.dt"))
                .isNotEmpty().allMatch(d -> d.verdict() == Verdict.DOES_NOT_HOLD);
        List<Decision> few = ClaimEngine.decideAll(new Figure9().claims(
                new Figure9.Result(List.of(panel("iris", 100, 2, 3, 0.05)), 100, 100, 2)));
        assertThat(few).isNotEmpty().allMatch(d -> d.verdict() == Verdict.INCONCLUSIVE);
        assertThat(new Figure9().notes(new Figure9.Result(List.of(panel("iris", 100, 8, 3, 0.05)), 100, 100, 8)))
                .singleElement().satisfies(n -> assertThat(n).startsWith("iris: "));
    }

    @Test
    void stepsAndStartsGrowWithTheScaleAndTheCaptionNamesThem() {
        assertThat(Figure9.steps(Scale.SMOKE)).isEqualTo(10);
        assertThat(Figure9.steps(Scale.PAPER)).isEqualTo(1000);
        assertThat(Figure9.starts(Scale.SMOKE)).isEqualTo(2);
        assertThat(Figure9.starts(Scale.PAPER)).isEqualTo(20);
        Figure9.Result r = new Figure9.Result(List.of(panel("iris", 10, 3, 2, 0.05)), 10, 250, 3);
        assertThat(new Figure9().caption(r)).contains("empirical distribution of 250 chains").contains("over 10 steps")
                .contains("median over 3 starts");
        assertThat(new Figure9().settings(r)).containsEntry("steps", 10).containsEntry("chainsPerStart", 250)
                .containsEntry("starts", 3).containsEntry("occupancyChains", TvRuns.OCCUPANCY_CHAINS);
    }
}
