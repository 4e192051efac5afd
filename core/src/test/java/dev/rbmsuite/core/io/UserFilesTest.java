package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading user-named files: only readable regular files under a size limit, every failure one line naming the file. */
class UserFilesTest {
    @TempDir
    Path dir;

    @Test
    void readsARegularFileWithinTheLimit() throws IOException {
        Path f = dir.resolve("a.csv");
        Files.write(f, new byte[] {1, 2, 3, 4});
        assertThat(UserFiles.checkRegular(f, 4, "data file")).isEqualTo(4L);
        assertThat(UserFiles.readAll(f, 4, "data file")).containsExactly(1, 2, 3, 4);
        Path empty = dir.resolve("empty");
        Files.createFile(empty);
        assertThat(UserFiles.readAll(empty, 0, "manifest")).isEmpty();
    }

    @Test
    void refusesAFileAboveTheLimitNamingBothSizes() throws IOException {
        Path f = dir.resolve("big.npy");
        Files.write(f, new byte[2048]);
        assertThatThrownBy(() -> UserFiles.readAll(f, 1024, ".npy array")).isInstanceOf(InputException.class)
                .hasMessage(f + ": the file is 2.00 KiB, larger than the 1.00 KiB limit for a .npy array");
        assertThatThrownBy(() -> UserFiles.checkRegular(f, 2047, ".npy array")).isInstanceOf(InputException.class)
                .hasMessageStartingWith(f + ": the file is 2.00 KiB");
    }

    @Test
    void refusesMissingFilesFoldersAndDevices() {
        Path missing = dir.resolve("nope.csv");
        assertThatThrownBy(() -> UserFiles.readAll(missing, 100, "data file")).isInstanceOf(InputException.class)
                .hasMessage(missing + ": file not found");
        assertThatThrownBy(() -> UserFiles.checkRegular(dir, 100, "manifest")).isInstanceOf(InputException.class)
                .hasMessage(dir + ": is a folder, expected a manifest");
        Path dev = Path.of("/dev/null");
        assumeTrue(Files.exists(dev) && !Files.isRegularFile(dev));
        assertThatThrownBy(() -> UserFiles.readAll(dev, 100, "data file")).isInstanceOf(InputException.class)
                .hasMessage("/dev/null: not a regular file (a device, pipe or socket), expected a data file");
    }

    @Test
    void refusesAnUnreadableFile() throws IOException {
        Path f = dir.resolve("secret.csv");
        Files.writeString(f, "1,0\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        assumeTrue(!Files.isReadable(f), "running as a user who can read any file (root)");
        assertThatThrownBy(() -> UserFiles.readAll(f, 100, "data file")).isInstanceOf(InputException.class)
                .hasMessage(f + ": permission denied (cannot read the data file)");
    }

    @Test
    void cannotReadTranslatesTheCauseIntoOneLine() {
        Path f = Path.of("x.npy");
        IOException other = new IOException("disk on fire");
        assertThat(UserFiles.cannotRead(f, new NoSuchFileException("x.npy"))).hasMessage("x.npy: file not found");
        assertThat(UserFiles.cannotRead(f, new AccessDeniedException("x.npy"))).hasMessage("x.npy: permission denied");
        InputException e = UserFiles.cannotRead(f, other);
        assertThat(e).hasMessage("x.npy: cannot read (IOException: disk on fire)").hasCause(other);
        assertThat(e.getMessage()).doesNotContain("\n");
    }
}
