package dev.rbmsuite.experiments.lambda2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.PlotSeries;
import dev.rbmsuite.plots.Figure;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lambda2 study: its models are symmetric under flipping every unit (checked by brute force
 * over all states of the joint distribution), its errors and claims come from the rows of its
 * table as worked out by hand (an upward bias holds, a closer Rao-Blackwellised estimate holds,
 * noisy errors are inconclusive), and its plot and notes show the mean errors and the estimates above 1.
 */
class Lambda2StudyTest {
    @TempDir
    Path tmp;

    /** Unnormalised log P(v, h) = b.v + c.h + v W h. */
    private static double logWeight(Rbm r, int v, int h) {
        double e = 0;
        for (int i = 0; i < r.numVisible(); i++) {
            int vi = (v >> i) & 1;
            e += r.visibleBias(i) * vi;
            for (int j = 0; j < r.numHidden(); j++) {
                e += vi * ((h >> j) & 1) * r.weight(i, j);
            }
        }
        for (int j = 0; j < r.numHidden(); j++) {
            e += r.hiddenBias(j) * ((h >> j) & 1);
        }
        return e;
    }

    @Test
    void theModelsAreSymmetricUnderFlippingEveryUnit() {
        Rbm r = Lambda2Study.symmetric(4, 3, 2.0, Rng.seeded(7));
        int n = 4;
        int m = 3;
        int fullV = (1 << n) - 1;
        int fullH = (1 << m) - 1;
        for (int v = 0; v <= fullV; v++) {
            for (int h = 0; h <= fullH; h++) {
                // the energy differs only by a constant, so P(v, h) = P(1 - v, 1 - h)
                double d = logWeight(r, v, h) - logWeight(r, fullV ^ v, fullH ^ h);
                assertThat(d).as("v %d h %d", v, h).isCloseTo(logWeight(r, 0, 0) - logWeight(r, fullV, fullH),
                        within(1e-12));
            }
        }
        for (int i = 0; i < n; i++) {
            double row = 0;
            for (int j = 0; j < m; j++) {
                row += r.weight(i, j);
            }
            assertThat(r.visibleBias(i)).isCloseTo(-0.5 * row, within(1e-15));
        }
        // the weights scale with std: the same stream, twice the std, twice the weights
        Rbm twice = Lambda2Study.symmetric(4, 3, 4.0, Rng.seeded(7));
        assertThat(twice.weight(2, 1)).isCloseTo(2 * r.weight(2, 1), within(1e-12));
    }

    /** Per (std, n2): {@code models} rows with exact 0.5 and the given count and Rao-Blackwell estimates. */
    private static Lambda2Study.Result result(int models, double countBias, double rbBias, double noise) {
        CsvTable.Builder b = CsvTable.builder("trial", "std", "n2", "exact", "counts", "raoBlackwell");
        for (int t = 0; t < models; t++) {
            double wobble = noise * (t % 2 == 0 ? 1 : -1) + 0.001 * t;
            for (double std : Lambda2Study.STDS) {
                for (long n2 : new long[] {64, 256}) {
                    b.row((long) t, std, n2, 0.5, 0.5 + countBias + wobble, 0.5 + rbBias + 0.5 * wobble);
                }
            }
        }
        return new Lambda2Study.Result(b.build(), 6, 8);
    }

    @Test
    void errorsAndColumnsSelectTheirRows() {
        CsvTable t = CsvTable.builder("trial", "std", "n2", "exact", "counts", "raoBlackwell")
                .row(0L, 1.0, 64L, 0.5, 0.7, 0.6).row(0L, 2.0, 64L, 0.8, 0.9, 0.85).row(1L, 1.0, 256L, 0.5, 0.55, 0.52)
                .row(1L, 1.0, 64L, 0.4, 0.45, 0.41).build();
        Lambda2Study.Result r = new Lambda2Study.Result(t, 6, 8);
        assertThat(r.n2s()).containsExactly(64, 256);
        assertThat(r.column("exact", 1.0, 64)).containsExactly(0.5, 0.4);
        assertThat(Lambda2Study.errors(r, "counts", 1.0, 64)[0]).isCloseTo(0.2, within(1e-12));
        assertThat(Lambda2Study.errors(r, "counts", 1.0, 64)[1]).isCloseTo(0.05, within(1e-12));
        assertThat(Lambda2Study.errors(r, "raoBlackwell", 2.0, 64)).hasSize(1);
        assertThat(Lambda2Study.errors(r, "raoBlackwell", 3.0, 64)).isEmpty();
    }

