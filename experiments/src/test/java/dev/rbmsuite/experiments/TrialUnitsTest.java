package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trials as units of work on the cheap lambda2 study and figure 9's listing: the ids, the refusals
 * (unknown id, unfinished prerequisites, other settings, render with missing trials) and a unit run
 * that matches the single run. The whole suite at smoke scale is compared in FiguresSmokeTest.
 */
class TrialUnitsTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final PrintStream progress = new PrintStream(log, true, StandardCharsets.UTF_8);

    @Test
    void listsTrainingFirstThenEachFiguresOwnTrialsOnce() {
        assertThat(FigureRunner.listTrials(Figures.select("lambda2"), Scale.SMOKE))
                .containsExactly("lambda2/lambda2/0", "lambda2/lambda2/1");
        List<String> fig9 = FigureRunner.listTrials(Figures.select("fig9"), Scale.PAPER);
        // 4 data sets: 10 training trials of the round trip (L = 3), then 3 kernels x 20 starts
        assertThat(fig9).hasSize(4 * 10 + 4 * 3 * 20).startsWith("training/genrbm-roundtrip-L3/0")
                .endsWith("fig9/iris-roundtrip/19");
        assertThat(fig9.subList(0, 40)).allMatch(id -> id.startsWith("training/"));
        // figures 2 and 6 share the GenRBM BGS runs: listed once
        List<String> all = FigureRunner.listTrials(Figures.select("all"), Scale.PAPER);
        assertThat(all).doesNotHaveDuplicates().contains("training/genrbm-bgs-lambda2/9");
        assertThat(FigureRunner.listTrials(Figures.select("fig1"), Scale.PAPER)).isEmpty();
    }

    @Test
    void renderOnlyNamesEveryMissingTrialAndWritesNothing() {
        Path root = tmp.resolve("figures");
        assertThatThrownBy(() -> FigureRunner.renderOnly(Figures.select("lambda2"), root, Scale.SMOKE, 1, 1, progress,
                false)).isInstanceOf(InputException.class)
                .hasMessageContaining("2 unfinished trial(s)").hasMessageContaining("lambda2/lambda2/0 lambda2/lambda2/1")
                .hasMessageNotContaining("\n");
        assertThat(root).doesNotExist();
    }

    @Test
    void refusesUnknownIdsAndTrialsWhosePrerequisitesAreUnfinished() {
        Path root = tmp.resolve("figures");
        assertThatThrownBy(() -> FigureRunner.runTrial(Figures.select("lambda2"), root, Scale.SMOKE, 1, 1, progress,
                "lambda2/lambda2/2")).isInstanceOf(InputException.class).hasMessageContaining("--list-trials");
        assertThatThrownBy(() -> FigureRunner.runTrial(Figures.select("fig9"), root, Scale.SMOKE, 1, 1, progress,
                "fig9/iris-dt/0")).isInstanceOf(InputException.class)
                .hasMessageContaining("needs 2 unfinished trial(s)")
                .hasMessageContaining("training/iris-roundtrip-L3/0 training/iris-roundtrip-L3/1");
    }

    @Test
    void unitsThenRenderMatchOneProcessAndKeepTheirFiles() throws Exception {
        List<Experiment> study = Figures.select("lambda2");
        Path single = tmp.resolve("single");
        FigureRunner.run(study, single, Scale.SMOKE, 5, 2, progress);
        Path root = tmp.resolve("units");
        FigureRunner.runTrial(study, root, Scale.SMOKE, 5, 1, progress, "lambda2/lambda2/1");
        assertThat(root.resolve("lambda2/trials/lambda2/trial-1.csv")).isRegularFile();
        assertThat(root.resolve("lambda2/trials/lambda2/trial-1.seconds")).isRegularFile();
        assertThat(root.resolve("lambda2/trials/lambda2/.trial-1.lock")).doesNotExist();
        assertThat(root.resolve("lambda2/trials/lambda2/trial-0.csv")).doesNotExist();
        assertThatThrownBy(() -> FigureRunner.renderOnly(study, root, Scale.SMOKE, 5, 1, progress, false))
                .hasMessageContaining("1 unfinished trial(s)").hasMessageContaining("lambda2/lambda2/0;");
        FigureRunner.runTrial(study, root, Scale.SMOKE, 5, 1, progress, "lambda2/lambda2/0");
        byte[] kept = Files.readAllBytes(root.resolve("lambda2/trials/lambda2/trial-0.csv"));
        // a second run of a finished trial does nothing
        FigureRunner.runTrial(study, root, Scale.SMOKE, 5, 1, progress, "lambda2/lambda2/0");
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("lambda2/lambda2/0: already finished");
        FigureRunner.renderOnly(study, root, Scale.SMOKE, 5, 1, progress, false);
        for (String f : List.of("claims.csv", "lambda2/lambda2-trials.csv", "lambda2/trials/lambda2/trial-0.csv")) {
            assertThat(Files.readAllBytes(root.resolve(f))).as(f).isEqualTo(Files.readAllBytes(single.resolve(f)));
        }

        // a group kept with other settings is refused, never discarded, by a unit
        Path settings = root.resolve("lambda2/trials/lambda2/settings.json");
        Files.writeString(settings, "{\"n\":99}");
        Files.delete(root.resolve("lambda2/trials/lambda2/trial-1.csv"));
        assertThatThrownBy(() -> FigureRunner.runTrial(study, root, Scale.SMOKE, 5, 1, progress, "lambda2/lambda2/1"))
                .isInstanceOf(InputException.class).hasMessageContaining("records other settings");
        assertThat(Files.readAllBytes(root.resolve("lambda2/trials/lambda2/trial-0.csv"))).isEqualTo(kept);
    }
}
