package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one atomic writer: whole files or nothing, readable permissions, temporaries removed. */
class AtomicFilesTest {
    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        FaultInjection.clear();
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aProbeLeavesNothingBehindAndFindsFoldersWhereNoFileCanBeCreated() throws IOException {
        Files.writeString(dir.resolve("kept.txt"), "mine");
        AtomicFiles.probe(dir.resolve("out.csv"));
        AtomicFiles.probe(dir.resolve("not/yet/made/out.csv")); // makes them in a temporary, keeps none
        assertThat(names()).containsExactly("kept.txt");
        // /proc/self is a folder in which nobody, root included, can create a file
        Path proc = Path.of("/proc/self");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(proc), "a Linux /proc");
        assertThatThrownBy(() -> AtomicFiles.probe(proc.resolve("out.csv"))).isInstanceOf(OutputException.class)
                .hasMessageContaining("/proc/self/out.csv").hasMessageContaining("cannot write");
    }

    @Test
    void aProbeFindsNamesTooLongForTheFileSystemWithoutMakingAnyFolder() throws IOException {
        // Linux file systems take names of at most 255 bytes; the temporary ".NAME.tmp-PID-N" is about
        // 20 longer than NAME, so a 240-character name fails only at the write: the probe must say so
        int max = 255;
        String fits = "a".repeat(200);
        AtomicFiles.probe(dir.resolve(fits + ".csv"));
        String tooLongForTheTemporary = "b".repeat(max - 10);
        assertThatThrownBy(() -> AtomicFiles.probe(dir.resolve(tooLongForTheTemporary)))
                .isInstanceOf(OutputException.class).hasMessageContaining("cannot write");
        // a folder still to be made whose name is too long: found, and neither it nor "new" is created
        assertThatThrownBy(() -> AtomicFiles.probe(dir.resolve("new").resolve("c".repeat(max + 1)).resolve("x.csv")))
                .isInstanceOf(OutputException.class).hasMessageContaining("cannot write");
        AtomicFiles.probe(dir.resolve("new").resolve("c".repeat(max)).resolve("x.csv"));
        assertThat(names()).isEmpty();
    }

    @Test
    void writesAndReplacesWithoutLeftovers() throws IOException {
        Path f = dir.resolve("sub/a.txt");
        AtomicFiles.writeString(f, "one");
        AtomicFiles.writeString(f, "two");
        assertThat(Files.readString(f)).isEqualTo("two");
        try (Stream<Path> s = Files.list(f.getParent())) {
            assertThat(s.toList()).containsExactly(f);
        }
    }

    @Test
    void outputsAreReadableByOthersLikeAnyFile() throws IOException {
        Path f = dir.resolve("a.txt");
        AtomicFiles.writeString(f, "x");
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(f);
        assertThat(perms).isEqualTo(Files.getPosixFilePermissions(plain)).contains(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE);
        Path folder = dir.resolve("folder");
        AtomicFiles.replaceFolder(folder, d -> Files.writeString(d.resolve("x"), "y"));
        assertThat(Files.getPosixFilePermissions(folder))
                .isEqualTo(Files.getPosixFilePermissions(Files.createDirectory(dir.resolve("plainDir"))));
    }

    @Test
    void aFailedWriteLeavesTheTargetAndNoTemporary() throws IOException {
        Path f = dir.resolve("keep.csv");
        Files.writeString(f, "old\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> AtomicFiles.write(f, out -> {
            out.write("partial".getBytes(StandardCharsets.UTF_8));
            throw new IOException("No space left on device");
        })).isInstanceOf(OutputException.class).hasMessage(f.toAbsolutePath() + ": cannot write (No space left on device)");
        FaultInjection.install((point, path) -> {
            if (point.equals("rename")) {
                throw new IOException("No space left on device");
            }
        });
        assertThatThrownBy(() -> AtomicFiles.writeString(f, "new")).isInstanceOf(OutputException.class);
        assertThat(Files.readString(f)).isEqualTo("old\n");
        assertThat(names()).containsExactly("keep.csv");
        // folders the failed write made are removed again; one that was there already is kept
        Files.createDirectory(dir.resolve("there"));
        assertThatThrownBy(() -> AtomicFiles.writeString(dir.resolve("there/new/deeper/x.csv"), "new"))
                .isInstanceOf(OutputException.class);
        assertThat(names()).containsExactly("keep.csv", "there");
        try (Stream<Path> s = Files.list(dir.resolve("there"))) {
            assertThat(s.toList()).isEmpty();
        }
    }

    @Test
    void aWriteIntoALinkLoopIsAnOutputFailureNotAnInternalError() throws IOException {
        // loopA -> loopB -> loopA: creating the folder, the temporary and deleting it all fail
        Files.createSymbolicLink(dir.resolve("loopA"), dir.resolve("loopB"));
        Files.createSymbolicLink(dir.resolve("loopB"), dir.resolve("loopA"));
        Path f = dir.resolve("loopA/out.csv");
        assertThatThrownBy(() -> AtomicFiles.writeString(f, "x")).isInstanceOf(OutputException.class)
                .hasMessageStartingWith(f.toAbsolutePath() + ": cannot write (");
        assertThat(names()).containsExactly("loopA", "loopB");
    }

    @Test
    @SuppressWarnings("try") // the staging is a scope guard, open for the block and never referenced in it
    void stagedFilesAppearTogetherOrNotAtAll() throws IOException {
        Path old = Files.writeString(dir.resolve("b.csv"), "old");
        try (AtomicFiles.Staging s = AtomicFiles.Staging.begin(dir)) {
            AtomicFiles.writeString(dir.resolve("a.png"), "new");
            AtomicFiles.writeString(dir.resolve("b.csv"), "new");
            AtomicFiles.writeString(dir.resolve("sub/c.csv"), "not staged: another folder");
            assertThat(Files.readString(old)).isEqualTo("old");
            assertThat(dir.resolve("a.png")).doesNotExist();
        }
        assertThat(Files.readString(old)).isEqualTo("old");
        assertThat(names()).containsExactly("b.csv", "sub");
        try (AtomicFiles.Staging s = AtomicFiles.Staging.begin(dir)) {
            AtomicFiles.writeString(dir.resolve("a.png"), "new");
            AtomicFiles.writeString(dir.resolve("b.csv"), "new");
            s.commit();
        }
        assertThat(Files.readString(old)).isEqualTo("new");
        assertThat(names()).containsExactly("a.png", "b.csv", "sub");
    }

    @Test
    void aKillLeavesATemporaryThatTheNextRunRemoves() throws IOException {
        Path f = dir.resolve("metrics.csv");
        AtomicFiles.writeString(f, "old");
        FaultInjection.install((point, path) -> {
            if (point.equals("rename")) {
                throw new FaultInjection.Crash(point);
            }
        });
        assertThatThrownBy(() -> AtomicFiles.writeString(f, "new")).isInstanceOf(FaultInjection.Crash.class);
        FaultInjection.clear();
        assertThat(names()).hasSize(2).anyMatch(n -> n.startsWith(".metrics.csv.tmp-"));
        Files.writeString(dir.resolve(".notes.txt.tmp-mine"), "not ours");
        assertThat(AtomicFiles.removeTemporaries(dir, n -> n.equals("metrics.csv"), p -> true)).isEqualTo(1);
        assertThat(names()).containsExactly(".notes.txt.tmp-mine", "metrics.csv");
        assertThat(Files.readString(f)).isEqualTo("old");
    }

    @Test
    void aFolderSwapKilledAtAnyStepIsCompletedByRecovery() throws IOException {
        for (String point : List.of("write", "folder-aside", "folder-rename", "folder-drop-old")) {
            Path target = dir.resolve(point);
            AtomicFiles.replaceFolder(target, d -> Files.writeString(d.resolve("v"), "old"));
            FaultInjection.install((p, path) -> {
                if (p.equals(point)) {
                    throw new FaultInjection.Crash(p);
                }
            });
            assertThatThrownBy(() -> AtomicFiles.replaceFolder(target, d -> Files.writeString(d.resolve("v"), "new")))
                    .isInstanceOf(FaultInjection.Crash.class);
            FaultInjection.clear();
            AtomicFiles.recoverFolder(target, p -> true);
            assertThat(Files.readString(target.resolve("v"))).as(point).isIn("old", "new");
            assertThat(names().stream().filter(n -> n.contains(point))).as(point).containsExactly(point);
        }
    }
}
