package dev.rbmsuite.plots.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a file atomically: the content goes to a temporary file in the target's folder, which is then moved
 * over the target. Readers see either the old file or the complete new one, never a partial file; on failure
 * the temporary file is deleted and the target is untouched.
 */
public final class AtomicFiles {

    /** Writes content to a stream; may throw {@link IOException}. */
    @FunctionalInterface
    public interface StreamWriter {
        /**
         * @param out the stream to write to (buffered; closed by the caller)
         * @throws IOException on failure
         */
        void writeTo(OutputStream out) throws IOException;
    }

    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    /**
     * Writes {@code target} atomically, creating missing parent folders.
     *
     * @param target the file to create or replace
     * @param writer produces the content
     * @throws IOException if writing or moving fails (the target is then unchanged)
     */
    public static void write(Path target, StreamWriter writer) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        // not Files.createTempFile: that creates owner-only files, and the move would keep those permissions
        Path tmp = dir.resolve("." + abs.getFileName() + "." + ProcessHandle.current().pid() + "."
                + COUNTER.incrementAndGet() + ".tmp");
        boolean done = false;
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE))) {
                writer.writeTo(out);
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /**
     * Writes bytes atomically.
     *
     * @param target the file to create or replace
     * @param bytes the content
     * @throws IOException on failure
     */
    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, out -> out.write(bytes));
    }
}
