package dev.rbmsuite.diagnostics.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link Lambda2.Estimator}'s option names: they round-trip and an unknown one is refused listing them. */
class Lambda2EstimatorTest {

    @Test
    void optionNamesRoundTrip() {
        assertThat(Lambda2.Estimator.values()).extracting(Lambda2.Estimator::optionName)
                .containsExactly("counts", "rao-blackwell", "exact");
        for (Lambda2.Estimator e : Lambda2.Estimator.values()) {
            assertThat(Lambda2.Estimator.parse(e.optionName())).isSameAs(e);
        }
    }

    @Test
    void anUnknownNameIsRefusedListingTheAcceptedOnes() {
        for (String bad : new String[] {"RAO_BLACKWELL", "rb", "count", ""}) {
            assertThatThrownBy(() -> Lambda2.Estimator.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + bad + "' is not one of counts, rao-blackwell, exact");
        }
    }
}
