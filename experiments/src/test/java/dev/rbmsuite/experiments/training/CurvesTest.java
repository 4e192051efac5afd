package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.plots.Series;
import org.junit.jupiter.api.Test;

/** Learning-curve series: points whose value is missing (NaN, not evaluated) are left out. */
class CurvesTest {
    @Test
    void leavesOutTheEpochsWithoutAFiniteValue() {
        Series s = Curves.line("BGS", "bgs", new double[] {0, 10, 20, 30, 40},
                new double[] {-5.0, Double.NaN, -4.0, Double.POSITIVE_INFINITY, -3.5});
        assertThat(s.name()).isEqualTo("BGS");
        assertThat(s.styleKey()).isEqualTo("bgs");
        assertThat(s.x()).containsExactly(0, 20, 40);
        assertThat(s.y()).containsExactly(-5.0, -4.0, -3.5);
    }

    @Test
    void aCurveWithNoFiniteValueIsNoSeries() {
        assertThat(Curves.line("DT", "dt-L1", new double[] {0, 1}, new double[] {Double.NaN, Double.NaN})).isNull();
    }
}
