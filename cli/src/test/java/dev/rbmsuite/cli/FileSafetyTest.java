package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.FaultInjection;
import dev.rbmsuite.core.io.FolderLock;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.OutputFolder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ownership of output folders at the command line (issue 16): {@code init}, {@code train} and
 * {@code figure} write only into new or empty folders or folders of their own kind; everything
 * else is exit 2 with one line and nothing touched; {@code --force} writes beside foreign files,
 * never over them. File outputs ({@code dataset}, {@code sample}, {@code tv}) replace only their own
 * earlier output, recognised by its manifest.
 */
class FileSafetyTest {
    @TempDir
    Path tmp;

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertRefused(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        // one error line (progress lines of a figure may precede it), no stack trace
        assertThat(r.err().lines().filter(l -> l.startsWith("rbm: "))).as(r.err()).hasSize(1);
        assertThat(r.err().lines().filter(l -> !l.startsWith("[fig"))).as(r.err()).hasSize(1);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        for (String f : fragments) {
            assertThat(r.err()).contains(f);
        }
        assertThat(r.out()).isEmpty();
    }

    private Cli.Result init(Path out, String... extra) {
        List<String> a = new ArrayList<>(List.of("init", "--visible", "5", "--hidden", "4", "--out", out.toString()));
        a.addAll(List.of(extra));
        return Cli.run(a.toArray(String[]::new));
    }

    private Cli.Result train(Path out, String... extra) throws Exception {
        return Cli.run(TrainCommandTest.args(TrainCommandTest.csv(tmp), out, 5, extra));
    }

