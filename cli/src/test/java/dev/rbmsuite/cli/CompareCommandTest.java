package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.claims.ClaimsCsv;
import dev.rbmsuite.claims.report.Report;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.learning.train.EvalBudget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code compare} command on a tiny problem (n = 6, m = 4, 3 trials of 20 epochs): its files,
 * the claims table (learning curves and the TV comparison) and its verdicts, resume to the same bytes (also after losing a trial, and with
 * another thread count), and bad input refused before anything is created.
 */
class CompareCommandTest {
    static Path data(Path dir) throws Exception {
        StringBuilder sb = new StringBuilder("v0,v1,v2,v3,v4,v5\n");
        for (int r = 0; r < 40; r++) {
            int up = r % 2;
            for (int i = 0; i < 6; i++) {
                sb.append(i > 0 ? "," : "").append((r * 7 + i) % 11 == 0 ? 1 - up : (i < 3 ? up : 1 - up));
            }
            sb.append('\n');
        }
        Path f = dir.resolve("tiny6.csv");
        Files.writeString(f, sb.toString());
        return f;
    }

    /** @return the tiny comparison's arguments, an option in {@code extra} replacing its default */
    static String[] args(Path data, Path out, String... extra) {
        Map<String, String> options = new LinkedHashMap<>();
        List<String> defaults = List.of("--data", data.toString(), "--kernels", "bgs,roundtrip", "--hidden", "4,3",
                "--trials", "3", "--epochs", "20", "--eval-every", "2", "--lr", "0.05", "--samples", "20",
                "--threads", "2", "--seed", "5", "--out", out.toString());
        for (int i = 0; i < defaults.size(); i += 2) {
            options.put(defaults.get(i), defaults.get(i + 1));
        }
        List<String> flags = new ArrayList<>();
        for (int i = 0; i < extra.length; i++) {
            if (extra[i].equals("--json")) {
                flags.add(extra[i]);
            } else {
                options.put(extra[i], extra[++i]);
            }
        }
        List<String> a = new ArrayList<>(List.of("compare"));
        options.forEach((k, v) -> {
            a.add(k);
            a.add(v);
        });
        a.addAll(flags);
        return a.toArray(String[]::new);
    }

