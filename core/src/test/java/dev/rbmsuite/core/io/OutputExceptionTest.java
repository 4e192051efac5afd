package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The one-line reason of an unwritable output, by kind of failure; it is the user's to fix (an input error). */
class OutputExceptionTest {
    private static final Path OUT = Path.of("/out/model");

    @Test
    void namesTheTargetAndTheReason() {
        IOException full = new FileSystemException("/out/model.tmp", null, "No space left on device");
        OutputException e = new OutputException(OUT, full);
        assertThat(e).isInstanceOf(InputException.class).hasCause(full)
                .hasMessage("/out/model: cannot write (No space left on device)");
    }

    @Test
    void mapsEachKindOfFailureToItsWords() {
        assertThat(new OutputException(OUT, new AccessDeniedException("/out/model")))
                .hasMessage("/out/model: cannot write (permission denied)");
        assertThat(new OutputException(OUT, new NoSuchFileException("/out/model")))
                .hasMessage("/out/model: cannot write (no such file or folder)");
        assertThat(new OutputException(OUT, new FileAlreadyExistsException("/out")))
                .hasMessage("/out/model: cannot write (/out is in the way: not a folder, or a link to nothing or a loop of links)");
        assertThat(new OutputException(OUT, new NotDirectoryException("/out")))
                .hasMessage("/out/model: cannot write (/out is not a folder)");
        assertThat(new OutputException(OUT, new IOException("Read-only file system")))
                .hasMessage("/out/model: cannot write (Read-only file system)");
        assertThat(new OutputException(OUT, new IOException()))
                .hasMessage("/out/model: cannot write (IOException)");
        assertThat(new OutputException(OUT, new IOException("  ")))
                .hasMessage("/out/model: cannot write (IOException)");
    }
}
