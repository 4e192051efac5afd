package dev.rbmsuite.plots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The binary-matrix panel: validation of the cells, row-major layout, copies and bounds. */
class MatrixPanelTest {

    @Test
    void matrixMustBeRectangularAndBinary() {
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[0][]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty matrix");
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[][] {{}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty matrix");
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty matrix");
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[][] {{0, 1}, {1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("matrix panel 'm'")
                .hasMessageContaining("row 1 has 1 values");
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[][] {{0, 1}, null}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1 has 0 values");
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[][] {{0, 0.5}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0][1] = 0.5");
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[][] {{0, 1}, {1, Double.NaN}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[1][1] = NaN");
        assertThatThrownBy(() -> MatrixPanel.ofRowMajor("m", "", "", new double[5], 2, 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("buffer has 5 values")
                .hasMessageContaining("expected 2 x 3");
        assertThatThrownBy(() -> MatrixPanel.ofRowMajor("m", "", "", new double[0], 0, 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty matrix (0 x 3)");
        assertThatThrownBy(() -> MatrixPanel.ofRowMajor("m", "", "", null, 1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("buffer has 0 values");
    }

    @Test
    void rowMajorBufferAndNestedArraysGiveTheSameCells() {
        double[] buf = {1, 0, 0, 0, 1, 1};
        MatrixPanel m = MatrixPanel.ofRowMajor("m", "x", "y", buf, 2, 3);
        MatrixPanel n = MatrixPanel.of("m", "x", "y", new double[][] {{1, 0, 0}, {0, 1, 1}});
        assertThat(m.rows()).isEqualTo(2);
        assertThat(m.cols()).isEqualTo(3);
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(m.get(i, j)).as("[%d][%d]", i, j).isEqualTo(buf[i * 3 + j] == 1.0);
                assertThat(n.get(i, j)).isEqualTo(m.get(i, j));
            }
        }
        assertThat(m.title()).isEqualTo("m");
        assertThat(m.xLabel()).isEqualTo("x");
        assertThat(m.yLabel()).isEqualTo("y");
    }

    @Test
    void cellsAreCopiedAndNullLabelsBecomeEmpty() {
        double[][] src = {{1, 0}, {0, 1}};
        MatrixPanel m = MatrixPanel.of(null, null, null, src);
        src[0][0] = 0;
        src[1][0] = 1;
        assertThat(m.get(0, 0)).isTrue();
        assertThat(m.get(1, 0)).isFalse();
        assertThat(m.title()).isEmpty();
        assertThat(m.xLabel()).isEmpty();
        assertThat(m.yLabel()).isEmpty();
    }

    @Test
    void cellsOutsideTheMatrixAreRefusedWithTheirIndex() {
        MatrixPanel m = MatrixPanel.of("m", "", "", new double[][] {{1, 0, 1}});
        assertThatThrownBy(() -> m.get(1, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("[1][0]").hasMessageContaining("1 x 3");
        assertThatThrownBy(() -> m.get(0, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> m.get(0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> m.get(-1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
