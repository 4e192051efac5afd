package dev.rbmsuite.experiments.fig9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.experiments.sampling.TvCurves;
import dev.rbmsuite.experiments.sampling.TvPanel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Figure 9's raw numbers: the quantile bands of per-start curves, and a result that reads back from
 * its CSVs as written (what {@code report --from} relies on), also from older runs without per-start
 * curves or costs.
 */
class TvFilesTest {
    private static final double[] STEPS = {0, 1, 10, 100};
    private static final int STARTS = 3;

    private static TvPanel panel(String dataset, int salt, boolean clustered) {
        Map<String, double[][]> perStart = new LinkedHashMap<>();
        Map<String, double[][]> occupancy = new LinkedHashMap<>();
        int k = 0;
        for (String kernel : BestModels.KERNELS) {
            double[][] tv = new double[STARTS][STEPS.length];
            double[][] occ = new double[STARTS][STEPS.length];
            for (int s = 0; s < STARTS; s++) {
                for (int i = 0; i < STEPS.length; i++) {
                    tv[s][i] = 0.9 / (1 + i) + 0.01 * s + 0.001 * k + 1e-4 * salt;
                    occ[s][i] = 1.0 / (1 + s + i);
                }
            }
            perStart.put(kernel, tv);
            occupancy.put(kernel, occ);
            k++;
        }
        return new TvPanel(dataset, 0.05 + 0.01 * salt, STEPS, TvCurves.bands(perStart), perStart,
                clustered ? occupancy : null, clustered ? new double[] {0.5, 0.3, 0.2} : null);
    }

    private static Figure9.Result result() {
        List<TvPanel> panels = new ArrayList<>();
        for (int d = 0; d < Figure9.DATASETS.size(); d++) {
            panels.add(panel(Figure9.DATASETS.get(d), d, d > 0));
        }
        return new Figure9.Result(panels, 100, 1000, STARTS);
    }

    private static JsonNode settings() {
        return new ObjectMapper().createObjectNode().put("steps", 100).put("chainsPerStart", 1000).put("starts", STARTS);
    }

    @Test
    void bandsAreTheMedianAndTenthAndNinetiethPercentilesOverStarts() {
        Map<String, double[][]> perStart = Map.of("bgs", new double[][] {{0.1, 1.0}, {0.3, 2.0}, {0.2, 4.0}});
        double[][] b = TvCurves.bands(perStart).get("bgs");
        assertThat(b[0]).containsExactly(0.2, 2.0);
        // linear interpolation between order statistics: position 0.2 and 1.8 of 0..2
        assertThat(b[1][0]).isCloseTo(0.12, within(1e-15));
        assertThat(b[2][1]).isCloseTo(3.6, within(1e-15));
    }

    @Test
    void aResultReadsBackFromItsCsvsAsWritten(@TempDir Path dir) throws Exception {
        Figure9.Result r = result();
        assertThat(TvFiles.write(r, dir)).containsExactly(TvFiles.BANDS, TvFiles.STARTS, TvFiles.COST);
        Figure9.Result back = TvFiles.read(dir, settings());
        assertThat(back.steps()).isEqualTo(100);
        assertThat(back.chains()).isEqualTo(1000);
        assertThat(back.starts()).isEqualTo(STARTS);
        assertThat(back.panels()).hasSameSizeAs(r.panels());
        for (int p = 0; p < r.panels().size(); p++) {
            TvPanel a = r.panels().get(p);
            TvPanel b = back.panels().get(p);
            assertThat(b.dataset()).isEqualTo(a.dataset());
            assertThat(b.floor()).isEqualTo(a.floor());
            assertThat(b.steps()).containsExactly(a.steps());
            for (String k : BestModels.KERNELS) {
                for (int q = 0; q < 3; q++) {
                    assertThat(b.bands().get(k)[q]).containsExactly(a.bands().get(k)[q]);
                }
                for (int s = 0; s < STARTS; s++) {
                    assertThat(b.perStart().get(k)[s]).containsExactly(a.perStart().get(k)[s]);
                }
            }
            if (a.occupancy() == null) {
                assertThat(b.occupancy()).isNull();
                assertThat(b.startMass()).isNull();
            } else {
                assertThat(b.startMass()).containsExactly(a.startMass());
                assertThat(b.occupancy().get("dt")[2]).containsExactly(a.occupancy().get("dt")[2]);
            }
        }
    }

    @Test
    void anOlderRunWithOnlyTheBandsReadsBackWithoutPerStartCurvesOrCosts(@TempDir Path dir) throws Exception {
        TvFiles.write(result(), dir);
        Files.delete(dir.resolve(TvFiles.STARTS));
        Files.delete(dir.resolve(TvFiles.COST));
        Figure9.Result back = TvFiles.read(dir, settings());
        for (TvPanel p : back.panels()) {
            assertThat(p.perStart()).isNull();
            assertThat(p.occupancy()).isNull();
            assertThat(p.bands()).containsOnlyKeys(BestModels.KERNELS);
        }
    }
}
