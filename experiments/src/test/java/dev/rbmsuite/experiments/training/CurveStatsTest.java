package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rng;
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

    @Test
    void theSmoothedPeakOfAFlatNoisyCurveIsItsLevelNotItsLargestValue() {
        Rng rng = Rng.seeded(3);
        double sumPeak = 0;
        double sumMax = 0;
        int trials = 200;
        for (int t = 0; t < trials; t++) {
            double[] v = new double[200];
            for (int k = 0; k < v.length; k++) {
                v[k] = -5 + 0.19 * rng.nextGaussian();
            }
            sumPeak += CurveStats.smoothedPeak(v, 0.1);
            sumMax += CurveStats.peak(v);
        }
        // the raw maximum of 200 N(0, 0.19) values lies about 2.7 SD (0.5 nats) above the level; the split-sample
        // peak is unbiased: its mean over 200 curves lies within a few hundredths of a nat of the level
        assertThat(sumMax / trials + 5).isGreaterThan(0.4);
        assertThat(sumPeak / trials + 5).isCloseTo(0, within(0.02));
    }

    @Test
    void theSmoothedPeakFindsARealPeakAndSkipsMissingValues() {
        double[] v = new double[100];
        for (int k = 0; k < v.length; k++) {
            v[k] = k < 50 ? -6 + k / 50.0 : -5 - (k - 50) / 25.0;
        }
        // a tent with its top at -5: the window of 10 around it averages a little below -5
        assertThat(CurveStats.smoothedPeak(v, 0.1)).isBetween(-5.2, -5.0);
        double[] e = new double[100];
        for (int k = 0; k < e.length; k++) {
            e[k] = k + 1;
        }
        // the drop to the last quarter's mean (about -5 - 37/25 = -6.48)
        assertThat(CurveStats.DROP_FROM_SMOOTHED_PEAK.of(e, v)).isCloseTo(1.48, within(0.15));
        assertThat(CurveStats.smoothedPeak(new double[] {Double.NaN, 2, Double.NaN}, 0.1)).isEqualTo(2);
        assertThat(CurveStats.smoothedPeak(new double[] {Double.NaN}, 0.1)).isNaN();
        assertThat(CurveStats.RELATIVE_GROWTH.of(new double[] {1, 2, 3, 4}, new double[] {1, 1, 2, 2})).isEqualTo(1);
    }
}
