package dev.rbmsuite.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Folder trees for tests that damage a copy of an output. */
final class Trees {
    private Trees() {
    }

    /**
     * Copies a folder tree (folders and files; a link is copied as the file it names).
     *
     * @param from the tree
     * @param to where the copy goes (absent)
     * @return to
     * @throws IOException if a file cannot be copied
     */
    static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path q = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(q);
                } else {
                    Files.copy(p, q);
                }
            }
        }
        return to;
    }
}
