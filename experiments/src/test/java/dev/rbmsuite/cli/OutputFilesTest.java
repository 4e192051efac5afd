package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
