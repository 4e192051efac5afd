package dev.rbmsuite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository as the build-rule tests see it (ModuleGraphTest, ReleaseMetadataTest,
 * StrictMathRuleTest): its root, found from the module a test runs in, and its text files.
 */
final class RepositoryFiles {
    private RepositoryFiles() {
    }

    /** @return a file's text (UTF-8) */
    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the repository's root: the nearest folder above the working folder with the parent POM and docs/ */
    static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("docs"))
                    && read(p.resolve("pom.xml")).contains("<modules>")) {
                return p;
            }
        }
        throw new IllegalStateException("no parent pom.xml with <modules> above " + Path.of("").toAbsolutePath());
    }
}
