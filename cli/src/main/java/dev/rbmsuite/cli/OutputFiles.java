package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.FolderLock;
import dev.rbmsuite.core.io.OutputException;
import dev.rbmsuite.core.io.OutputFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks an output file a user named before any work is done: the suite writes a file by creating a
 * temporary sibling and moving it over the target, which would replace a device or a FIFO (as root,
 * {@code --out /dev/null} would put a regular file in place of /dev/null) and fail late on a folder.
 * So the target, and the manifest written beside it, must be absent or a regular file, and the folder
 * it goes into must not be a file.
 *
 * <p>A command never overwrites a file it did not write: an existing target is replaced only when it
 * is an earlier output of the suite, recognised by its {@code FILE.manifest.json} with the format
 * {@value ResultManifest#FORMAT} (docs/contract.md, "Output folders"). Anything else that already has
 * the name is the user's, and the command refuses before doing any work. Nor does it write into a
 * folder that another process is writing (a running training run's folder, core
 * OutputFolder#refuseHeldAbove).
 */
final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * @param named the output file
     * @param option the option that named it
     * @return the name to use from here on: normalised, so that a {@code ..} after a link is read
     *     lexically, as every writer of the suite reads it (the operating system would read
     *     {@code LINK/../x} as x beside LINK's target), and the file checked is the file written
     * @throws InputException naming the option and the path if it cannot be an output file
     */
    static Path requireWritableFile(Path named, String option) {
        Path file = named.normalize();
        check(file, option);
        try {
            OutputFolder.refuseHeldAbove(file);
        } catch (InputException e) {
            throw new InputException("option " + option + ": " + e.getMessage(), e);
        }
        Path manifest = ResultManifest.pathFor(file);
        check(manifest, option);
        boolean ours = ownOutput(manifest);
        for (Path p : new Path[] {file, manifest}) {
            if (!ours && Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new InputException("option " + option + ": " + p + " already exists and was not written by rbm "
                        + "(no " + manifest.getFileName() + " of format " + ResultManifest.FORMAT
                        + " beside it); remove it or choose another name");
            }
        }
        try {
            // a folder where no file can be created, or a name too long for it, is found now, not after
            // the sampling; the manifest's temporary is the longer name
            AtomicFiles.probe(file);
            AtomicFiles.probe(manifest);
        } catch (OutputException e) {
            throw new InputException("option " + option + ": " + e.getMessage(), e);
        }
        return file;
    }

    /**
     * @return the data file that the suite's {@code manifest} names where that is not {@code file}
     *     (two names share one manifest: {@code a} and {@code a.csv}), else null; a manifest of an
     *     earlier version, which names no data file, is taken to be this file's
     */
    private static String otherDataFile(Path manifest, Path file) {
        JsonNode m = OutputFolder.readJson(manifest);
        JsonNode data = m == null ? null : m.get(ResultManifest.DATA);
        return data != null && data.isTextual() && !data.asText().equals(file.getFileName().toString())
                ? data.asText() : null;
    }

    /**
     * @return whether {@code manifest} is a command-result manifest the suite wrote (earlier versions
     *     wrote no format, but the command and its options)
     */
    private static boolean ownOutput(Path manifest) {
        if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        JsonNode m = OutputFolder.readJson(manifest);
        if (m == null) {
            return false;
        }
        return m.has("format") ? ResultManifest.FORMAT.equals(m.path("format").asText())
                : m.path("command").isTextual() && m.path("options").isObject();
    }

    /**
     * Claims the output pair of {@code dataset}, {@code sample} or {@code tv} ({@code FILE.csv} and
     * {@code FILE.manifest.json}) for the length of the command: the checks of
     * {@link #requireWritableFile}, then, under an operating-system lock of the pair
     * ({@code .FILE.manifest.json.rbm.lock} beside it, core FolderLock: one writer at a time, a second
     * refused naming the first), the refusal of an output another command wrote (unless {@code force})
     * and the removal of the temporaries of the pair that dead processes left behind.
     *
     * @param named the output file
     * @param option the option that named it
     * @param command the command's name (as its manifests record it)
     * @param force whether an earlier output of another command may be replaced
     * @return the claim; the command writes its CSV to {@link Pair#staging()} and calls
     *     {@link Pair#commit}, then closes it
     * @throws java.io.IOException declared for closing; a refusal is an InputException (exit 2)
     */
    static Pair claimPair(Path named, String option, String command, boolean force) throws IOException {
        Path file = requireWritableFile(named, option);
        Path abs = file.toAbsolutePath().normalize();
        Path manifest = ResultManifest.pathFor(abs);
        Path dir = abs.getParent();
        Path made = null;
        if (!Files.isDirectory(dir)) {
            for (Path p = dir; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
                made = p;
            }
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new InputException("option " + option + ": " + new OutputException(dir, e).getMessage(), e);
            }
        }
        FolderLock lock;
        try {
            lock = FolderLock.acquire(dir.resolve("." + manifest.getFileName() + OutputFolder.LOCK),
                    file, "rbm " + command);
        } catch (InputException e) {
            removeEmpty(dir, made);
            throw new InputException("option " + option + ": " + e.getMessage(), e);
        } catch (RuntimeException | IOException e) {
            removeEmpty(dir, made);
            throw e;
        }
        Pair pair = new Pair(file, abs, manifest, lock, dir, made);
        try {
            // again under the lock: another writer may have replaced the pair since the first look
            requireWritableFile(named, option);
            String other = ownOutput(manifest) ? otherDataFile(manifest, file) : null;
            if (other != null) {
                // --out a and --out a.csv share a.manifest.json (and its lock): replacing it would leave the
                // other output without the manifest that records it (and the checksum its readers check)
                throw new InputException("option " + option + ": " + ResultManifest.pathFor(file) + " is the manifest of "
                        + other + " (another output of rbm beside it), not of " + file.getFileName()
                        + "; choose another name, or remove " + other + " and its manifest first");
            }
            JsonNode m = Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS) ? OutputFolder.readJson(manifest) : null;
            String by = m == null ? "" : m.path("command").asText();
            if (!force && !by.isEmpty() && !by.equals(command)) {
                throw new InputException("option " + option + ": " + file + " was written by rbm " + by + " (its "
                        + manifest.getFileName() + "); choose another name, or add --force to replace it");
            }
            removeStaleTemporaries(dir, abs.getFileName().toString(), manifest.getFileName().toString());
            return pair;
        } catch (IOException | RuntimeException e) {
            pair.close();
            throw e;
        }
    }

    /**
     * Removes {@code .NAME.tmp-PID-N} files of the pair's two names whose process {@code PID} has
     * ended: a killed writer cannot remove its own temporaries. Called under the pair's lock.
     */
    private static void removeStaleTemporaries(Path dir, String... names) throws IOException {
        long self = ProcessHandle.current().pid();
        Pattern pidOf = Pattern.compile("\\.tmp-(\\d+)-");
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                // .NAME.tmp-PID-N, or the atomic writer's own temporary of such a staged file
                boolean ours = Arrays.stream(names).anyMatch(name -> n.startsWith("." + name + ".tmp-")
                        || n.startsWith(".." + name + ".tmp-"));
                if (!ours || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                Matcher pid = pidOf.matcher(n);
                if (!pid.find()) {
                    continue;
                }
                long owner;
                try {
                    owner = Long.parseLong(pid.group(1));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (owner != self && ProcessHandle.of(owner).map(h -> !h.isAlive()).orElse(true)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void removeEmpty(Path dir, Path made) {
        if (made == null) {
            return;
        }
        for (Path p = dir; p != null && p.startsWith(made); p = p.getParent()) {
            try {
                Files.delete(p);
            } catch (IOException e) {
                return;
            }
        }
    }

    /**
     * An output pair claimed by {@link #claimPair}: the data file is written to a temporary beside it
     * ({@link #staging()}), then {@link #commit} writes the manifest, which names the data file's
     * SHA-256, and renames the data file into place, both atomically. A reader that finds a manifest
     * whose checksum the data file does not have (a kill between the two renames) refuses the file
     * (ResultManifest#verify); the next run of a writer replaces the pair and removes the temporary.
     */
    static final class Pair implements AutoCloseable {
        private final Path file;
        private final Path abs;
        private final Path manifest;
        private final FolderLock lock;
        private final Path dir;
        private final Path made;
        private final Path staging;
        private boolean committed;

        private Pair(Path file, Path abs, Path manifest, FolderLock lock, Path dir, Path made) {
            this.file = file;
            this.abs = abs;
            this.manifest = manifest;
            this.lock = lock;
            this.dir = dir;
            this.made = made;
            this.staging = abs.resolveSibling("." + abs.getFileName() + ".tmp-" + ProcessHandle.current().pid()
                    + "-pair");
        }

        /** @return the output file as named (normalised) */
        Path file() {
            return file;
        }

        /** @return where the command writes its data file (atomically) before {@link #commit} */
        Path staging() {
            return staging;
        }

        /**
         * Writes the manifest (with the staged data file's SHA-256), then moves the data file into
         * place.
         *
         * @param spec the command's spec
         * @param result the command's JSON result
         * @throws java.io.IOException on a write failure (an OutputException: exit 2)
         */
        void commit(picocli.CommandLine.Model.CommandSpec spec, ObjectNode result)
                throws IOException {
            commit(spec, result, Map.of());
        }

        /**
         * As {@link #commit(picocli.CommandLine.Model.CommandSpec, com.fasterxml.jackson.databind.node.ObjectNode)},
         * with records beyond the options in the manifest (for example the kernel: KernelChoice.record).
         *
         * @param spec the command's picocli spec
         * @param result the command's JSON result
         * @param records further manifest records by key
         * @throws java.io.IOException if the manifest or the data file cannot be put in place
         */
        void commit(picocli.CommandLine.Model.CommandSpec spec, ObjectNode result,
                Map<String, ?> records) throws IOException {
            byte[] m = ResultManifest.of(abs, ResultManifest.sha256(staging), spec, result, records);
            AtomicFiles.write(manifest, m);
            AtomicFiles.rename(staging, abs, true, "rename");
            committed = true;
        }

        /** Removes an uncommitted data file, then releases the lock (and empty folders this claim made). */
        @Override
        public void close() throws IOException {
            try {
                Files.deleteIfExists(staging);
            } finally {
                lock.close();
                if (!committed) {
                    removeEmpty(dir, made);
                }
            }
        }
    }

    private static void check(Path file, String option) {
        if (file.toString().isEmpty() || file.getFileName() == null || file.getFileName().toString().isBlank()) {
            throw new InputException("option " + option + ": '" + file + "' is not a file name");
        }
        if (Files.isDirectory(file)) {
            throw new InputException("option " + option + ": " + file + " is a folder; expected a file name for the output");
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                && !Files.isSymbolicLink(file)) {
            throw new InputException("option " + option + ": " + file
                    + " exists and is not a regular file (a device, pipe or socket); refusing to replace it");
        }
        if (Files.isSymbolicLink(file) && Files.exists(file) && !Files.isRegularFile(file)) {
            throw new InputException("option " + option + ": " + file
                    + " is a link to something that is not a regular file; refusing to replace it");
        }
        Path parent = file.toAbsolutePath().normalize().getParent();
        for (Path p = parent; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    throw new InputException("option " + option + ": " + p + " is not a folder, so " + file
                            + " cannot be written");
                }
                break;
            }
            if (Files.isSymbolicLink(p)) {
                // a link whose target is missing or a loop: found now, not after the work
                throw new InputException("option " + option + ": " + p + " is a link to nothing or a loop of links, so "
                        + file + " cannot be written");
            }
        }
    }

    /**
     * @param folder an output folder a user named
     * @param option the option that named it
     * @return the name to use from here on, normalised as in {@link #requireWritableFile} (a name that
     *     normalises to nothing, {@code x/..}, is the current folder {@code .})
     * @throws InputException if the name is empty (which the file system would read as the current folder)
     */
    static Path requireFolderName(Path folder, String option) {
        if (folder == null || folder.toString().isBlank()) {
            throw new InputException("option " + option + ": an empty folder name; name the output folder");
        }
        Path normal = folder.normalize();
        return normal.toString().isEmpty() ? Path.of(".") : normal;
    }
}
