package dev.rbmsuite.core.io;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One writer per output folder: an operating-system lock ({@link FileChannel#tryLock()}) on a lock
 * file, held for the length of a run. The operating system releases it when the process ends, however
 * it ends, so a lock file left by a killed process is stale and simply taken over. The holder writes
 * its process id, host, start time and purpose into the file, so that a refused second writer can
 * name it. On release the holder deletes the file while still holding the lock; a writer that locked
 * the file just before it was deleted notices (on Linux its open file is then listed as deleted in
 * {@code /proc/self/fd}) and tries again.
 *
 * <p>POSIX drops all of a process's locks on a file when the process closes <em>any</em> descriptor
 * of that file, so the lock file is never opened a second time while it is held: the holder's stamp
 * is read through the holder's own channel, and writers in the same process are refused from an
 * in-process table before they open the file.
 *
 * <p>{@link #otherHolder} asks, without taking it, whether another process holds a lock file: the
 * guard of a folder's subfolders (a writer below a folder that another process holds is refused,
 * see {@link OutputFolder#refuseHeldAbove}).
 */
public final class FolderLock implements AutoCloseable {
    private static final int ATTEMPTS = 8;
    /** Lock files held by this process, with their holders' stamps. */
    private static final Map<Path, String> HELD = new ConcurrentHashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final String previous;

    private FolderLock(Path file, FileChannel channel, FileLock lock, String previous) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.previous = previous;
    }

    /**
     * Takes the lock or refuses.
     *
     * @param lockFile the lock file (created if missing)
     * @param folder the folder it guards, for the message
     * @param purpose what the holder does, for example {@code "rbm train"}
     * @return the held lock; close it to release
     * @throws InputException if another process (or another writer in this one) holds it; the message
     *     names the holder
     * @throws OutputException if the lock file cannot be created or written (a read-only folder)
     * @throws IOException declared for callers that close the lock
     */
    public static FolderLock acquire(Path lockFile, Path folder, String purpose) throws IOException {
        Path key = lockFile.toAbsolutePath().normalize();
        LinkGuard.refuseOnTheWay(key);
        String stamp = "pid " + ProcessHandle.current().pid() + " on " + host() + " since "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS) + " (" + purpose + ") #" + UUID.randomUUID();
        String holder = HELD.putIfAbsent(key, stamp);
        if (holder != null) {
            throw refusal(folder, holder);
        }
        try {
            return acquireFile(key, folder, stamp);
        } catch (IOException e) {
            HELD.remove(key, stamp);
            throw new OutputException(folder, e);
        } catch (RuntimeException e) {
            HELD.remove(key, stamp);
            throw e;
        }
    }

    /**
     * Whether another process holds a lock file, asked without disturbing it: a lock file this process
     * holds (under any path naming the same file) is never opened, since closing a second descriptor
     * would drop the holder's lock; any other is opened read-only and probed with a shared lock, which
     * a held (exclusive) lock refuses. A missing or unreadable lock file, or a stale one left by a dead
     * process, is not held.
     *
     * @param lockFile a lock file written by {@link #acquire}
     * @return the stamp of the process holding it (pid, host, start time, purpose), or null when no
     *     other process holds it
     */
    public static String otherHolder(Path lockFile) {
        Path key = lockFile.toAbsolutePath().normalize();
        if (!Files.isRegularFile(key, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        for (Path held : HELD.keySet()) {
            if (sameFile(held, key)) {
                return null;
            }
        }
        // reserve the name while the probe's descriptor is open, so that no writer of this process
        // takes the lock in between (the probe's close would drop it)
        if (HELD.putIfAbsent(key, "") != null) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(key, StandardOpenOption.READ)) {
            FileLock probe = ch.tryLock(0, Long.MAX_VALUE, true);
            if (probe != null) {
                probe.release();
                return null;
            }
            return shown(read(ch));
        } catch (IOException | OverlappingFileLockException e) {
            return null;
        } finally {
            HELD.remove(key, "");
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return a.equals(b) || Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static InputException refusal(Path folder, String holder) {
        return new InputException(folder + ": in use by another writer (" + (holder.isEmpty() ? "starting"
                : shown(holder)) + "); wait for it to finish or stop it");
    }

    private static FolderLock acquireFile(Path lockFile, Path folder, String stamp) throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            // the holder truncates and rewrites the file: a link there would have it overwrite whatever
            // the link points to (a user's file), so only a regular file is opened, and never through a link
            if (Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                throw new InputException(folder + ": its lock file " + lockFile + " is not a regular file (a link, "
                        + "folder, pipe or device); remove it if no rbm command is writing there");
            }
            FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
            if (lock == null) {
                String holder = read(ch);
                ch.close();
                throw refusal(folder, holder);
            }
            try {
                if (stillAtPath(lockFile)) {
                    String before = read(ch);
                    ch.truncate(0);
                    ch.write(ByteBuffer.wrap((stamp + "\n").getBytes(StandardCharsets.UTF_8)), 0);
                    ch.force(false);
                    return new FolderLock(lockFile, ch, lock, before);
                }
                // the previous holder deleted the file after we opened it: try the new file
                lock.release();
                ch.close();
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
        }
        throw new InputException(folder + ": could not take the lock " + lockFile + " (other writers keep replacing it)");
    }

    /**
     * @return the stamp of a previous holder that died without releasing the lock (its file was left
     *     behind), or an empty string
     */
    public String staleHolder() {
        return shown(previous);
    }

    /** @return a stamp without its nonce */
    private static String shown(String stamp) {
        int k = stamp.lastIndexOf(" #");
        return k < 0 ? stamp : stamp.substring(0, k);
    }

    /**
     * Deletes the lock files this process holds, for a JVM that is ending without closing them (a
     * plug-in's {@code System.exit} in the middle of a command): the operating system releases the locks
     * with the process, and no stale file is left for the next writer to take over. Best effort: a file
     * that cannot be deleted stays, and is taken over as a dead process's.
     */
    public static void deleteHeldFiles() {
        for (Map.Entry<Path, String> e : HELD.entrySet()) {
            if (e.getValue().isEmpty()) {
                continue; // a probe of another process's lock (otherHolder), not a lock of this one
            }
            try {
                Files.deleteIfExists(e.getKey());
            } catch (IOException | RuntimeException ignored) {
                // the next writer takes a dead process's lock file over
            }
        }
    }

    /** Deletes the lock file (while still holding it) and releases the lock. */
    @Override
    public void close() throws IOException {
        try {
            Files.deleteIfExists(file);
        } finally {
            try {
                lock.release();
            } finally {
                channel.close();
                HELD.remove(file);
            }
        }
    }

    /**
     * @return whether the lock file at the path is still the file this process has open (and just
     *     locked): on Linux, whether one of this process's descriptors links to the path, not to a
     *     deleted file; elsewhere, whether the path exists
     */
    private static boolean stillAtPath(Path lockFile) {
        Path real;
        try {
            real = lockFile.toRealPath();
        } catch (IOException e) {
            return false;
        }
        Path fds = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fds)) {
            return true;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(fds)) {
            for (Path fd : ds) {
                try {
                    if (Files.readSymbolicLink(fd).equals(real)) {
                        return true;
                    }
                } catch (IOException | UnsupportedOperationException ignored) {
                    // a descriptor closed meanwhile
                }
            }
        } catch (IOException e) {
            return true;
        }
        return false;
    }

    private static String read(FileChannel ch) throws IOException {
        long size = Math.min(ch.size(), 4096);
        ByteBuffer b = ByteBuffer.allocate((int) size);
        ch.read(b, 0);
        return stampOf(new String(b.array(), 0, b.position(), StandardCharsets.UTF_8));
    }

    private static String stampOf(String content) {
        return content.strip();
    }

    private static String host() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            String h = System.getenv("HOSTNAME");
            return h == null || h.isBlank() ? "this host" : h;
        }
    }
}
