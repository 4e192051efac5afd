package dev.rbmsuite.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextFilesTest {

    @TempDir
    Path dir;

    @Test
    void readsUtf8TextThroughTheParser() throws IOException {
        Path file = dir.resolve("a.txt");
        Files.writeString(file, "\u00e9t\u00e9\nsecond", StandardCharsets.UTF_8);
        String first = TextFiles.read(file, r -> new BufferedReader(r).readLine());
        assertThat(first).isEqualTo("\u00e9t\u00e9");
    }

    @Test
    void failuresBecomeOneLineInputExceptionsNamingTheFile() throws IOException {
        Path missing = dir.resolve("missing.csv");
        assertThatThrownBy(() -> TextFiles.read(missing, r -> r.read()))
                .isInstanceOf(InputException.class).hasMessage(missing + ": no such file");

        Path latin1 = dir.resolve("latin1.csv");
        Files.write(latin1, new byte[] {'v', '0', '\n', (byte) 0xE9, (byte) 0xFF, '\n'});
        assertThatThrownBy(() -> TextFiles.read(latin1, r -> {
            while (r.read() >= 0) {
                continue;
            }
            return null;
        }))
                .isInstanceOf(InputException.class).hasMessage(latin1 + ": not a UTF-8 text file");

        Path other = dir.resolve("other.csv");
        Files.writeString(other, "x");
        assertThatThrownBy(() -> TextFiles.read(other, r -> {
            throw new IOException("disk on fire");
        })).isInstanceOf(InputException.class).hasMessage(other + ": cannot be read: disk on fire")
                .hasCauseInstanceOf(IOException.class);
    }

    @Test
    void theParsersInputExceptionsPassThroughUnchanged() throws IOException {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, "x");
        InputException own = new InputException("bad.csv:1: broken");
        assertThatThrownBy(() -> TextFiles.read(file, r -> {
            throw own;
        })).isSameAs(own);
    }
}
