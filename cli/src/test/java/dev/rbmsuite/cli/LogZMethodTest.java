package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The --method names of logz and loglik: they round-trip, and loglik accepts only exact and mais. */
class LogZMethodTest {

    @Test
    void optionNamesRoundTrip() {
        assertThat(LogZMethod.values()).extracting(LogZMethod::optionName).containsExactly("exact", "mais", "ais", "rais");
        for (LogZMethod m : LogZMethod.values()) {
            assertThat(LogZMethod.parse(m.optionName())).isSameAs(m);
        }
        assertThatThrownBy(() -> LogZMethod.parse("bogus")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'bogus' is not one of exact, mais, ais, rais");
    }

    @Test
    void loglikAcceptsOnlyExactAndMais() {
        assertThat(LogZMethod.parseLoglik("exact")).isSameAs(LogZMethod.EXACT);
        assertThat(LogZMethod.parseLoglik("mais")).isSameAs(LogZMethod.MAIS);
        for (String other : new String[] {"ais", "rais", "auto"}) {
            assertThatThrownBy(() -> LogZMethod.parseLoglik(other)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + other + "' is not one of exact, mais");
        }
    }
}
