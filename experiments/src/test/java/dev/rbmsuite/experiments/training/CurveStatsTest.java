package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The per-trial curve summaries on hand-made curves with known answers. */
class CurveStatsTest {
    private static final double[] EPOCHS = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};

    @Test
    void summariesOfARiseAndFall() {
        double[] v = {1, 2, 3, 5, 4, 3, 2, 2, 1, 0};
        assertThat(CurveStats.FINAL.of(EPOCHS, v)).isEqualTo(0);
        // last quarter: epochs > 75 -> 80, 90, 100
        assertThat(CurveStats.LAST_QUARTER.of(EPOCHS, v)).isCloseTo(1.0, within(1e-12));
        // first quarter: epochs <= 25 -> 10, 20
        assertThat(CurveStats.FIRST_QUARTER.of(EPOCHS, v)).isCloseTo(1.5, within(1e-12));
        assertThat(CurveStats.DROP_FROM_PEAK.of(EPOCHS, v)).isCloseTo(4.0, within(1e-12));
        assertThat(CurveStats.GROWTH.of(EPOCHS, v)).isCloseTo(-0.5, within(1e-12));
        // last tenth (epoch 100) minus the tenth before (epoch 90)
        assertThat(CurveStats.LAST_TENTH_RISE.of(EPOCHS, v)).isCloseTo(-1.0, within(1e-12));
    }

    @Test
    void notComputedPointsAreSkipped() {
        double[] v = {1, Double.NaN, 3, Double.NaN, 4, Double.NaN, 2, Double.NaN, 6, Double.NaN};
        assertThat(CurveStats.FINAL.of(EPOCHS, v)).isEqualTo(6);
        assertThat(CurveStats.LAST_QUARTER.of(EPOCHS, v)).isEqualTo(6);
        assertThat(CurveStats.DROP_FROM_PEAK.of(EPOCHS, v)).isEqualTo(0);
    }
}
