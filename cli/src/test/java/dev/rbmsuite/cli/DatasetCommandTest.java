package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.io.Provenance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetCommandTest {
    @TempDir
    Path dir;

    /** Runs the command line: {exit code, stdout, stderr}. */
    private static String[] run(String... args) {
        Cli.Result r = Cli.run(args);
        return new String[] {Integer.toString(r.code()), r.out(), r.err()};
    }

    @Test
    void writesTheDataSetAndReportsItsShape() throws IOException {
        Path file = dir.resolve("islands.csv");
        String[] r = run("dataset", "islands", "--out", file.toString(), "--seed", "5", "--json");
        assertThat(r[0]).isEqualTo("0");
        assertThat(r[1].trim()).isEqualTo("{\"rows\":100,\"columns\":25}");
        String text = Files.readString(file);
        assertThat(text).startsWith("v0,v1,v2,").contains("v24,label\n");
        assertThat(text.split("\n", -1)).hasSize(102); // header, 100 rows, and the final newline

        Path iris = dir.resolve("iris.csv");
        String[] u = run("dataset", "iris", "--out", iris.toString(), "--json");
        assertThat(u[0]).isEqualTo("0");
        assertThat(u[1].trim()).isEqualTo("{\"rows\":150,\"columns\":20}");
    }

    @Test
    void sameSeedGivesIdenticalBytesAndParametersApply() throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Path c = dir.resolve("c.csv");
        assertThat(run("dataset", "pentagon", "--out", a.toString(), "--seed", "9", "--param", "kappa=4",
                "--param", "size=40")[0]).isEqualTo("0");
        assertThat(run("dataset", "pentagon", "--out", b.toString(), "--seed", "9", "--param", "kappa=4",
                "--param", "size=40")[0]).isEqualTo("0");
        assertThat(run("dataset", "pentagon", "--out", c.toString(), "--seed", "10", "--param", "kappa=4",
                "--param", "size=40")[0]).isEqualTo("0");
        assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
        assertThat(Files.readAllBytes(c)).isNotEqualTo(Files.readAllBytes(a));
        assertThat(Files.readAllLines(a)).hasSize(41);
    }

    @Test
    void aManifestRecordsTheSettingsSeedVersionAndResult() throws IOException {
        Path a = dir.resolve("a.csv");
        assertThat(run("dataset", "pentagon", "--out", a.toString(), "--seed", "9", "--param", "kappa=4")[0])
                .isEqualTo("0");
        JsonNode m = new ObjectMapper().readTree(dir.resolve("a.manifest.json").toFile());
        assertThat(m.get("command").asText()).isEqualTo("dataset");
        assertThat(m.get("format").asText()).isEqualTo("command-result");
        assertThat(m.get("suiteVersion").asText()).isNotBlank();
        assertThat(m.get("seed").asLong()).isEqualTo(9);
        assertThat(m.get("settings").get("seed").asLong()).isEqualTo(9);
        assertThat(m.get("settings").get("param").get("kappa").asText()).isEqualTo("4");
        assertThat(m.get("arguments").get(0).asText()).isEqualTo("pentagon");
        assertThat(m.get("result").get("rows").asInt()).isEqualTo(100);
        JsonNode first = Provenance.withoutTiming(m);
        assertThat(run("dataset", "pentagon", "--out", a.toString(), "--seed", "9", "--param", "kappa=4")[0])
                .isEqualTo("0");
        // the same command, the same manifest: only the run's wall and CPU seconds differ
        assertThat(Provenance.withoutTiming(new ObjectMapper().readTree(dir.resolve("a.manifest.json").toFile())))
                .isEqualTo(first);
    }

    @Test
    void badInputExitsWithTwoAndWritesNothing() throws IOException {
        Path file = dir.resolve("x.csv");
        String[] unknown = run("dataset", "mnist", "--out", file.toString());
        assertThat(unknown[0]).isEqualTo("2");
        assertThat(unknown[2]).contains("unknown data set 'mnist'");
        assertThat(unknown[2].trim().lines().count()).isEqualTo(1);

        String[] badParam = run("dataset", "islands", "--out", file.toString(), "--param", "a=0.9");
        assertThat(badParam[0]).isEqualTo("2");
        assertThat(badParam[2]).contains("parameter a=0.9");

        String[] unknownParam = run("dataset", "islands", "--out", file.toString(), "--param", "kappa=2");
        assertThat(unknownParam[0]).isEqualTo("2");
        assertThat(unknownParam[2]).contains("unknown parameter 'kappa'");

        String[] malformed = run("dataset", "islands", "--out", file.toString(), "--param", "a");
        assertThat(malformed[0]).isEqualTo("2");

        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s).isEmpty(); // no output, no temporary files
        }
    }

    @Test
    void genrbmAskedToRunForHoursIsRefusedUnlessAllowedAndTheGuardChangesNoByte() throws IOException {
        Path file = dir.resolve("g.csv");
        Cli.Result slow = Cli.run("dataset", "genrbm", "--param", "steps=999999999", "--out", file.toString());
        assertThat(slow.code()).as(slow.err()).isEqualTo(2);
        assertThat(slow.err().strip()).startsWith("rbm: genrbm (999999999 BGS steps of 100 chains of 10 x 100 units)")
                .contains(" h, above the limit of 10 min").contains("--allow-slow");
        assertThat(slow.err().strip().lines().count()).isEqualTo(1);
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s).isEmpty();
        }

        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        assertThat(run("dataset", "genrbm", "--param", "steps=50", "--out", a.toString(), "--seed", "4")[0]).isEqualTo("0");
        assertThat(run("dataset", "genrbm", "--param", "steps=50", "--out", b.toString(), "--seed", "4", "--allow-slow")[0])
                .isEqualTo("0");
        assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
    }

    @Test
    void digitsAreTheBinarisedOptdigitsWithLabels(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path file = dir.resolve("digits.csv");
        String[] r = run("dataset", "digits", "--out", file.toString(), "--json");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1].trim()).isEqualTo("{\"rows\":1797,\"columns\":64}");
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(1798);
        assertThat(lines.get(0)).startsWith("v0,v1,").endsWith("v63,label");
        // the file's first image (a zero): pixel counts 0,0,5,13,9,1,0,0 in its top row, so 0,0,0,1,1,0,0,0 at >= 8
        assertThat(lines.get(1)).startsWith("0,0,0,1,1,0,0,0,");
    }

    @Test
    void idxImagesWithLabelsAreWrittenAsTheContractsCsv() throws IOException {
        Path[] idx = IdxTestFiles.write(dir);
        Path file = dir.resolve("idx.csv");
        String[] r = run("dataset", "idx", "--param", "images=" + idx[0], "--param", "labels=" + idx[1], "--param",
                "classes=0,2", "--out", file.toString());
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1].trim()).isEqualTo("wrote data set idx (8 rows x 9 columns, plus labels) to " + file);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(9);
        assertThat(lines.get(0)).isEqualTo("v0,v1,v2,v3,v4,v5,v6,v7,v8,label");
        // image 1 (label 1) is left out: the second row is image 2, label 2
        StringBuilder want = new StringBuilder();
        for (int k = 0; k < IdxTestFiles.PIXELS; k++) {
            want.append(IdxTestFiles.pixel(2, k) >= 128 ? "1," : "0,");
        }
        assertThat(lines.get(2)).isEqualTo(want + "2");
    }

    @Test
    void aMissingOrMalformedIdxFileIsOneLineNamingTheFile() throws IOException {
        Path file = dir.resolve("x.csv");
        Path missing = dir.resolve("no-such-images.gz");
        Cli.Result r = Cli.run("dataset", "idx", "--param", "images=" + missing, "--out", file.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("rbm: " + missing + ": file not found");
        Path text = Files.writeString(dir.resolve("images.gz"), "not gzip, not idx");
        Cli.Result t = Cli.run("dataset", "idx", "--param", "images=" + text, "--out", file.toString());
        assertThat(t.code()).isEqualTo(2);
        assertThat(t.err().strip()).startsWith("rbm: " + text + ": not an IDX file (it starts with 0x6e6f7420");
        assertThat(t.err().strip().lines().count()).isEqualTo(1);
        Cli.Result none = Cli.run("dataset", "idx", "--out", file.toString());
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err().strip()).startsWith("rbm: dataset idx: parameter images is required");
        assertThat(Files.exists(file)).isFalse();
    }

    /**
     * The full Fashion-MNIST test set with its labels: 10,000 rows x 784 columns, 1,000 per class (only
     * where the environment variable FASHION_MNIST names a folder holding it).
     */
    @Test
    void theFashionMnistTestSetWhereItIsInstalled() throws IOException {
        String folder = System.getenv("FASHION_MNIST");
        Assumptions.assumeTrue(folder != null && Files.isRegularFile(Path.of(folder, "t10k-images-idx3-ubyte.gz")),
                "FASHION_MNIST does not name a folder with the Fashion-MNIST files");
        Path file = dir.resolve("fashion.csv");
        String[] r = run("dataset", "idx", "--param", "images=" + Path.of(folder, "t10k-images-idx3-ubyte.gz"),
                "--param", "labels=" + Path.of(folder, "t10k-labels-idx1-ubyte.gz"), "--out", file.toString(), "--json");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1].trim()).isEqualTo("{\"rows\":10000,\"columns\":784}");
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(10_001);
        int[] counts = new int[10];
        for (String line : lines.subList(1, lines.size())) {
            counts[Integer.parseInt(line.substring(line.lastIndexOf(',') + 1))]++;
        }
        assertThat(counts).containsOnly(1_000);
    }
}
