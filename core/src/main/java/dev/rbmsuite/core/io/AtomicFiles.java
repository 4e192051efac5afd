package dev.rbmsuite.core.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The suite's one atomic writer: every output file and model folder of every module is written
 * through it, so that a reader, a crash or a kill sees either the old content or the complete new
 * one, never a partial file.
 *
 * <p><b>Files</b> ({@link #write(Path, StreamWriter)}): the content goes to {@code .NAME.tmp-PID-N}
 * in the target's folder, which is then renamed over the target. <b>Folders</b>
 * ({@link #replaceFolder}): the content goes to a sibling folder {@code .NAME.tmp-PID-N/}; an existing
 * target is renamed aside to {@code .NAME.old/}, the new folder renamed into place and the old one
 * deleted, so at every instant one complete folder (old or new) is on disk; {@link #recoverFolder}
 * completes an interrupted swap. On an exception the temporary file or folder is removed and the
 * target is unchanged; after a kill (or a simulated one, {@link FaultInjection.Crash}) the temporary
 * is left and {@link #removeTemporaries} removes it at the next run.
 *
 * <p><b>One permission policy.</b> Temporary files and folders are created with the default
 * permissions (0666 / 0777 less the umask, usually {@code rw-r--r--} / {@code rwxr-xr-x}), never
 * owner-only, so every output is readable like any other file its user writes.
 *
 * <p>A write that fails (a full disk, a read-only folder) throws {@link IOException} with the
 * target named; the command line reports it in one line.
 */
public final class AtomicFiles {
    /** Writes content to a stream; may throw {@link IOException}. */
    @FunctionalInterface
    public interface StreamWriter {
        /**
         * @param out the stream to write to (buffered; flushed and closed by the caller)
         * @throws IOException on failure
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /** Fills a new folder; may throw {@link IOException}. */
    @FunctionalInterface
    public interface FolderWriter {
        /**
         * @param dir an empty folder to fill (it becomes the target when complete)
         * @throws IOException on failure
         */
        void fill(Path dir) throws IOException;
    }

    private static final AtomicLong COUNTER = new AtomicLong();
    /** Temporaries being written now, removed by a shutdown hook if the JVM exits on a signal. */
    private static final Set<Path> IN_FLIGHT = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Path p : IN_FLIGHT) {
                try {
                    deleteTree(p);
                } catch (IOException | RuntimeException ignored) {
                    // best effort: the next run removes what is left
                }
            }
        }, "rbm-temporaries"));
    }

    private AtomicFiles() {
    }

    /**
     * Writes {@code target} atomically, creating missing parent folders.
     *
     * @param target the file to create or replace
     * @param writer produces the content
     * @throws IOException if writing or renaming fails (the target is then unchanged)
     */
    public static void write(Path target, StreamWriter writer) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path tmp = temporary(abs);
        IN_FLIGHT.add(tmp);
        try {
            FaultInjection.at("write", abs);
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), 1 << 16)) {
                writer.writeTo(out);
            }
            FaultInjection.at("rename", abs);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        } finally {
            IN_FLIGHT.remove(tmp);
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

    /**
     * Writes text atomically as UTF-8.
     *
     * @param target the file to create or replace
     * @param text the content
     * @throws IOException on failure
     */
    public static void writeString(Path target, String text) throws IOException {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes a folder atomically: fills a sibling temporary folder, then swaps it in by renames (see
     * the class comment). The caller decides whether an existing {@code target} may be replaced and
     * should call {@link #recoverFolder} first.
     *
     * @param target the folder to create or replace
     * @param writer fills the new folder
     * @throws IOException on failure (the old folder, if any, is then in place)
     */
    public static void replaceFolder(Path target, FolderWriter writer) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Files.createDirectories(abs.getParent());
        Path tmp = temporary(abs);
        IN_FLIGHT.add(tmp);
        try {
            Files.createDirectory(tmp);
            FaultInjection.at("write", abs);
            writer.fill(tmp);
        } catch (IOException | RuntimeException e) {
            deleteTree(tmp);
            throw e;
        } finally {
            IN_FLIGHT.remove(tmp);
        }
        boolean existed = Files.exists(abs, LinkOption.NOFOLLOW_LINKS);
        Path old = aside(abs);
        if (existed) {
            FaultInjection.at("folder-aside", abs);
            Files.move(abs, old, StandardCopyOption.ATOMIC_MOVE);
        }
        try {
            FaultInjection.at("folder-rename", abs);
            Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            if (existed) {
                Files.move(old, abs, StandardCopyOption.ATOMIC_MOVE);
            }
            deleteTree(tmp);
            throw e;
        }
        if (existed) {
            FaultInjection.at("folder-drop-old", abs);
            deleteTree(old);
        }
    }

    /**
     * @param target a folder written by {@link #replaceFolder}
     * @return the sibling it is renamed to while its replacement moves in, {@code .NAME.old}
     */
    public static Path aside(Path target) {
        Path abs = target.toAbsolutePath().normalize();
        return abs.resolveSibling("." + abs.getFileName() + ".old");
    }

    /**
     * Completes an interrupted {@link #replaceFolder}: restores the old folder if the swap stopped
     * between its renames, drops it if the swap stopped after them, and removes the target's
     * temporary folders. Only folders {@code own} accepts are moved or deleted.
     *
     * @param target the folder
     * @param own whether a folder holds nothing but what the writer writes (a complete copy or a
     *     partial temporary one)
     * @throws IOException if a rename or deletion fails
     */
    public static void recoverFolder(Path target, Predicate<Path> own) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path old = aside(abs);
        if (Files.isDirectory(old, LinkOption.NOFOLLOW_LINKS) && own.test(old)) {
            if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
                Files.move(old, abs, StandardCopyOption.ATOMIC_MOVE);
            } else if (own.test(abs)) {
                deleteTree(old);
            }
        }
        removeTemporaries(abs.getParent(), name -> name.equals(abs.getFileName().toString()), own);
    }

    /**
     * Removes temporary files and folders of interrupted writes, {@code .NAME.tmp-*}, from a folder
     * (not recursively), for the names a command writes. Call it only while holding the folder's lock
     * (another writer's temporaries would go too).
     *
     * @param dir the folder
     * @param names the target names whose temporaries may go
     * @param ownFolder whether a temporary folder holds only what the writer writes (a folder it does
     *     not accept is kept)
     * @return how many were removed
     * @throws IOException if the folder cannot be listed or an entry removed
     */
    public static int removeTemporaries(Path dir, Predicate<String> names, Predicate<Path> ownFolder)
            throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        int removed = 0;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toArray(Path[]::new)) {
                var m = OutputFolder.TEMPORARY.matcher(p.getFileName().toString());
                if (!m.matches() || !names.test(m.group(1)) || IN_FLIGHT.contains(p.toAbsolutePath().normalize())) {
                    continue;
                }
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && !ownFolder.test(p)) {
                    continue;
                }
                deleteTree(p);
                removed++;
            }
        }
        return removed;
    }

    /** @return a fresh temporary name beside {@code abs}: {@code .NAME.tmp-PID-N} */
    private static Path temporary(Path abs) {
        return abs.resolveSibling("." + abs.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                + COUNTER.incrementAndGet());
    }

    /**
     * Deletes a file or a folder with everything in it (symbolic links are removed, not followed).
     *
     * @param p the path; nothing happens if it does not exist
     * @throws IOException if an entry cannot be deleted
     */
    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toArray(Path[]::new)) {
                Files.deleteIfExists(q);
            }
        }
    }
}
