package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code figure} through {@link Main#execute}: the three ways to run (whole figures, one trial, render
 * only), the trial list for schedulers, and the refusal of contradictory or out-of-range options
 * before anything is written.
 */
class FigureCommandTest {
    @TempDir
    Path dir;

    private static void assertRefused(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("rbm: ").contains(fragments);
    }

    private static List<String> lines(String out) {
        return out.isEmpty() ? List.of() : List.of(out.strip().split("\n"));
    }

    @Test
    void listTrialsPrintsDistinctIdsOnePerLineTrainingFirstAndTheSameAsJson() {
        Path out = dir.resolve("figs");
        Cli.Result text = Cli.run("figure", "all", "--scale", "smoke", "--list-trials", "--out", out.toString());
        assertThat(text.code()).as(text.err()).isZero();
        List<String> ids = lines(text.out());
        assertThat(ids).isNotEmpty().doesNotHaveDuplicates().allMatch(id -> id.matches("[a-z0-9]+/[A-Za-z0-9.-]+/\\d+"));
        int lastTraining = -1;
        int firstOther = ids.size();
        for (int k = 0; k < ids.size(); k++) {
            if (ids.get(k).startsWith("training/")) {
                lastTraining = k;
            } else {
                firstOther = Math.min(firstOther, k);
            }
        }
        assertThat(lastTraining).as("training trials first").isLessThan(firstOther);

        Cli.Result json = Cli.run("figure", "all", "--scale", "smoke", "--list-trials", "--out", out.toString(), "--json");
        assertThat(json.code()).as(json.err()).isZero();
        List<String> fromJson = new ArrayList<>();
        json.json().get("trials").forEach(n -> fromJson.add(n.asText()));
        assertThat(fromJson).isEqualTo(ids);
        // a schematic has no trials: nothing at all is printed; the short id "2" is fig2
        assertThat(Cli.run("figure", "fig1", "--scale", "smoke", "--list-trials", "--out", out.toString()).out()).isEmpty();
        assertThat(Cli.run("figure", "2", "--scale", "smoke", "--list-trials", "--out", out.toString()).out())
                .isEqualTo(Cli.run("figure", "fig2", "--scale", "smoke", "--list-trials", "--out", out.toString()).out())
                .isNotEmpty();
        assertThat(Files.exists(out)).as("listing writes nothing").isFalse();
    }

    @Test
    void aFigureRunWritesItsFilesAndTheReport() {
        Path out = dir.resolve("figs");
        Cli.Result r = Cli.run("figure", "fig1", "--scale", "smoke", "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode figs = r.json().get("figures");
        assertThat(figs).hasSize(1);
        assertThat(figs.get(0).get("id").asText()).isEqualTo("fig1");
        assertThat(figs.get(0).get("seconds").asDouble()).isPositive();
        assertThat(figs.get(0).get("files")).isNotEmpty();
        figs.get(0).get("files").forEach(f -> assertThat(out.resolve("fig1").resolve(f.asText())).isRegularFile());
        assertThat(r.json().get("report").asText()).isEqualTo(out.resolve("REPORT.md").toString());
        assertThat(out.resolve("REPORT.md")).isRegularFile();
    }

    @Test
    void renderOnlyNamesEveryUnfinishedTrialAndAnUnknownTrialIsRefused() {
        // (running a trial trains a model, seconds even at smoke scale: TrialUnitsTest covers it)
        Path out = dir.resolve("figs");
        List<String> ids = lines(Cli.run("figure", "fig2", "--scale", "smoke", "--list-trials", "--out", out.toString()).out());
        assertThat(ids).hasSizeGreaterThanOrEqualTo(2);
        Cli.Result r = Cli.run("figure", "fig2", "--scale", "smoke", "--render-only", "--out", out.toString());
        assertRefused(r, ids.size() + " unfinished trial(s)");
        assertThat(r.err()).contains(ids);
        assertRefused(Cli.run("figure", "fig2", "--scale", "smoke", "--trial", "training/none/0", "--out", out.toString()),
                "training/none/0");
        assertThat(Files.exists(out.resolve("fig2"))).isFalse();
    }

    @Test
    void contradictoryOrOutOfRangeOptionsAreRefusedBeforeAnythingIsWritten() {
        Path out = dir.resolve("figs");
        String o = out.toString();
        assertRefused(Cli.run("figure", "fig1", "--scale", "smoke", "--list-trials", "--render-only", "--out", o),
                "--list-trials", "--render-only", "at most one");
        assertRefused(Cli.run("figure", "fig1", "--scale", "smoke", "--trial", "x/y/0", "--render-only", "--out", o),
                "at most one");
        assertRefused(Cli.run("figure", "fig1", "--scale", "smoke", "--threads", "0", "--out", o), "--threads", "got 0");
        assertRefused(Cli.run("figure", "fig1", "--scale", "smoke", "--threads", String.valueOf(FigureCommand.MAX_THREADS + 1),
                "--out", o), "--threads");
        assertRefused(Cli.run("figure", "fig1", "--scale", "huge", "--out", o), "--scale", "huge");
        assertRefused(Cli.run("figure", "fig99", "--scale", "smoke", "--out", o), "fig99");
        assertRefused(Cli.run("figure", "fig1", "--scale", "smoke", "--out", ""), "--out", "empty");
        assertRefused(Cli.run("figure", "fig1", "--scale", "smoke"), "--out");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void helpListsTheModesAndOptions() {
        Cli.Result r = Cli.run("figure", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("ID|all", "--scale", "--out", "--force", "--threads", "--list-trials", "--trial",
                "--render-only", "--seed");
    }
}
