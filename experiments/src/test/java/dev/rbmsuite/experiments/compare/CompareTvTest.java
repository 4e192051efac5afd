package dev.rbmsuite.experiments.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.PlotSeries;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.sampling.TvCurves;
import dev.rbmsuite.experiments.sampling.TvPanel;
import dev.rbmsuite.experiments.training.Run;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.XyPanel;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sampling half of a comparison on hand-made TV curves: the early-TV claim paired per start
 * (mean over steps 1..min(10, steps), worked out by hand), the CSV of bands with the floor, the
 * plot's series, and no TV where the comparison computes none.
 */
class CompareTvTest {
    @TempDir
    Path tmp;

    private static Run run(String name) {
        CsvTable t = CsvTable.ofColumns(List.of("epoch", "logLikelihood"), List.of(new double[] {1}, new double[] {-3}));
        return Run.parse(name, List.of(t));
    }

    /** Steps 0..4; the baseline's TV per start 0.9 - 0.1 s + 0.01 start, the other's {@code gap} lower. */
    private static TvPanel panel(double gap) {
        double[] steps = {0, 1, 2, 3, 4};
        Map<String, double[][]> curves = new LinkedHashMap<>();
        double[][] base = new double[4][5];
        double[][] other = new double[4][5];
        for (int s = 0; s < 4; s++) {
            for (int i = 0; i < 5; i++) {
                base[s][i] = 0.9 - 0.1 * i + 0.01 * s;
                other[s][i] = base[s][i] - gap + 0.001 * ((s + i) % 2);
            }
        }
        curves.put("bgs", base);
        curves.put("pt", other);
        Map<String, double[][]> bands = new LinkedHashMap<>();
        curves.forEach((k, c) -> bands.put(k, new double[][] {c[0], c[1], c[2]}));
        return new TvPanel("compare", 0.02, steps, bands, curves, null, null);
    }

    @Test
    void theEarlyTvClaimIsPairedPerStartOverStepsOneToK() {
        List<Run> runs = List.of(run("compare-bgs"), run("compare-pt"));
        List<Claim> claims = CompareTv.claims(panel(0.2), runs, Map.of("bgs", 1.0, "pt", 1.0));
        assertThat(claims).hasSize(2);
        assertThat(claims.get(0)).satisfies(c -> {
            assertThat(c.id()).isEqualTo("compare.tv-early.pt");
            assertThat(c.statement()).isEqualTo("pt vs BGS, lower TV over steps 1-4");
            assertThat(c.effectLabel()).isEqualTo("BGS - pt");
            // start 0 of the baseline: mean of 0.8, 0.7, 0.6, 0.5
            assertThat(c.a()[0]).isCloseTo(0.65, within(1e-12));
            assertThat(c.a()[0]).isCloseTo(TvCurves.meanUpTo(panel(0.2).steps(), panel(0.2).perStart().get("bgs")[0], 4),
                    within(1e-12));
        });
        Decision holds = ClaimEngine.decide(claims.get(0));
        assertThat(holds.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(holds.effect()).isCloseTo(0.2 - 0.0005, within(1e-9));
        assertThat(ClaimEngine.decide(CompareTv.claims(panel(-0.2), runs, Map.of("bgs", 1.0, "pt", 1.0)).get(0))
                .verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void perUnitOfWorkAKernelThatSweepsTwicePerStepMeetsTheBaselineAtTwiceTheSteps() {
        List<Run> runs = List.of(run("compare-bgs"), run("compare-pt"));
        // pt does 2 bottom sweeps per transition: after k = 2 of its steps it has done BGS's 4
        Claim c = CompareTv.claims(panel(0.2), runs, Map.of("bgs", 1.0, "pt", 2.0)).get(1);
        assertThat(c.id()).isEqualTo("compare.tv-sweeps.pt");
        assertThat(c.statement()).isEqualTo("pt after 2 steps vs BGS after 4 steps, the same bottom-layer sweeps, lower TV");
        TvPanel p = panel(0.2);
        for (int s = 0; s < 4; s++) {
            assertThat(c.a()[s]).isEqualTo(p.perStart().get("bgs")[s][4]);
            assertThat(c.b()[s]).isEqualTo(p.perStart().get("pt")[s][2]);
        }
        // 0.2 lower per transition, but the same per sweep: the per-transition claim holds, this one does not
        assertThat(ClaimEngine.decide(CompareTv.claims(panel(0.2), runs, Map.of("bgs", 1.0, "pt", 2.0)).get(0))
                .verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(ClaimEngine.decide(c).verdict()).isNotEqualTo(Verdict.HOLDS);
        // a baseline that would need more steps than the run has: recorded as missing, not guessed
        Claim far = CompareTv.claims(panel(0.2), runs, Map.of("bgs", 1.0, "pt", 5.0)).get(1);
        assertThat(ClaimEngine.decide(far).verdict()).isNotEqualTo(Verdict.HOLDS);
    }

    @Test
    void theCsvHoldsEveryKernelsBandAndTheFloor() throws Exception {
        CompareTv.write(panel(0.2), Map.of("bgs", 1.0, "pt", 1.5), tmp);
        CsvTable t = CsvTable.read(tmp.resolve(CompareTv.CSV));
        assertThat(t.header()).containsExactly("kernel", "step", "bottomSweeps", "median", "p10", "p90", "iidFloor");
        assertThat(t.doubles("bottomSweeps")[3]).isEqualTo(3.0);
        assertThat(t.doubles("bottomSweeps")[8]).as("pt's step 3 at 1.5 sweeps per step").isEqualTo(4.5);
        assertThat(t.size()).isEqualTo(10);
        assertThat(t.strings("kernel").subList(4, 6)).containsExactly("bgs", "pt");
        assertThat(t.doubles("median")[1]).isCloseTo(0.8, within(1e-12));
        assertThat(t.doubles("iidFloor")).containsOnly(0.02);
    }

    @Test
    void thePanelHasOneBandedLinePerRun() {
        XyPanel p = CompareTv.plot(panel(0.2), List.of(run("compare-bgs"), run("compare-pt")));
        Figure f = Figure.single(p, 400, 300);
        assertThat(PlotSeries.names(f)).containsExactly(List.of("BGS", "pt"));
        assertThat(p.series().get(1).hasBand()).isTrue();
        assertThat(p.title()).isEqualTo("TV from the persistent chains");
    }

    @Test
    void noTvWithoutStepsOrForTooManyVisibleUnits() throws Exception {
        ExperimentContext ctx = new ExperimentContext("compare", tmp, Scale.PAPER, 1, 1,
                System.err);
        CompareSpec none = CompareSpecTest.spec(List.of("bgs", "pt"), 0);
        assertThat(CompareTv.compute(ctx, none, none.configs(), List.of(), tmp, Map.of())).isNull();
        assertThat(CompareTv.MAX_VISIBLE).isEqualTo(20);
    }
}
