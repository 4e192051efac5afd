package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks of {@code report --from}'s inputs: the committed paper-scale figures pass every one (so the
 * shapes are those the figures write), and each shape rule refuses its defect naming the file and line.
 * The same defects through the command line are in the cli tests (HostileRoundFourTest).
 */
class ReportInputsTest {
    private static final Path PAPER = Path.of("").toAbsolutePath().getParent().resolve("results/paper-scale");

    @Test
    void theCommittedPaperScaleFiguresPassEveryCheck() throws Exception {
        ReportInputs.check(PAPER);
        for (Map.Entry<String, ReportInputs.Shape> e : ReportInputs.SHAPES.entrySet()) {
            String figure = e.getKey().substring(0, e.getKey().indexOf('-'));
            assertThat(PAPER.resolve(figure).resolve(e.getKey())).as(e.getKey()).isRegularFile();
        }
    }

    private static void refused(Path dir, String name, String text, String... mentions) throws Exception {
        Path csv = dir.resolve(name);
        Files.writeString(csv, text);
        assertThatThrownBy(() -> ReportInputs.checkShape(csv, ReportInputs.SHAPES.get(name),
                new ObjectMapper().readTree("{\"config\":\"c\",\"trials\":2,\"steps\":2,\"starts\":1}")))
                .as(text).isInstanceOf(InputException.class).hasMessageStartingWith(csv.toString())
                .hasMessageContainingAll(mentions);
    }

    @Test
    void eachShapeRuleNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        String head = "config,trial,epoch,logLikelihood,logZStdErr\n";
        String ok = head + "c,0,1,-1,NaN\nc,0,2,-1,NaN\nc,1,1,-1,NaN\nc,1,2,-1,NaN\n";
        Files.writeString(dir.resolve("fig7-trials.csv"), ok);
        ReportInputs.checkShape(dir.resolve("fig7-trials.csv"), ReportInputs.SHAPES.get("fig7-trials.csv"),
                new ObjectMapper().readTree("{\"config\":\"c\",\"trials\":2}"));
        refused(dir, "fig7-trials.csv", head + "c,0,1,-1,NaN\nc,0,2,-1,NaN\nc,1,1,-1,NaN\n", "line 4", "differ");
        refused(dir, "fig7-trials.csv", head + "c,0,1,-1,NaN\nc,0,1,-1,NaN\n", "line 3", "repeats the row of line 2");
        refused(dir, "fig7-trials.csv", head + "c,0,2,-1,NaN\nc,0,1,-1,NaN\n", "line 3, column 'epoch': 1 after 2");
        refused(dir, "fig7-trials.csv", head + "c,1,1,-1,NaN\n", "line 2, column 'trial': 1 where 0 comes next");
        refused(dir, "fig7-trials.csv", head + "c,0,1,-1,NaN\nd,0,1,-1,NaN\nc,1,1,-1,NaN\n", "line 4",
                "again after other rows (first at line 2)");
        refused(dir, "fig7-trials.csv", head + "c,0,1,-1,NaN\n", "has 1 trial(s), the figure's settings say 2");
        refused(dir, "fig7-trials.csv", head, "line 1", "no rows");
        refused(dir, "fig7-trials.csv", "config,trial,epoch,logLikelihood,stderr\nc,0,1,-1,NaN\n", "line 1",
                "the columns must be config,trial,epoch,logLikelihood,logZStdErr");
        String tv = "dataset,kernel,step,median,p10,p90,iidFloor\n";
        refused(dir, "fig9-tv.csv", tv + "d,a,0,1,1,1,0\nd,a,1,1,1,1,0\nd,a,2,1,1,1,0\nd,b,0,1,1,1,0\nd,b,2,1,1,1,0\n",
                "line 6", "kernel b");
        refused(dir, "fig9-tv.csv", tv + "d,a,0,1,1,1,0\nd,a,1,1,1,1,0\n", "the steps end at 1", "say 2");
    }
}
