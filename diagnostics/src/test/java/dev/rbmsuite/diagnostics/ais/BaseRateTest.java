package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The base-rate biases logit((count + 5) / (N + 10)), finite even for constant columns. */
class BaseRateTest {
    @Test
    void biasesAreTheLogitsOfTheSmoothedRates() {
        // columns: 3 of 3 on, 1 of 3 on, 2 of 3 on
        double[] data = {1, 0, 1, 1, 0, 1, 1, 1, 0};
        double[] bA = BaseRate.visibleBias(data, 3, 3);
        assertThat(bA).hasSize(3);
        assertThat(bA[0]).isCloseTo(Math.log(8.0 / 5.0), within(1e-12)); // p = (3+5)/13
        assertThat(bA[1]).isCloseTo(Math.log(6.0 / 7.0), within(1e-12)); // p = (1+5)/13
        assertThat(bA[2]).isCloseTo(Math.log(7.0 / 6.0), within(1e-12)); // p = (2+5)/13
        double[] allOff = BaseRate.visibleBias(new double[100], 100, 1);
        assertThat(allOff[0]).isCloseTo(Math.log(5.0 / 105.0), within(1e-12)).isFinite();
        double[] half = BaseRate.visibleBias(new double[] {1, 0}, 2, 1);
        assertThat(half[0]).isEqualTo(0.0);
    }

    @Test
    void needsAtLeastOneWholeRow() {
        assertThatThrownBy(() -> BaseRate.visibleBias(new double[0], 0, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("need at least one data row of 3 units");
        assertThatThrownBy(() -> BaseRate.visibleBias(new double[5], 2, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("need at least one data row of 3 units");
    }
}
