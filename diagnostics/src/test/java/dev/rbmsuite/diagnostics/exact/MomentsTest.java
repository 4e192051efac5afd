package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Moment records: shapes checked, ND4J views with the joint moments row-major n x m. */
class MomentsTest {
    @Test
    void arraysHaveTheMomentsShapes() {
        Moments m = new Moments(2, 3, new double[] {0.1, 0.2}, new double[] {0.3, 0.4, 0.5},
                new double[] {1, 2, 3, 4, 5, 6});
        assertThat(m.visibleArray().shape()).containsExactly(2L);
        assertThat(m.hiddenArray().getDouble(2)).isEqualTo(0.5);
        INDArray j = m.jointArray();
        assertThat(j.shape()).containsExactly(2L, 3L);
        assertThat(j.getDouble(1, 0)).as("E[v_1 h_0] at 1 * m + 0").isEqualTo(4.0);
        assertThat(j.getDouble(0, 2)).isEqualTo(3.0);
    }

    @Test
    void mismatchedShapesAreNamed() {
        assertThatThrownBy(() -> new Moments(2, 3, new double[2], new double[3], new double[5]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("moment shapes (2, 3, 5) do not match n = 2, m = 3");
        assertThatThrownBy(() -> new Moments(2, 3, new double[3], new double[3], new double[6]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("moment shapes (3, 3, 6) do not match n = 2, m = 3");
        assertThatThrownBy(() -> new Moments(2, 3, new double[2], new double[2], new double[6]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("moment shapes (2, 2, 6) do not match n = 2, m = 3");
    }
}
