package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.FolderLock;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.OutputFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ownership of output folders at the command line (issue 16): {@code init}, {@code train} and
 * {@code figure} write only into new or empty folders or folders of their own kind; everything
 * else is exit 2 with one line and nothing touched; {@code --force} writes beside foreign files,
 * never over them.
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
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).startsWith("rbm: ").doesNotContain("Exception");
        for (String f : fragments) {
            assertThat(r.err()).contains(f);
        }
        assertThat(r.out()).isEmpty();
    }

    private Cli.Result init(Path out, String... extra) {
        List<String> a = new java.util.ArrayList<>(List.of("init", "--visible", "5", "--hidden", "4", "--out", out.toString()));
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
    void aFailedTrainLeavesNoFolderItCreated() throws Exception {
        Path out = tmp.resolve("never");
        Cli.Result r = Cli.run(TrainCommandTest.args(TrainCommandTest.csv(tmp), out, 5, "--loglik-method", "exact",
                "--ais-runs", "0"));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(out).doesNotExist();
    }
}