    @Test
    void anUpwardBiasAndACloserRaoBlackwellEstimateHold() {
        List<Decision> d = ClaimEngine.decideAll(new Lambda2Study().claims(result(6, 0.1, 0.01, 0.005)));
        // 3 stds x 2 N2 x (two bias claims + one comparison)
        assertThat(d).hasSize(18);
        assertThat(d).filteredOn(x -> x.claim().id().startsWith("lambda2.biased-up.counts."))
                .hasSize(6).allMatch(x -> x.verdict() == Verdict.HOLDS);
        assertThat(d).filteredOn(x -> x.claim().id().startsWith("lambda2.rb-closer."))
                .hasSize(6).allMatch(x -> x.verdict() == Verdict.HOLDS);
        Decision one = d.stream().filter(x -> x.claim().id().equals("lambda2.biased-up.counts.std1.0.n2-64"))
                .findFirst().orElseThrow();
        assertThat(one.effect()).isCloseTo(0.1 + 0.001 * 2.5, within(1e-9));
        // a downward bias does not hold
        List<Decision> down = ClaimEngine.decideAll(new Lambda2Study().claims(result(6, -0.1, -0.2, 0.005)));
        assertThat(down).filteredOn(x -> x.claim().id().startsWith("lambda2.biased-up."))
                .allMatch(x -> x.verdict() == Verdict.DOES_NOT_HOLD);
        assertThat(down).filteredOn(x -> x.claim().id().startsWith("lambda2.rb-closer."))
                .allMatch(x -> x.verdict() == Verdict.DOES_NOT_HOLD);
    }

    @Test
    void noisyErrorsAreInconclusive() {
        List<Decision> d = ClaimEngine.decideAll(new Lambda2Study().claims(result(4, 0.01, 0.0, 0.5)));
        assertThat(d).filteredOn(x -> x.claim().id().startsWith("lambda2.biased-up.counts."))
                .allMatch(x -> x.verdict() == Verdict.INCONCLUSIVE);
    }

    @Test
    void thePlotShowsTheMeanErrorPerEstimatorAndTheNotesCountEstimatesAboveOne() {
        Lambda2Study.Result r = result(2, 0.6, 0.01, 0.0);
        Figure f = new Lambda2Study().plot(r);
        assertThat(PlotSeries.titles(f)).containsExactly("weights N(0, 1.0^2)", "weights N(0, 2.0^2)",
                "weights N(0, 3.0^2)");
        for (List<String> names : PlotSeries.names(f)) {
            assertThat(names).containsExactly("count estimator (paper)", "Rao-Blackwellised", "exact");
        }
        // errors 0.6 and 0.601 at every setting: mean 0.6005
        assertThat(PlotSeries.series(f, 1, "count estimator (paper)").y()[1]).isCloseTo(0.6005, within(1e-12));
        assertThat(PlotSeries.series(f, 0, "exact").y()).containsExactly(0, 0);
        List<String> notes = new Lambda2Study().notes(r);
        assertThat(notes).hasSize(4);
        assertThat(notes.get(0)).isEqualTo("std 1.0: exact lambda2 0.5000 on average over 2 models (range 0.5000-0.5000).");
        // every count estimate is 1.1 or 1.101: 12 of the 24 estimates exceed 1
        assertThat(notes.get(3)).startsWith("12 of 24 estimates exceed 1");
    }

    @Test
    void theTableReadsBackWithTheSizesFromTheSettings() throws Exception {
        Lambda2Study.Result r = result(2, 0.1, 0.0, 0.0);
        Lambda2Study s = new Lambda2Study();
        assertThat(s.write(r, tmp)).containsExactly(Lambda2Study.CSV);
        var manifest = new ObjectMapper().createObjectNode();
        manifest.putObject("settings").put("n", 6).put("m", 8);
        Lambda2Study.Result back = s.read(tmp, manifest);
        assertThat(back.rows().rows()).isEqualTo(r.rows().rows());
        assertThat(back.n()).isEqualTo(6);
        assertThat(back.m()).isEqualTo(8);
        assertThat(s.caption(back)).contains("n = 6, m = 8");
    }
}
