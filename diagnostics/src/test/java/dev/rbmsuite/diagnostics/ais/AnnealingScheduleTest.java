package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Inverse-temperature schedules: linear, Salakhutdinov and Murray's piecewise one rescaled, and given ones. */
class AnnealingScheduleTest {
    private static void assertIncreasingFromZeroToOne(double[] b) {
        assertThat(b[0]).isEqualTo(0.0);
        assertThat(b[b.length - 1]).isEqualTo(1.0);
        for (int k = 1; k < b.length; k++) {
            assertThat(b[k]).as("step %d", k).isGreaterThan(b[k - 1]);
        }
    }

    @Test
    void linearStepsAreKOverK() {
        AnnealingSchedule s = AnnealingSchedule.linear(4);
        assertThat(s.steps()).isEqualTo(4);
        assertThat(s.betas()).containsExactly(0.0, 0.25, 0.5, 0.75, 1.0);
        assertThat(s.beta(2)).isEqualTo(0.5);
        assertThat(AnnealingSchedule.linear(1).betas()).containsExactly(0.0, 1.0);
        AnnealingSchedule odd = AnnealingSchedule.linear(3);
        assertThat(odd.beta(3)).isEqualTo(1.0);
        assertIncreasingFromZeroToOne(odd.betas());
    }

    @Test
    void piecewiseKeepsTheShareOfStepsOfEachSegment() {
        int k = 14_500;
        double[] b = AnnealingSchedule.piecewise(k).betas();
        assertThat(b).hasSize(k + 1);
        assertIncreasingFromZeroToOne(b);
        // 500 steps of 1e-3 up to 0.5, 4,000 of 1e-4 up to 0.9, 10,000 of 1e-5 up to 1
        assertThat(b[500]).isCloseTo(0.5, within(1e-12));
        assertThat(b[4500]).isCloseTo(0.9, within(1e-12));
        assertThat(b[1] - b[0]).isCloseTo(1e-3, within(1e-15));
        assertThat(b[501] - b[500]).isCloseTo(1e-4, within(1e-15));
        assertThat(b[4501] - b[4500]).isCloseTo(1e-5, within(1e-15));
        // rescaled: the same shares at K = 1,450
        double[] small = AnnealingSchedule.piecewise(1450).betas();
        assertThat(small[50]).isCloseTo(0.5, within(1e-12));
        assertThat(small[450]).isCloseTo(0.9, within(1e-12));
        assertIncreasingFromZeroToOne(AnnealingSchedule.piecewise(3).betas());
    }

    @Test
    void givenSchedulesAreCheckedAndCopied() {
        double[] betas = {0.0, 0.1, 1.0};
        AnnealingSchedule s = AnnealingSchedule.of(betas);
        betas[1] = 0.9;
        assertThat(s.betas()).containsExactly(0.0, 0.1, 1.0);
        s.betas()[1] = 0.5;
        assertThat(s.beta(1)).isEqualTo(0.1);
        assertThatThrownBy(() -> AnnealingSchedule.of(new double[] {0.0, 0.5})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("from beta = 0 to beta = 1");
        assertThatThrownBy(() -> AnnealingSchedule.of(new double[] {0.1, 1.0})).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnnealingSchedule.of(new double[] {0.0, 0.6, 0.6, 1.0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("step 2");
        assertThatThrownBy(() -> AnnealingSchedule.of(new double[] {0.0, Double.NaN, 1.0}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnnealingSchedule.linear(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 0");
        assertThatThrownBy(() -> AnnealingSchedule.piecewise(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 3");
    }
}
