package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.FaultInjection;
import dev.rbmsuite.core.io.FolderLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OutputFiles}: which names a command may write its result and manifest to. Every refusal is
 * an {@link InputException} naming the option and the path, and leaves the file system as it was.
 */
class OutputFilesTest {
    @TempDir
    Path dir;

    private static void assertRefused(Path file, String... fragments) {
        assertThatThrownBy(() -> OutputFiles.requireWritableFile(file, "--out"))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("option --out: ")
                .hasMessageContainingAll(fragments);
    }

    private static void assertAccepted(Path file) {
        assertThatCode(() -> OutputFiles.requireWritableFile(file, "--out")).doesNotThrowAnyException();
    }

    @Test
    void aNewNameIsAcceptedEvenInFoldersStillToBeCreated() {
        assertAccepted(dir.resolve("tv.csv"));
        assertAccepted(dir.resolve("a").resolve("b").resolve("tv.csv"));
        assertThat(dir.resolve("a")).doesNotExist();
    }

    @Test
    void anEarlierOutputOfTheSuiteMayBeReplaced() throws IOException {
        Path csv = dir.resolve("tv.csv");
        Files.writeString(csv, "step,tv\n0,0.5\n");
        Files.writeString(dir.resolve("tv.manifest.json"), "{\"format\":\"" + ResultManifest.FORMAT + "\",\"version\":1}");
        assertAccepted(csv);
        // a manifest of an earlier version: no format, but the command and its options
        Path old = dir.resolve("old.csv");
        Files.writeString(old, "x\n");
        Files.writeString(dir.resolve("old.manifest.json"), "{\"command\":\"sample\",\"options\":{\"seed\":1}}");
        assertAccepted(old);
    }

    @Test
    void aFileTheSuiteDidNotWriteIsRefusedAndKept() throws IOException {
        Path csv = dir.resolve("mine.csv");
        Files.writeString(csv, "precious");
        assertRefused(csv, csv.toString(), "already exists", "not written by rbm", "mine.manifest.json");
        assertThat(csv).hasContent("precious");

        // a manifest beside it of another kind, without a command's options, or not JSON, makes it no output of ours
        for (String manifest : new String[] {"{\"format\":\"model\",\"version\":1}", "{\"command\":\"tv\"}",
            "{\"command\":\"tv\",\"options\":[]}", "not json", "[1,2]"}) {
            Files.writeString(dir.resolve("mine.manifest.json"), manifest);
            assertRefused(csv, "already exists");
            assertThat(csv).hasContent("precious");
        }
        // the manifest's name alone, taken by a user's file, is refused as well
        Path other = dir.resolve("other.csv");
        Files.writeString(dir.resolve("other.manifest.json"), "{\"mine\":true}");
        assertRefused(other, "other.manifest.json", "already exists");
    }

