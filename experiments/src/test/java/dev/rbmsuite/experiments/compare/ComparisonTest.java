package dev.rbmsuite.experiments.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Kind;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.PlotSeries;
import dev.rbmsuite.experiments.training.Run;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.Series;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A comparison's result as pure functions: per non-baseline kernel "comparable to or better" with
 * the margin (holds, fails, and too few trials), the convergence checks, the curves with their
 * lowest-to-highest band worked out in the test, the caption, and the raw numbers read back.
 */
class ComparisonTest {
    @TempDir
    Path tmp;

    /** Level curves at {@code level} per trial plus noise, 10 evaluations. */
    private static Run run(String name, int trials, double level, long seed) {
        Rng rng = Rng.seeded(seed);
        List<CsvTable> t = new ArrayList<>();
        for (int r = 0; r < trials; r++) {
            double[] e = new double[10];
            double[] ll = new double[10];
            for (int k = 0; k < 10; k++) {
                e[k] = 10 * (k + 1);
                ll[k] = level + 0.01 * rng.nextGaussian();
            }
            t.add(CsvTable.ofColumns(List.of("epoch", "logLikelihood"), List.of(e, ll)));
        }
        return Run.parse(name, t);
    }

    private static Comparison.Result result(int trials, double dtLevel, double ptLevel) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("data", "toy.csv");
        settings.put("tvChains", 40);
        return new Comparison.Result(List.of(run("compare-bgs", trials, -5, 1), run("compare-dt-L1", trials, dtLevel, 2),
                run("compare-pt", trials, ptLevel, 3)), settings, null);
    }

    private static Decision decided(List<Decision> all, String id) {
        return all.stream().filter(d -> d.claim().id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no claim " + id));
    }

    @Test
    void eachKernelIsComparedWithTheBaseline() {
        List<Decision> d = ClaimEngine.decideAll(new Comparison(null).claims(result(10, -5.05, -6)));
        assertThat(d).extracting(x -> x.claim().id()).containsExactly("compare.comparable.dt-L1", "compare.comparable.pt",
                "compare.better.pt.vs.dt-L1", "compare.levelled.compare-bgs", "compare.levelled.compare-dt-L1",
                "compare.levelled.compare-pt");
        // pt (-6) against DT (-5.05): a kernel stated in words to lead another has a row behind it, here failing
        assertThat(decided(d, "compare.better.pt.vs.dt-L1").verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(d).allMatch(x -> x.claim().kind() == Kind.BEYOND && x.claim().figure().equals("compare"));
        assertThat(decided(d, "compare.comparable.dt-L1").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(decided(d, "compare.comparable.pt").verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(decided(d, "compare.levelled.compare-pt").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(ClaimEngine.decideAll(new Comparison(null).claims(result(2, -5.05, -6))))
                .allMatch(x -> x.verdict() == Verdict.INCONCLUSIVE);
    }

    @Test
    void thePlotShowsEveryRunWithItsRangeAndTheCaptionNamesTheBaseline() {
        Comparison.Result r = result(3, -5.05, -6);
        Figure f = new Comparison(null).plot(r);
        assertThat(f.panels()).hasSize(1);
        assertThat(PlotSeries.titles(f)).containsExactly("toy.csv");
        assertThat(PlotSeries.names(f)).containsExactly(List.of("BGS", "DT (L = 1)", "pt"));
        Series pt = PlotSeries.series(f, 0, "pt");
        for (int k = 0; k < 10; k++) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (CsvTable t : r.runs().get(2).trials()) {
                lo = Math.min(lo, t.doubles("logLikelihood")[k]);
                hi = Math.max(hi, t.doubles("logLikelihood")[k]);
            }
            assertThat(pt.lower()[k]).isEqualTo(lo);
            assertThat(pt.upper()[k]).isEqualTo(hi);
        }
        assertThat(new Comparison(null).caption(r)).startsWith("Log-likelihood against the training epoch on toy.csv "
                + "for BGS, DT (L = 1), pt; lines: mean over 3 trials").contains("Baseline: BGS.")
                .endsWith("No TV comparison (n > 20 or no TV steps).");
    }

    @Test
    void theRawNumbersReadBackWithoutTheTvCurves() throws Exception {
        Comparison.Result r = result(3, -5.05, -6);
        Comparison c = new Comparison(null);
        assertThat(c.write(r, tmp)).containsExactly(Comparison.CURVES_CSV, Comparison.SUMMARY_CSV, Comparison.CSV);
        CsvTable curves = CsvTable.read(tmp.resolve(Comparison.CURVES_CSV));
        assertThat(curves.size()).isEqualTo(30);
        assertThat(curves.strings("kernel").subList(0, 1)).containsExactly("bgs");
        var manifest = new ObjectMapper().createObjectNode();
        manifest.putObject("settings").put("data", "toy.csv");
        Comparison.Result back = c.read(tmp, manifest);
        assertThat(back.tv()).isNull();
        assertThat(back.runs()).extracting(Run::name).containsExactly("compare-bgs", "compare-dt-L1", "compare-pt");
        assertThat(ClaimEngine.decideAll(c.claims(back))).extracting(Decision::sentence)
                .isEqualTo(ClaimEngine.decideAll(c.claims(r)).stream().map(Decision::sentence).toList());
    }
}