    /** @return every file under dir by relative path: bytes, manifests without their timing keys */
    static Map<String, String> snapshot(Path dir) throws Exception {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String rel = dir.relativize(p).toString();
                if (rel.endsWith(".seconds") || rel.endsWith(".rbm.lock")) {
                    continue; // measured wall times and the lock stamp are not results
                }
                files.put(rel, p.getFileName().toString().equals("manifest.json") && rel.equals("manifest.json")
                        ? Provenance.withoutTiming(new ObjectMapper().readTree(p.toFile())).toString()
                        : HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                        .digest(Files.readAllBytes(p))));
            }
        }
        return files;
    }

    @Test
    void comparesWritesClaimsAndResumesToTheSameBytes(@TempDir Path dir) throws Exception {
        Path data = data(dir);
        Path out = dir.resolve("cmp");
        Cli.Result r = Cli.run(args(data, out, "--json"));
        assertThat(r.code()).as(r.err()).isZero();
        for (String f : List.of("manifest.json", "REPORT.md", "claims.csv", "compare.png", "compare.svg",
                "compare-trials.csv", "compare-summary.csv", "compare-curves.csv", "compare-tv.csv", "training/compare-roundtrip-L1/trial-2.csv")) {
            assertThat(out.resolve(f)).exists();
        }
        CsvTable claims = CsvTable.read(out.resolve("claims.csv"));
        assertThat(claims.header()).isEqualTo(ClaimsCsv.HEADER);
        assertThat(claims.rows()).hasSize(5);
        for (List<String> row : claims.rows()) {
            assertThat(row.get(0)).isEqualTo("compare");
            assertThat(row.get(2)).isEqualTo("beyond");
            assertThat(row.get(3)).isEmpty();
            assertThat(row.get(10)).isEqualTo(expectedVerdict(row));
        }
        List<String> comparable = claims.rows().get(0);
        assertThat(comparable.get(1)).isEqualTo("compare.comparable.roundtrip-L1");
        assertThat(comparable.get(5)).isEqualTo("3+3");
        assertThat(Double.parseDouble(comparable.get(9))).isEqualTo(-0.1);
        assertThat(Double.parseDouble(comparable.get(7))).isLessThan(Double.parseDouble(comparable.get(6)));
        JsonNode manifest = new ObjectMapper().readTree(out.resolve("manifest.json").toFile());
        assertThat(manifest.path("format").asText()).isEqualTo("compare");
        assertThat(manifest.path("seed").asLong()).isEqualTo(5);
        assertThat(manifest.path("settings").path("kernels").toString()).isEqualTo("[\"bgs\",\"roundtrip\"]");
        assertThat(Files.readString(out.resolve("REPORT.md"))).contains("compare.comparable.roundtrip-L1")
                .contains("proposed (L = 1) vs BGS")
                // a comparison tests no sentence of the paper: its report says what its verdicts are given to
                .contains(Report.COMPARE_LEAD)
                .doesNotContain("Each evaluative sentence of the paper");
        assertThat(r.json().path("claims")).hasSize(5);
        // the TV comparison: both kernels on the best model from the same 10 persistent chains, paired
        List<String> tv = claims.rows().get(1);
        assertThat(tv.get(1)).isEqualTo("compare.tv-early.roundtrip");
        assertThat(tv.get(5)).isEqualTo("10");
        assertThat(Double.parseDouble(tv.get(9))).isZero();
        // beside it, per unit of work (the round trip does one bottom sweep per transition, as BGS)
        assertThat(claims.rows().get(2).get(1)).isEqualTo("compare.tv-sweeps.roundtrip");
        assertThat(claims.rows().get(2).get(5)).isEqualTo("10");
        CsvTable tvCurves = CsvTable.read(out.resolve("compare-tv.csv"));
        for (double x : tvCurves.doubles("median")) {
            assertThat(x).isBetween(0.0, 1.0);
        }
        // the summary's final log-likelihood is the trial's last evaluation, a log-probability
        double[] fin = CsvTable.read(out.resolve("compare-summary.csv")).doubles("finalLogLikelihood");
        double[] curve = CsvTable.read(out.resolve("training/compare-bgs/trial-0.csv")).doubles("logLikelihood");
        assertThat(fin[0]).isEqualTo(curve[curve.length - 1]).isNegative();
        CsvTable curves = CsvTable.read(out.resolve("compare-curves.csv"));
        assertThat(curves.size()).isEqualTo(2 * 10);
        double[] mean = curves.doubles("meanLogLikelihood");
        double[] low = curves.doubles("lowestLogLikelihood");
        double[] high = curves.doubles("highestLogLikelihood");
        for (int k = 0; k < mean.length; k++) {
            assertThat(mean[k]).isBetween(low[k], high[k]);
        }

        Map<String, String> first = snapshot(out);
        Cli.Result again = Cli.run(args(data, out));
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.err()).contains("resumed 3 kept trial(s)");
        assertThat(snapshot(out)).isEqualTo(first);
        // a lost trial is recomputed to the same numbers, with another thread count too
        Files.delete(out.resolve("training/compare-roundtrip-L1/trial-1.csv"));
        Cli.Result lost = Cli.run(args(data, out, "--threads", "1"));
        assertThat(lost.code()).as(lost.err()).isZero();
        Map<String, String> after = snapshot(out);
        after.put("manifest.json", first.get("manifest.json")); // the thread count is recorded
        assertThat(after).isEqualTo(first);
    }

    /** The claim engine's rule, restated: the interval against the threshold decides. */
    private static String expectedVerdict(List<String> row) {
        double lo = Double.parseDouble(row.get(7));
        double hi = Double.parseDouble(row.get(8));
        double t = Double.parseDouble(row.get(9));
        if (Double.isNaN(lo) || Double.isNaN(hi)) {
            return "inconclusive";
        }
        return lo > t ? "holds" : hi < t ? "does not hold" : "inconclusive";
    }

    /**
     * Issue 28, case 13: a data file whose name is markup reaches REPORT.md and the manifest escaped,
     * never as raw HTML or Markdown, while the manifest still records the exact name.
     */
    @Test
    void aDataFileNamedWithMarkupIsEscapedInTheReportAndTheManifest(@TempDir Path dir) throws Exception {
        Path plain = data(dir);
        Path data = Files.move(plain, dir.resolve("<svg onload=alert(1)> `x` *y* [z](http:a).csv"));
        Path out = dir.resolve("cmp");
        Cli.Result r = Cli.run(args(data, out, "--kernels", "bgs,pt", "--hidden", "4", "--trials", "2", "--epochs", "4"));
        assertThat(r.code()).as(r.err()).isZero();
        String report = Files.readString(out.resolve("REPORT.md"));
        assertThat(report).doesNotContain("<svg").doesNotContain("*y*").doesNotContain("[z](")
                .contains("&lt;svg onload=alert(1)&gt; \\`x\\` \\*y\\* \\[z\\](http:a).csv")
                .contains("- data: &lt;svg onload=alert(1)&gt; \\`x\\`");
        String manifest = Files.readString(out.resolve("manifest.json"));
        assertThat(manifest).doesNotContain("<").doesNotContain(">").contains("\\u003Csvg");
        assertThat(new ObjectMapper().readTree(manifest).path("settings").path("data").asText()).isEqualTo(data.getFileName().toString());
    }

    /**
     * Found by the adversarial review of this round: {@code --batch-size} was accepted by compare but
     * never reached the trials (the outputs were those of the full batch, and a rerun with another size
     * silently reused them); and kept trials were matched to the data by {@code Arrays.hashCode}, which
     * two edited cells of 0/1 data can keep. Now mini-batches train, the size and the data's SHA-256 are
     * recorded with the kept trials, and a rerun with either changed is refused.
     */
    @Test
    void miniBatchesReachTheTrialsAndEditedDataOrAnotherBatchSizeIsRefused(@TempDir Path dir) throws Exception {
        Path data = data(dir);
        String[] small = {"--kernels", "bgs,pt", "--hidden", "4", "--trials", "2", "--epochs", "4"};
        Path full = dir.resolve("full");
        Path batched = dir.resolve("batched");
        assertThat(Cli.run(args(data, full, small)).code()).isZero();
        String[] withBatches = Stream.concat(Arrays.stream(small),
                Stream.of("--batch-size", "8")).toArray(String[]::new);
        Cli.Result r = Cli.run(args(data, batched, withBatches));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(batched.resolve("compare-trials.csv")))
                .as("mini-batches train differently from the full batch")
                .isNotEqualTo(Files.readString(full.resolve("compare-trials.csv")));
        assertThat(Files.readString(batched.resolve("training/compare-bgs/settings.json"))).contains("\"batchSize\"");
        Cli.Result other = Cli.run(args(data, batched, small));
        assertThat(other.code()).as("another batch size refuses the kept trials").isEqualTo(2);
        assertThat(other.err().strip().lines()).hasSize(1);
        // two cells edited: the same shape (the SHA-256 in settings.json refuses even an edit that keeps
        // the old hashCode, which the review found for two cells of a 25-column file)
        List<String> lines = new ArrayList<>(Files.readAllLines(data));
        lines.set(1, (lines.get(1).charAt(0) == '0' ? "1" : "0") + lines.get(1).substring(1));
        lines.set(2, (lines.get(2).charAt(0) == '0' ? "1" : "0") + lines.get(2).substring(1));
        Files.write(data, lines);
        Cli.Result edited = Cli.run(args(data, full, small));
        assertThat(edited.code()).as("edited data refuse the kept trials: " + edited.err()).isEqualTo(2);
        assertThat(edited.err().strip().lines()).hasSize(1);
        assertThat(Files.readString(full.resolve("training/compare-bgs/settings.json"))).contains("\"dataSha256\"");
    }

    @Test
    void theDefaultCadenceDividesTheEpochs() {
        assertThat(CompareCommand.defaultEvalEvery(2000)).isEqualTo(200);
        assertThat(CompareCommand.defaultEvalEvery(25)).isEqualTo(1);
        assertThat(CompareCommand.defaultEvalEvery(30)).isEqualTo(3);
        assertThat(CompareCommand.defaultEvalEvery(97)).isEqualTo(1);
        for (int e = 1; e < 500; e++) {
            assertThat(e % CompareCommand.defaultEvalEvery(e)).isZero();
        }
    }

    @Test
    void oneKernelAtSeveralSettingsIsComparedPerTransitionAndPerBottomSweep(@TempDir Path dir) throws Exception {
        Path data = data(dir);
        Path out = dir.resolve("variants");
        Cli.Result r = Cli.run(args(data, out, "--kernels", "bgs,pt:temperatures=2,pt:temperatures=3:beta-min=0.5",
                "--trials", "2", "--epochs", "4", "--tv-steps", "30", "--tv-chains", "50", "--tv-starts", "3", "--json"));
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode m = new ObjectMapper().readTree(out.resolve("manifest.json").toFile());
        JsonNode sweeps = m.path("settings").path("bottomSweepsPerStep");
        assertThat(sweeps.path("bgs").asDouble()).isEqualTo(1.0);
        assertThat(sweeps.path("pt:temperatures=2").asDouble()).as("PT: one sweep per replica").isEqualTo(2.0);
        assertThat(sweeps.path("pt:temperatures=3:beta-min=0.5").asDouble()).isEqualTo(3.0);
        JsonNode records = m.path("settings").path("kernelRecords");
        assertThat(records.path("pt:temperatures=2").path("parameters").path("beta-min").asText())
                .as("the default written out").isNotEmpty();
        assertThat(records.path("pt:temperatures=3:beta-min=0.5").path("parameters").path("beta-min").asText())
                .isEqualTo("0.5");
        assertThat(records.path("bgs").path("class").asText()).endsWith("BuiltinKernels$Bgs");
        List<String> ids = new ArrayList<>();
        m.path("claims").forEach(c -> ids.add(c.path("id").asText()));
        for (String k : List.of("pt:temperatures=2", "pt:temperatures=3:beta-min=0.5")) {
            assertThat(ids).as("per transition and per bottom sweep, side by side")
                    .contains("compare.tv-early." + k, "compare.tv-sweeps." + k);
        }
        // TV per unit of work: each recorded step also as the sweeps it took
        CsvTable tv = CsvTable.read(out.resolve("compare-tv.csv"));
        List<String> kernels = tv.strings("kernel");
        double[] step = tv.doubles("step");
        double[] work = tv.doubles("bottomSweeps");
        for (int i = 0; i < step.length; i++) {
            double per = kernels.get(i).equals("bgs") ? 1 : kernels.get(i).startsWith("pt:temperatures=2") ? 2 : 3;
            assertThat(work[i]).isEqualTo(step[i] * per);
        }
        // every variant sampled with its own parameters: the kept TV runs record them
        try (Stream<Path> s = Files.walk(out)) {
            String all = String.join("\n", s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .map(p -> {
                        try {
                            return Files.readString(p);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }).toList());
            assertThat(all).containsPattern("\"temperatures\"\\s*:\\s*\"3\"")
                    .containsPattern("\"temperatures\"\\s*:\\s*\"2\"");
        }
    }

    /**
     * Issue 28 follow-up: a {@code --kernel-param} is recorded only with the trials of kernels that take
     * it, so that changing it keeps the other kernels' trials (before, every group recorded it, and a
     * restart recomputed BGS for a PT setting).
     */
    @Test
    void aKernelParamIsRecordedOnlyWithTheKernelsThatTakeIt(@TempDir Path dir) throws Exception {
        Path data = data(dir);
        Path out = dir.resolve("kp");
        String[] common = {"--kernels", "bgs,pt", "--trials", "1", "--epochs", "4", "--tv-steps", "0"};
        List<String> first = new ArrayList<>(List.of(args(data, out, common)));
        first.addAll(List.of("--kernel-param", "temperatures=2"));
        Cli.Result r = Cli.run(first.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        ObjectMapper json = new ObjectMapper();
        Path bgs = out.resolve("training/compare-bgs");
        assertThat(json.readTree(bgs.resolve("settings.json").toFile()).path("kernelParams").size()).isZero();
        assertThat(json.readTree(out.resolve("training/compare-pt/settings.json").toFile()).path("kernelParams")
                .path("temperatures").asText()).isEqualTo("2");
        byte[] kept = Files.readAllBytes(bgs.resolve("trial-0.csv"));
        // another PT setting with --restart: PT's trials move aside, BGS's are kept as they are
        List<String> again = new ArrayList<>(List.of(args(data, out, common)));
        again.addAll(List.of("--kernel-param", "temperatures=3", "--restart"));
        Cli.Result restarted = Cli.run(again.toArray(String[]::new));
        assertThat(restarted.code()).as(restarted.err()).isZero();
        assertThat(out.resolve("training/compare-pt.before-restart-1")).isDirectory();
        assertThat(out.resolve("training/compare-bgs.before-restart-1")).doesNotExist();
        assertThat(Files.readAllBytes(bgs.resolve("trial-0.csv"))).isEqualTo(kept);
    }

    @Test
    void badInputExitsTwoWithOneLineAndCreatesNothing(@TempDir Path dir) throws Exception {
        Path data = data(dir);
        Path out = dir.resolve("never");
        List<String[]> bad = List.of(
                new String[] {"--kernels", "bgs,nosuch"},
                new String[] {"--kernels", "bgs"},
                new String[] {"--kernels", "bgs,bgs"},
                new String[] {"--hidden", "4"},
                new String[] {"--eval-every", "3"},
                new String[] {"--trials", "0"},
                new String[] {"--kernel-param", "nosuch=1"},
                new String[] {"--lr", "-1"},
                new String[] {"--threads", "0"},
                new String[] {"--tv-steps", "-1"},
                new String[] {"--tv-chains", "0"},
                // values the kernel refuses: found before the first kernel's trials, not after them
                new String[] {"--kernels", "bgs,pt", "--kernel-param", "beta-min=2"},
                new String[] {"--kernels", "bgs,pt", "--kernel-param", "temperatures=0x5"},
                new String[] {"--kernels", "pt,bgs", "--kernel-param", "temperatures=0"},
                new String[] {"--trials", "\u0663"},
                // kernels at their own parameter settings: NAME:k=v (issue 29)
                new String[] {"--kernels", "bgs,pt:nosuch=1"},
                new String[] {"--kernels", "bgs,pt:temperatures"},
                new String[] {"--kernels", "bgs,pt:temperatures=2:temperatures=3"},
                new String[] {"--kernels", "bgs,pt:temperatures=0"},
                new String[] {"--kernels", "pt:temperatures=2,pt:temperatures=2"},
                // the same kernel twice once the parameters are resolved (10 and 0.1 are pt's defaults)
                new String[] {"--kernels", "pt,pt:temperatures=10"},
                new String[] {"--kernels", "bgs,pt:beta-min=0.5,pt:beta-min=.50"},
                new String[] {"--kernels", "pt:temperatures=3,pt", "--kernel-param", "temperatures=3"},
                new String[] {"--kernels", "pt:beta-min=0.1,pt:temperatures=10"},
                // the mAIS size from a time budget (issue 30)
                new String[] {"--eval-budget", "0"},
                new String[] {"--eval-budget", "-2"},
                new String[] {"--eval-budget", "1e-12"},
                new String[] {"--eval-budget", "1", "--ais-runs", "20"});
        for (String[] extra : bad) {
            Cli.Result r = Cli.run(args(data, out, extra));
            assertThat(r.code()).as(String.join(" ", extra) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).containsPattern("option '?--");
            assertThat(out).doesNotExist();
        }
        Cli.Result missing = Cli.run(args(dir.resolve("absent.csv"), out));
        assertThat(missing.code()).isEqualTo(2);
        assertThat(out).doesNotExist();
    }

    /** --eval-budget: the K and N it buys (a fixed cost model) are the ones the comparison records. */
    @Test
    void evalBudgetChoosesTheRecordedMaisSize(@TempDir Path dir) throws Exception {
        Path data = data(dir);
        Path out = dir.resolve("cmp");
        Cli.Result r = Cli.run(args(data, out, "--eval-budget", "0.01", "--trials", "2", "--epochs", "4"));
        assertThat(r.code()).as(r.err()).isZero();
        int visible = Files.readAllLines(data).get(0).split(",").length;
        int[] kn = EvalBudget.choose(0.01, visible, 4);
        JsonNode manifest = new ObjectMapper().readTree(out.resolve("manifest.json").toFile());
        assertThat(manifest.findValue("aisTemperatures").asInt()).as(manifest.toString()).isEqualTo(kn[0]);
        assertThat(manifest.findValue("aisRuns").asInt()).isEqualTo(kn[1]);
    }
}
