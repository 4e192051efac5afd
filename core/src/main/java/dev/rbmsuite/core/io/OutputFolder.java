package dev.rbmsuite.core.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * An output folder a command writes into, claimed before the first write (docs/contract.md, "Output
 * folders"). A command writes only into
 * <ul>
 * <li>a folder that does not exist yet (it is created) or is empty, or</li>
 * <li>a folder that holds its own kind of output, recognised by the {@code "format"} of the
 *     {@code manifest.json} written there (for folders written before that field existed, by the
 *     kind's own legacy test).</li>
 * </ul>
 * Anything else is refused with an {@link InputException} (exit 2, one line) that says what the folder
 * holds. With {@code force} the command may write next to foreign files, but a file of a name it
 * writes itself that it cannot recognise as its own is still refused: force never overwrites or
 * deletes what the command did not write. {@link #claim} adds the lock against a second writer and
 * the removal of temporary files left by an interrupted run.
 *
 * <p>Nothing below the kind's own names is written through a symbolic link: a link there that names
 * a folder is refused when the folder is claimed, and every write below a claimed folder refuses a
 * link on its way ({@link LinkGuard}).
 *
 * <p>A writer's lock covers its whole folder, subfolders included: {@link #refuseHeldAbove} refuses a
 * writer whose folder lies inside a folder (or a model folder) that another live process holds, so
 * that, say, {@code init --out RUN/model} cannot replace the model of a training run still writing
 * into RUN (docs/contract.md, "Output folders").
 */
public final class OutputFolder {
    /** The manifest file name every kind of output folder uses. */
    public static final String MANIFEST = "manifest.json";
    /**
     * The lock file a writer holds in its output folder for the length of the run; a model folder's
     * lock sits beside it, {@code .NAME.rbm.lock}. Names ending in this are never counted as foreign.
     */
    public static final String LOCK = ".rbm.lock";
    /** Names of temporary files and folders of interrupted atomic writes: {@code .NAME.tmp-...}. */
    public static final Pattern TEMPORARY = Pattern.compile("^\\.(.+)\\.tmp-[^/]*$");

    /**
     * A kind of output folder.
     *
     * @param format the {@code "format"} its manifest carries, for example {@code "training-run"}
     * @param description what the folder is, for messages ("a training-run folder")
     * @param ownNames the names at the top level of the folder that the command writes
     * @param legacy recognises a folder of this kind written before manifests carried a format
     *     (receives the folder; may read it)
     */
    public record Kind(String format, String description, Predicate<String> ownNames, Predicate<Path> legacy) {
    }

    private OutputFolder() {
    }

    /**
     * A claimed output folder: checked, locked against other writers ({@link FolderLock} on
     * {@code DIR/.rbm.lock}) and cleared of the temporary files of interrupted writes. Closing it
     * releases the lock and removes the folder again if this claim created it and nothing was
     * written.
     */
    public static final class Claim implements AutoCloseable {
        private final Path dir;
        private final FolderLock lock;
        private final boolean created;
        private final LinkGuard.Scope owned;

        private Claim(Path dir, FolderLock lock, boolean created, LinkGuard.Scope owned) {
            this.dir = dir;
            this.lock = lock;
            this.created = created;
            this.owned = owned;
        }

        /** @return the stamp of a dead writer whose stale lock was taken over, or an empty string */
        public String staleHolder() {
            return lock.staleHolder();
        }

        @Override
        public void close() throws IOException {
            owned.close();
            lock.close();
            if (created) {
                removeIfEmpty(dir);
            }
        }
    }

    /**
     * Checks, locks and cleans an output folder (see the class comment and {@link Claim}).
     *
     * @param named the folder named by {@code --out}; a {@code ..} in it is read lexically, as every writer of the suite reads it
     * @param kind what the command writes
     * @param force allow foreign files beside the command's own (never over them)
     * @param purpose what the writer does, named to a refused second writer (for example "rbm train")
     * @return the claim; close it when the run ends
     * @throws InputException if the folder may not be written or another writer holds it
     * @throws IOException if the folder cannot be created, listed or locked
     */
    public static Claim claim(Path named, Kind kind, boolean force, String purpose) throws IOException {
        // "LINK/../x" names x beside LINK here, as it does to every writer of the suite (AtomicFiles and
        // FolderLock normalise their paths); left to the operating system it would be x beside LINK's
        // target, and the folder created and checked would not be the one locked and written
        Path dir = named.normalize().toString().isEmpty() ? Path.of(".") : named.normalize();
        refuseHeldAbove(dir);
        boolean created = check(dir, kind, force);
        FolderLock lock;
        try {
            lock = FolderLock.acquire(dir.resolve(LOCK), dir, purpose);
        } catch (IOException | RuntimeException e) {
            if (created) {
                removeIfEmpty(dir);
            }
            throw e;
        }
        try {
            check(dir, kind, force);
            AtomicFiles.removeTemporaries(dir, kind.ownNames(), p -> true);
            for (String name : entries(dir)) {
                if (kind.ownNames().test(name) && Files.isDirectory(dir.resolve(name))) {
                    AtomicFiles.removeTemporariesBelow(dir.resolve(name));
                }
            }
            // nothing below the folder's own names is written through a link (LinkGuard)
            LinkGuard.refuseFolderLinks(dir, kind.ownNames());
            return new Claim(dir, lock, created, LinkGuard.own(dir));
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Refuses to write into {@code path} while another live process holds it or any folder above it,
     * up to the file system's root: an output folder's lock {@code DIR/.rbm.lock} ({@link #claim}) or
     * a model folder's {@code .NAME.rbm.lock} beside it (a save in progress). Locks held by this
     * process are its own (a training run saving its model inside its claimed folder) and pass. The
     * path is followed through links to the folders it really names. Call it before taking the
     * writer's own lock.
     *
     * @param path the folder (or file) about to be written
     * @throws InputException naming the held folder and its holder (pid, host, start, purpose)
     */
    public static void refuseHeldAbove(Path path) {
        Path real = realPath(path);
        for (Path p = real; p != null; p = p.getParent()) {
            Path parent = p.getParent();
            String holder = FolderLock.otherHolder(p.resolve(LOCK));
            if (holder == null && parent != null && p.getFileName() != null) {
                holder = FolderLock.otherHolder(parent.resolve("." + p.getFileName() + LOCK));
            }
            if (holder != null) {
                throw new InputException(path + ": " + (p.equals(real) ? "" : "inside " + p + ", which is ")
                        + "in use by another writer (" + (holder.isEmpty() ? "starting" : holder)
                        + "); wait for it to finish or stop it");
            }
        }
    }

    /**
     * @return the absolute path with its existing part resolved through links (the rest appended as
     *     named), so that the folders above it are the ones it really lies in
     */
    private static Path realPath(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
        } catch (IOException e) {
            return abs;
        }
    }

    private static void removeIfEmpty(Path dir) {
        try {
            if (Files.isDirectory(dir) && entries(dir).isEmpty()) {
                Files.delete(dir);
            }
        } catch (IOException ignored) {
            // left as it is: empty, or holding only what the run wrote
        }
    }

    /**
     * Checks that a command of the given kind may write into {@code dir}, creating it if missing.
     *
     * @param dir the folder named by {@code --out}
     * @param kind what the command writes
     * @param force allow foreign files beside the command's own (never over them)
     * @return whether the folder was created by this call
     * @throws InputException if the folder may not be written (exit 2)
     * @throws IOException if the folder cannot be listed or created
     */
    public static boolean check(Path dir, Kind kind, boolean force) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new InputException(dir + ": exists and is not a folder; --out needs a folder");
        }
        if (!Files.exists(dir)) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new OutputException(dir, e);
            }
            return true;
        }
        List<String> entries = entries(dir);
        if (entries.isEmpty() || recognises(dir, kind)) {
            return false;
        }
        if (!force) {
            throw new InputException(dir + ": not " + kind.description() + " (" + describe(dir, entries)
                    + "); refusing to write into it: choose another --out, or add --force to write beside its files");
        }
        for (String name : entries) {
            if (kind.ownNames().test(name)) {
                throw new InputException(dir.resolve(name) + ": exists and was not written as " + kind.description()
                        + "; refusing to overwrite it, even with --force");
            }
        }
        return false;
    }

    /**
     * @param dir an existing folder
     * @param kind a kind of output
     * @return whether the folder's manifest names this kind, or the kind's legacy test accepts it
     */
    public static boolean recognises(Path dir, Kind kind) {
        String format = formatOf(dir.resolve(MANIFEST));
        if (format != null && !format.isEmpty()) {
            return format.equals(kind.format());
        }
        return kind.legacy().test(dir);
    }

    /**
     * @param manifest a manifest file
     * @return its {@code "format"} text; {@code ""} when the file is a JSON object without one (or
     *     not the suite's JSON at all); {@code null} when there is no such file
     */
    public static String formatOf(Path manifest) {
        JsonNode root = readJson(manifest);
        if (root == null) {
            return Files.exists(manifest) ? "" : null;
        }
        JsonNode f = root.path("format");
        return f.isTextual() ? f.asText() : "";
    }

    /**
     * @param file a JSON file
     * @return its content if it is a readable regular file holding a JSON object, else null
     */
    public static JsonNode readJson(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            JsonNode root = ModelStore.json().readTree(file.toFile());
            return root != null && root.isObject() ? root : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * @param dir a folder
     * @return the names in it, sorted, without temporary files of interrupted writes and lock files
     * @throws IOException if it cannot be listed
     */
    public static List<String> entries(Path dir) throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.map(p -> p.getFileName().toString())
                    .filter(n -> !TEMPORARY.matcher(n).matches() && !n.endsWith(LOCK))
                    .sorted().forEach(names::add);
        }
        return names;
    }

    private static String describe(Path dir, List<String> entries) {
        String format = formatOf(dir.resolve(MANIFEST));
        if (format != null) {
            return format.isEmpty() ? "its manifest.json is not one of the suite's"
                    : "its manifest.json says format \"" + format + "\"";
        }
        return "it holds " + entries.size() + " other file(s), for example " + entries.get(0);
    }
}
