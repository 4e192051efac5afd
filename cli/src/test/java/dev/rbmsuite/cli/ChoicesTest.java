package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import org.junit.jupiter.api.Test;

/** A choice option's text becomes its constant, or one line of bad input naming the option and the names. */
class ChoicesTest {

    @Test
    void parsesThroughTheEnumsParse() {
        assertThat(Choices.parse("--estimator", "rao-blackwell", Lambda2.Estimator::parse))
                .isSameAs(Lambda2.Estimator.RAO_BLACKWELL);
    }

    @Test
    void anUnknownNameIsBadInputNamingTheOptionAndTheAcceptedNames() {
        assertThatThrownBy(() -> Choices.parse("--estimator", "foo", Lambda2.Estimator::parse))
                .isInstanceOf(InputException.class)
                .hasMessage("option --estimator: 'foo' is not one of counts, rao-blackwell, exact")
                .hasCauseInstanceOf(IllegalArgumentException.class);
    }
}
