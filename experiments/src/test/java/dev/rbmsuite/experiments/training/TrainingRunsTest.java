package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.TrialUnits;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Training trials on a problem small enough to enumerate (n = 4, m = 3, six data points): the
 * curves have the monitored columns at the evaluation cadence, the last log-likelihood equals the
 * mean log P(v) of the data under the saved model summed by hand over all 2^4 x 2^3 states, lambda2
 * appears at its cadence only, trials are reproducible from the seed and resumed when kept, and
 * the best trial is the one with the highest final log-likelihood.
 */
class TrainingRunsTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    private static final double[] ROWS = {1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0};

    @TempDir
    Path tmp;

    private static TrainingProblem problem() {
        return new TrainingProblem(BinaryDataset.of("toy", ROWS, 6, 4, null, null), new int[] {3}, 0.05, 8, Map.of());
    }

    private static RunConfig config() {
        return new RunConfig("toy", "bgs", 0, 6, 2, 6, 16, 16, 10, 2, 10, 2, true, 2);
    }

    private List<CsvTable> run(String folder, long seed) throws Exception {
        ExperimentContext ctx = new ExperimentContext("fig0", tmp.resolve(folder).resolve("fig0"), Scale.SMOKE, seed, 1,
                QUIET);
        return TrainingRuns.run(ctx, tmp.resolve(folder).resolve("training"), config(), problem(),
                config().asMap());
    }

    /** Mean log P(v) over the data, P summed over every visible and hidden state. */
    private static double exactLogLikelihood(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        double[] logW = new double[1 << n];
        double z = 0;
        for (int v = 0; v < 1 << n; v++) {
            double w = 0;
            for (int h = 0; h < 1 << m; h++) {
                double e = 0;
                for (int i = 0; i < n; i++) {
                    e += r.visibleBias(i) * ((v >> i) & 1);
                }
                for (int j = 0; j < m; j++) {
                    int hj = (h >> j) & 1;
                    e += r.hiddenBias(j) * hj;
                    for (int i = 0; i < n; i++) {
                        e += ((v >> i) & 1) * hj * r.weight(i, j);
                    }
                }
                w += Math.exp(e);
            }
            logW[v] = Math.log(w);
            z += w;
        }
        double ll = 0;
        for (int row = 0; row < 6; row++) {
            int v = 0;
            for (int i = 0; i < n; i++) {
                v |= (int) ROWS[row * n + i] << i;
            }
            ll += (logW[v] - Math.log(z)) / 6;
        }
        return ll;
    }

    @Test
    void curvesHaveTheMonitoredColumnsAndTheLastPointIsTheExactLogLikelihood() throws Exception {
        List<CsvTable> curves = run("a", 3);
        assertThat(curves).hasSize(2);
        CsvTable t = curves.get(0);
        assertThat(t.header()).containsExactly("epoch", "logLikelihood", "maeB", "maeC", "maeW", "lambda2Counts",
                "lambda2RaoBlackwell");
        assertThat(t.doubles("epoch")).containsExactly(2, 4, 6);
        // lambda2 every 6 epochs: NaN before, a value in (0, 1.5) at the end
        assertThat(t.doubles("lambda2Counts")[0]).isNaN();
        assertThat(t.doubles("lambda2RaoBlackwell")[1]).isNaN();
        assertThat(t.doubles("lambda2Counts")[2]).isBetween(-0.5, 1.5);
        for (int trial = 0; trial < 2; trial++) {
            Rbm trained = TrainingRuns.model(tmp.resolve("a/training"), config(), trial).stack().bottom();
            double[] ll = curves.get(trial).doubles("logLikelihood");
            assertThat(ll[2]).isCloseTo(exactLogLikelihood(trained), within(1e-9));
        }
        assertThat(TrainingRuns.model(tmp.resolve("a/training"), config(), 1).chains().chains()).isEqualTo(8);
    }

    @Test
    void trialsAreReproducibleFromTheSeedAndResumedWhenKept() throws Exception {
        List<CsvTable> a = run("a", 3);
        List<CsvTable> b = run("b", 3);
        List<CsvTable> c = run("c", 4);
        for (int trial = 0; trial < 2; trial++) {
            assertThat(b.get(trial).toCsv()).isEqualTo(a.get(trial).toCsv());
            assertThat(c.get(trial).toCsv()).isNotEqualTo(a.get(trial).toCsv());
        }
        assertThat(a.get(0).toCsv()).isNotEqualTo(a.get(1).toCsv());
        assertThat(run("a", 3).get(1).toCsv()).isEqualTo(a.get(1).toCsv());
    }

    @Test
    void theBestTrialHasTheHighestFinalLogLikelihood() {
        CsvTable low = CsvTable.ofColumns(List.of("logLikelihood"), List.of(new double[] {-1, -5}));
        CsvTable high = CsvTable.ofColumns(List.of("logLikelihood"), List.of(new double[] {-9, -2}));
        CsvTable same = CsvTable.ofColumns(List.of("logLikelihood"), List.of(new double[] {0, -2}));
        assertThat(TrainingRuns.best(List.of(low, high))).isEqualTo(1);
        assertThat(TrainingRuns.best(List.of(high, low))).isZero();
        // ties go to the first; the earlier peak does not count
        assertThat(TrainingRuns.best(List.of(low, high, same))).isEqualTo(1);
        assertThat(TrainingRuns.best(List.of(low))).isZero();
    }

    @Test
    void theGroupIsTheSharedTrainingFolderUnderTheConfigurationsName() {
        TrialUnits.Group g = TrainingRuns.group(config());
        assertThat(g.folder()).isEqualTo(TrialUnits.TRAINING);
        assertThat(g.name()).isEqualTo("toy-bgs-lambda2");
        assertThat(g.count()).isEqualTo(2);
        ExperimentContext ctx = new ExperimentContext("fig6", tmp.resolve("root/fig6"), Scale.SMOKE, 1, 1, QUIET);
        assertThat(TrainingRuns.base(ctx)).isEqualTo(tmp.resolve("root/training").toAbsolutePath());
    }
}
