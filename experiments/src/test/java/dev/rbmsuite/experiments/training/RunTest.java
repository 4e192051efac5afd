package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.plots.Series;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs round-trip through the long CSV and parse their kernel and L from the name. */
class RunTest {
    @TempDir
    Path tmp;

    private static CsvTable curve(double a, double b) {
        return CsvTable.ofColumns(List.of("epoch", "logLikelihood"), List.of(new double[] {1, 2}, new double[] {a, b}));
    }

    @Test
    void longFormatRoundTripsEveryTrialInOrder() throws Exception {
        List<Run> runs = List.of(Run.parse("genrbm-dt-L2", List.of(curve(-3, -2), curve(-4, -1))),
                Run.parse("genrbm-bgs-lambda2", List.of(curve(-5, -6))));
        Path f = tmp.resolve("t.csv");
        Run.writeLong(runs, f);
        List<Run> back = Run.readLong(f);
        assertThat(back).hasSize(2);
        assertThat(back.get(0).name()).isEqualTo("genrbm-dt-L2");
        assertThat(back.get(0).kernel()).isEqualTo("dt");
        assertThat(back.get(0).upperLayers()).isEqualTo(2);
        assertThat(back.get(0).label()).isEqualTo("DT (L = 2)");
        assertThat(back.get(1).kernel()).isEqualTo("bgs");
        assertThat(back.get(1).styleKey()).isEqualTo("bgs");
        assertThat(back.get(0).trials().get(1).doubles("logLikelihood")).containsExactly(-4, -1);
        Path again = tmp.resolve("u.csv");
        Run.writeLong(back, again);
        assertThat(Files.readAllBytes(again)).isEqualTo(Files.readAllBytes(f));
        assertThat(back.get(0).perTrial("logLikelihood", CurveStats.FINAL)).containsExactly(-2, -1);
    }

    @Test
    void theRangeLineIsTheMeanWithTheTrialsExtentInTheGivenStyle() {
        Run run = Run.parse("genrbm-roundtrip-L2", List.of(curve(-3, -2), curve(-5, -1)));
        assertThat(run.lineWithRange("logLikelihood").styleKey()).isEqualTo("roundtrip-L2");
        Series s = run.lineWithRange("logLikelihood", "roundtrip");
        assertThat(s.styleKey()).isEqualTo("roundtrip");
        assertThat(s.name()).isEqualTo("proposed (L = 2)");
        assertThat(s.y()).containsExactly(-4, -1.5);
        assertThat(s.lower()).containsExactly(-5, -2);
        assertThat(s.upper()).containsExactly(-3, -1);
    }
}
