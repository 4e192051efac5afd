package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SuiteVersionTest {
    @Test
    void versionCarriesTheCommitAsBuildMetadata() {
        assertThat(SuiteVersion.format("0.1.0", "1c53944abc", "false")).isEqualTo("0.1.0+1c53944abc");
        assertThat(SuiteVersion.format("0.1.0", "1c53944abc", "true")).isEqualTo("0.1.0+1c53944abc.dirty");
        // built outside git: the placeholders stay unfiltered
        assertThat(SuiteVersion.format("0.1.0", "${git.commit.id.abbrev}", "${git.dirty}")).isEqualTo("0.1.0");
        assertThat(SuiteVersion.format("0.1.0", "", "")).isEqualTo("0.1.0");
    }

    @Test
    void thisBuildRecordsItsVersion() {
        assertThat(SuiteVersion.get()).matches("\\d+\\.\\d+\\.\\d+.*").doesNotContain("${");
    }

    /**
     * The commit recorded is that of the checkout the tests run in (the build's, since Maven records
     * it in the same run): in a linked worktree its own HEAD, not the main checkout's, which the
     * git-commit-id plugin recorded before.
     */
    @Test
    void thisBuildRecordsTheCommitOfItsOwnCheckout() throws IOException, InterruptedException {
        Process git;
        try {
            // in the module's folder, where surefire runs the tests and the build ran git
            git = new ProcessBuilder("git", "rev-parse", "--short=10", "HEAD").start();
        } catch (IOException noGit) {
            assumeTrue(false, "git is not installed");
            return;
        }
        String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assumeTrue(git.exitValue() == 0 && !head.isEmpty(), "not a git checkout");
        assertThat(SuiteVersion.commit()).startsWith(head);
    }
}
