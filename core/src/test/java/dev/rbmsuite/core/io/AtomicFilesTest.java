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
        })).isInstanceOf(IOException.class).hasMessage("No space left on device");
        FaultInjection.install((point, path) -> {
            if (point.equals("rename")) {
                throw new IOException("No space left on device");
            }
        });
        assertThatThrownBy(() -> AtomicFiles.writeString(f, "new")).isInstanceOf(IOException.class);
        assertThat(Files.readString(f)).isEqualTo("old\n");
        assertThat(names()).containsExactly("keep.csv");
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
