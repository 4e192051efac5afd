package dev.rbmsuite.core.cost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.InputException;
import org.junit.jupiter.api.Test;

/** A refused computation: one line with the estimate, the limit and how to allow it; exit 2 as an input error. */
class CostLimitExceptionTest {
    @Test
    void saysWhatWasRefusedAndHowToAllowIt() {
        CostLimitException e = new CostLimitException("exact log Z (2^30 states x 100 units)", 5400, 600);
        assertThat(e).isInstanceOf(InputException.class).hasMessage("exact log Z (2^30 states x 100 units) would take "
                + "about 1.5 h, above the limit of 10 min; allow it with --allow-slow (CostGuard.UNLIMITED in the API)");
        assertThat(e.estimatedSeconds()).isEqualTo(5400.0);
        assertThat(e.limitSeconds()).isEqualTo(600.0);
        assertThat(new CostLimitException("x", 42, 0.5).getMessage())
                .startsWith("x would take about 42 s, above the limit of 0.50 s;");
    }
}
