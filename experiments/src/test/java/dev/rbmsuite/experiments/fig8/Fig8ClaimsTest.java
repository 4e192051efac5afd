package dev.rbmsuite.experiments.fig8;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.experiments.sampling.ChainStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Figure 8's claims on synthetic per-start statistics with known answers: paired per start, the
 * cost claims per bottom-layer sweep and per second, clusters only where the data set has them, and
 * the rerun named when the per-start numbers are missing.
 */
class Fig8ClaimsTest {
    private static final int STARTS = 30;

    /** Per start: the proposed kernel moves 3 more times than DT and 6 more than BGS, and visits more states. */
    private static Fig8Panel panel(String dataset, boolean clustered, boolean statsKept) {
        Map<String, List<ChainStats>> stats = new LinkedHashMap<>();
        double[] lift = {0, 3, 6};
        String[] kernels = {"roundtrip", "dt", "bgs"};
        for (int k = 0; k < 3; k++) {
            List<ChainStats> list = new ArrayList<>();
            for (int s = 0; s < STARTS; s++) {
                double base = 10 + (s * 7 % 5) + 0.3 * ((s + k) % 3);
                list.add(new ChainStats(s, base - lift[k], 40 + base - 2 * lift[k], 1.0 + 0.01 * base - 0.05 * lift[k]));
            }
            stats.put(kernels[k], list);
        }
        return new Fig8Panel(dataset, clustered, new double[0], 0, Map.of(), statsKept ? stats : null, 25);
    }

    private static Decision decided(List<Decision> all, String id) {
        return all.stream().filter(d -> d.claim().id().equals(id)).findFirst().orElseThrow(
                () -> new AssertionError("no claim " + id));
    }

    @Test
    void pairedPerStartClaimsHoldWhenTheProposedKernelDominatesEveryStart() {
        Figure8.Result r = new Figure8.Result(List.of(panel("islands", true, true)), STARTS);
        List<Decision> d = ClaimEngine.decideAll(Fig8Claims.claims("fig8", r));
        for (String base : List.of("bgs", "dt")) {
            assertThat(decided(d, "fig8.moves.islands." + base).verdict()).isEqualTo(Verdict.HOLDS);
            assertThat(decided(d, "fig8.broader.distinct.islands." + base).verdict()).isEqualTo(Verdict.HOLDS);
            assertThat(decided(d, "fig8.broader.spread.islands." + base).verdict()).isEqualTo(Verdict.HOLDS);
            assertThat(decided(d, "fig8.moves.islands." + base).n()).isEqualTo(String.valueOf(STARTS));
        }
        // per bottom-layer sweep DT pays 1.5 sweeps a step: the proposed kernel's lead grows
        assertThat(decided(d, "fig8.cost.sweeps.islands.dt").effect())
                .isGreaterThan(decided(d, "fig8.moves.islands.dt").effect() / Figure8.STEPS);
        // moves, distinct states and spread against each baseline, and moves per bottom-layer sweep
        assertThat(d).hasSize(2 * 3 + 2);
    }

    @Test
    void aDataSetWithoutClustersHasNoMoveOrCostClaims() {
        Figure8.Result r = new Figure8.Result(List.of(panel("genrbm", false, true)), STARTS);
        List<Decision> d = ClaimEngine.decideAll(Fig8Claims.claims("fig8", r));
        assertThat(d).extracting(x -> x.claim().id()).containsExactlyInAnyOrder(
                "fig8.broader.distinct.genrbm.bgs", "fig8.broader.spread.genrbm.bgs",
                "fig8.broader.distinct.genrbm.dt", "fig8.broader.spread.genrbm.dt");
        assertThat(Fig8Claims.notes(r)).isEmpty();
    }

    @Test
    void withoutPerStartStatisticsEveryClaimIsInconclusiveAndNamesTheRerun() {
        Figure8.Result r = new Figure8.Result(List.of(panel("pentagon", true, false)), STARTS);
        List<Decision> d = ClaimEngine.decideAll(Fig8Claims.claims("fig8", r));
        assertThat(d).isNotEmpty().allMatch(x -> x.verdict() == Verdict.INCONCLUSIVE);
        assertThat(decided(d, "fig8.moves.pentagon.bgs").claim().missing()).isEqualTo(Fig8Claims.MISSING);
        assertThat(Fig8Claims.notes(r)).isEmpty();
    }

    @Test
    void notesGiveTheMedianAndQuartilesOfMovesPerKernel() {
        Figure8.Result r = new Figure8.Result(List.of(panel("islands", true, true)), STARTS);
        List<String> notes = Fig8Claims.notes(r);
        assertThat(notes).hasSize(1);
        assertThat(notes.get(0)).startsWith("islands: moves between clusters in 100 steps over 30 starts")
                .contains("BGS").contains("DT (L = 3)").contains("proposed (L = 3)").endsWith(".");
    }
}
