package dev.rbmsuite.experiments.fig8;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.experiments.PlotSeries;
import dev.rbmsuite.experiments.sampling.ChainStats;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendEntry;
import dev.rbmsuite.plots.Series;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Figure 8 as a function of its result: three panels per data set (one per kernel) with the
 * training data and the plotted start's trajectory, the caption naming the number of starts (or
 * saying none were kept), the settings, and the claims (their cases are in Fig8ClaimsTest) decided
 * through the figure: clearly better, clearly worse, and too few starts.
 */
class Figure8Test {
    private static final List<String> KERNELS = List.of("bgs", "dt", "roundtrip");

    /** Every kernel: {@code starts} starts, moves = base + lift; the proposed kernel lifted by {@code lift}. */
    private static Fig8Panel panel(String dataset, int starts, double lift, boolean plane) {
        Map<String, double[][]> paths = new LinkedHashMap<>();
        Map<String, List<ChainStats>> stats = new LinkedHashMap<>();
        for (String k : KERNELS) {
            paths.put(k, new double[][] {{0, 1, 2}, {k.length(), 0, 1}});
            List<ChainStats> list = new ArrayList<>();
            for (int s = 0; s < starts; s++) {
                double base = 5 + s % 3 + 0.1 * ((s + k.length()) % 2);
                double up = k.equals("roundtrip") ? lift : 0;
                list.add(new ChainStats(s, base + up, 20 + base + up, 1 + 0.1 * base + 0.1 * up));
            }
            stats.put(k, list);
        }
        return new Fig8Panel(dataset, true, plane ? new double[] {0, 0, 1, 1} : null, 0, paths, stats, 25);
    }

    @Test
    void threePanelsPerDataSetWithTheDataAndOneTrajectory() {
        Figure8.Result r = new Figure8.Result(List.of(panel("islands", 4, 1, true), panel("iris", 4, 1, false)), 4);
        Figure f = new Figure8().plot(r);
        assertThat(PlotSeries.titles(f)).containsExactly("islands: BGS", "islands: DT (L = 3)",
                "islands: proposed (L = 3)", "iris: BGS", "iris: DT (L = 3)", "iris: proposed (L = 3)");
        assertThat(PlotSeries.names(f).get(0)).containsExactly("training data", "BGS");
        assertThat(PlotSeries.names(f).get(5)).containsExactly("proposed (L = 3)");
        Series dt = PlotSeries.series(f, 1, "DT (L = 3)");
        assertThat(dt.kind()).isEqualTo(Series.Kind.TRAJECTORY);
        assertThat(dt.x()).containsExactly(0, 1, 2);
        assertThat(dt.y()).containsExactly(2, 0, 1);
        assertThat(f.legend()).extracting(LegendEntry::label).containsExactly("BGS", "DT (L = 3)", "proposed (L = 3)");
        assertThat(f.rows()).isEqualTo(2);
    }

    @Test
    void claimsThroughTheFigureFollowTheStarts() {
        List<Decision> better = ClaimEngine.decideAll(new Figure8().claims(
                new Figure8.Result(List.of(panel("islands", 20, 3, true)), 20)));
        assertThat(better).filteredOn(d -> d.claim().id().startsWith("fig8.moves."))
                .hasSize(2).allMatch(d -> d.verdict() == Verdict.HOLDS);
        List<Decision> worse = ClaimEngine.decideAll(new Figure8().claims(
                new Figure8.Result(List.of(panel("islands", 20, -3, true)), 20)));
        assertThat(worse).filteredOn(d -> d.claim().id().startsWith("fig8.broader."))
                .hasSize(4).allMatch(d -> d.verdict() == Verdict.DOES_NOT_HOLD);
        List<Decision> few = ClaimEngine.decideAll(new Figure8().claims(
                new Figure8.Result(List.of(panel("islands", 2, 3, true)), 2)));
        assertThat(few).isNotEmpty().allMatch(d -> d.verdict() == Verdict.INCONCLUSIVE);
    }

    @Test
    void captionAndSettingsNameTheStarts() {
        Figure8 f = new Figure8();
        Figure8.Result r = new Figure8.Result(List.of(panel("islands", 7, 1, true)), 7);
        assertThat(f.caption(r)).contains("median mover among 7 starts");
        Fig8Panel old = new Fig8Panel("islands", true, null, -1, panel("islands", 1, 0, false).paths(), null, 25);
        assertThat(f.caption(new Figure8.Result(List.of(old), 0))).contains("persistent chain #0")
                .contains("kept no per-start statistics");
        assertThat(f.settings(r)).containsEntry("steps", 100).containsEntry("starts", 7)
                .containsKey("clusterMarginBits");
        assertThat(f.id()).isEqualTo("fig8");
    }
}
