package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StateIndexTest {
    @Test
    void indexAndStateAreInverse() {
        int n = 11;
        double[] rows = new double[3 * n];
        for (long x : new long[] {0, 1, 1234, (1L << n) - 1}) {
            StateIndex.state(x, n, rows, 2);
            assertThat(StateIndex.index(rows, 2, n)).isEqualTo(x);
        }
    }

    @Test
    void valuesOtherThanZeroAndOneAreRejectedWithTheirPlace() {
        for (double bad : new double[] {0.5, 2.0, -1.0, Double.NaN, 1e-300}) {
            double[] rows = {0, 1, 1, 0, 1, 0, bad, 1};
            assertThatThrownBy(() -> StateIndex.index(rows, 1, 4))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("row 1 unit 2");
        }
        assertThat(StateIndex.index(new double[] {-0.0, 1.0}, 0, 2)).isEqualTo(2L);
    }
}
