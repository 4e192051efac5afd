package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The three mean absolute errors of moment estimates, by hand. */
class MomentErrorsTest {
    @Test
    void maeIsTheMeanAbsoluteDifference() {
        Moments a = new Moments(2, 1, new double[] {0.1, 0.2}, new double[] {0.5}, new double[] {0.1, 0.3});
        Moments b = new Moments(2, 1, new double[] {0.2, 0.0}, new double[] {0.25}, new double[] {0.1, 0.2});
        MomentErrors e = MomentErrors.of(a, b);
        assertThat(e.b()).isCloseTo(0.15, within(1e-15)); // (0.1 + 0.2) / 2
        assertThat(e.c()).isCloseTo(0.25, within(1e-15));
        assertThat(e.w()).isCloseTo(0.05, within(1e-15)); // (0 + 0.1) / 2
        assertThat(MomentErrors.of(b, a)).as("symmetric").isEqualTo(e);
        assertThat(MomentErrors.of(a, a)).isEqualTo(new MomentErrors(0, 0, 0));
        assertThat(MomentErrors.mae(new double[] {1, -1, 0, 2}, new double[] {0, 1, 0, 2})).isEqualTo(0.75);
    }

    @Test
    void shapesMustAgree() {
        Moments a = new Moments(2, 1, new double[2], new double[1], new double[2]);
        Moments b = new Moments(1, 2, new double[1], new double[2], new double[2]);
        assertThatThrownBy(() -> MomentErrors.of(a, b)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("moment shapes differ: (2, 1) vs (1, 2)");
        assertThatThrownBy(() -> MomentErrors.mae(new double[2], new double[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("lengths differ: 2 vs 3");
    }
}
