package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which folders a command may write into, and what claiming one does. */
class OutputFolderTest {
    private static final OutputFolder.Kind RUN = new OutputFolder.Kind("training-run", "a training-run folder",
            n -> Set.of("manifest.json", "metrics.csv", "model").contains(n),
            d -> Files.exists(d.resolve("legacy.marker")));

    @TempDir
    Path tmp;

    @Test
    void newEmptyAndOwnFoldersAreAcceptedOthersRefused() throws IOException {
        assertThat(OutputFolder.check(tmp.resolve("new"), RUN, false)).isTrue();
        assertThat(tmp.resolve("new")).isDirectory();
        assertThat(OutputFolder.check(tmp.resolve("new"), RUN, false)).isFalse();

        Path own = Files.createDirectories(tmp.resolve("own"));
        Files.writeString(own.resolve("manifest.json"), "{\"format\":\"training-run\",\"version\":1}");
        Files.writeString(own.resolve("notes.txt"), "the user's, beside the run");
        assertThat(OutputFolder.check(own, RUN, false)).isFalse();

        Path legacy = Files.createDirectories(tmp.resolve("legacy"));
        Files.writeString(legacy.resolve("legacy.marker"), "");
        assertThat(OutputFolder.recognises(legacy, RUN)).isTrue();

        Path model = Files.createDirectories(tmp.resolve("model"));
        Files.writeString(model.resolve("manifest.json"), "{\"format\":\"rbm-stack\",\"version\":1}");
        assertThatThrownBy(() -> OutputFolder.check(model, RUN, false)).isInstanceOf(InputException.class)
                .hasMessageContaining("not a training-run folder").hasMessageContaining("format \"rbm-stack\"");
        assertThatThrownBy(() -> OutputFolder.check(model, RUN, true)).isInstanceOf(InputException.class)
                .hasMessageContaining("manifest.json: exists and was not written as a training-run folder");

        Path broken = Files.createDirectories(tmp.resolve("broken"));
        Files.writeString(broken.resolve("manifest.json"), "{not json");
        assertThatThrownBy(() -> OutputFolder.check(broken, RUN, false)).isInstanceOf(InputException.class)
                .hasMessageContaining("not one of the suite's");

        Path foreign = Files.createDirectories(tmp.resolve("foreign"));
        Files.writeString(foreign.resolve("thesis.tex"), "");
        assertThatThrownBy(() -> OutputFolder.check(foreign, RUN, false)).isInstanceOf(InputException.class)
                .hasMessageContaining("thesis.tex").hasMessageContaining("--force");
        assertThat(OutputFolder.check(foreign, RUN, true)).isFalse();

        Path file = Files.writeString(tmp.resolve("file"), "");
        assertThatThrownBy(() -> OutputFolder.check(file, RUN, true)).isInstanceOf(InputException.class)
                .hasMessageContaining("not a folder");
    }

    @Test
    @SuppressWarnings("try") // the folder's claim is a scope guard, held for the block and never referenced in it
    void aFolderNamedThroughALinkAndDotDotIsCreatedLockedAndWrittenInOnePlace() throws IOException {
        // link -> inner/sub: "link/../x" is inner/x to the operating system but tmp/x to the suite's
        // writers (AtomicFiles, FolderLock normalise the path); the claim must create the folder it locks
        Path sub = Files.createDirectories(tmp.resolve("inner").resolve("sub"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), sub);
        Path out = link.resolve("..").resolve("x");
        try (OutputFolder.Claim claim = OutputFolder.claim(out, RUN, false, "test")) {
            assertThat(tmp.resolve("x").resolve(OutputFolder.LOCK)).isRegularFile();
            assertThat(tmp.resolve("inner").resolve("x")).doesNotExist();
        }
        assertThat(tmp.resolve("x")).doesNotExist();
    }

