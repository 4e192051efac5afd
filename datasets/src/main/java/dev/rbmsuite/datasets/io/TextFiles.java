package dev.rbmsuite.datasets.io;

import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.io.UserFiles;
import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opens a user's UTF-8 text file for a parser and turns the ways opening or reading it can fail into one-line
 * {@link InputException}s naming the file (docs/contract.md: bad input exits with code 2 and one line). Shared by
 * the CSV data files ({@link DatasetCsv}) and the UCI tables ({@code dev.rbmsuite.datasets.uci.UciReader}),
 * so that both report missing, unreadable and non-UTF-8 files in the same words.
 */
public final class TextFiles {
    private TextFiles() {
    }

    /**
     * Parses a character stream (the stream is closed by {@link #read}).
     *
     * @param <T> what the parser produces
     */
    @FunctionalInterface
    public interface Parser<T> {
        /**
         * @param reader the file's text
         * @return the parsed content
         * @throws IOException if reading fails
         */
        T parse(Reader reader) throws IOException;
    }

    /**
     * Opens {@code file} as UTF-8 text, hands it to {@code parser} and closes it.
     *
     * @param <T> what the parser produces
     * @param file the file
     * @param parser the parser; the {@link InputException}s it throws pass through unchanged
     * @return what the parser returned
     * @throws InputException "FILE: not a regular file" (devices, pipes), a file too large for the memory,
     *         "FILE: no such file", "FILE: permission denied", "FILE: not a UTF-8 text file"
     *         or "FILE: cannot be read: ..." (with the cause) for any other I/O failure
     */
    public static <T> T read(Path file, Parser<T> parser) {
        if (Files.exists(file) && !Files.isDirectory(file)) {
            // Only regular files (a device such as /dev/zero or a FIFO would be read without end or
            // block), and only as large as the parsed rows can be held: each byte of "0," becomes at
            // most about ten bytes of rows and of the final array.
            long size = UserFiles.checkRegular(file, Long.MAX_VALUE, "text file");
            Memory.require(Memory.bytes(10, size), file + " (a " + Memory.human(size) + " text file, parsed in memory)");
        }
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parser.parse(reader);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new InputException(file + ": permission denied");
        } catch (CharacterCodingException e) {
            throw new InputException(file + ": not a UTF-8 text file");
        } catch (IOException e) {
            throw new InputException(file + ": cannot be read: " + e.getMessage(), e);
        }
    }
}
