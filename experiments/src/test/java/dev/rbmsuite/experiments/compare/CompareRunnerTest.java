package dev.rbmsuite.experiments.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.CsvTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rbm compare} end to end on a problem of six points and four visible units (BGS against DT
 * with one upper layer, three trials of four epochs, TV over three steps): the folder's files, its
 * manifest and claims.csv agreeing row for row, the TV run on a model of the DT runs (the only
 * ones that trained a stack), the same bytes on a rerun, and a folder of something else refused.
 */
class CompareRunnerTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @TempDir
    Path tmp;

    @Test
    void writesTheFolderAndReproducesItsNumbersOnARerun() throws Exception {
        Path out = tmp.resolve("cmp");
        CompareSpec spec = CompareSpecTest.spec(List.of("bgs", "dt"), 3);
        ObjectNode m = CompareRunner.run(spec, out, 5, 1, false, QUIET);
        assertThat(m.path("format").asText()).isEqualTo(CompareRunner.FORMAT);
        assertThat(m.path("files")).extracting(JsonNode::asText).containsExactly("compare.png", "compare.svg",
                "compare-curves.csv", "compare-summary.csv", "compare-trials.csv", "compare-tv.csv", "claims.csv",
                "REPORT.md");
        for (JsonNode f : m.path("files")) {
            assertThat(out.resolve(f.asText())).isNotEmptyFile();
        }
        CsvTable claims = CsvTable.read(out.resolve("claims.csv"));
        assertThat(claims.strings("id")).containsExactly("compare.comparable.dt-L1", "compare.tv-early.dt",
                "compare.tv-sweeps.dt", "compare.levelled.compare-bgs", "compare.levelled.compare-dt-L1");
        for (int r = 0; r < claims.size(); r++) {
            assertThat(claims.strings("verdict").get(r)).isEqualTo(m.path("claims").get(r).path("verdict").asText());
        }
        // the TV runs sample a model of the DT runs, the only ones with a stack
        JsonNode tvSettings = new ObjectMapper().readTree(
                out.resolve("trials/compare-bgs/settings.json").toFile());
        assertThat(tvSettings.toString()).contains("compare-dt-L1");
        String report = Files.readString(out.resolve("REPORT.md"));
        assertThat(report).startsWith("# Kernel comparison\n\n").contains("![curves](compare.png)")
                .contains("- data: toy.csv\n").contains("- seed: `5`").contains("`compare.tv-early.dt`")
                .contains("## How claims are decided");

        byte[] trials = Files.readAllBytes(out.resolve("compare-trials.csv"));
        byte[] tv = Files.readAllBytes(out.resolve("compare-tv.csv"));
        CompareRunner.run(spec, out, 5, 1, false, QUIET);
        assertThat(Files.readAllBytes(out.resolve("compare-trials.csv"))).isEqualTo(trials);
        assertThat(Files.readAllBytes(out.resolve("compare-tv.csv"))).isEqualTo(tv);
    }

    @Test
    void aFolderOfSomethingElseIsRefusedAndLeftAlone() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(out.resolve("thesis.tex"), "keep");
        assertThatThrownBy(() -> CompareRunner.run(CompareSpecTest.spec(List.of("bgs", "dt"), 0), out, 5, 1, false,
                QUIET)).isInstanceOf(InputException.class).hasMessageStartingWith(out + ": not a comparison folder");
        try (var s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("thesis.tex");
        }
    }
}
