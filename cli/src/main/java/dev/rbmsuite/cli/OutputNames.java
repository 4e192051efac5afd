package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.LinkGuard;
import java.nio.file.Path;
import java.util.Collection;

/**
 * Checks, before any computation, that the file system can hold every name a command will create
 * below its output: each file (the deepest of each kind of folder the command makes) is created as
 * the atomic writer's temporary, with the folders still to be made, and removed at once (core
 * AtomicFiles.probe). A name component too long for the file system (over 255 bytes on most), a path
 * beyond the system's limit, a character the file system refuses, a read-only folder or a file where
 * a folder must go is thus refused in one line naming the option and the name, exit 2, with nothing
 * left behind, instead of failing after the work (a 260-character {@code compare --kernels} entry
 * trained the first kernel's trials, then failed with "file name too long"). A symbolic link on the
 * way from the output folder to a name is refused first (core LinkGuard), so that the check itself
 * never writes through one.
 */
final class OutputNames {
    private OutputNames() {
    }

    /**
     * @param option the option that named the output, for example {@code "--out"}
     * @param root the output folder (or, for an output file or model folder, the folder it goes into)
     * @param files the files the command will create below it
     * @throws InputException naming the option and the first file that cannot be made, or a symbolic
     *     link on the way to one (core LinkGuard: the probe does not write through it either)
     */
    static void require(String option, Path root, Collection<Path> files) {
        for (Path f : files) {
            require(root, f, "option " + option + ": ");
        }
    }

    /**
     * @param root the output folder
     * @param file a file the command will create below it
     * @param refusal the start of the refusal's line, naming the option (and the entry) it comes from
     * @throws InputException the refusal, then the name and the reason; or the refusal of a link on the way
     */
    static void require(Path root, Path file, String refusal) {
        LinkGuard.refuseOnTheWay(root, file.toAbsolutePath().normalize().getParent());
        try {
            AtomicFiles.probe(file);
        } catch (InputException e) {
            throw new InputException(refusal + e.getMessage(), e);
        }
    }
}
