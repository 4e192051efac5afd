package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The log-likelihood methods of the training monitor: their option names round-trip through
 * {@link LogLikelihoodMethod#parse}, an unknown name is refused listing the accepted ones, and auto is
 * exact exactly up to {@link Monitor#EXACT_LL_LIMIT} (docs/methods.md section 7.2).
 */
class LogLikelihoodMethodTest {

    @Test
    void optionNamesRoundTrip() {
        assertThat(LogLikelihoodMethod.values()).extracting(LogLikelihoodMethod::optionName)
                .containsExactly("auto", "exact", "mais");
        for (LogLikelihoodMethod m : LogLikelihoodMethod.values()) {
            assertThat(LogLikelihoodMethod.parse(m.optionName())).isSameAs(m);
        }
    }

    @Test
    void anUnknownNameIsRefusedListingTheAcceptedOnes() {
        for (String bad : new String[] {"ais", "Exact", "", " auto", null}) {
            assertThatThrownBy(() -> LogLikelihoodMethod.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + bad + "' is not one of auto, exact, mais");
        }
    }

    @Test
    void autoIsExactUpToTheLimitAndTheForcedMethodsEverywhere() {
        int limit = Monitor.EXACT_LL_LIMIT;
        assertThat(LogLikelihoodMethod.AUTO.exactFor(limit)).isTrue();
        assertThat(LogLikelihoodMethod.AUTO.exactFor(limit + 1)).isFalse();
        assertThat(LogLikelihoodMethod.EXACT.exactFor(1)).isTrue();
        assertThat(LogLikelihoodMethod.EXACT.exactFor(limit + 1)).isTrue();
        assertThat(LogLikelihoodMethod.MAIS.exactFor(1)).isFalse();
        assertThat(LogLikelihoodMethod.MAIS.exactFor(limit + 1)).isFalse();
    }
}
