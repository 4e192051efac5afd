package dev.rbmsuite.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A scratch root for tests that run the {@code ./rbm} launcher itself: the repository's launcher copied
 * in, with a class path file naming the test's own class path as its build, so that the launcher runs
 * without building.
 */
final class ScratchLauncher {
    private ScratchLauncher() {
    }

    /**
     * @param root the folder to make the scratch root in (created)
     * @return root, holding {@code rbm} and {@code cli/target/rbm.classpath}
     */
    static Path create(Path root) throws IOException {
        Path repo = Path.of("").toAbsolutePath();
        if (!Files.exists(repo.resolve("rbm"))) {
            repo = repo.getParent();
        }
        Files.createDirectories(root.resolve("cli/target"));
        Files.copy(repo.resolve("rbm"), root.resolve("rbm"));
        Files.setPosixFilePermissions(root.resolve("rbm"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(root.resolve("cli/target/rbm.classpath"), classPath());
        return root;
    }

    /** @return the test JVM's class path (the launcher's build in a scratch root) */
    static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }
}
