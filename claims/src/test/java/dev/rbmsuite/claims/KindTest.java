package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The kind column of claims.csv is lower case, as the report and the tests of other modules read it. */
class KindTest {
    @Test
    void textIsTheLowerCaseName() {
        assertThat(Kind.PAPER.text()).isEqualTo("paper");
        assertThat(Kind.BEYOND.text()).isEqualTo("beyond");
    }
}
