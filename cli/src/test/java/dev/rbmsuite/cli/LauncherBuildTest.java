package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's first build (issue 41): it says its one line and then only what Maven reports, with no
 * escape codes and without the line Maven's own JVM prints for the incubating Vector API. The launcher
 * runs copied into a scratch root without a build, so it builds, with a stand-in {@code mvn} first on the
 * PATH that records how it was called, prints what Maven prints around a failed build (the incubator
 * line, an error) and fails; the real Maven's colour reset at exit is turned off by
 * {@code -Djansi.noreset=true}, which the stand-in checks is passed.
 */
class LauncherBuildTest {
    @TempDir
    Path dir;

    @Test
    void theFirstBuildSaysOneLineThenOnlyMavensErrors() throws IOException, InterruptedException {
        Path repo = Path.of("").toAbsolutePath();
        if (!Files.exists(repo.resolve("rbm"))) {
            repo = repo.getParent();
        }
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.copy(repo.resolve("rbm"), root.resolve("rbm"));
        Files.setPosixFilePermissions(root.resolve("rbm"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path calls = dir.resolve("mvn-calls.txt");
        Files.writeString(bin.resolve("mvn"), """
                #!/bin/bash
                printf 'args: %s\\nMAVEN_OPTS: %s\\npwd: %s\\n' "$*" "${MAVEN_OPTS:-}" "$PWD" > "$CALLS"
                echo "WARNING: Using incubator modules: jdk.incubator.vector" >&2
                echo "[ERROR] COMPILATION ERROR: Broken.java:[3,1] class, interface, enum, or record expected"
                exit 1
                """);
        Files.setPosixFilePermissions(bin.resolve("mvn"), PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb = new ProcessBuilder(root.resolve("rbm").toString(), "kernels").directory(dir.toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("CALLS", calls.toString());
        pb.environment().put("MAVEN_OPTS", "-Xmx1g");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isEqualTo(1);
        assertThat(out).isEmpty();
        assertThat(err).isEqualTo("rbm: building the suite (mvn package, tests skipped)...\n"
                + "[ERROR] COMPILATION ERROR: Broken.java:[3,1] class, interface, enum, or record expected\n"
                + "rbm: build failed\n");
        assertThat(err).doesNotContain("\u001b");
        List<String> call = Files.readAllLines(calls);
        assertThat(call.get(0)).startsWith("args: -B -q ").contains("-DskipTests").endsWith(" package");
        // the caller's MAVEN_OPTS kept, Maven's console reset at exit turned off
        assertThat(call.get(1)).isEqualTo("MAVEN_OPTS: -Xmx1g -Djansi.noreset=true");
        assertThat(call.get(2)).isEqualTo("pwd: " + root);
    }
}
