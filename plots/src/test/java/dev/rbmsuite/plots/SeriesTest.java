package dev.rbmsuite.plots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SeriesTest {

    @Test
    void mismatchedLengthsAreRejectedWithAClearMessage() {
        assertThatThrownBy(() -> Series.line("BGS", "bgs", new double[] {0, 1, 2}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'BGS'").hasMessageContaining("x has 3 values but y has 2");
    }

    @Test
    void emptySeriesIsRejected() {
        assertThatThrownBy(() -> Series.scatter("data", "data", new double[0], new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty series");
    }

    @Test
    void nonFiniteValuesAreRejectedWithTheirIndex() {
        assertThatThrownBy(() -> Series.line("DT", "dt", new double[] {0, 1}, new double[] {0, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y[1] = NaN");
        assertThatThrownBy(() -> Series.line("DT", "dt", new double[] {Double.POSITIVE_INFINITY}, new double[] {0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x[0]");
    }

    @Test
    void blankNameOrKeyIsRejected() {
        assertThatThrownBy(() -> Series.line(" ", "bgs", new double[] {0}, new double[] {0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name");
        assertThatThrownBy(() -> Series.line("BGS", "", new double[] {0}, new double[] {0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("style key");
    }

    @Test
    void bandMustMatchAndBeOrdered() {
        Series s = Series.line("RT", "roundtrip", new double[] {1, 2, 3}, new double[] {0.5, 0.4, 0.3});
        assertThatThrownBy(() -> s.withBand(new double[] {0, 0}, new double[] {1, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("band has 2 lower");
        assertThatThrownBy(() -> s.withBand(new double[] {0, 0.5, 0}, new double[] {1, 0.4, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower[1] = 0.5");
        assertThatThrownBy(() -> Series.scatter("d", "data", new double[] {1}, new double[] {1})
                .withBand(new double[] {0}, new double[] {2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only LINE");
        Series b = s.withBand(new double[] {0.4, 0.3, 0.2}, new double[] {0.6, 0.5, 0.4});
        assertThat(b.hasBand()).isTrue();
        assertThat(b.lower()).containsExactly(0.4, 0.3, 0.2);
        assertThat(s.hasBand()).isFalse();
    }

    @Test
    void arraysAreCopiedInAndOut() {
        double[] x = {0, 1};
        double[] y = {5, 6};
        Series s = Series.line("a", "bgs", x, y);
        x[0] = 99;
        s.y()[1] = 99;
        assertThat(s.x()).containsExactly(0, 1);
        assertThat(s.y()).containsExactly(5, 6);
        assertThat(s.hiddenFromLegend().inLegend()).isFalse();
        assertThat(s.inLegend()).isTrue();
    }
}
