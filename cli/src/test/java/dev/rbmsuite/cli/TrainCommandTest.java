package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.learning.train.EvalBudget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code train} command: outputs, JSON result, automatic resume, bad input. */
class TrainCommandTest {
    static Cli.Result run(String... args) {
        return Cli.run(args);
    }

    static Path csv(Path dir) throws Exception {
        StringBuilder sb = new StringBuilder("v0,v1,v2,v3,v4\n");
        for (int r = 0; r < 30; r++) {
            int up = r % 2;
            for (int i = 0; i < 5; i++) {
                sb.append(i > 0 ? "," : "").append((r * 7 + i) % 11 == 0 ? 1 - up : up);
            }
            sb.append('\n');
        }
        Path f = dir.resolve("tiny.csv");
        Files.writeString(f, sb.toString());
        return f;
    }

    static String[] args(Path data, Path out, int epochs, String... extra) {
        List<String> a = new ArrayList<>(List.of("train", "--data", data.toString(), "--kernel", "roundtrip",
                "--hidden", "6,4,3", "--epochs", String.valueOf(epochs), "--lr", "0.05", "--samples", "20",
                "--estimator", "smci2", "--eval-every", "5", "--out", out.toString(), "--seed", "3", "--json"));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    @Test
    void trainsWritesOutputsAndResumesByteIdentically(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        Cli.Result whole = run(args(data, dir.resolve("whole"), 20));
        assertThat(whole.code()).as(whole.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(whole.out());
        assertThat(json.get("epochs").asInt()).isEqualTo(20);
        assertThat(json.get("finalLogLikelihood").isDouble()).isTrue();
        List<String> metrics = Files.readAllLines(dir.resolve("whole/metrics.csv"));
        assertThat(metrics.get(0)).isEqualTo("epoch,logLikelihood,maeB,maeC,maeW");
        assertThat(metrics).hasSize(5);
        assertThat(Double.parseDouble(metrics.get(4).split(",")[1])).isEqualTo(json.get("finalLogLikelihood").asDouble());
        assertThat(dir.resolve("whole/model/layer2/W.npy")).exists();
        JsonNode manifest = new ObjectMapper().readTree(dir.resolve("whole/manifest.json").toFile());
        assertThat(manifest.get("seed").asLong()).isEqualTo(3);
        assertThat(manifest.get("settings").get("kernel").asText()).isEqualTo("roundtrip");
        assertThat(manifest.has("suiteVersion")).isTrue();
        assertThat(whole.err()).contains("train: epoch 20");

        Cli.Result first = run(args(data, dir.resolve("split"), 10));
        assertThat(first.code()).isZero();
        Cli.Result second = run(args(data, dir.resolve("split"), 20));
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.err()).contains("resuming from the checkpoint at epoch 10");
        assertThat(second.out()).isEqualTo(whole.out());
        for (String f : List.of("metrics.csv", "model/manifest.json", "model/layer0/W.npy",
                "model/layer1/b.npy", "model/layer2/c.npy")) {
            assertThat(Files.readAllBytes(dir.resolve("split").resolve(f))).as(f)
                    .isEqualTo(Files.readAllBytes(dir.resolve("whole").resolve(f)));
        }
        // the run's manifest: the same apart from the run's wall and CPU seconds
        ObjectMapper mapper = new ObjectMapper();
        assertThat(Provenance.withoutTiming(mapper.readTree(dir.resolve("split/manifest.json").toFile())))
                .isEqualTo(Provenance.withoutTiming(mapper.readTree(dir.resolve("whole/manifest.json").toFile())));
    }

    /**
     * Issue 39: {@code --arithmetic blas} (OpenBLAS's dgemm) trains the same model to rounding, records
     * itself in the manifest with the library, resumes itself byte for byte, and a run is never resumed
     * under the other arithmetic; the default run's manifest does not name it (its bytes are unchanged).
     */
    @Test
    void theBlasArithmeticIsRecordedResumedAndNeverMixedWithTheFixedOrder(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        Cli.Result fixed = run(args(data, dir.resolve("fixed"), 10));
        assertThat(fixed.code()).as(fixed.err()).isZero();
        Cli.Result whole = run(args(data, dir.resolve("blas"), 10, "--arithmetic", "blas"));
        assertThat(whole.code()).as(whole.err()).isZero();
        ObjectMapper mapper = new ObjectMapper();
        JsonNode settings = mapper.readTree(dir.resolve("blas/manifest.json").toFile()).get("settings");
        assertThat(settings.get("arithmetic").asText()).isEqualTo("blas");
        assertThat(settings.get("arithmeticLibrary").asText()).startsWith("OpenBLAS ");
        assertThat(mapper.readTree(dir.resolve("fixed/manifest.json").toFile()).get("settings").has("arithmetic")).isFalse();
        double a = mapper.readTree(fixed.out()).get("finalLogLikelihood").asDouble();
        double b = mapper.readTree(whole.out()).get("finalLogLikelihood").asDouble();
        assertThat(b).isCloseTo(a, within(1e-6 * Math.abs(a)));

        assertThat(run(args(data, dir.resolve("split"), 5, "--arithmetic", "blas")).code()).isZero();
        Cli.Result mixed = run(args(data, dir.resolve("split"), 10));
        assertThat(mixed.code()).isEqualTo(2);
        assertThat(mixed.err().strip()).contains("--arithmetic is fixed-order here and blas in the checkpoint")
                .doesNotContain("\n");
        Cli.Result rest = run(args(data, dir.resolve("split"), 10, "--arithmetic", "blas"));
        assertThat(rest.code()).as(rest.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("split/model/layer0/W.npy")))
                .isEqualTo(Files.readAllBytes(dir.resolve("blas/model/layer0/W.npy")));
        Cli.Result bad = run(args(data, dir.resolve("bad"), 5, "--arithmetic", "mkl"));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("rbm: option --arithmetic").doesNotContain("\n");
    }

