package dev.rbmsuite.core.io;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * An output that cannot be written because of the user's environment: a full disk, a read-only
 * folder, a missing permission. Like bad input it is the user's to fix, so the command line reports
 * it as exit 2 with one line naming the file and the reason (it is an {@link InputException}); the
 * atomic writer has then left no partial output.
 */
public class OutputException extends InputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param target the file or folder that could not be written
     * @param cause the failure
     */
    public OutputException(Path target, IOException cause) {
        super(target + ": cannot write (" + reason(cause) + ")", cause);
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            // the system's ENOENT: a missing folder, or a folder that takes no new files (/proc)
            return "no such file or folder";
        }
        // these carry only the path in their message, which alone says nothing
        if (e instanceof FileAlreadyExistsException fae && fae.getFile() != null) {
            return fae.getFile() + " is in the way: not a folder, or a link to nothing or a loop of links";
        }
        if (e instanceof NotDirectoryException nde && nde.getFile() != null) {
            return nde.getFile() + " is not a folder";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
