package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.RangeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.ReadOnlyFileSystemException;
import java.util.Locale;

/**
 * The one mapping from a failure to an exit code and its one-line message (docs/contract.md, "Exit
 * codes"): the user's input or settings (a bad option or file, a path the user named that cannot be
 * written, a full disk, a request larger than the memory) give {@value Main#BAD_INPUT}; an impossible
 * result ({@link RangeException}) and every other exception give {@value Main#INTERNAL_ERROR}, because
 * only a defect of the suite can cause them. Causes wrapped by executors or unchecked wrappers are
 * looked through.
 */
final class ExitCodes {
    private ExitCodes() {
    }

    /**
     * An exit code and the line printed on stderr after "rbm: ".
     *
     * @param code the exit code
     * @param message one line
     * @param internal whether this is an internal error (stack trace with RBM_DEBUG)
     */
    record Outcome(int code, String message, boolean internal) {
    }

    /**
     * @param failure what a command threw
     * @return its exit code and one-line message
     */
    static Outcome of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InputException) {
                return new Outcome(Main.BAD_INPUT, Main.oneLine(t.getMessage()), false);
            }
            if (t instanceof RangeException) {
                return new Outcome(Main.INTERNAL_ERROR, "impossible result refused: " + Main.oneLine(t.getMessage()), true);
            }
            if (t instanceof OutOfMemoryError) {
                return new Outcome(Main.BAD_INPUT, "out of memory (" + Main.oneLine(t.getMessage()) + "): the request needs"
                        + " more than the " + Memory.human(Runtime.getRuntime().maxMemory())
                        + " heap; raise -Xmx through RBM_JAVA_OPTS or ask for less", false);
            }
            if (t instanceof ReadOnlyFileSystemException) {
                return new Outcome(Main.BAD_INPUT, "read-only file system: cannot write the output", false);
            }
            if (t instanceof FileSystemException fs) {
                String path = userPath(fs.getFile());
                String why = userFileProblem(fs);
                if (why != null) {
                    return new Outcome(Main.BAD_INPUT, path + (fs.getOtherFile() == null ? "" : " -> " + fs.getOtherFile())
                            + ": " + why, false);
                }
            }
            if (t instanceof IOException io && isDiskFull(io)) {
                return new Outcome(Main.BAD_INPUT, "no space left on the device while writing the output (" + Main.oneLine(io.getMessage())
                        + "); free some space or choose another output folder", false);
            }
            if (t instanceof UnsatisfiedLinkError
                    || (t instanceof NoClassDefFoundError && String.valueOf(t.getMessage()).contains("org.nd4j"))) {
                // ND4J unpacks its native libraries (javacpp) into ~/.javacpp/cache, else the temporary
                // folder; where neither is writable (clusters) it printed a 61-line trace
                return new Outcome(Main.BAD_INPUT, "cannot load ND4J's native libraries (" + Main.oneLine(t.getMessage())
                        + "): they are unpacked into ~/.javacpp/cache; make it writable, or name a writable folder"
                        + " with RBM_JAVA_OPTS=-Dorg.bytedeco.javacpp.cachedir=DIR", false);
            }
            if (t instanceof UncheckedIOException && t.getCause() != null) {
                continue;
            }
        }
        return new Outcome(Main.INTERNAL_ERROR, "internal error: " + Main.oneLine(String.valueOf(failure)), true);
    }

    /**
     * @param file the path of a failed file operation
     * @return the path the user named: for a temporary sibling (".NAME...tmp...", written before the
     *     atomic move into place) its folder, which is what the user must fix
     */
    private static String userPath(String file) {
        if (file == null) {
            return "";
        }
        Path p = Path.of(file);
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        if (name.startsWith(".") && name.contains(".tmp") && p.getParent() != null) {
            return p.getParent() + " (writing " + name + ")";
        }
        return file;
    }

    /** @return why a file-system failure is the user's (a path they named or their disk), or null */
    private static String userFileProblem(FileSystemException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied (choose a folder you can write, or fix its permissions)";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists and is in the way (choose another output path)";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof NotDirectoryException) {
            return "is not a folder";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "folder is not empty";
        }
        String reason = e.getReason() == null ? "" : e.getReason().toLowerCase(Locale.ROOT);
        if (reason.contains("no space left") || reason.contains("disk quota")) {
            return "no space left on the device (" + e.getReason() + ")";
        }
        if (reason.contains("read-only file system")) {
            return "read-only file system";
        }
        if (reason.contains("not a directory")) {
            return "a part of the path is not a folder";
        }
        if (reason.contains("file name too long")) {
            return "file name too long";
        }
        return null;
    }

    private static boolean isDiskFull(IOException e) {
        String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        return m.contains("no space left on device") || m.contains("disk quota exceeded");
    }
}