    @Test
    void badInputExitsWithTwoAndOneLine(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        Cli.Result r = run("train", "--data", data.toString(), "--kernel", "bgs", "--hidden", "6,4", "--epochs", "5",
                "--out", dir.resolve("o").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().trim()).contains("--hidden").doesNotContain("\n");
        Cli.Result k = run("train", "--data", data.toString(), "--kernel", "gibbs", "--hidden", "6", "--epochs", "5",
                "--out", dir.resolve("o").toString());
        assertThat(k.code()).isEqualTo(2);
        assertThat(k.err()).contains("--kernel");
        Cli.Result missing = run("train", "--data", dir.resolve("nope.csv").toString(), "--kernel", "bgs", "--hidden", "6",
                "--epochs", "5", "--out", dir.resolve("o2").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("nope.csv");
        Cli.Result other = run(args(data, dir.resolve("x"), 5));
        assertThat(other.code()).isZero();
        Cli.Result clash = run("train", "--data", data.toString(), "--kernel", "roundtrip", "--hidden", "6,4,3", "--epochs",
                "10", "--lr", "0.05", "--samples", "20", "--eval-every", "5", "--out", dir.resolve("x").toString(),
                "--seed", "4");
        assertThat(clash.code()).isEqualTo(2);
        assertThat(clash.err()).contains("other settings");
        // the setting that differs, with both values, not the settings record's text (issue 29)
        assertThat(clash.err().strip()).contains("--seed is 4 here and 3 in the checkpoint")
                .doesNotContain("TrainingSettings[", "epochs=1", "\n");
    }

    @Test
    void monitorOptionsAddMaisAndLambda2Columns(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        Cli.Result r = run(args(data, dir.resolve("m"), 10, "--loglik-method", "mais", "--ais-temperatures", "100",
                "--ais-runs", "10", "--ais-schedule", "piecewise", "--lambda2", "--lambda2-repeats", "64",
                "--lambda2-every", "10"));
        assertThat(r.code()).as(r.err()).isZero();
        List<String> metrics = Files.readAllLines(dir.resolve("m/metrics.csv"));
        assertThat(metrics.get(0)).isEqualTo("epoch,logLikelihood,logZStdErr,maeB,maeC,maeW,lambda2");
        assertThat(metrics.get(1)).endsWith(",");
        assertThat(Double.parseDouble(metrics.get(2).split(",")[6])).isBetween(0.0, 1.0);
        JsonNode manifest = new ObjectMapper().readTree(dir.resolve("m/manifest.json").toFile());
        assertThat(manifest.get("logLikelihoodMethod").asText()).isEqualTo("mais");
        assertThat(manifest.get("settings").get("monitor").get("aisRuns").asInt()).isEqualTo(10);
        Cli.Result bad = run(args(data, dir.resolve("b"), 10, "--ais-runs", "1"));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().trim()).startsWith("rbm: option --ais-runs").doesNotContain("\n");
        Cli.Result every = run(args(data, dir.resolve("c"), 10, "--lambda2", "--lambda2-every", "7"));
        assertThat(every.code()).isEqualTo(2);
        assertThat(every.err()).contains("--lambda2-every");
    }

