package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
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
    void aFolderCreatedByAClaimThatWroteNothingIsRemovedAgain() throws IOException {
        Path dir = tmp.resolve("fresh");
        try (OutputFolder.Claim claim = OutputFolder.claim(dir, RUN, false, "test")) {
            assertThat(dir).isDirectory();
        }
        assertThat(dir).doesNotExist();
    }
}