    @Test
    void temporariesAndLocksAreNotForeignAndAClaimRemovesTheTemporaries() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve(".metrics.csv.tmp-1-2"), "partial");
        Files.writeString(dir.resolve(OutputFolder.LOCK), "pid 1 (dead)");
        Files.createDirectories(dir.resolve("model/layer0"));
        Files.writeString(dir.resolve("model/layer0/.W.npy.tmp-3-4"), "partial");
        Files.writeString(dir.resolve("manifest.json"), "{\"format\":\"training-run\",\"version\":1}");
        assertThat(OutputFolder.entries(dir)).containsExactly("manifest.json", "model");
        try (OutputFolder.Claim claim = OutputFolder.claim(dir, RUN, false, "test")) {
            assertThat(claim.staleHolder()).isEqualTo("pid 1 (dead)");
            assertThat(dir.resolve(".metrics.csv.tmp-1-2")).doesNotExist();
            assertThat(dir.resolve("model/layer0/.W.npy.tmp-3-4")).doesNotExist();
        }
        assertThat(dir.resolve(OutputFolder.LOCK)).doesNotExist();
    }

    @Test
    @SuppressWarnings("try") // the folder's claim is a scope guard, held for the block and never referenced in it
    void aFolderCreatedByAClaimThatWroteNothingIsRemovedAgain() throws IOException {
        Path dir = tmp.resolve("fresh");
        try (OutputFolder.Claim claim = OutputFolder.claim(dir, RUN, false, "test")) {
            assertThat(dir).isDirectory();
        }
        assertThat(dir).doesNotExist();
    }

    @Test
    void aWriterInsideAFolderThatAnotherProcessHoldsIsRefusedNamingTheHolder() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), run);
        Process holder = FolderLockTest.startHolder(run.resolve(OutputFolder.LOCK));
        try {
            String pid = "pid " + holder.pid();
            for (Path inside : List.of(run, run.resolve("model"), run.resolve("a/b/out.csv"), link.resolve("model"))) {
                assertThatThrownBy(() -> OutputFolder.refuseHeldAbove(inside)).as(inside.toString())
                        .isInstanceOf(InputException.class).hasMessageStartingWith(inside.toString())
                        .hasMessageContaining("in use by another writer").hasMessageContaining(pid)
                        .hasMessageContaining("(test holder)");
            }
            assertThatThrownBy(() -> OutputFolder.refuseHeldAbove(run.resolve("model")))
                    .hasMessageContaining("inside " + run.toRealPath() + ", which is in use");
            assertThatThrownBy(() -> OutputFolder.claim(run.resolve("sub"), RUN, false, "test"))
                    .isInstanceOf(InputException.class).hasMessageContaining(pid);
            assertThatThrownBy(() -> ModelStore.save(RbmStack.xavier(3, new int[] {2}, Rng.seeded(1)),
                    run.resolve("model"), Map.of())).isInstanceOf(InputException.class).hasMessageContaining(pid);
            assertThat(OutputFolder.entries(run)).isEmpty();
            // a sibling of the held folder is free
            OutputFolder.refuseHeldAbove(tmp.resolve("elsewhere/model"));
        } finally {
            holder.destroyForcibly();
            holder.waitFor(30, TimeUnit.SECONDS);
        }
        // the holder is dead: its lock file is stale and covers nothing
        OutputFolder.refuseHeldAbove(run.resolve("model"));
        ModelStore.save(RbmStack.xavier(3, new int[] {2}, Rng.seeded(1)), run.resolve("model"), Map.of());
        assertThat(run.resolve("model/manifest.json")).exists();
    }

    @Test
    void aModelFolderThatAnotherProcessIsSavingCoversItsLayers() throws Exception {
        Process holder = FolderLockTest.startHolder(tmp.resolve(".m" + OutputFolder.LOCK));
        try {
            for (Path inside : List.of(tmp.resolve("m"), tmp.resolve("m/layer0"))) {
                assertThatThrownBy(() -> OutputFolder.refuseHeldAbove(inside)).isInstanceOf(InputException.class)
                        .hasMessageContaining("pid " + holder.pid());
            }
            OutputFolder.refuseHeldAbove(tmp.resolve("m2"));
        } finally {
            holder.destroyForcibly();
            holder.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    @SuppressWarnings("try") // the folder's claim is a scope guard, held for the block and never referenced in it
    void foldersThisProcessHoldsAreItsOwn() throws IOException {
        Path run = tmp.resolve("run");
        try (OutputFolder.Claim claim = OutputFolder.claim(run, RUN, false, "test")) {
            OutputFolder.refuseHeldAbove(run.resolve("model"));
            ModelStore.save(RbmStack.xavier(3, new int[] {2}, Rng.seeded(1)), run.resolve("model"), Map.of());
            // the claim is still held: a second claim of this process is refused
            assertThatThrownBy(() -> FolderLock.acquire(run.resolve(OutputFolder.LOCK), run, "test"))
                    .isInstanceOf(InputException.class).hasMessageContaining("in use by another writer");
        }
        assertThat(run.resolve("model/manifest.json")).exists();
    }
}