    @Test
    void initRefusesATrainingRunAndAProjectFolderAndDeletesNothing() throws Exception {
        Path run = tmp.resolve("run");
        assertThat(train(run).code()).isZero();
        List<String> before = names(run);
        byte[] checkpoint = Files.readAllBytes(run.resolve("checkpoint.bin"));
        assertRefused(init(run), "format \"training-run\"");
        assertRefused(init(run, "--force"), "manifest.json: exists and is not part of a model");
        assertThat(names(run)).isEqualTo(before);
        assertThat(Files.readAllBytes(run.resolve("checkpoint.bin"))).isEqualTo(checkpoint);

        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("manifest.json"), "{\"name\":\"thesis\"}");
        Files.writeString(project.resolve("chapter1.tex"), "text");
        assertRefused(init(project), "not a model folder");
        assertRefused(init(project, "--force"), "even with --force");
        assertThat(names(project)).containsExactly("chapter1.tex", "manifest.json");
    }

    @Test
    void initForcedWritesBesideForeignFilesAndReplacesItsOwnModel() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("mixed"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertRefused(init(dir), "notes.txt", "--force");
        assertThat(init(dir, "--force").code()).isZero();
        assertThat(names(dir)).containsExactly("layer0", "manifest.json", "notes.txt");
        Path model = tmp.resolve("model");
        assertThat(init(model).code()).isZero();
        assertThat(init(model, "--seed", "2").code()).isZero();
        assertThat(names(tmp)).contains("model").noneMatch(n -> n.startsWith(".model"));
    }

    @Test
    void trainRefusesAModelFolderAndForeignFiles() throws Exception {
        Path model = tmp.resolve("model");
        assertThat(init(model).code()).isZero();
        byte[] manifest = Files.readAllBytes(model.resolve("manifest.json"));
        assertRefused(train(model), "not a training-run folder", "format \"rbm-stack\"");
        assertRefused(train(model, "--force"), "manifest.json: exists and was not written as a training-run folder");
        assertThat(Files.readAllBytes(model.resolve("manifest.json"))).isEqualTo(manifest);
        ModelStore.load(model);

        Path foreign = Files.createDirectories(tmp.resolve("foreign"));
        Files.writeString(foreign.resolve("metrics.csv"), "my,own\n");
        assertRefused(train(foreign), "metrics.csv");
        assertRefused(train(foreign, "--force"), "metrics.csv: exists and was not written");
        assertThat(Files.readString(foreign.resolve("metrics.csv"))).isEqualTo("my,own\n");

        Path beside = Files.createDirectories(tmp.resolve("beside"));
        Files.writeString(beside.resolve("notes.txt"), "mine");
        assertRefused(train(beside), "notes.txt");
        Cli.Result forced = train(beside, "--force");
        assertThat(forced.code()).as(forced.err()).isZero();
        assertThat(Files.readString(beside.resolve("notes.txt"))).isEqualTo("mine");
        // once it holds a run, the folder is recognised: resuming needs no --force
        Cli.Result again = Cli.run(TrainCommandTest.args(TrainCommandTest.csv(tmp), beside, 10));
        assertThat(again.code()).as(again.err()).isZero();
    }

    @Test
    void aRegularFileAsOutIsOneLineExitTwo() throws Exception {
        Path file = Files.writeString(tmp.resolve("file.txt"), "x");
        assertRefused(train(file), "file.txt", "not a folder");
        assertRefused(Cli.run("figure", "fig1", "--scale", "smoke", "--out", file.toString()), "not a folder");
        assertRefused(init(file), "not a folder");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void figureWritesOnlyIntoAFiguresFolder() throws Exception {
        Path model = tmp.resolve("model");
        assertThat(init(model).code()).isZero();
        assertRefused(Cli.run("figure", "fig1", "--scale", "smoke", "--out", model.toString()), "not a figures folder");
        Path root = tmp.resolve("figs");
        Cli.Result first = Cli.run("figure", "fig1", "--scale", "smoke", "--out", root.toString());
        assertThat(first.code()).as(first.err()).isZero();
        Cli.Result second = Cli.run("figure", "fig3", "--scale", "smoke", "--out", root.toString());
        assertThat(second.code()).as(second.err()).isZero();
        assertRefused(train(root), "not a training-run folder");
        assertRefused(init(root), "not a model folder");
    }

    @Test
    @SuppressWarnings("try") // the resource is held for the body, not used in it
    void aSecondWriterIsRefusedNamingTheFirst() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Path figs = Files.createDirectories(tmp.resolve("figs"));
        String pid = "pid " + ProcessHandle.current().pid();
        try (FolderLock held = FolderLock.acquire(run.resolve(OutputFolder.LOCK), run, "rbm train");
             FolderLock heldFigs = FolderLock.acquire(figs.resolve(OutputFolder.LOCK), figs, "rbm figure")) {
            assertRefused(train(run), "in use by another writer", pid, "(rbm train)");
            assertRefused(Cli.run("figure", "fig1", "--scale", "smoke", "--out", figs.toString()),
                    "in use by another writer", "(rbm figure)");
        }
        assertThat(names(run)).isEmpty();
        Cli.Result after = train(run);
        assertThat(after.code()).as(after.err()).isZero();
        assertThat(names(run)).doesNotContain(OutputFolder.LOCK);
    }

    @Test
    void aCorruptCheckpointIsRefusedWithAHintAndRestartRecovers() throws Exception {
        Path run = tmp.resolve("run");
        assertThat(train(run).code()).isZero();
        Path ck = run.resolve("checkpoint.bin");
        byte[] b = Files.readAllBytes(ck);
        b[b.length / 2] ^= 4;
        Files.write(ck, b);
        Cli.Result more = Cli.run(TrainCommandTest.args(TrainCommandTest.csv(tmp), run, 10));
        assertRefused(more, "checkpoint.bin", "checksum", "--restart");
        Cli.Result restarted = Cli.run(TrainCommandTest.args(TrainCommandTest.csv(tmp), run, 10, "--restart"));
        assertThat(restarted.code()).as(restarted.err()).isZero();
    }

    @Test
    void temporariesOfAnInterruptedRunAreRemovedAtTheNextRun() throws Exception {
        Path run = tmp.resolve("run");
        assertThat(train(run).code()).isZero();
        Files.writeString(run.resolve(".checkpoint.bin.tmp-99-1"), "partial");
        Files.writeString(run.resolve(".metrics.csv.tmp-99-2"), "partial");
        Files.createDirectories(run.resolve(".model.tmp-99-3/layer0"));
        Files.writeString(run.resolve(".model.tmp-99-3/layer0/W.npy"), "partial");
        Files.writeString(run.resolve(".notes.txt.tmp-mine"), "not the run's");
        Cli.Result more = Cli.run(TrainCommandTest.args(TrainCommandTest.csv(tmp), run, 10));
        assertThat(more.code()).as(more.err()).isZero();
        assertThat(names(run)).containsExactly(".notes.txt.tmp-mine", "checkpoint.bin", "manifest.json", "metrics.csv",
                "model");

        Path figs = tmp.resolve("figs");
        assertThat(Cli.run("figure", "fig1", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        Files.writeString(figs.resolve("fig1/.fig1.png.tmp-99-4"), "partial");
        assertThat(Cli.run("figure", "fig1", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        assertThat(names(figs.resolve("fig1"))).noneMatch(n -> n.contains(".tmp-"));
    }

    @Test
    void aFullDiskDuringAFigureIsOneLineExitTwoWithNoPartialOutputs() throws Exception {
        Path figs = tmp.resolve("figs");
        FaultInjection.install((point, path) -> {
            if (point.equals("write") && path.getFileName().toString().endsWith(".png")) {
                throw new IOException("No space left on device");
            }
        });
        Cli.Result full;
        try {
            full = Cli.run("figure", "fig5", "--scale", "smoke", "--out", figs.toString());
        } finally {
            FaultInjection.clear();
        }
        assertRefused(full, "fig5.png: cannot write (No space left on device)");
        assertThat(names(figs.resolve("fig5"))).noneMatch(n -> n.endsWith(".csv") || n.endsWith(".png")
                || n.endsWith(".svg") || n.equals("manifest.json") || n.contains(".tmp-"));
        Cli.Result again = Cli.run("figure", "fig5", "--scale", "smoke", "--out", figs.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(names(figs.resolve("fig5"))).contains("fig5.png", "manifest.json");
    }

    @Test
    void aFailedTrainLeavesNoFolderItCreated() throws Exception {
        Path out = tmp.resolve("never");
        Cli.Result r = Cli.run(TrainCommandTest.args(TrainCommandTest.csv(tmp), out, 5, "--loglik-method", "exact",
                "--ais-runs", "0"));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(out).doesNotExist();
    }

    @Test
    void fileOutputsReplaceOnlyTheirOwnEarlierOutput() throws Exception {
        Path csv = tmp.resolve("islands.csv");
        Files.writeString(csv, "my own data\n");
        assertRefused(Cli.run("dataset", "islands", "--out", csv.toString()), "already exists and was not written by rbm");
        assertThat(Files.readString(csv)).isEqualTo("my own data\n");
        assertThat(Files.exists(ResultManifest.pathFor(csv))).isFalse();

        // a foreign file under the manifest's name is not replaced either
        Path other = tmp.resolve("other.csv");
        Path otherManifest = ResultManifest.pathFor(other);
        Files.writeString(otherManifest, "{\"mine\":true}");
        assertRefused(Cli.run("dataset", "islands", "--out", other.toString()), otherManifest.getFileName().toString());
        assertThat(Files.readString(otherManifest)).isEqualTo("{\"mine\":true}");
        assertThat(Files.exists(other)).isFalse();

        // the suite's own earlier output is replaced by a rerun, to the same bytes
        Path own = tmp.resolve("own.csv");
        assertThat(Cli.run("dataset", "islands", "--out", own.toString()).code()).isZero();
        byte[] first = Files.readAllBytes(own);
        assertThat(Cli.run("dataset", "islands", "--out", own.toString()).code()).isZero();
        assertThat(Files.readAllBytes(own)).isEqualTo(first);
    }

    @Test
    void aTrainingRunWhoseModelFolderHoldsForeignFilesIsRefusedBeforeAnyEpoch() throws Exception {
        Path run = tmp.resolve("run-foreign");
        assertThat(train(run).code()).isZero();
        Files.writeString(run.resolve("model").resolve("notes.txt"), "mine");
        byte[] metrics = Files.readAllBytes(run.resolve("metrics.csv"));
        byte[] checkpoint = Files.readAllBytes(run.resolve("checkpoint.bin"));
        byte[] manifest = Files.readAllBytes(run.resolve("manifest.json"));
        assertRefused(train(run, "--restart"), "notes.txt");
        assertThat(Files.readAllBytes(run.resolve("metrics.csv"))).isEqualTo(metrics);
        assertThat(Files.readAllBytes(run.resolve("checkpoint.bin"))).isEqualTo(checkpoint);
        assertThat(Files.readAllBytes(run.resolve("manifest.json"))).isEqualTo(manifest);
        assertThat(Files.readString(run.resolve("model").resolve("notes.txt"))).isEqualTo("mine");
    }

    @Test
    void initFollowsALinkToAnEmptyFolderAndRefusesADanglingOneInOneLine() throws Exception {
        Path real = Files.createDirectories(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertThat(init(link).code()).isZero();
        assertThat(names(real)).containsExactly("layer0", "manifest.json");
        Path dangling = Files.createSymbolicLink(tmp.resolve("dangling"), tmp.resolve("nowhere"));
        assertRefused(init(dangling), "a link or not a folder");
    }

    @Test
    void anEmptyOutputFolderNameIsRefusedNotTakenAsTheCurrentFolder() {
        for (String command : new String[] {"init", "train", "figure", "report"}) {
            Cli.Result r = switch (command) {
                case "init" -> Cli.run("init", "--visible", "3", "--hidden", "2", "--out", "", "--force");
                case "train" -> Cli.run("train", "--data", "islands", "--kernel", "bgs", "--hidden", "2", "--epochs", "1",
                        "--out", "");
                case "figure" -> Cli.run("figure", "fig1", "--scale", "smoke", "--out", "");
                default -> Cli.run("report", "--from", tmp.toString(), "--out", "");
            };
            assertRefused(r, "option --out: an empty folder name");
        }
    }

    /**
     * Starts {@code train} in its own JVM (as the launcher runs it) and waits for its first evaluation,
     * so that it holds its output folder for as long as the test needs.
     */
    private static Process startTraining(Path data, Path out) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-modules", "jdk.incubator.vector",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of("train", "--data", data.toString(), "--kernel", "bgs", "--hidden", "6", "--epochs", "100000000",
                "--samples", "20", "--eval-every", "100", "--out", out.toString(), "--seed", "5"));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader err = new BufferedReader(
                new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line; (line = err.readLine()) != null; ) {
            seen.append(line).append('\n');
            if (line.startsWith("train: epoch")) {
                return p;
            }
        }
        p.destroyForcibly();
        throw new AssertionError("the training process ended before its first evaluation: " + seen);
    }

    @Test
    void nothingWritesInsideAFolderThatARunningTrainingHolds() throws Exception {
        Path run = tmp.resolve("busy");
        Process training = startTraining(TrainCommandTest.csv(tmp), run);
        try {
            String pid = "pid " + training.pid();
            assertThat(names(run)).contains(OutputFolder.LOCK, "manifest.json").doesNotContain("model");
            assertRefused(init(run.resolve("model")), "busy/model: inside ", "in use by another writer", pid,
                    "(rbm train)");
            assertRefused(init(run.resolve("model"), "--force"), pid);
            assertRefused(Cli.run("dataset", "islands", "--out", run.resolve("extra.csv").toString()), "option --out", pid);
            assertRefused(train(run.resolve("nested")), pid);
            assertRefused(train(run), "in use by another writer", pid);
            // (the run itself keeps replacing its metrics and checkpoint meanwhile)
            assertThat(names(run)).doesNotContain("model", ".model" + OutputFolder.LOCK, "extra.csv",
                    "extra.manifest.json", "nested");
            assertThat(training.isAlive()).isTrue();
        } finally {
            training.destroyForcibly();
            assertThat(training.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        // the run was killed: its lock file is stale and holds nothing back
        Cli.Result after = init(run.resolve("model"));
        assertThat(after.code()).as(after.err()).isZero();
        assertThat(names(run.resolve("model"))).containsExactly("layer0", "manifest.json");
    }
}