    /**
     * The monitor's choices are parsed in the settings step: an unknown name is one line naming the
     * option and listing the accepted names, before anything is written; an accepted one is written
     * to the manifest by its option name.
     */
    @Test
    void monitorChoicesAreParsedByNameAndWrittenByName(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        String[][] bad = {{"--loglik-method", "ais", "auto, exact, mais"}, {"--ais-schedule", "geometric",
                "linear, piecewise"}, {"--lambda2-estimator", "exact", "rao-blackwell, counts"}};
        for (String[] b : bad) {
            Path out = dir.resolve("bad" + b[0]);
            Cli.Result r = run(args(data, out, 10, b[0], b[1]));
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().trim()).startsWith("rbm: option " + b[0] + ": ").contains("'" + b[1] + "'", b[2])
                    .doesNotContain("\n");
            assertThat(out).doesNotExist();
        }
        // --estimator in the same words, quoted, so that a wrong case, a space or an empty name shows
        for (String name : new String[] {"SMCI2", " smci2", "", "exact"}) {
            Cli.Result r = run("train", "--data", data.toString(), "--kernel", "bgs", "--hidden", "4", "--epochs", "5",
                    "--estimator", name, "--out", dir.resolve("badEstimator").toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().trim()).isEqualTo("rbm: option --estimator: '" + name + "' is not one of smci2, mc");
            assertThat(dir.resolve("badEstimator")).doesNotExist();
        }
        Cli.Result ok = run(args(data, dir.resolve("ok"), 5, "--ais-schedule", "piecewise", "--lambda2-estimator",
                "counts", "--loglik-method", "exact"));
        assertThat(ok.code()).as(ok.err()).isZero();
        JsonNode monitor = new ObjectMapper().readTree(dir.resolve("ok/manifest.json").toFile()).get("settings")
                .get("monitor");
        assertThat(monitor.get("logLikelihood").asText()).isEqualTo("exact");
        assertThat(monitor.get("aisSchedule").asText()).isEqualTo("piecewise");
        assertThat(monitor.get("lambda2Estimator").asText()).isEqualTo("counts");
    }

    @Test
    void trainsOnARegisteredDataSet(@TempDir Path dir) {
        Cli.Result r = run("train", "--data", "genrbm", "--data-param", "n=6", "--data-param", "m=8", "--data-param",
                "steps=50", "--data-param", "size=20", "--kernel", "bgs", "--hidden", "8", "--epochs", "4",
                "--samples", "10", "--eval-every", "2", "--out", dir.resolve("g").toString(), "--json", "--quiet");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"epochs\":4");
        assertThat(r.err()).isEmpty();
    }

    /**
     * dt and roundtrip on one RBM would have no level to swap with and train BGS under another name:
     * train refuses them before anything is written, as compare, sample and tv do, with the same
     * message as compare (the stack given by --hidden) or as tv (the stack given by --model).
     */
    @Test
    void aStackKernelOnOneRbmIsRefusedByEveryCommandAlike(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        Path model = dir.resolve("one");
        assertThat(run("init", "--visible", "5", "--hidden", "4", "--out", model.toString()).code()).isZero();
        for (String kernel : List.of("dt", "roundtrip")) {
            String hiddenMessage = "rbm: option --hidden: kernel " + kernel
                    + " samples a stack, give m0 and at least one upper size (for example 4,50)";
            Cli.Result train = run("train", "--data", data.toString(), "--kernel", kernel, "--hidden", "4", "--epochs",
                    "5", "--out", dir.resolve("run").toString());
            Cli.Result compare = run("compare", "--data", data.toString(), "--kernels", "bgs," + kernel, "--hidden", "4",
                    "--trials", "1", "--epochs", "5", "--out", dir.resolve("cmp").toString());
            String modelMessage = "rbm: option --kernel: " + kernel + " needs a stack of at least two layers, " + model
                    + " has one";
            Cli.Result sample = run("sample", "--model", model.toString(), "--kernel", kernel, "--chains", "3", "--steps",
                    "2", "--out", dir.resolve("s.csv").toString());
            Cli.Result tv = run("tv", "--model", model.toString(), "--kernel", kernel, "--chains", "3", "--steps", "2",
                    "--out", dir.resolve("t.csv").toString());
            for (Cli.Result r : List.of(train, compare, sample, tv)) {
                assertThat(r.code()).as(r.err()).isEqualTo(2);
                assertThat(r.out()).isEmpty();
            }
            assertThat(train.err().strip()).isEqualTo(hiddenMessage);
            assertThat(compare.err().strip()).isEqualTo(hiddenMessage);
            assertThat(sample.err().strip()).isEqualTo(modelMessage);
            assertThat(tv.err().strip()).isEqualTo(modelMessage);
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly("one", "tiny.csv");
        }
        // with an upper layer they train and sample
        Cli.Result two = run("train", "--data", data.toString(), "--kernel", "dt", "--hidden", "4,3", "--epochs", "5",
                "--out", dir.resolve("run").toString());
        assertThat(two.code()).as(two.err()).isZero();
    }

    @Test
    void batchSizeTrainsOnMiniBatchesRecordsItAndBadValuesAreOneLine(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        Cli.Result mini = run(args(data, dir.resolve("mini"), 10, "--batch-size", "8"));
        assertThat(mini.code()).as(mini.err()).isZero();
        JsonNode manifest = new ObjectMapper().readTree(dir.resolve("mini/manifest.json").toFile());
        assertThat(manifest.get("settings").get("batchSize").asInt()).isEqualTo(8);
        Cli.Result full = run(args(data, dir.resolve("full"), 10));
        Cli.Result all = run(args(data, dir.resolve("all"), 10, "--batch-size", "30"));
        assertThat(full.code()).isZero();
        assertThat(all.code()).isZero();
        assertThat(new ObjectMapper().readTree(dir.resolve("full/manifest.json").toFile()).get("settings").has("batchSize"))
                .as("a full-batch run keeps its manifest").isFalse();
        assertThat(Files.readAllBytes(dir.resolve("all/metrics.csv")))
                .as("--batch-size = rows is the full batch byte for byte")
                .isEqualTo(Files.readAllBytes(dir.resolve("full/metrics.csv")));
        assertThat(Files.readAllBytes(dir.resolve("all/model/layer0/W.npy")))
                .isEqualTo(Files.readAllBytes(dir.resolve("full/model/layer0/W.npy")));
        assertThat(Files.readString(dir.resolve("mini/metrics.csv"))).isNotEqualTo(Files.readString(dir.resolve("full/metrics.csv")));
        Cli.Result bad = run(args(data, dir.resolve("bad"), 10, "--batch-size", "-1"));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("rbm: option --batch-size: batch-size must be 0").doesNotContain("\n");
    }

    /**
     * --holdout adds the last metrics column holdoutLogLikelihood and a manifest entry; every other
     * column, the model and the JSON result are those of the run without it; the training file as its
     * own held-out set gives the training value; a resume with another held-out set, one with other
     * columns, a missing file and an unknown name are one line, exit 2.
     */
    @Test
    void holdoutAddsItsOwnColumnAndNothingElse(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        Path other = dir.resolve("other.csv");
        List<String> lines = Files.readAllLines(data);
        Files.writeString(other, lines.get(0) + "\n" + String.join("\n", lines.subList(3, 20)).replace("0,1", "1,1") + "\n");
        Cli.Result plain = run(args(data, dir.resolve("plain"), 10));
        Cli.Result held = run(args(data, dir.resolve("held"), 10, "--holdout", other.toString()));
        Cli.Result self = run(args(data, dir.resolve("self"), 10, "--holdout", data.toString()));
        assertThat(plain.code()).isZero();
        assertThat(held.code()).as(held.err()).isZero();
        assertThat(self.code()).as(self.err()).isZero();
        assertThat(held.out()).isEqualTo(plain.out());
        List<String> p = Files.readAllLines(dir.resolve("plain/metrics.csv"));
        List<String> h = Files.readAllLines(dir.resolve("held/metrics.csv"));
        List<String> s = Files.readAllLines(dir.resolve("self/metrics.csv"));
        assertThat(h.get(0)).isEqualTo(p.get(0) + ",holdoutLogLikelihood");
        assertThat(h).hasSameSizeAs(p);
        for (int r = 1; r < p.size(); r++) {
            assertThat(h.get(r)).startsWith(p.get(r) + ",");
            String[] row = s.get(r).split(",");
            assertThat(row[row.length - 1]).isEqualTo(row[1]);
            assertThat(Double.parseDouble(h.get(r).substring(p.get(r).length() + 1))).isNegative();
        }
        assertThat(Files.readAllBytes(dir.resolve("held/model/layer0/W.npy")))
                .isEqualTo(Files.readAllBytes(dir.resolve("plain/model/layer0/W.npy")));
        JsonNode manifest = new ObjectMapper().readTree(dir.resolve("held/manifest.json").toFile());
        assertThat(manifest.get("holdout").get("rows").asInt()).isEqualTo(17);
        assertThat(manifest.get("holdout").get("sha256").asText()).hasSize(64);
        assertThat(manifest.get("metricsColumns").toString()).endsWith("\"holdoutLogLikelihood\"]");
        assertThat(new ObjectMapper().readTree(dir.resolve("plain/manifest.json").toFile()).has("holdout")).isFalse();
        // a resume with another held-out set (or none) is refused, naming the option
        Cli.Result resumed = run(args(data, dir.resolve("held"), 20, "--holdout", data.toString()));
        assertThat(resumed.code()).isEqualTo(2);
        assertThat(resumed.err().strip()).contains("--holdout is").doesNotContain("\n");
        Cli.Result longer = run(args(data, dir.resolve("held"), 20, "--holdout", other.toString()));
        assertThat(longer.code()).as(longer.err()).isZero();
        Path wide = dir.resolve("wide.csv");
        Files.writeString(wide, "v0,v1,v2\n0,1,0\n");
        for (String[] bad : new String[][] {{wide.toString(), "has 3 columns, the training data 5"},
                {dir.resolve("nope.csv").toString(), "nope.csv"}, {"no-such-set", "--holdout"}, {"", "--holdout"}}) {
            Cli.Result r = run(args(data, dir.resolve("bad"), 10, "--holdout", bad[0]));
            assertThat(r.code()).as(bad[0]).isEqualTo(2);
            assertThat(r.err().strip()).as(bad[0]).startsWith("rbm: option --holdout").contains(bad[1])
                    .doesNotContain("\n");
        }
        assertThat(dir.resolve("bad")).doesNotExist();
    }

    /**
     * --eval-budget chooses the mAIS K and N by the fixed cost model, records them with the budget, and a
     * rerun with the recorded K and N reproduces metrics.csv byte for byte; bad values are one line, exit 2.
     */
    @Test
    void evalBudgetChoosesARecordedReproducibleMaisSize(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        Cli.Result b = run(args(data, dir.resolve("b"), 10, "--loglik-method", "mais", "--eval-budget", "0.002"));
        assertThat(b.code()).as(b.err()).isZero();
        int[] kn = EvalBudget.choose(0.002, 5, 6);
        JsonNode manifest = new ObjectMapper().readTree(dir.resolve("b/manifest.json").toFile());
        JsonNode monitor = manifest.get("settings").get("monitor");
        assertThat(monitor.get("aisTemperatures").asInt()).isEqualTo(kn[0]);
        assertThat(monitor.get("aisRuns").asInt()).isEqualTo(kn[1]);
        assertThat(kn[0]).isNotEqualTo(AisOptions.DEFAULT_TEMPERATURES);
        JsonNode budget = manifest.get("evalBudget");
        assertThat(budget.get("seconds").asDouble()).isEqualTo(0.002);
        assertThat(budget.get("aisTemperatures").asInt()).isEqualTo(kn[0]);
        assertThat(budget.get("estimatedSeconds").asDouble()).isBetween(0.0, 0.002);
        assertThat(Files.readAllLines(dir.resolve("b/metrics.csv")).get(0)).startsWith("epoch,logLikelihood,logZStdErr");
        Cli.Result again = run(args(data, dir.resolve("again"), 10, "--loglik-method", "mais", "--ais-temperatures",
                String.valueOf(kn[0]), "--ais-runs", String.valueOf(kn[1])));
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("again/metrics.csv"))).isEqualTo(Files.readAllBytes(dir.resolve("b/metrics.csv")));
        assertThat(new ObjectMapper().readTree(dir.resolve("again/manifest.json").toFile()).has("evalBudget")).isFalse();
        String[][] bad = {{"0", "must be a positive number"}, {"-3", "must be a positive number"},
                {"NaN", "must be a positive number"}, {"1e-9", "buys less than the smallest mAIS"}, {"abc", "--eval-budget"}};
        for (String[] v : bad) {
            Cli.Result r = run(args(data, dir.resolve("bad"), 10, "--loglik-method", "mais", "--eval-budget", v[0]));
            assertThat(r.code()).as(v[0]).isEqualTo(2);
            assertThat(r.err().strip()).as(v[0]).contains("--eval-budget").contains(v[1]).doesNotContain("\n");
        }
        Cli.Result both = run(args(data, dir.resolve("bad"), 10, "--eval-budget", "1", "--ais-runs", "20"));
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err().strip()).startsWith("rbm: option --eval-budget").contains("--ais-runs").doesNotContain("\n");
        assertThat(dir.resolve("bad")).doesNotExist();
    }

    /** 40 random binary rows of MNIST's width 784 (fixed bits). */
    static Path wideCsv(Path dir) throws Exception {
        Rng rng = Rng.seeded(40);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 784; i++) {
            sb.append(i > 0 ? "," : "").append('v').append(i);
        }
        sb.append('\n');
        for (int r = 0; r < 40; r++) {
            for (int i = 0; i < 784; i++) {
                sb.append(i > 0 ? "," : "").append(rng.nextBernoulli(0.3) ? '1' : '0');
            }
            sb.append('\n');
        }
        Path f = dir.resolve("wide.csv");
        Files.writeString(f, sb.toString());
        return f;
    }

    static String[] wideArgs(Path data, Path out, int epochs, int threads, String... extra) {
        List<String> a = new ArrayList<>(List.of("train", "--data", data.toString(), "--kernel", "bgs", "--hidden", "300",
                "--epochs", String.valueOf(epochs), "--samples", "20", "--estimator", "mc", "--eval-every", "2",
                "--loglik-method", "mais", "--ais-temperatures", "3", "--ais-runs", "2", "--seed", "5",
                "--out", out.toString(), "--quiet", "--threads", String.valueOf(threads)));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    /** The files of a run that must not depend on --threads (the model's manifest holds the machine's platform). */
    static final List<String> WIDE_FILES = List.of("metrics.csv", "checkpoint.bin", "model/layer0/W.npy",
            "model/layer0/b.npy", "model/layer0/c.npy", "model/manifest.json");

    /**
     * SHA-256 of the files of {@link #wideArgs} (4 epochs, full batch; then 4 epochs of mini-batches of 15
     * rows) as the code before --threads existed wrote them (commit 39dfb72, the same command without
     * --threads), except the mini-batch checkpoint: its settings key holds the batch size since issue 37
     * ({@code batchSize=15}, so that a resume with another batch size is refused), and nothing else of it
     * changed (the full-batch checkpoint, whose key has no batch size, keeps its bytes).
     */
    static final String[][] WIDE_SHA256 = {
        {"5167f7f7fe4a1498999d15a350f81f28991857a4b2759a785fdf962017c8f136",
            "741f5ce69a20ab8d9ca201d3718be725b7798268638dfffafaa5fc9b109fc3c7",
            "0b7b012e09f1d7e674a058d9e056f663b711587d568546ffbaf5babed527f987",
            "bdb605bdedeb1cf21b6b2d45dbf3cce4dceca3156dda4753c6581f6b56f88eb8",
            "9506c53b9b382a5b636a35eb8aacda648ab66a32e15cacb147631e68ffa501f5"},
        {"6850228f0607cdf0249b560dbfc2acd5c2fad7d28cab3ed8f6b8bd3723d18c5b",
            "2428ae32d1647f3cbd34437a9abf5c9affdb0d71e6316e897f694feab75feffa",
            "816d912f7e6ec597f78493cf4863bb0bdb9ada9b390b60275cf482cddd45d35d",
            "d752c3c1024105da21e84f9d20352292f9956872aa6bc24b462e42ba444c489b",
            "5e651e55dbf85f9a7c90f02bffd7774d01f1fb009745022a3349729e999be462"}};

    /**
     * --threads T: the model, checkpoint and metrics are the same bytes at T = 1, 2 and 3 and the bytes of
     * the code before --threads existed; a run started at T = 2 resumes at T = 1 to the same bytes; the
     * manifest records T as run information.
     */
    @Test
    void threadsGiveTheSameBytesAndResumeAcrossThreads(@TempDir Path dir) throws Exception {
        Path data = wideCsv(dir);
        String[][] batches = {{}, {"--batch-size", "15"}};
        for (int b = 0; b < batches.length; b++) {
            Path one = dir.resolve("one" + b);
            for (int t = 1; t <= 3; t++) {
                Path out = dir.resolve("t" + t + "-" + b);
                Cli.Result r = run(wideArgs(data, out, 4, t, batches[b]));
                assertThat(r.code()).as(r.err()).isZero();
                JsonNode manifest = new ObjectMapper().readTree(out.resolve("manifest.json").toFile());
                assertThat(manifest.get("updateThreads").asInt()).isEqualTo(t);
                if (t == 1) {
                    one = out;
                    for (int f = 0; f < WIDE_FILES.size() - 1; f++) {
                        assertThat(sha256(out.resolve(WIDE_FILES.get(f)))).as(WIDE_FILES.get(f) + " " + b)
                                .isEqualTo(WIDE_SHA256[b][f]);
                    }
                }
                for (String f : WIDE_FILES) {
                    assertThat(Files.readAllBytes(out.resolve(f))).as("%s, T = %d, %s", f, t, String.join(" ", batches[b]))
                            .isEqualTo(Files.readAllBytes(one.resolve(f)));
                }
            }
            Path resumed = dir.resolve("resumed" + b);
            assertThat(run(wideArgs(data, resumed, 2, 2, batches[b])).code()).isZero();
            Cli.Result r = run(wideArgs(data, resumed, 4, 1, batches[b]));
            assertThat(r.code()).as(r.err()).isZero();
            for (String f : WIDE_FILES) {
                assertThat(Files.readAllBytes(resumed.resolve(f))).as("resumed %s", f)
                        .isEqualTo(Files.readAllBytes(one.resolve(f)));
            }
        }
    }

    private static String sha256(Path f) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(Files.readAllBytes(f)));
    }

    @Test
    void badThreadsExitWithTwoAndOneLineAndWriteNothing(@TempDir Path dir) throws Exception {
        Path data = csv(dir);
        for (String t : List.of("0", "-1", "257", "99999999999", "abc", "", "1.5")) {
            Path out = dir.resolve("o");
            Cli.Result r = run("train", "--data", data.toString(), "--kernel", "bgs", "--hidden", "6", "--epochs", "5",
                    "--out", out.toString(), "--threads", t);
            assertThat(r.code()).as("--threads '%s'", t).isEqualTo(2);
            assertThat(r.err().strip()).as("--threads '%s'", t).contains("--threads").doesNotContain("\n", "Exception");
            assertThat(out).doesNotExist();
        }
    }
}
