package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import org.junit.jupiter.api.Test;

/** {@link WorkLimits}: at most 2^36 run-temperature sweeps, the limit itself allowed. */
class WorkLimitsTest {
    @Test
    void theLimitIsTwoToTheThirtySixSweeps() {
        assertThatCode(() -> WorkLimits.requireAis(1L << 18, 1L << 18, "--runs", "--temperatures"))
                .doesNotThrowAnyException();
        assertThatCode(() -> WorkLimits.requireAis(500, 10_000, "--runs", "--temperatures")).doesNotThrowAnyException();
        assertThatCode(() -> WorkLimits.requireAis(1, 1L << 36, "--runs", "--temperatures")).doesNotThrowAnyException();
        assertThatThrownBy(() -> WorkLimits.requireAis(1, (1L << 36) + 1, "--runs", "--temperatures"))
                .isInstanceOf(InputException.class);
        assertThatThrownBy(() -> WorkLimits.requireAis((1L << 18) + 1, 1L << 18, "--runs", "--temperatures"))
                .isInstanceOf(InputException.class);
    }

    @Test
    void theMessageNamesBothOptionsAndTheProduct() {
        assertThatThrownBy(() -> WorkLimits.requireAis(300_000, 300_000, "--ais-runs", "--ais-temperatures"))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("options --ais-runs/--ais-temperatures: 300000 runs x 300000 temperatures = "
                        + 300_000L * 300_000L + " sweeps")
                .hasMessageContaining("2^36");
    }
}
