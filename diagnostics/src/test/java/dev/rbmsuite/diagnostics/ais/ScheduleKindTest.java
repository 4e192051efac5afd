package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The schedule kinds: names round-trip, unknown names are refused, each builds its factory's schedule. */
class ScheduleKindTest {

    @Test
    void optionNamesRoundTrip() {
        assertThat(ScheduleKind.values()).extracting(ScheduleKind::optionName).containsExactly("linear", "piecewise");
        for (ScheduleKind k : ScheduleKind.values()) {
            assertThat(ScheduleKind.parse(k.optionName())).isSameAs(k);
        }
        assertThatThrownBy(() -> ScheduleKind.parse("geometric")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'geometric' is not one of linear, piecewise");
    }

    @Test
    void eachKindBuildsItsFactorysSchedule() {
        for (int k : new int[] {3, 10, 1000}) {
            assertThat(ScheduleKind.LINEAR.schedule(k).betas()).containsExactly(AnnealingSchedule.linear(k).betas());
            assertThat(ScheduleKind.PIECEWISE.schedule(k).betas())
                    .containsExactly(AnnealingSchedule.piecewise(k).betas());
        }
        // the two shapes differ (the piecewise one spends most steps near beta = 1)
        assertThat(ScheduleKind.PIECEWISE.schedule(1000).beta(500)).isGreaterThan(ScheduleKind.LINEAR.schedule(1000).beta(500));
    }
}
