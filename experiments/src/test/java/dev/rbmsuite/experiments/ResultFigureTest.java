package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.plots.Figure;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three steps of a figure on {@link ToyFigure}: {@code run} computes, writes the raw numbers,
 * renders the plot and decides the claims; {@code rebuild} reaches the same decisions from the raw
 * numbers alone, with the settings and compute time of the manifest.
 */
class ResultFigureTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @TempDir
    Path tmp;

    private ExperimentContext context(Path dir, long seed) {
        return new ExperimentContext(ToyFigure.ID, dir, Scale.SMOKE, seed, 1, QUIET);
    }

    @Test
    void runWritesTheImagesThenTheRawNumbersAndDecidesTheClaims() throws Exception {
        Path dir = tmp.resolve("a");
        FigureOutcome o = new ToyFigure().run(context(dir, 1));
        assertThat(o.files()).containsExactly("fig99.png", "fig99.svg", ToyFigure.CSV);
        for (String f : o.files()) {
            assertThat(dir.resolve(f)).isNotEmptyFile();
        }
        assertThat(o.caption()).isEqualTo("Toy figure over 3 trials.");
        assertThat(o.settings()).containsEntry("rows", ToyFigure.ROWS);
        assertThat(o.notes()).containsExactly(ToyFigure.TRIALS * ToyFigure.ROWS + " values");
        assertThat(o.claims()).hasSize(1);
        Decision d = o.claims().get(0);
        // every value lies in [10, 11): the one-sample interval of three trial means lies above 0
        assertThat(d.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(d.effect()).isBetween(10.0, 11.0);
        assertThat(d.n()).isEqualTo("3");
        // the compute time is the sum of the trials' recorded times
        assertThat(o.computeSeconds()).isPositive().isFinite();
    }

    @Test
    void rebuildDecidesTheSameFromTheRawNumbersAndTakesSettingsFromTheManifest() throws Exception {
        Path dir = tmp.resolve("a");
        ToyFigure fig = new ToyFigure();
        FigureOutcome first = fig.run(context(dir, 1));
        ObjectNode manifest = new ObjectMapper().createObjectNode();
        manifest.putObject("settings").put("recorded", "yes");
        manifest.put("computeSeconds", 12.5);
        Path to = tmp.resolve("b");
        Files.createDirectories(to);
        FigureOutcome again = fig.rebuild(dir, to, manifest, List.of(ToyFigure.CSV));
        assertThat(again.files()).containsExactly("fig99.png", "fig99.svg", ToyFigure.CSV);
        assertThat(to.resolve("fig99.png")).isNotEmptyFile();
        assertThat(again.settings()).isEqualTo(Map.of("recorded", "yes"));
        assertThat(again.computeSeconds()).isEqualTo(12.5);
        assertThat(again.claims().get(0).sentence()).isEqualTo(first.claims().get(0).sentence());
        assertThat(again.caption()).isEqualTo(first.caption());
        // a manifest without a compute time: not recorded (NaN), not zero
        FigureOutcome unknown = fig.rebuild(dir, to, new ObjectMapper().createObjectNode(), List.of());
        assertThat(unknown.computeSeconds()).isNaN();
    }

    @Test
    void sameSeedSameNumbersOtherSeedOtherNumbers() throws Exception {
        new ToyFigure().run(context(tmp.resolve("a"), 1));
        new ToyFigure().run(context(tmp.resolve("b"), 1));
        new ToyFigure().run(context(tmp.resolve("c"), 2));
        byte[] a = Files.readAllBytes(tmp.resolve("a").resolve(ToyFigure.CSV));
        assertThat(Files.readAllBytes(tmp.resolve("b").resolve(ToyFigure.CSV))).isEqualTo(a);
        assertThat(Files.readAllBytes(tmp.resolve("c").resolve(ToyFigure.CSV))).isNotEqualTo(a);
    }

    @Test
    void theDefaultNotesAreEmpty() {
        ResultFigure<String> bare = new ResultFigure<>() {
            @Override
            protected String compute(ExperimentContext ctx) {
                return "";
            }

            @Override
            protected List<String> write(String result, Path dir) {
                return List.of();
            }

            @Override
            protected String read(Path dir, JsonNode manifest) {
                return "";
            }

            @Override
            public Figure plot(String result) {
                return null;
            }

            @Override
            public List<Claim> claims(String result) {
                return List.of();
            }

            @Override
            public String caption(String result) {
                return "";
            }

            @Override
            protected Map<String, Object> settings(String result) {
                return Map.of();
            }

            @Override
            public String id() {
                return "x";
            }

            @Override
            public String title() {
                return "x";
            }
        };
        assertThat(bare.notes("anything")).isEmpty();
        assertThat(bare.trialGroups(Scale.PAPER)).isEmpty();
        assertThat(ClaimEngine.decideAll(bare.claims(""))).isEmpty();
    }
}
