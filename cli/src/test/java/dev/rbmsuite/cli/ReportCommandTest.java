package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.CsvTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rbm report --from DIR --out OUT}: rebuilds from a figure run; bad folders are bad input. */
class ReportCommandTest {
    @TempDir
    Path tmp;

    @Test
    void rebuildsReportAndClaimsFromAFigureRun() throws Exception {
        Path figs = tmp.resolve("figs");
        assertThat(Cli.run("figure", "fig5", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        Path out = tmp.resolve("out");
        Cli.Result r = Cli.run("report", "--from", figs.toString(), "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"beyond: holds\":2");
        assertThat(out.resolve("REPORT.md")).isRegularFile();
        assertThat(out.resolve("fig5/fig5.png")).isRegularFile();
        assertThat(out.resolve("fig5/islands-pca.csv")).isRegularFile();
        assertThat(Files.readAllBytes(out.resolve("claims.csv"))).isEqualTo(Files.readAllBytes(figs.resolve("claims.csv")));
        assertThat(CsvTable.read(out.resolve("claims.csv")).size()).isEqualTo(2);
    }

    @Test
    void aMissingOrEmptyFolderIsBadInputWithOneLine() throws Exception {
        Cli.Result missing = Cli.run("report", "--from", tmp.resolve("nope").toString(), "--out", tmp.resolve("o").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip()).startsWith("rbm: option --from: no such folder").doesNotContain("\n");
        Files.createDirectories(tmp.resolve("empty"));
        Cli.Result empty = Cli.run("report", "--from", tmp.resolve("empty").toString(), "--out", tmp.resolve("o").toString());
        assertThat(empty.code()).isEqualTo(2);
        assertThat(empty.err()).contains("no figure manifest");
        assertThat(tmp.resolve("o/REPORT.md")).doesNotExist();
    }

    @Test
    void aTrainingRunIsNotAFigureRun() throws Exception {
        Path run = tmp.resolve("run");
        assertThat(Cli.run(TrainCommandTest.args(TrainCommandTest.csv(tmp), run, 5)).code()).isZero();
        Path out = tmp.resolve("rep");
        Cli.Result r = Cli.run("report", "--from", run.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().lines()).singleElement().asString().contains("no figure manifest");
        assertThat(out).doesNotExist();
    }

    /**
     * The committed paper-scale reference copy is what {@code report --from} makes of its own CSVs:
     * REPORT.md and claims.csv byte for byte (results/paper-scale/README.md, "Provenance"). A change to
     * a statistic, a margin or the report's text must come with the regenerated files. Byte for byte
     * holds in this JVM, warmed up by other tests, because no output path uses java.lang.Math's
     * transcendentals, whose last bit may depend on whether the JIT has compiled the caller
     * (StrictMathRuleTest).
     */
    @Test
    void reportFromThePaperScaleResultsReproducesTheCommittedReport() throws Exception {
        Path committed = Path.of("").toAbsolutePath().getParent().resolve("results/paper-scale");
        assertThat(committed.resolve("REPORT.md")).isRegularFile();
        Path out = tmp.resolve("paper-scale");
        Cli.Result r = Cli.run("report", "--from", committed.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(out.resolve("REPORT.md"))).isEqualTo(Files.readString(committed.resolve("REPORT.md")));
        assertThat(Files.readString(out.resolve("claims.csv"))).isEqualTo(Files.readString(committed.resolve("claims.csv")));
    }

    /**
     * The committed samplers benchmark (issue 40, results/samplers/README.md) is what {@code report --from}
     * makes of its own CSVs: REPORT.md, claims.csv and every CSV of the figure (the derived ones, TV bands
     * and costs, recomputed from the raw ones) byte for byte.
     */
    @Test
    void reportFromTheSamplersResultsReproducesTheCommittedReport() throws Exception {
        Path committed = Path.of("").toAbsolutePath().getParent().resolve("results/samplers");
        assertThat(committed.resolve("REPORT.md")).isRegularFile();
        Path out = tmp.resolve("samplers");
        Cli.Result r = Cli.run("report", "--from", committed.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(out.resolve("REPORT.md"))).isEqualTo(Files.readString(committed.resolve("REPORT.md")));
        assertThat(Files.readString(out.resolve("claims.csv"))).isEqualTo(Files.readString(committed.resolve("claims.csv")));
        List<String> csvs;
        try (Stream<Path> s = Files.list(committed.resolve("samplers"))) {
            csvs = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".csv")).sorted().toList();
        }
        assertThat(csvs).contains("samplers-tv-starts.csv", "samplers-mmd.csv", "samplers-ess.csv", "samplers-tv.csv",
                "samplers-cost.csv", "samplers-dula-bias.csv", "samplers-model.csv");
        for (String f : csvs) {
            assertThat(Files.readString(out.resolve("samplers").resolve(f))).as(f)
                    .isEqualTo(Files.readString(committed.resolve("samplers").resolve(f)));
        }
    }

