package dev.rbmsuite.core.io;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reading a file a user named: only regular files (a device such as /dev/zero or a FIFO would be read
 * without end or block), only up to a size limit, and every failure as an {@link InputException}
 * naming the file. Every reader of user files (.npy, manifests, data CSVs) goes through here.
 */
public final class UserFiles {
    private UserFiles() {
    }

    /**
     * Checks that {@code file} is a readable regular file of at most {@code maxBytes} bytes.
     *
     * @param file the file
     * @param maxBytes the largest size accepted
     * @param what what the file should be, for the message (".npy array", "manifest", "data file")
     * @return its size in bytes
     * @throws InputException naming the file otherwise
     */
    public static long checkRegular(Path file, long maxBytes, String what) {
        if (!Files.exists(file)) {
            throw new InputException(file + ": file not found");
        }
        if (Files.isDirectory(file)) {
            throw new InputException(file + ": is a folder, expected a " + what);
        }
        if (!Files.isRegularFile(file)) {
            throw new InputException(file + ": not a regular file (a device, pipe or socket), expected a " + what);
        }
        if (!Files.isReadable(file)) {
            throw new InputException(file + ": permission denied (cannot read the " + what + ")");
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
        if (size > maxBytes) {
            throw new InputException(String.format(Locale.ROOT, "%s: %s is %s, larger than the %s limit for a %s", file,
                    "the file", Memory.human(size), Memory.human(maxBytes), what));
        }
        return size;
    }

    /**
     * Reads a whole regular file of at most {@code maxBytes} bytes (also bounded by the heap).
     *
     * @param file the file
     * @param maxBytes the largest size accepted
     * @param what what the file should be, for messages
     * @return its bytes
     * @throws InputException naming the file on any failure
     */
    public static byte[] readAll(Path file, long maxBytes, String what) {
        long size = checkRegular(file, Math.min(maxBytes, Memory.MAX_ARRAY_LENGTH), what);
        Memory.require(2 * size, file.toString() + " (" + what + ")");
        try {
            byte[] b = Files.readAllBytes(file);
            if (b.length > maxBytes) {
                throw new InputException(file + ": grew beyond the " + Memory.human(maxBytes) + " limit while being read");
            }
            return b;
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
    }

    /**
     * @param file the file that failed
     * @param e the failure
     * @return an input error naming the file and the cause in one line
     */
    public static InputException cannotRead(Path file, IOException e) {
        if (e instanceof NoSuchFileException) {
            return new InputException(file + ": file not found", e);
        }
        if (e instanceof AccessDeniedException) {
            return new InputException(file + ": permission denied", e);
        }
        return new InputException(file + ": cannot read (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
    }
}
