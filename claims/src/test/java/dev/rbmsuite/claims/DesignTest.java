package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The methods' names as report sentences and claims.csv print them, distinct per design. */
class DesignTest {
    @Test
    void eachDesignHasItsOwnName() {
        assertThat(Design.ONE_SAMPLE.text()).isEqualTo("one-sample t");
        assertThat(Design.PAIRED.text()).isEqualTo("paired t");
        assertThat(Design.WELCH.text()).isEqualTo("Welch t");
        assertThat(Design.PAIRED_BOOTSTRAP.text()).isEqualTo("paired bootstrap");
        assertThat(Arrays.stream(Design.values()).map(Design::text).distinct()).hasSize(Design.values().length);
    }
}