    @Test
    void foldersLinksToFoldersAndFilesInPlaceOfFoldersAreRefused() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("folder.csv"));
        assertRefused(folder, "is a folder");
        // a link is judged by what it points to: a folder is refused as one, a dangling link is a name taken
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), folder);
        assertRefused(link, "is a folder");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.csv"), dir.resolve("nowhere"));
        assertRefused(dangling, "already exists");
        assertThat(Files.isSymbolicLink(dangling)).isTrue();
        Path file = Files.writeString(dir.resolve("plain"), "x");
        assertRefused(file.resolve("tv.csv"), file.toString(), "is not a folder");
        assertRefused(file.resolve("sub").resolve("tv.csv"), file.toString(), "is not a folder");
        Files.createDirectories(dir.resolve("m.manifest.json"));
        assertRefused(dir.resolve("m.csv"), "m.manifest.json", "is a folder");
        assertRefused(Path.of(""), "is not a file name");
        // a name of blanks only is a typing slip (--out " "), not a file anyone wants
        assertRefused(Path.of(" "), "' ' is not a file name");
        assertRefused(dir.resolve("\t"), "is not a file name");
    }

    @Test
    void aFolderThatIsALinkToNothingOrALoopIsRefusedBeforeAnyWork() throws IOException {
        Files.createSymbolicLink(dir.resolve("loopA"), dir.resolve("loopB"));
        Files.createSymbolicLink(dir.resolve("loopB"), dir.resolve("loopA"));
        assertRefused(dir.resolve("loopA").resolve("s.csv"), dir.resolve("loopA").toString(),
                "a link to nothing or a loop of links");
        assertRefused(dir.resolve("loopA").resolve("sub").resolve("s.csv"), "loopA", "a loop of links");
        Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere").resolve("deep"));
        assertRefused(dir.resolve("dangling").resolve("s.csv"), "dangling", "a link to nothing");
        assertThat(dir.resolve("nowhere")).doesNotExist();
    }

    @Test
    void aDotDotAfterALinkNamesTheFileBesideTheLinkNotBesideItsTarget() throws IOException {
        // link -> inner/sub: the checks, the lock and the writes must all look at one file, dir/x.csv
        Path sub = Files.createDirectories(dir.resolve("inner").resolve("sub"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), sub);
        assertThat(OutputFiles.requireWritableFile(link.resolve("..").resolve("x.csv"), "--out"))
                .isEqualTo(dir.resolve("x.csv"));
        assertThat(OutputFiles.requireFolderName(link.resolve("..").resolve("run"), "--out")).isEqualTo(dir.resolve("run"));
        assertThat(OutputFiles.requireFolderName(Path.of("run/.."), "--out")).isEqualTo(Path.of("."));
        assertThat(OutputFiles.requireFolderName(Path.of("./run"), "--out")).isEqualTo(Path.of("run"));
        // a user's file beside the link's target is not mistaken for the output
        Files.writeString(dir.resolve("inner").resolve("y.csv"), "precious");
        assertAccepted(link.resolve("..").resolve("y.csv"));
        Files.writeString(dir.resolve("y.csv"), "precious too");
        assertRefused(link.resolve("..").resolve("y.csv"), "already exists");
    }

    @Test
    void aPipeIsNeverReplaced() throws Exception {
        Path fifo = dir.resolve("pipe.csv");
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            Assumptions.abort("no mkfifo on this system");
            return;
        }
        Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo failed");
        assertRefused(fifo, "not a regular file", "refusing to replace it");
        Path link = Files.createSymbolicLink(dir.resolve("to-pipe.csv"), fifo);
        assertRefused(link, "link to something that is not a regular file");
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
    }

    @Test
    void anEmptyFolderNameIsRefusedNamingTheOption() {
        for (Path p : new Path[] {null, Path.of(""), Path.of(" ")}) {
            assertThatThrownBy(() -> OutputFiles.requireFolderName(p, "--into"))
                    .isInstanceOf(InputException.class)
                    .hasMessage("option --into: an empty folder name; name the output folder");
        }
        assertThatCode(() -> OutputFiles.requireFolderName(dir.resolve("x"), "--into")).doesNotThrowAnyException();
    }

    // Issue 28, case 5, through the command line: output pairs of dataset, sample and tv

    private Path model() {
        Path m = dir.resolve("model");
        if (!Files.isDirectory(m)) {
            assertThat(Cli.run("init", "--visible", "5", "--hidden", "4", "--out", m.toString()).code()).isZero();
        }
        return m;
    }

    private Cli.Result sample(Path out, String... extra) {
        List<String> a = new ArrayList<>(List.of("sample", "--model", model().toString(),
                "--kernel", "bgs", "--chains", "7", "--steps", "3", "--out", out.toString()));
        a.addAll(List.of(extra));
        return Cli.run(a.toArray(String[]::new));
    }

    private static void assertRefused(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().lines().toList()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(fragments);
    }

    @Test
    void anOutputOfAnotherCommandIsReplacedOnlyWithForce() throws IOException {
        Path d = dir.resolve("d.csv");
        Cli.Result made = Cli.run("dataset", "islands", "--param", "n=5", "--out", d.toString());
        assertThat(made.code()).as(made.err()).isZero();
        byte[] data = Files.readAllBytes(d);
        byte[] manifest = Files.readAllBytes(dir.resolve("d.manifest.json"));
        assertRefused(sample(d), "d.csv was written by rbm dataset", "--force");
        assertRefused(Cli.run("tv", "--model", model().toString(), "--kernel", "bgs", "--chains", "4", "--steps", "2",
                "--out", d.toString()), "written by rbm dataset");
        assertThat(Files.readAllBytes(d)).isEqualTo(data);
        assertThat(Files.readAllBytes(dir.resolve("d.manifest.json"))).isEqualTo(manifest);
        // its own earlier output a command replaces as before; another's with --force
        Cli.Result again = Cli.run("dataset", "islands", "--param", "n=5", "--seed", "3", "--out", d.toString());
        assertThat(again.code()).as(again.err()).isZero();
        Cli.Result forced = sample(d, "--force");
        assertThat(forced.code()).as(forced.err()).isZero();
        assertThat(new ObjectMapper().readTree(dir.resolve("d.manifest.json").toFile())
                .path("command").asText()).isEqualTo("sample");
    }

    /**
     * Issue 28 follow-up: {@code --out a} and {@code --out a.csv} share {@code a.manifest.json}; the
     * second output is refused (its manifest's {@code data} names the other file) rather than leave the
     * first without the manifest that records it. Before, the second replaced the manifest.
     */
    @Test
    void twoNamesSharingOneManifestAreRefusedNotMixed() throws IOException {
        for (String[] names : new String[][] {{"a.csv", "a"}, {"b", "b.csv"}}) {
            Path first = dir.resolve(names[0]);
            Path second = dir.resolve(names[1]);
            Path manifest = dir.resolve(names[1].replace(".csv", "") + ".manifest.json");
            Cli.Result made = sample(first);
            assertThat(made.code()).as(made.err()).isZero();
            byte[] data = Files.readAllBytes(first);
            byte[] kept = Files.readAllBytes(manifest);
            assertRefused(sample(second), "option --out", manifest + " is the manifest of " + names[0]);
            assertRefused(sample(second, "--force"), "is the manifest of " + names[0]);
            assertRefused(Cli.run("dataset", "islands", "--param", "n=5", "--out", second.toString(), "--force"),
                    "is the manifest of " + names[0]);
            assertThat(second).doesNotExist();
            assertThat(Files.readAllBytes(first)).isEqualTo(data);
            assertThat(Files.readAllBytes(manifest)).isEqualTo(kept);
            // the first output's own rerun replaces it as before
            Cli.Result again = sample(first, "--seed", "4");
            assertThat(again.code()).as(again.err()).isZero();
        }
    }

    @Test
    void theManifestNamesTheDataFilesChecksumAndReadersRefuseAMismatch() throws IOException {
        Path s = dir.resolve("s.csv");
        Cli.Result first = sample(s);
        assertThat(first.code()).as(first.err()).isZero();
        JsonNode m = new ObjectMapper()
                .readTree(dir.resolve("s.manifest.json").toFile());
        assertThat(m.path("data").asText()).isEqualTo("s.csv");
        assertThat(m.path("sha256").asText()).isEqualTo(ResultManifest.sha256(s));
        Cli.Result reads = sample(dir.resolve("s2.csv"), "--init", s.toString());
        assertThat(reads.code()).as(reads.err()).isZero();

        // a write that fails (as a kill would stop it) between the manifest and the data file's rename
        Path target = s.toAbsolutePath().normalize();
        FaultInjection.install((point, path) -> {
            if (point.equals("rename") && path.equals(target)) {
                throw new IOException("simulated failure between the renames");
            }
        });
        Cli.Result broken;
        try {
            broken = sample(s, "--seed", "9");
        } finally {
            FaultInjection.clear();
        }
        assertThat(broken.code()).as(broken.err()).isEqualTo(2);
        // the new manifest stands beside the old data file: every reader refuses the pair
        assertRefused(sample(dir.resolve("s3.csv"), "--init", s.toString()), "option --init", "s.csv is not the file its "
                + "manifest s.manifest.json records", "rerun the command that wrote it");
        assertRefused(Cli.run("loglik", "--model", model().toString(), "--data", s.toString(), "--method", "exact"),
                "option --data", "SHA-256 differs");
        assertRefused(Cli.run("train", "--data", s.toString(), "--kernel", "bgs", "--hidden", "3", "--epochs", "2",
                "--out", dir.resolve("run").toString()), "option --data", "SHA-256 differs");
        assertThat(dir.resolve("run")).doesNotExist();
        // the writer's rerun repairs the pair; no temporary is left
        Cli.Result rerun = sample(s, "--seed", "9");
        assertThat(rerun.code()).as(rerun.err()).isZero();
        assertThat(sample(dir.resolve("s4.csv"), "--init", s.toString()).code()).isZero();
        try (var names = Files.list(dir)) {
            assertThat(names.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".tmp-") || n.endsWith(".lock"));
        }
    }

    @Test
    void temporariesOfDeadWritersAreRemovedAndALiveWritersLockIsHonoured() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        long dead = gone.pid();
        long alive = ProcessHandle.current().parent().map(ProcessHandle::pid).orElseThrow();
        Path s = dir.resolve("k.csv");
        Path staleData = dir.resolve(".k.csv.tmp-" + dead + "-4");
        Path staleStaged = dir.resolve("..k.csv.tmp-" + dead + "-pair.tmp-" + dead + "-2");
        Path staleManifest = dir.resolve(".k.manifest.json.tmp-" + dead + "-5");
        Path live = dir.resolve(".k.csv.tmp-" + alive + "-6");
        Path foreign = dir.resolve(".other.csv.tmp-" + dead + "-1");
        for (Path p : new Path[] {staleData, staleStaged, staleManifest, live, foreign}) {
            Files.writeString(p, "x");
        }
        Cli.Result r = sample(s);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(staleData).doesNotExist();
        assertThat(staleStaged).doesNotExist();
        assertThat(staleManifest).doesNotExist();
        assertThat(live).exists();
        assertThat(foreign).exists();

        // one writer per pair: a second is refused, naming the first, and the pair is left as it was
        byte[] before = Files.readAllBytes(s);
        try (FolderLock held = FolderLock.acquire(
                dir.resolve(".k.manifest.json.rbm.lock"), s, "rbm sample")) {
            assertRefused(sample(s, "--seed", "4"), "option --out", "in use by another writer", "rbm sample");
            assertRefused(Cli.run("dataset", "islands", "--param", "n=5", "--out", dir.resolve("k").toString(),
                    "--force"), "in use by another writer");
        }
        assertThat(Files.readAllBytes(s)).isEqualTo(before);
    }
}
