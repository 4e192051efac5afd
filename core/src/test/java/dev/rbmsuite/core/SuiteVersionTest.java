package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

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
}
