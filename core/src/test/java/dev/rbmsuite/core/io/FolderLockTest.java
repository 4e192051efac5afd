package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer per folder: a second writer (another process, or another writer in this one) is
 * refused and told who holds the folder; a lock left by a killed process is taken over; a released
 * lock leaves no file behind.
 */
class FolderLockTest {
    @TempDir
    Path dir;

    /** Holds the lock named by its argument until its standard input closes (run as a process). */
    public static final class Holder {
        private Holder() {
        }

        /**
         * @param args the lock file
         * @throws Exception on failure
         */
        @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
        public static void main(String[] args) throws Exception {
            Path file = Path.of(args[0]);
            try (FolderLock lock = FolderLock.acquire(file, file.getParent(), "test holder")) {
                System.out.println("locked");
                System.out.flush();
                System.in.read();
            }
        }
    }

    /**
     * Starts a {@link Holder} process on a lock file and waits until it holds the lock.
     *
     * @param file the lock file
     * @return the running holder; destroy it to release the lock
     * @throws IOException if it cannot be started
     */
    static Process startHolder(Path file) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Holder.class.getName(),
                file.toString()).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        if (!"locked".equals(first)) {
            p.destroyForcibly();
            throw new IOException("the holder did not take " + file + ": " + first);
        }
        return p;
    }

    /**
     * Asks another process to take a lock file: it must be refused when this process holds the lock.
     *
     * @param file the lock file
     * @return the other process's output: its refusal, or "locked" if it took the lock
     * @throws Exception on failure
     */
    static String anotherProcessTries(Path file) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Holder.class.getName(),
                file.toString()).redirectErrorStream(true).start();
        try {
            p.getOutputStream().close(); // a holder that took the lock lets it go at once
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            return out;
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
    void otherHolderNamesAnotherLiveProcessButNeitherThisOneNorADeadOne() throws Exception {
        Path file = dir.resolve(OutputFolder.LOCK);
        assertThat(FolderLock.otherHolder(file)).isNull();
        Process p = startHolder(file);
        try {
            assertThat(FolderLock.otherHolder(file)).contains("pid " + p.pid()).contains("(test holder)")
                    .doesNotContain("#");
            assertThat(FolderLock.otherHolder(dir.resolve("sub/../" + OutputFolder.LOCK))).contains("pid " + p.pid());
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(file).exists();
        assertThat(FolderLock.otherHolder(file)).as("a stale lock file").isNull();

        Path link = Files.createSymbolicLink(dir.resolve("alias"), dir);
        try (FolderLock mine = FolderLock.acquire(file, dir, "rbm train")) {
            assertThat(FolderLock.otherHolder(file)).isNull();
            assertThat(FolderLock.otherHolder(link.resolve(OutputFolder.LOCK))).isNull();
            // asking (under any name) did not open and close the file: the lock is still this process's
            assertThat(anotherProcessTries(file)).contains("in use by another writer")
                    .contains("pid " + ProcessHandle.current().pid());
        }
    }

    @Test
    @SuppressWarnings("try") // the lock is a scope guard, held for the block and never referenced in it
    void aLockFileThatIsALinkIsRefusedAndWhatItPointsToIsLeftAlone() throws IOException {
        Path victim = Files.writeString(dir.resolve("thesis.tex"), "precious");
        Path run = Files.createDirectories(dir.resolve("run"));
        Path file = Files.createSymbolicLink(run.resolve(OutputFolder.LOCK), victim);
        assertThatThrownBy(() -> FolderLock.acquire(file, run, "rbm train")).isInstanceOf(InputException.class)
                .hasMessage(run + ": its lock file " + file + " is not a regular file (a link, folder, pipe or device); "
                        + "remove it if no rbm command is writing there");
        assertThat(victim).hasContent("precious");
        assertThat(Files.isSymbolicLink(file)).isTrue();
        // a folder in its place is refused the same way, and the lock can be taken once it is gone
        Files.delete(file);
        Files.createDirectory(file);
        assertThatThrownBy(() -> FolderLock.acquire(file, run, "rbm train")).isInstanceOf(InputException.class)
                .hasMessageContaining("is not a regular file");
        Files.delete(file);
        try (FolderLock lock = FolderLock.acquire(file, run, "rbm train")) {
            assertThat(file).isRegularFile();
        }
    }

    @Test
    void aSecondWriterInThisProcessIsRefusedNamingTheHolder() throws IOException {
        Path file = dir.resolve(OutputFolder.LOCK);
        try (FolderLock first = FolderLock.acquire(file, dir, "rbm train")) {
            assertThat(first.staleHolder()).isEmpty();
            assertThatThrownBy(() -> FolderLock.acquire(file, dir, "rbm train"))
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("in use by another writer")
                    .hasMessageContaining("pid " + ProcessHandle.current().pid())
                    .hasMessageContaining("(rbm train)")
                    .hasMessageNotContaining("#");
        }
        assertThat(file).doesNotExist();
        try (FolderLock again = FolderLock.acquire(file, dir, "rbm train")) {
            assertThat(again.staleHolder()).isEmpty();
        }
    }

    @Test
    void anotherProcessHoldsTheLockUntilItIsKilledThenItIsTakenOver() throws Exception {
        Path file = dir.resolve(OutputFolder.LOCK);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Holder.class.getName(),
                file.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).isEqualTo("locked");
            assertThat(p.isAlive()).as("holder alive, content %s", Files.readString(file)).isTrue();
            assertThatThrownBy(() -> FolderLock.acquire(file, dir, "rbm train"))
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("pid " + p.pid())
                    .hasMessageContaining("(test holder)");
            p.destroyForcibly();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(file).exists();
            try (FolderLock taken = FolderLock.acquire(file, dir, "rbm train")) {
                assertThat(taken.staleHolder()).contains("pid " + p.pid());
                assertThat(Files.readString(file)).contains("pid " + ProcessHandle.current().pid());
            }
            assertThat(file).doesNotExist();
        } finally {
            p.destroyForcibly();
        }
    }
}