    /**
     * Issue 28, case 7: report validates every raw number it reads against its range and every file's
     * encoding and columns (exit 2, one line naming the file and line) and writes nothing of the figure;
     * before, a positive log-likelihood gave a 5.8-nat claim with exit 0, invalid UTF-8 or a renamed
     * column an internal error with files left behind.
     */
    @Test
    void rawNumbersOutOfRangeBadEncodingAndRenamedColumnsAreTheFilesErrors() throws Exception {
        Path figs = tmp.resolve("figs");
        assertThat(Cli.run("figure", "fig2", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        String raw = "fig2/fig2-trials.csv";
        List<String> lines = Files.readAllLines(figs.resolve(raw));
        Map<String, UnaryOperator<byte[]>> cases = new LinkedHashMap<>();
        cases.put("line 2, column 'logLikelihood': 5.8 is out of range", b -> text(lines, 1,
                l -> l.replaceFirst(",-[0-9.]+,", ",5.8,")));
        cases.put("line 3, column 'maeW'", b -> text(lines, 2, l -> l.replaceFirst(",NaN,NaN$", ",x,NaN,NaN")
                .replaceFirst("^(([^,]*,){6})[^,]*", "$1-1")));
        cases.put("line 1: the columns must be config,trial,epoch", b -> text(lines, 0, l -> l.replace("config,", "run,")));
        cases.put("line 2, column 'trial': 'one' is not a number", b -> text(lines, 1, l -> l.replaceFirst(",0,", ",one,")));
        cases.put("line 3: not valid UTF-8", b -> {
            byte[] t = text(lines, 2, l -> l + "\u00e9");
            byte[] bad = Arrays.copyOf(t, t.length);
            for (int k = 0; k < bad.length - 1; k++) {
                if ((bad[k] & 0xff) == 0xc3) {
                    bad[k] = (byte) 0xff;
                }
            }
            return bad;
        });
        int k = 0;
        for (var e : cases.entrySet()) {
            Path from = Trees.copy(figs, tmp.resolve("bad" + k));
            Files.write(from.resolve(raw), e.getValue().apply(null));
            Path out = tmp.resolve("out" + k++);
            Cli.Result r = Cli.run("report", "--from", from.toString(), "--out", out.toString());
            assertThat(r.code()).as("%s: %s", e.getKey(), r.err()).isEqualTo(2);
            assertThat(r.err().lines()).as(e.getKey()).singleElement().asString()
                    .startsWith("rbm: " + from.resolve(raw)).contains(e.getKey()).doesNotContain("internal error");
            assertThat(out.resolve("fig2")).as(e.getKey()).satisfiesAnyOf(
                    d -> assertThat(d).doesNotExist(), d -> assertThat(d.toFile().list()).isEmpty());
            assertThat(out.resolve("REPORT.md")).doesNotExist();
            // rebuilt in place, the figure keeps its old files and the folder its manifest (the figure run's)
            byte[] root = Files.readAllBytes(from.resolve("manifest.json"));
            Cli.Result inPlace = Cli.run("report", "--from", from.toString(), "--out", from.toString());
            assertThat(inPlace.code()).isEqualTo(2);
            assertThat(Files.readAllBytes(from.resolve("manifest.json"))).as("%s: the root manifest", e.getKey())
                    .isEqualTo(root);
            assertThat(Files.readAllBytes(from.resolve("fig2/manifest.json")))
                    .isEqualTo(Files.readAllBytes(figs.resolve("fig2/manifest.json")));
        }
    }

    /**
     * Issue 28 follow-up: a figure's means are recomputed from its trials, not copied: an edited
     * {@code fig2-mean.csv} never reaches the rebuilt folder, into another folder or in place. Before,
     * the edited file was copied as it was.
     */
    @Test
    void editedMeansAreRecomputedFromTheTrials() throws Exception {
        Path figs = tmp.resolve("figs");
        assertThat(Cli.run("figure", "fig2", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        Path mean = figs.resolve("fig2/fig2-mean.csv");
        byte[] computed = Files.readAllBytes(mean);
        List<String> lines = Files.readAllLines(mean);
        String edited = lines.get(1).replaceFirst("^([^,]*),-[0-9.]+,", "$1,-0.5,");
        assertThat(edited).isNotEqualTo(lines.get(1));
        Files.write(mean, text(lines, 1, l -> edited));
        Path out = tmp.resolve("out");
        Cli.Result r = Cli.run("report", "--from", figs.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllBytes(out.resolve("fig2/fig2-mean.csv"))).isEqualTo(computed);
        Cli.Result inPlace = Cli.run("report", "--from", figs.toString(), "--out", figs.toString());
        assertThat(inPlace.code()).as(inPlace.err()).isZero();
        assertThat(Files.readAllBytes(mean)).isEqualTo(computed);
    }

    /**
     * Figures 8 and 9's cost tables (bottom-layer sweeps per transition, a property of the kernels)
     * are written afresh by a rebuild, as the means are: an edited {@code fig8-cost.csv} or
     * {@code fig9-cost.csv} never reaches the rebuilt folder, into another folder or in place (the
     * claims never read them, so before, the rebuilt folder's table disagreed with its own claims).
     */
    @Test
    void editedCostTablesAreWrittenAfresh() throws Exception {
        Path figs = tmp.resolve("figs");
        assertThat(Cli.run("figure", "fig8", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        assertThat(Cli.run("figure", "fig9", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        List<Path> costs = List.of(figs.resolve("fig8/fig8-cost.csv"), figs.resolve("fig9/fig9-cost.csv"));
        Map<Path, byte[]> computed = new LinkedHashMap<>();
        for (Path cost : costs) {
            computed.put(cost, Files.readAllBytes(cost));
            List<String> lines = Files.readAllLines(cost);
            String edited = lines.get(1).replaceFirst(",[0-9.]+$", ",9.5");
            assertThat(edited).isNotEqualTo(lines.get(1));
            Files.write(cost, text(lines, 1, l -> edited));
        }
        Path out = tmp.resolve("out");
        Cli.Result r = Cli.run("report", "--from", figs.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        for (Path cost : costs) {
            Path rebuilt = out.resolve(figs.relativize(cost));
            assertThat(Files.readAllBytes(rebuilt)).as(rebuilt.toString()).isEqualTo(computed.get(cost));
        }
        Cli.Result inPlace = Cli.run("report", "--from", figs.toString(), "--out", figs.toString());
        assertThat(inPlace.code()).as(inPlace.err()).isZero();
        for (Path cost : costs) {
            assertThat(Files.readAllBytes(cost)).as(cost.toString()).isEqualTo(computed.get(cost));
        }
    }

    /** @return the lines with line i changed, as UTF-8 bytes */
    private static byte[] text(List<String> lines, int i, UnaryOperator<String> change) {
        List<String> out = new ArrayList<>(lines);
        out.set(i, change.apply(out.get(i)));
        return (String.join("\n", out) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** A full disk at any write or rename of a report leaves each figure whole or untouched. */
    @Test
    void aFullDiskLeavesEachFigureWholeOrAbsent() throws Exception {
        Path figs = tmp.resolve("figs");
        assertThat(Cli.run("figure", "fig2", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        int points = FullDisk.points("report", "--from", figs.toString(), "--out", tmp.resolve("count").toString());
        assertThat(points).isGreaterThan(5);
        for (int k = 0; k < points; k++) {
            Path out = tmp.resolve("full" + k);
            Cli.Result r = FullDisk.at(k, "report", "--from", figs.toString(), "--out", out.toString());
            assertThat(r.code()).as("at %d: %s", k, r.err()).isEqualTo(2);
            Path fig = out.resolve("fig2");
            if (Files.isRegularFile(fig.resolve("manifest.json"))) {
                for (String f : List.of("fig2.png", "fig2.svg", "fig2-mean.csv", "fig2-trials.csv")) {
                    assertThat(fig.resolve(f)).as("at %d", k).isRegularFile();
                }
            } else if (Files.isDirectory(fig)) {
                assertThat(fig.toFile().list()).as("at %d", k).isEmpty();
            }
        }
    }
}
