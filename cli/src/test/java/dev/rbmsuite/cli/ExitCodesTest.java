package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RangeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** Exit codes by cause: the user's input, paths and disk give 2; impossible results and defects give 1. */
class ExitCodesTest {
    @Test
    void userCausesGiveTwoNamingThePath() {
        ExitCodes.Outcome denied = ExitCodes.of(new AccessDeniedException("/data/out/metrics.csv"));
        assertThat(denied.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(denied.message()).startsWith("/data/out/metrics.csv: permission denied");
        assertThat(denied.internal()).isFalse();
        assertThat(ExitCodes.of(new AccessDeniedException("/ro/.s.csv.123.tmp")).message())
                .startsWith("/ro (writing .s.csv.123.tmp): permission denied");
        assertThat(ExitCodes.of(new UncheckedIOException(new FileAlreadyExistsException("/x/run"))).message())
                .startsWith("/x/run: already exists");
        ExitCodes.Outcome full = ExitCodes.of(new FileSystemException("/x/a.png", null, "No space left on device"));
        assertThat(full.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(full.message()).startsWith("/x/a.png: no space left");
        assertThat(ExitCodes.of(new IOException("No space left on device")).message())
                .startsWith("no space left on the device while writing the output");
        assertThat(ExitCodes.of(new FileSystemException("/ro/x", null, "Read-only file system")).code())
                .isEqualTo(Main.BAD_INPUT);
        ExitCodes.Outcome wrapped = ExitCodes.of(new ExecutionException(new RuntimeException(new InputException("f.csv:3: bad"))));
        assertThat(wrapped.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(wrapped.message()).isEqualTo("f.csv:3: bad");
        ExitCodes.Outcome oom = ExitCodes.of(new OutOfMemoryError("Java heap space"));
        assertThat(oom.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(oom.message()).startsWith("out of memory (Java heap space)").doesNotContain("\n");
    }

    @Test
    void impossibleResultsAndDefectsGiveOne() {
        ExitCodes.Outcome range = ExitCodes.of(new RangeException("tv = 3.66 must lie in [0, 1]"));
        assertThat(range.code()).isEqualTo(Main.INTERNAL_ERROR);
        assertThat(range.message()).isEqualTo("impossible result refused: tv = 3.66 must lie in [0, 1]");
        ExitCodes.Outcome npe = ExitCodes.of(new NullPointerException("x"));
        assertThat(npe.code()).isEqualTo(Main.INTERNAL_ERROR);
        assertThat(npe.message()).startsWith("internal error: ");
        assertThat(ExitCodes.of(new IOException("checksum mismatch")).code()).isEqualTo(Main.INTERNAL_ERROR);
        assertThat(ExitCodes.of(new FileSystemException("/x", null, "Input/output error")).code())
                .isEqualTo(Main.INTERNAL_ERROR);
    }

    /**
     * Issue 28, case 10: ND4J's native libraries that cannot be unpacked (a read-only cache and temporary
     * folder) reach the command line as a linkage error wrapped by ND4J's class initialiser: one line
     * naming the cache folder setting, exit 2.
     */
    @Test
    void nd4jsNativeLibrariesThatCannotBeLoadedGiveTwo() {
        UnsatisfiedLinkError cause = new UnsatisfiedLinkError(
                "java.io.IOException: Could not create the cache: Set the \"org.bytedeco.javacpp.cachedir\" system property.");
        Throwable failure = new ExceptionInInitializerError(new RuntimeException("ND4J is probably missing dependencies", cause));
        ExitCodes.Outcome o = ExitCodes.of(failure);
        assertThat(o.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(o.message()).contains("cannot load ND4J's native libraries").contains("org.bytedeco.javacpp.cachedir")
                .doesNotContain("\n");
    }
}
