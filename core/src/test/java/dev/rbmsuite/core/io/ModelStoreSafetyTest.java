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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saving a model never deletes what is not a model and never leaves the folder without a complete
 * model: refusals of foreign folders, {@code force} beside foreign files, and a simulated kill at
 * every step of the swap.
 */
class ModelStoreSafetyTest {
    @TempDir
    Path tmp;

    @AfterEach
    void clearHook() {
        FaultInjection.clear();
    }

    private static RbmStack stack(long seed, int... hidden) {
        return RbmStack.gaussian(5, hidden, 0.7, Rng.seeded(seed));
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFolderWithAForeignManifestIsRefusedAndKept() throws IOException {
        Path dir = tmp.resolve("project");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("manifest.json"), "{\"name\":\"my project\"}");
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> ModelStore.save(stack(1, 4), dir, Map.of()))
                .isInstanceOf(InputException.class).hasMessageContaining("not a model folder")
                .hasMessageContaining("--force");
        assertThatThrownBy(() -> ModelStore.save(stack(1, 4), dir, Map.of(), true))
                .isInstanceOf(InputException.class).hasMessageContaining("manifest.json: exists and is not part of a model");
        assertThat(names(dir)).containsExactly("manifest.json", "notes.txt");
        assertThat(Files.readString(dir.resolve("manifest.json"))).isEqualTo("{\"name\":\"my project\"}");
        assertThat(names(tmp)).containsExactly("project");
    }

    @Test
    void theFileSystemsRootIsRefusedAsAModelFolderNotAnInternalError() {
        // 'rbm init --out /' ended in a NullPointerException (the root has no parent to swap it in)
        for (Path root : new Path[] {Path.of("/"), Path.of("/tmp/..")}) {
            for (boolean force : new boolean[] {false, true}) {
                assertThatThrownBy(() -> ModelStore.save(stack(1, 4), root, Map.of(), force))
                        .isInstanceOf(InputException.class)
                        .hasMessage(root + ": the file system's root cannot be a model folder; name a folder below it");
            }
        }
    }

    @Test
    void aTrainingRunFolderIsRefusedAndKept() throws IOException {
        Path dir = tmp.resolve("run");
        Files.createDirectories(dir.resolve("model"));
        Files.writeString(dir.resolve("manifest.json"), "{\"format\":\"training-run\",\"version\":1}");
        Files.writeString(dir.resolve("checkpoint.bin"), "state");
        Files.writeString(dir.resolve("metrics.csv"), "epoch\n");
        assertThatThrownBy(() -> ModelStore.save(stack(1, 4), dir, Map.of()))
                .isInstanceOf(InputException.class).hasMessageContaining("format \"training-run\"");
        assertThat(names(dir)).containsExactly("checkpoint.bin", "manifest.json", "metrics.csv", "model");
    }

    @Test
    void foreignFilesWithoutManifestAreRefusedUnlessForcedAndThenKept() throws IOException {
        Path dir = tmp.resolve("mine");
        Files.createDirectories(dir.resolve("sub"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> ModelStore.save(stack(1, 4), dir, Map.of()))
                .isInstanceOf(InputException.class).hasMessageContaining("notes.txt");
        ModelStore.save(stack(1, 4), dir, Map.of(), true);
        assertThat(ModelStore.load(dir)).isEqualTo(stack(1, 4));
        assertThat(names(dir)).containsExactly("layer0", "manifest.json", "notes.txt", "sub");
        // a forced save over it again replaces only the model's files, stale layers included
        ModelStore.save(stack(2, 4, 3), dir, Map.of(), true);
        ModelStore.save(stack(3, 4), dir, Map.of(), true);
        assertThat(ModelStore.load(dir)).isEqualTo(stack(3, 4));
        assertThat(names(dir)).containsExactly("layer0", "manifest.json", "notes.txt", "sub");
        assertThat(Files.readString(dir.resolve("notes.txt"))).isEqualTo("mine");
        // without force, a model folder with other files in it is refused
        assertThatThrownBy(() -> ModelStore.save(stack(1, 4), dir, Map.of()))
                .isInstanceOf(InputException.class).hasMessageContaining("also holds other files");
    }

    @Test
    void aRegularFileIsRefused() throws IOException {
        Path f = Files.writeString(tmp.resolve("file"), "x");
        assertThatThrownBy(() -> ModelStore.save(stack(1, 4), f, Map.of(), true))
                .isInstanceOf(InputException.class).hasMessageContaining("not a folder");
        assertThat(Files.readString(f)).isEqualTo("x");
    }

    @Test
    void anEmptyFolderAndAModelFolderAreReplacedWithNoLeftovers() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("m"));
        ModelStore.save(stack(1, 4, 3), dir, Map.of());
        ModelStore.save(stack(2, 4), dir, Map.of());
        assertThat(ModelStore.load(dir)).isEqualTo(stack(2, 4));
        assertThat(names(tmp)).containsExactly("m");
        assertThat(names(dir)).containsExactly("layer0", "manifest.json");
    }

    @Test
    void aKillAtAnyStepOfTheSwapLeavesTheOldOrTheNewModel() throws IOException {
        for (String point : List.of("write", "folder-aside", "folder-rename", "folder-drop-old")) {
            Path dir = tmp.resolve(point);
            ModelStore.save(stack(1, 4), dir, Map.of());
            FaultInjection.install((p, path) -> {
                if (p.equals(point)) {
                    throw new FaultInjection.Crash(p);
                }
            });
            assertThatThrownBy(() -> ModelStore.save(stack(2, 4, 3), dir, Map.of())).isInstanceOf(FaultInjection.Crash.class);
            FaultInjection.clear();
            RbmStack seen = ModelStore.load(dir);
            assertThat(seen).as(point).isIn(stack(1, 4), stack(2, 4, 3));
            ModelStore.save(stack(3, 4), dir, Map.of());
            assertThat(ModelStore.load(dir)).isEqualTo(stack(3, 4));
            assertThat(names(tmp).stream().filter(n -> n.contains(point))).as(point).containsExactly(point);
        }
    }

    @Test
    void aFailedWriteLeavesTheOldModelAndNoTemporaryFolder() throws IOException {
        Path dir = tmp.resolve("m");
        ModelStore.save(stack(1, 4), dir, Map.of());
        for (String point : List.of("write", "folder-aside", "folder-rename", "folder-drop-old")) {
            FaultInjection.install((p, path) -> {
                if (p.equals(point)) {
                    throw new IOException("No space left on device");
                }
            });
            assertThatThrownBy(() -> ModelStore.save(stack(2, 4), dir, Map.of())).isInstanceOf(OutputException.class)
                    .hasMessageContaining("cannot write (No space left on device)");
            FaultInjection.clear();
            RbmStack seen = ModelStore.load(dir);
            assertThat(seen).as(point).isEqualTo(point.equals("folder-drop-old") ? stack(2, 4) : stack(1, 4));
            ModelStore.save(stack(1, 4), dir, Map.of());
        }
        assertThat(names(tmp)).containsExactly("m");
    }
}
