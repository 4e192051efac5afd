package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.core.io.Provenance;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner on {@link ToyFigure} and on figures that cost nothing: the figure's manifest and the
 * root's, the report regenerated from every manifest, the trial-by-trial path (list, run one,
 * render only, which names every unfinished trial before writing anything), the rebuild from raw
 * numbers, and refusals of folders it did not write.
 */
class FigureRunnerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @TempDir
    Path tmp;

    private static List<Experiment> toy() {
        return List.of(new ToyFigure());
    }

    @Test
    void runWritesTheFiguresManifestTheRootsManifestAndTheReport() throws Exception {
        Path root = tmp.resolve("figures");
        List<ObjectNode> out = FigureRunner.run(toy(), root, Scale.SMOKE, 11, 1, QUIET);
        JsonNode m = JSON.readTree(root.resolve("fig99/manifest.json").toFile());
        assertThat(out).hasSize(1);
        assertThat(JSON.readTree(out.get(0).toString())).isEqualTo(m);
        assertThat(m.path("format").asText()).isEqualTo(FigureRunner.FIGURE_FORMAT);
        assertThat(m.path("figure").asText()).isEqualTo("fig99");
        assertThat(m.path("title").asText()).isEqualTo("A toy figure");
        assertThat(m.path("caption").asText()).isEqualTo("Toy figure over 3 trials.");
        assertThat(m.path("scale").asText()).isEqualTo("smoke");
        assertThat(m.path("seed").asLong()).isEqualTo(11);
        assertThat(m.path("settings").path("scale").asText()).isEqualTo("smoke");
        assertThat(m.path("settings").path("rows").asInt()).isEqualTo(ToyFigure.ROWS);
        assertThat(m.path("computeSeconds").asDouble()).isPositive();
        assertThat(m.path("files")).extracting(JsonNode::asText).containsExactly("fig99.png", "fig99.svg", "toy.csv");
        assertThat(m.path("claims")).singleElement().satisfies(c -> {
            assertThat(c.path("id").asText()).isEqualTo("fig99.positive");
            assertThat(c.path("verdict").asText()).isEqualTo("holds");
        });
        assertThat(m.path("notes")).extracting(JsonNode::asText).containsExactly("12 values");

        JsonNode rootManifest = JSON.readTree(root.resolve("manifest.json").toFile());
        assertThat(rootManifest.path("format").asText()).isEqualTo(FigureRunner.FORMAT);
        assertThat(rootManifest.path("settings").path("figures")).extracting(JsonNode::asText).containsExactly("fig99");
        assertThat(rootManifest.path("wallSeconds").asDouble()).isPositive();

        CsvTable claims = CsvTable.read(root.resolve("claims.csv"));
        assertThat(claims.strings("id")).containsExactly("fig99.positive");
        assertThat(claims.strings("verdict")).containsExactly("holds");
        assertThat(Files.readString(root.resolve("REPORT.md"))).contains("## fig99: A toy figure");
        assertThat(Files.readString(root.resolve("index.html"))).contains("<img src=\"fig99/fig99.png\"");
    }

    @Test
    void aSecondRunResumesTheKeptTrialsAndWritesTheSameNumbers() throws Exception {
        Path root = tmp.resolve("figures");
        FigureRunner.run(toy(), root, Scale.SMOKE, 11, 1, QUIET);
        byte[] first = Files.readAllBytes(root.resolve("fig99/toy.csv"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        FigureRunner.run(toy(), root, Scale.SMOKE, 11, 1, new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("resumed 3 kept trial(s)");
        assertThat(Files.readAllBytes(root.resolve("fig99/toy.csv"))).isEqualTo(first);
    }

    @Test
    void aFailingFigureLeavesNoneOfItsFilesAndNoManifest() throws Exception {
        Path root = tmp.resolve("figures");
        Experiment failing = new ToyFigure() {
            @Override
            public List<Claim> claims(Result result) {
                throw new IllegalStateException("claims broke");
            }
        };
        assertThatThrownBy(() -> FigureRunner.run(List.of(failing), root, Scale.SMOKE, 1, 1, QUIET))
                .isInstanceOf(IllegalStateException.class).hasMessage("claims broke");
        // the trials are kept (for the rerun); the figure's images, table and manifest are not there
        assertThat(root.resolve("fig99/trials/toy/trial-0.csv")).isRegularFile();
        assertThat(root.resolve("fig99/toy.csv")).doesNotExist();
        assertThat(root.resolve("fig99/fig99.png")).doesNotExist();
        assertThat(root.resolve("fig99/manifest.json")).doesNotExist();
        assertThat(root.resolve("REPORT.md")).doesNotExist();
    }

    @Test
    void aFolderOfSomethingElseIsRefusedAndLeftAlone() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(root.resolve("notes.txt"), "keep me");
        assertThatThrownBy(() -> FigureRunner.run(toy(), root, Scale.SMOKE, 1, 1, QUIET))
                .isInstanceOf(InputException.class).hasMessageStartingWith(root + ": not a figures folder");
        try (Stream<Path> s = Files.list(root)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("notes.txt");
        }
        // with force the figures go beside the foreign file, which stays as it was
        FigureRunner.run(toy(), root, Scale.SMOKE, 1, 1, QUIET, true);
        assertThat(Files.readString(root.resolve("notes.txt"))).isEqualTo("keep me");
        assertThat(root.resolve("fig99/manifest.json")).isRegularFile();
    }

    @Test
    void trialsRunOneByOneThenRenderOnlyGivesTheSingleRunsNumbers() throws Exception {
        assertThat(FigureRunner.listTrials(toy(), Scale.SMOKE)).containsExactly("fig99/toy/0", "fig99/toy/1",
                "fig99/toy/2");
        Path units = tmp.resolve("units");
        // nothing finished yet: render-only names every missing trial and writes nothing
        assertThatThrownBy(() -> FigureRunner.renderOnly(toy(), units, Scale.SMOKE, 5, 1, QUIET, false))
                .isInstanceOf(InputException.class).hasMessage("figure --render-only: 3 unfinished trial(s) under "
                        + units + ": fig99/toy/0 fig99/toy/1 fig99/toy/2; run each with --trial ID");
        assertThat(units).doesNotExist();
        for (int t : new int[] {2, 0}) {
            assertThat(FigureRunner.runTrial(toy(), units, Scale.SMOKE, 5, 1, QUIET, "fig99/toy/" + t).trial())
                    .isEqualTo(t);
        }
        assertThat(JSON.readTree(units.resolve("manifest.json").toFile()).path("format").asText())
                .isEqualTo(FigureRunner.FORMAT);
        assertThatThrownBy(() -> FigureRunner.renderOnly(toy(), units, Scale.SMOKE, 5, 1, QUIET, false))
                .isInstanceOf(InputException.class).hasMessageContaining("1 unfinished trial(s)")
                .hasMessageContaining(": fig99/toy/1;");
        FigureRunner.runTrial(toy(), units, Scale.SMOKE, 5, 1, QUIET, "fig99/toy/1");
        FigureRunner.renderOnly(toy(), units, Scale.SMOKE, 5, 1, QUIET, false);
        Path single = tmp.resolve("single");
        FigureRunner.run(toy(), single, Scale.SMOKE, 5, 1, QUIET);
        for (String f : List.of("fig99/toy.csv", "claims.csv")) {
            assertThat(Files.readAllBytes(units.resolve(f))).as(f).isEqualTo(Files.readAllBytes(single.resolve(f)));
        }
    }

    @Test
    void anUnknownTrialIsAnInputError() {
        assertThatThrownBy(() -> FigureRunner.runTrial(toy(), tmp.resolve("r"), Scale.SMOKE, 5, 1, QUIET, "fig99/toy/3"))
                .isInstanceOf(InputException.class).hasMessageContaining("fig99/toy/3");
    }

    @Test
    void rebuildNeedsAFigureManifestAndCopiesAFigureWithoutRawNumbersAsItIs() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> FigureRunner.rebuild(empty, tmp.resolve("out"), QUIET))
                .isInstanceOf(InputException.class)
                .hasMessage("report: no figure manifest (ID/manifest.json) under " + empty);
        // a figure the registry does not know (as the schematics, which keep no raw numbers) is copied as it is
        Path root = tmp.resolve("figures");
        FigureRunner.run(toy(), root, Scale.SMOKE, 3, 1, QUIET);
        Path out = tmp.resolve("rebuilt");
        List<ObjectNode> rebuilt = FigureRunner.rebuild(root, out, QUIET);
        JsonNode before = JSON.readTree(root.resolve("fig99/manifest.json").toFile());
        assertThat(rebuilt).hasSize(1);
        assertThat(JSON.readTree(rebuilt.get(0).toString())).isEqualTo(before);
        assertThat(JSON.readTree(out.resolve("fig99/manifest.json").toFile())).isEqualTo(before);
        for (String f : List.of("fig99/toy.csv", "fig99/fig99.png", "fig99/fig99.svg", "claims.csv")) {
            assertThat(Files.readAllBytes(out.resolve(f))).as(f).isEqualTo(Files.readAllBytes(root.resolve(f)));
        }
        assertThat(JSON.readTree(out.resolve("manifest.json").toFile()).path("command").asText()).isEqualTo("report");
        // figures the registry knows are re-plotted and re-judged: FiguresSmokeTest rebuilds every one
    }

    @Test
    void earlierRootsAreRecognisedByAFiguresManifestOrTheTrainingFolder() throws Exception {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        assertThat(FigureRunner.earlierRoot(plain)).isFalse();
        Path withTraining = Files.createDirectories(tmp.resolve("t/training")).getParent();
        assertThat(FigureRunner.earlierRoot(withTraining)).isTrue();
        Path fig = Files.createDirectories(tmp.resolve("f/fig3"));
        Files.writeString(fig.resolve("manifest.json"), "{\"format\":\"model\"}");
        assertThat(FigureRunner.earlierRoot(fig.getParent())).isFalse();
        Files.writeString(fig.resolve("manifest.json"), "{\"figure\":\"fig3\"}");
        assertThat(FigureRunner.earlierRoot(fig.getParent())).isTrue();
        assertThat(FigureRunner.earlierRoot(tmp.resolve("absent"))).isFalse();
    }

    @Test
    void theManifestSortsTheFiguresSettingsAfterTheScaleAndWritesAnUnknownComputeTimeAsNull() {
        FigureOutcome o = new FigureOutcome("cap", List.of("a.png"), Map.of("zeta", 1, "alpha", 2),
                ClaimEngine.decideAll(List.of()), List.of("n1"), Double.NaN);
        ObjectNode m = FigureRunner.manifest(new ToyFigure(), o, "quick", 9, 9, 2, new Provenance.Timing(1.5, 0.5));
        assertThat(m.path("settings").fieldNames()).toIterable().containsExactly("scale", "alpha", "zeta");
        assertThat(m.get("computeSeconds").isNull()).isTrue();
        assertThat(m.path("wallSeconds").asDouble()).isEqualTo(1.5);
        assertThat(m.path("threads").asInt()).isEqualTo(2);
        assertThat(m.path("notes")).extracting(JsonNode::asText).containsExactly("n1");
        assertThat(m.path("claims")).isEmpty();
    }

    @Test
    void jsonIsWrittenIndentedWithSortedKeys() throws Exception {
        Path f = tmp.resolve("x.json");
        FigureRunner.writeJson(f, new LinkedHashMap<>(Map.of("b", 1)) {
            {
                put("a", 2);
            }
        });
        assertThat(Files.readString(f)).isEqualTo("{" + System.lineSeparator() + "  \"a\" : 2," + System.lineSeparator()
                + "  \"b\" : 1" + System.lineSeparator() + "}");
    }
}
