package dev.rbmsuite.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.claims.ClaimsCsv;
import dev.rbmsuite.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plug-in through the command line: with this module on the class path (what {@code RBM_PLUGINS}
 * does for the launcher), {@code rbm kernels} lists it and {@code sample}, {@code tv} and
 * {@code train} (with resume) and {@code compare} use it.
 */
class PluginCommandLineTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
        JsonNode json() throws IOException {
            return new ObjectMapper().readTree(out);
        }
    }

    private static synchronized Result run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Main.execute(args);
            return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    @Test
    void kernelsListsThePlugIn() throws IOException {
        Result r = run("kernels", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        boolean found = false;
        for (JsonNode k : r.json().get("kernels")) {
            if (k.get("name").asText().equals("metropolis-flip")) {
                found = true;
                assertThat(k.get("parameters").has("flips")).isTrue();
                // where it came from: this module's classes, not the suite's kernels
                assertThat(k.get("source").asText()).endsWith("examples" + File.separator + "target"
                        + File.separator + "classes");
            } else {
                assertThat(k.get("source").asText()).as(k.get("name").asText()).isEqualTo("built-in");
            }
        }
        assertThat(found).isTrue();
        Result text = run("kernels");
        assertThat(text.out()).contains("metropolis-flip").contains("    from ");
    }

    @Test
    void sampleAndTvUseThePlugIn() throws IOException {
        Path model = dir.resolve("model");
        assertThat(run("init", "--visible", "6", "--hidden", "4", "--weight-std", "1", "--out", model.toString()).code())
                .isZero();
        Path csv = dir.resolve("s.csv");
        Result r = run("sample", "--model", model.toString(), "--kernel", "metropolis-flip", "--kernel-param", "flips=3",
                "--chains", "40", "--steps", "5", "--out", csv.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllLines(csv)).hasSize(41);
        assertThat(r.json().get("kernel").asText()).isEqualTo("metropolis-flip");
        assertThat(r.json().get("swapAttempts").get(0).asLong()).isEqualTo(3L * 40 * 5);
        Result again = run("sample", "--model", model.toString(), "--kernel", "metropolis-flip", "--kernel-param",
                "flips=3", "--chains", "40", "--steps", "5", "--out", dir.resolve("t.csv").toString());
        assertThat(again.code()).isZero();
        assertThat(Files.readAllLines(dir.resolve("t.csv"))).isEqualTo(Files.readAllLines(csv));

        Path tv = dir.resolve("tv.csv");
        Result t = run("tv", "--model", model.toString(), "--kernel", "metropolis-flip", "--chains", "50", "--steps", "4",
                "--out", tv.toString());
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(Files.readAllLines(tv)).hasSize(6);

        Result bad = run("sample", "--model", model.toString(), "--kernel", "metropolis-flip", "--kernel-param",
                "sweeps=2", "--chains", "4", "--steps", "1", "--out", dir.resolve("u.csv").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().trim()).isEqualTo("rbm: option --kernel-param: kernel metropolis-flip has no parameter "
                + "'sweeps' (accepted: flips)");
    }

    @Test
    void trainingWithThePlugInResumesBitForBit() throws IOException {
        Path data = data("data.csv");
        List<String> common = List.of("train", "--data", data.toString(), "--kernel", "metropolis-flip",
                "--kernel-param", "flips=2", "--hidden", "4", "--samples", "20", "--eval-every", "5", "--quiet");
        Path whole = dir.resolve("whole");
        Path parts = dir.resolve("parts");
        assertThat(run(args(common, "--epochs", "20", "--out", whole.toString())).code()).isZero();
        Result first = run(args(common, "--epochs", "10", "--out", parts.toString()));
        assertThat(first.code()).as(first.err()).isZero();
        Result second = run(args(common, "--epochs", "20", "--out", parts.toString()));
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(Files.readString(parts.resolve("metrics.csv"))).isEqualTo(Files.readString(whole.resolve("metrics.csv")));
        assertThat(Files.readAllBytes(parts.resolve("checkpoint.bin"))).isEqualTo(Files.readAllBytes(
                whole.resolve("checkpoint.bin")));
        assertThat(Files.readString(whole.resolve("manifest.json"))).contains("metropolis-flip").contains("\"flips\"");
    }

    @Test
    void compareRunsThePlugInAgainstBgs() throws IOException {
        Path data = data("data6.csv");
        Path out = dir.resolve("cmp");
        Result r = run("compare", "--data", data.toString(), "--kernels", "bgs,metropolis-flip", "--kernel-param",
                "flips=2", "--hidden", "4", "--trials", "3", "--epochs", "10", "--eval-every", "2", "--samples", "20",
                "--threads", "2", "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        String claims = Files.readString(out.resolve("claims.csv"));
        assertThat(claims).startsWith(String.join(",", ClaimsCsv.HEADER) + "\n")
                .contains("compare,compare.comparable.metropolis-flip,beyond,,");
        assertThat(Files.readString(out.resolve("REPORT.md"))).contains("metropolis-flip vs BGS");
        assertThat(out.resolve("training/compare-metropolis-flip/trial-2.csv")).exists();
    }

    /** @return a 30-row data file with n = 6 */
    private Path data(String name) throws IOException {
        StringBuilder sb = new StringBuilder("v0,v1,v2,v3,v4,v5\n");
        for (int r = 0; r < 30; r++) {
            for (int i = 0; i < 6; i++) {
                sb.append(i > 0 ? "," : "").append((r + i) % 3 == 0 ? 1 : 0);
            }
            sb.append('\n');
        }
        return Files.writeString(dir.resolve(name), sb.toString());
    }

    private static String[] args(List<String> common, String... more) {
        String[] a = common.toArray(new String[0]);
        String[] all = Arrays.copyOf(a, a.length + more.length);
        System.arraycopy(more, 0, all, a.length, more.length);
        return all;
    }
}
