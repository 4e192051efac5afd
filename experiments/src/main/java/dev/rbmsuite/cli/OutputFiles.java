package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.OutputException;
import dev.rbmsuite.core.io.OutputFolder;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

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
