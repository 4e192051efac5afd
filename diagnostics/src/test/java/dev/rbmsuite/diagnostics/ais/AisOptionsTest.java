package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** AIS settings: at least two runs, a defensively copied base, the linear uniform shorthand. */
class AisOptionsTest {
    @Test
    void theBaseIsCopiedInAndOut() {
        double[] bA = {0.5, -1};
        AisOptions o = new AisOptions(AnnealingSchedule.linear(3), 2, bA);
        bA[0] = 9;
        assertThat(o.baseVisibleBias()).containsExactly(0.5, -1);
        o.baseVisibleBias()[1] = 9;
        assertThat(o.baseVisibleBias()).containsExactly(0.5, -1);
        assertThat(new AisOptions(AnnealingSchedule.linear(3), 2, null).baseVisibleBias()).isNull();
    }

    @Test
    void linearUniformIsALinearScheduleFromTheUniformBase() {
        AisOptions o = AisOptions.linearUniform(4, 7);
        assertThat(o.runs()).isEqualTo(7);
        assertThat(o.baseVisibleBias()).isNull();
        assertThat(o.schedule().betas()).containsExactly(0.0, 0.25, 0.5, 0.75, 1.0);
        assertThat(AisOptions.DEFAULT_TEMPERATURES).isEqualTo(10_000); // docs/methods.md section 7.2
        assertThat(AisOptions.DEFAULT_RUNS).isEqualTo(500);
    }

    @Test
    void needsAtLeastTwoRuns() {
        assertThatThrownBy(() -> AisOptions.linearUniform(10, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("AIS needs at least 2 runs, got 1");
    }
}
