package dev.rbmsuite.experiments.fig8;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.sampling.ChainStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Figure 8's raw numbers read back as written (per-start statistics, the plotted start's path, the
 * cost per kernel), and an older run that kept only chain 0's path reads back without statistics.
 */
class Fig8FilesTest {
    private static final List<String> KERNELS = List.of("bgs", "dt", "roundtrip");

    @TempDir
    Path tmp;

    private static Figure8.Result result() {
        List<Fig8Panel> panels = new ArrayList<>();
        for (int d = 0; d < PaperData.NAMES.size(); d++) {
            Map<String, double[][]> paths = new LinkedHashMap<>();
            Map<String, List<ChainStats>> stats = new LinkedHashMap<>();
            for (int k = 0; k < 3; k++) {
                paths.put(KERNELS.get(k), new double[][] {{d, k, 0.5}, {-d, -k, 0.25}});
                stats.put(KERNELS.get(k), List.of(new ChainStats(0, d + k, 10 + k, 0.5 * d), new ChainStats(1, 2, 3, 4)));
            }
            panels.add(new Fig8Panel(PaperData.NAMES.get(d), d > 0, null, 1, paths, stats, 25));
        }
        return new Figure8.Result(panels, 2);
    }

    private static ObjectNode manifest() {
        ObjectNode m = new ObjectMapper().createObjectNode().put("seed", 4);
        m.putObject("settings").put("starts", 2);
        return m;
    }

    @Test
    void writtenNumbersReadBack() throws Exception {
        Figure8.Result r = result();
        assertThat(Fig8Files.write(r, tmp)).containsExactly(Fig8Files.CHAINS, Fig8Files.PATHS, Fig8Files.COST);
        Figure8.Result back = Fig8Files.read(tmp, manifest());
        assertThat(back.chains()).isEqualTo(2);
        assertThat(back.panels()).hasSize(PaperData.NAMES.size());
        for (int d = 0; d < PaperData.NAMES.size(); d++) {
            Fig8Panel a = r.panels().get(d);
            Fig8Panel b = back.panels().get(d);
            assertThat(b.dataset()).isEqualTo(a.dataset());
            assertThat(b.shown()).isEqualTo(1);
            assertThat(b.stats()).isEqualTo(a.stats());
            for (String k : KERNELS) {
                assertThat(b.paths().get(k)).isDeepEqualTo(a.paths().get(k));
            }
            // the training data's plane is recomputed from the seed
            assertThat(b.plane()).hasSize(2 * PaperData.dataset(a.dataset(), 4).size());
        }
        assertThat(back.panels().get(0).clustered()).isFalse();
        assertThat(back.panels().get(1).clustered()).isTrue();
        CsvTable cost = CsvTable.read(tmp.resolve(Fig8Files.COST));
        assertThat(cost.doubles("bottomSweepsPerStep")).startsWith(1.0, 1.5, 1.0);
        List<String> sentences = ClaimEngine.decideAll(Fig8Claims.claims("fig8", back)).stream().map(Decision::sentence)
                .toList();
        assertThat(sentences).isEqualTo(ClaimEngine.decideAll(Fig8Claims.claims("fig8", r)).stream()
                .map(Decision::sentence).toList());
    }

    @Test
    void anOlderRunWithoutPerStartStatisticsReadsBackWithoutThem() throws Exception {
        Fig8Files.write(result(), tmp);
        Files.delete(tmp.resolve(Fig8Files.CHAINS));
        CsvTable paths = CsvTable.read(tmp.resolve(Fig8Files.PATHS));
        // the oldest layout had no chain column
        CsvTable.Builder old = CsvTable.builder("dataset", "kernel", "step", "pc1", "pc2");
        for (List<String> row : paths.rows()) {
            old.row(row.get(0), row.get(1), row.get(3), row.get(4), row.get(5));
        }
        old.build().write(tmp.resolve(Fig8Files.PATHS));
        Figure8.Result back = Fig8Files.read(tmp, manifest());
        assertThat(back.chains()).isEqualTo(2);
        assertThat(back.panels()).allMatch(p -> p.stats() == null && p.shown() == -1);
        assertThat(back.panels().get(2).paths().get("dt")[0]).containsExactly(2, 1, 0.5);
        assertThat(ClaimEngine.decideAll(Fig8Claims.claims("fig8", back))).isNotEmpty()
                .allMatch(d -> d.claim().missing().equals(Fig8Claims.MISSING));
    }
}
