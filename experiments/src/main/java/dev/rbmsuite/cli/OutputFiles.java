package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Checks an output file a user named before any work is done: the suite writes a file by creating a
 * temporary sibling and moving it over the target, which would replace a device or a FIFO (as root,
 * {@code --out /dev/null} would put a regular file in place of /dev/null) and fail late on a folder.
 * So the target, and the manifest written beside it, must be absent or a regular file, and the folder
 * it goes into must not be a file.
 */
final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * @param file the output file
     * @param option the option that named it
     * @throws InputException naming the option and the path if it cannot be an output file
     */
    static void requireWritableFile(Path file, String option) {
        check(file, option);
        check(ResultManifest.pathFor(file), option);
    }

    private static void check(Path file, String option) {
        if (file.toString().isEmpty() || file.getFileName() == null) {
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
        }
    }
}
