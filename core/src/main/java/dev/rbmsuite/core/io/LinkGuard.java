package dev.rbmsuite.core.io;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The one rule for symbolic links inside an output folder the suite owns (a training run's folder, a
 * figures folder with its trials, a report, comparison or replication folder): nothing is ever
 * written through one (docs/contract.md, "Output folders"). A link there names something outside the
 * folder (a model folder or a group of trials shared between runs, a user's file), and writing
 * through it would change that, outside {@code --out} and without its folder's lock.
 *
 * <p>Two checks keep the rule. Before any work, {@link #refuseFolderLinks} refuses every link below
 * the folder's own names that names a folder (exit 2, one line naming the link and what it names): the
 * suite would create and write files inside it. A link at a file name (to a file, a device or nothing)
 * is not written through: the atomic writer renames its new file over the link, which replaces the
 * link itself and leaves what it named as it was, and the readers' own checks refuse what is not a
 * regular file. While a command runs, the folders it owns are registered ({@link #own}) and every
 * write below one ({@link AtomicFiles}, {@link FolderLock}) first refuses a link among the folders
 * between the owned folder and the file ({@link #refuseOnTheWay}): a link made while the command
 * runs is refused when it is reached, never followed.
 *
 * <p>The owned folder itself may be reached through a link (the user's {@code --out} names it so);
 * only what lies below it is checked.
 */
public final class LinkGuard {
    /** Owned folders (as named, normalised, and as resolved through links) with their count of holders. */
    private static final Map<Path, Integer> OWNED = new ConcurrentHashMap<>();

    private LinkGuard() {
    }

    /** A folder registered as owned; closing it ends the registration. */
    public static final class Scope implements AutoCloseable {
        private final List<Path> keys;
        private boolean closed;

        private Scope(List<Path> keys) {
            this.keys = keys;
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            for (Path k : keys) {
                OWNED.computeIfPresent(k, (p, n) -> n == 1 ? null : n - 1);
            }
        }
    }

    /**
     * Registers a folder as owned by this process for the length of the scope: writes below it are
     * checked by {@link #refuseOnTheWay}.
     *
     * @param root the output folder
     * @return the registration; close it when the command ends
     */
    public static Scope own(Path root) {
        List<Path> keys = new ArrayList<>();
        Path abs = root.toAbsolutePath().normalize();
        keys.add(abs);
        try {
            Path real = abs.toRealPath();
            if (!real.equals(abs)) {
                keys.add(real);
            }
        } catch (IOException e) {
            // not made yet: writers name it as it was named
        }
        for (Path k : keys) {
            OWNED.merge(k, 1, Integer::sum);
        }
        return new Scope(keys);
    }

    /**
     * Refuses, before any work, a symbolic link that names a folder anywhere below the entries of
     * {@code root} that {@code ownNames} accepts (the names the command writes; a foreign file beside
     * them, admitted by {@code --force}, is the user's and not looked into). Links are not followed;
     * temporary files of writers at work ({@code .NAME.tmp-*}) and entries that vanish during the walk
     * are passed over.
     *
     * @param root the output folder
     * @param ownNames the names at the top of the folder that the command writes
     * @throws InputException naming the first such link and what it names
     * @throws IOException if a folder cannot be listed
     */
    public static void refuseFolderLinks(Path root, Predicate<String> ownNames) throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        List<Path> own;
        try (Stream<Path> s = Files.list(root)) {
            own = s.filter(p -> ownNames.test(p.getFileName().toString())).sorted().toList();
        }
        for (Path p : own) {
            refuseFolderLinksIn(root, p);
        }
    }

    /**
     * As {@link #refuseFolderLinks(Path, Predicate)}, for one entry and everything below it: the
     * folders of one unit of work that a command writes without owning the whole folder
     * ({@code figure --trial}), after the folders on the way to it ({@link #refuseOnTheWay(Path, Path)}).
     *
     * @param root the output folder, named in the message
     * @param start an entry below it
     * @throws InputException naming the first link that names a folder
     * @throws IOException if a folder cannot be listed
     */
    public static void refuseFolderLinksIn(Path root, Path start) throws IOException {
        Files.walkFileTree(start, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                return !dir.equals(start) && temporary(dir) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (attrs.isSymbolicLink() && !temporary(file) && Files.isDirectory(file)) {
                    throw refusal(file, root);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE; // removed meanwhile (a writer's temporary)
                }
                throw e;
            }
        });
    }

    private static boolean temporary(Path p) {
        return OutputFolder.TEMPORARY.matcher(p.getFileName().toString()).matches();
    }

    /**
     * Refuses a write to {@code target} when a folder between an owned folder ({@link #own}) and
     * {@code target} is a symbolic link (whatever it names). The target itself may be a link: the
     * atomic writer replaces it. A path below no owned folder is not checked.
     *
     * @param target a file or folder about to be written or replaced
     * @throws InputException naming the link
     */
    public static void refuseOnTheWay(Path target) {
        check(target, false);
    }

    /**
     * As {@link #refuseOnTheWay(Path)} for a folder about to be created or written into: the folder
     * itself must not be a link either.
     *
     * @param folder the folder
     * @throws InputException naming the link
     */
    public static void refuseFolderOnTheWay(Path folder) {
        check(folder, true);
    }

    private static void check(Path target, boolean inclusive) {
        if (OWNED.isEmpty()) {
            return;
        }
        Path abs = target.toAbsolutePath().normalize();
        for (Path root : OWNED.keySet()) {
            if (abs.startsWith(root) && !abs.equals(root)) {
                refuseBetween(root, abs, inclusive);
            }
        }
    }

    /**
     * Refuses, for a folder a command will write into before it owns the output folder (the names it
     * checks before its work) or without owning it at all ({@code figure --trial}), a symbolic link at
     * that folder or at any folder between it and {@code root}.
     *
     * @param root the output folder
     * @param folder a folder below it
     * @throws InputException naming the link
     */
    public static void refuseOnTheWay(Path root, Path folder) {
        refuseBetween(root.toAbsolutePath().normalize(), folder.toAbsolutePath().normalize(), true);
    }

    private static void refuseBetween(Path root, Path abs, boolean inclusive) {
        if (!abs.startsWith(root) || abs.equals(root)) {
            return;
        }
        Path p = root;
        Path rel = root.relativize(abs);
        int last = rel.getNameCount() - (inclusive ? 0 : 1);
        for (int i = 0; i < last; i++) {
            p = p.resolve(rel.getName(i));
            if (Files.isSymbolicLink(p)) {
                throw refusal(p, root);
            }
        }
    }

    private static InputException refusal(Path link, Path root) {
        String to;
        try {
            to = Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException e) {
            to = "?";
        }
        return new InputException(link + ": a symbolic link (to " + to + ") inside the output folder " + root
                + "; rbm never writes through a link: remove the link (what it names is kept) or choose another --out");
    }
}
