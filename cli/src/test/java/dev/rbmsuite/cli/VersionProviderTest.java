package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.SuiteVersion;
import org.junit.jupiter.api.Test;

/** {@link VersionProvider}: one line, the suite's name and its version with the commit. */
class VersionProviderTest {
    @Test
    void oneLineNamingTheSuiteAndItsVersion() {
        String[] v = new VersionProvider().getVersion();
        assertThat(v).containsExactly("rbm-suite " + SuiteVersion.get());
        assertThat(SuiteVersion.get()).isNotBlank().startsWith(SuiteVersion.maven());
        assertThat(v[0]).doesNotContain("\n");
    }
}
