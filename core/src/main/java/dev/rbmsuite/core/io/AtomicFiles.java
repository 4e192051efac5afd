package dev.rbmsuite.core.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * <p>A write that fails (a full disk, a read-only folder) throws {@link OutputException} (exit 2,
 * one line naming the target and the reason) and leaves no partial output. {@link Staging} makes a
 * set of files appear together or not at all.
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
    /** Folders whose direct files are being staged. */
    private static final Map<Path, Staging> STAGED = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(AtomicFiles::removeInFlight, "rbm-temporaries"));
    }

    /**
     * Removes the temporaries being written now (best effort: the next run removes what is left): what
     * the shutdown hook does when the JVM exits on a signal, and what a hook that ends the JVM itself
     * ({@code Runtime.halt}, which runs no other hook) calls first.
     */
    public static void removeInFlight() {
        for (Path p : IN_FLIGHT) {
            try {
                deleteTree(p);
            } catch (IOException | RuntimeException ignored) {
                // best effort: the next run removes what is left
            }
        }
    }

    private AtomicFiles() {
    }

    /**
     * Writes {@code target} atomically, creating missing parent folders.
     *
     * @param target the file to create or replace
     * @param writer produces the content
     * @throws OutputException if writing or renaming fails (the target is then unchanged)
     * @throws IOException declared for the writer
     */
    public static void write(Path target, StreamWriter writer) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        LinkGuard.refuseOnTheWay(abs);
        Path dir = abs.getParent();
        Path tmp = temporary(abs);
        boolean staged = false;
        Path made = null; // the outermost folder this write creates, removed again if it fails
        for (Path p = dir; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            made = p; // nothing by that name yet: not a folder, file or link of anyone's
        }
        IN_FLIGHT.add(tmp);
        try {
            Files.createDirectories(dir);
            FaultInjection.at("write", abs);
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), 1 << 16)) {
                writer.writeTo(out);
            }
            Staging staging = STAGED.get(dir);
            if (staging != null) {
                staging.add(abs, tmp);
                staged = true;
            } else {
                moveInto(tmp, abs);
            }
        } catch (IOException e) {
            OutputException failure = new OutputException(abs, e);
            deleteQuietly(tmp, failure);
            removeEmptyFolders(dir, made, failure);
            throw failure;
        } catch (RuntimeException e) {
            deleteQuietly(tmp, e);
            removeEmptyFolders(dir, made, e);
            throw e;
        } finally {
            if (!staged) {
                IN_FLIGHT.remove(tmp);
            }
        }
    }

    /**
     * After a failed write, removes the folders it created (from {@code dir} up to {@code made}, the
     * outermost), each only while it is empty: a full disk must not leave a trail of empty folders,
     * and a folder another writer has put something into meanwhile is kept.
     */
    private static void removeEmptyFolders(Path dir, Path made, Throwable failure) {
        if (made == null) {
            return;
        }
        for (Path p = dir; p != null && p.startsWith(made); p = p.getParent()) {
            try {
                Files.delete(p);
            } catch (DirectoryNotEmptyException | NoSuchFileException e) {
                return;
            } catch (IOException | RuntimeException e) {
                failure.addSuppressed(e);
                return;
            }
        }
    }

    /**
     * Removes the temporary of a failed write. The failure is what the user must see: a temporary
     * that cannot even be looked at (its folder is a link loop, say) must not replace it with an
     * internal error, so a second failure is only attached to the first; whatever is left is
     * removed at the next run.
     */
    private static void deleteQuietly(Path tmp, Throwable failure) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    private static void moveInto(Path tmp, Path abs) throws IOException {
        FaultInjection.at("rename", abs);
        try {
            Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Defers the renames of the files written directly into one folder (by any thread) until
     * {@link #commit()}, so that a set of files appears together or not at all: closed without a
     * commit (after a failure), it deletes the staged temporaries and the folder keeps its previous
     * files. A figure stages its images, tables and manifest this way.
     */
    public static final class Staging implements AutoCloseable {
        private final Path dir;
        private final Map<Path, Path> staged = new LinkedHashMap<>();

        private Staging(Path dir) {
            this.dir = dir;
        }

        /**
         * @param dir the folder whose direct files are staged
         * @return the staging; close it (after {@link #commit()} on success)
         */
        public static Staging begin(Path dir) {
            Path abs = dir.toAbsolutePath().normalize();
            Staging s = new Staging(abs);
            if (STAGED.putIfAbsent(abs, s) != null) {
                throw new IllegalStateException(abs + " is already being staged");
            }
            return s;
        }

        private synchronized void add(Path target, Path tmp) throws IOException {
            Path earlier = staged.remove(target);
            if (earlier != null) {
                Files.deleteIfExists(earlier);
                IN_FLIGHT.remove(earlier);
            }
            staged.put(target, tmp);
        }

        /**
         * Renames every staged file into place, in the order written.
         *
         * <p>When a rename fails (a full disk), the files this commit had already created (where no file
         * of that name was before) are removed again, so a new set of files appears whole or not at all
         * (a rebuilt figure had left its CSVs and PNG without its SVG and manifest); a file it had
         * already replaced keeps its new content.
         *
         * @throws OutputException if a rename fails (the files not yet renamed are dropped at close)
         */
        public synchronized void commit() {
            STAGED.remove(dir, this);
            List<Path> created = new ArrayList<>();
            var it = staged.entrySet().iterator();
            while (it.hasNext()) {
                var e = it.next();
                boolean existed = Files.exists(e.getKey(), LinkOption.NOFOLLOW_LINKS);
                try {
                    moveInto(e.getValue(), e.getKey());
                } catch (IOException ex) {
                    for (Path c : created) {
                        try {
                            Files.deleteIfExists(c);
                        } catch (IOException ignored) {
                            ex.addSuppressed(ignored);
                        }
                    }
                    throw new OutputException(e.getKey(), ex);
                }
                if (!existed) {
                    created.add(e.getKey());
                }
                IN_FLIGHT.remove(e.getValue());
                it.remove();
            }
        }

        /** Drops what was not committed. */
        @Override
        public synchronized void close() {
            STAGED.remove(dir, this);
            for (Path tmp : staged.values()) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // removed at the next run
                }
                IN_FLIGHT.remove(tmp);
            }
            staged.clear();
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
        LinkGuard.refuseOnTheWay(abs);
        try {
            swapFolder(abs, writer);
        } catch (IOException e) {
            throw new OutputException(abs, e);
        }
    }

    private static void swapFolder(Path abs, FolderWriter writer) throws IOException {
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
     * Puts a staged file or folder in place by one atomic rename, replacing a file of that name (the
     * one place besides this class's own writers where the suite renames: a command's staged data
     * file, a group of kept trials moved aside on a restart, a report staged for a new folder).
     *
     * @param from the staged file or folder
     * @param to its final name, on the same file system
     * @param replace whether an existing regular file {@code to} may be replaced
     * @param faultPoint the fault-injection point just before the rename ({@link FaultInjection})
     * @throws OutputException naming {@code to} if the rename fails
     */
    public static void rename(Path from, Path to, boolean replace, String faultPoint) {
        LinkGuard.refuseOnTheWay(to);
        try {
            FaultInjection.at(faultPoint, to);
            if (replace) {
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new OutputException(to, e);
        }
    }

    /**
     * Creates a folder and the missing folders above it ({@link Files#createDirectories}), refusing
     * first a symbolic link at it or on the way to it below a folder the command owns
     * ({@link LinkGuard#refuseFolderOnTheWay}): the folders a run fills are its own, never another
     * folder reached through a link.
     *
     * @param dir the folder
     * @return {@code dir}
     * @throws IOException if it cannot be created
     */
    public static Path createFolders(Path dir) throws IOException {
        LinkGuard.refuseFolderOnTheWay(dir);
        return Files.createDirectories(dir);
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

    /**
     * Removes every temporary file and folder of interrupted writes ({@code .NAME.tmp-*}) anywhere
     * below a folder the caller owns entirely (symbolic links are not followed). Call it only while
     * holding the folder's lock.
     *
     * @param root the folder
     * @return how many were removed
     * @throws IOException if a folder cannot be listed or an entry removed
     */
    public static int removeTemporariesBelow(Path root) throws IOException {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        int removed = 0;
        try (Stream<Path> s = Files.list(root)) {
            for (Path p : s.toArray(Path[]::new)) {
                if (OutputFolder.TEMPORARY.matcher(p.getFileName().toString()).matches()
                        && !IN_FLIGHT.contains(p.toAbsolutePath().normalize())) {
                    deleteTree(p);
                    removed++;
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    removed += removeTemporariesBelow(p);
                }
            }
        }
        return removed;
    }

    /**
     * Checks, before any work, that {@link #write} could create its temporary file for
     * {@code target}: creates an empty temporary of the same name in the target's folder and removes
     * it at once. Folders still to be made are made too, with their own names, inside a temporary
     * folder in the nearest existing ancestor (removed with everything in it), so a name too long for
     * the file system is found as well as a folder where no file can be created (read-only,
     * {@code /proc}). A read-only or missing folder is thus reported before a long computation rather
     * than after it; a disk that fills up during the work is not (the atomic write then leaves nothing
     * behind). A file, or a link to nothing, where one of the folders must go is refused too. Nothing
     * outside the temporaries is touched.
     *
     * @param target the file a later {@link #write} will create
     * @throws OutputException naming the target and the reason when it could not be created
     */
    public static void probe(Path target) {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        Deque<String> missing = new ArrayDeque<>();
        while (dir != null && !Files.isDirectory(dir)) {
            if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                // a file, or a link to nothing, where a folder must go: the write could not make it
                throw new OutputException(abs, Files.exists(dir) ? new NotDirectoryException(dir.toString())
                        : new FileAlreadyExistsException(dir.toString()));
            }
            missing.addFirst(dir.getFileName().toString());
            dir = dir.getParent();
        }
        if (dir == null) {
            return;
        }
        // the folders still to be made, under a temporary of our own: ".probe.tmp-PID-N/a/b"
        Path root = missing.isEmpty() ? null : temporary(dir.resolve("probe"));
        Path folder = dir;
        if (root != null) {
            folder = root;
            for (String name : missing) {
                folder = folder.resolve(name);
            }
        }
        Path tmp = temporary(folder.resolve(abs.getFileName().toString()));
        Path made = root != null ? root : tmp;
        IN_FLIGHT.add(made);
        OutputException failure = null;
        try {
            if (root != null) {
                Files.createDirectories(folder);
            }
            Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        } catch (IOException e) {
            failure = new OutputException(abs, e);
        }
        try {
            deleteTree(made);
        } catch (IOException e) {
            if (failure == null) {
                failure = new OutputException(made, e);
            }
        } finally {
            IN_FLIGHT.remove(made);
        }
        if (failure != null) {
            throw failure;
        }
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
