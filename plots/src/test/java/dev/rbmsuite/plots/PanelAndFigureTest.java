package dev.rbmsuite.plots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class PanelAndFigureTest {

    private static Series line(String name, double... x) {
        return Series.line(name, "bgs", x, x.clone());
    }

    @Test
    void panelNeedsSeriesWithDistinctNames() {
        assertThatThrownBy(() -> XyPanel.builder().title("LL").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one series");
        assertThatThrownBy(() -> XyPanel.builder().add(line("a", 1, 2)).add(line("a", 3, 4)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("duplicate series name 'a'");
    }

    @Test
    void logAxesNeedPositiveValues() {
        assertThatThrownBy(() -> XyPanel.builder().title("TV").add(line("BGS", 0, 1, 2)).logX(true).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x[0] = 0.0");
        assertThatThrownBy(() -> XyPanel.builder().add(line("BGS", 1, 2)).xRange(0, 2).logX(true).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("xMin > 0");
        assertThat(XyPanel.builder().add(line("BGS", 1, 2)).logX(true).logY(true).build().logX()).isTrue();
    }

    @Test
    void emptyRangesAreRejected() {
        assertThatThrownBy(() -> XyPanel.builder().add(line("a", 1, 2)).yRange(1, 1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y range [1.0, 1.0] is empty");
    }

    @Test
    void matrixMustBeRectangularAndBinary() {
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[0][]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty matrix");
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[][] {{0, 1}, {1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1 has 1 values");
        assertThatThrownBy(() -> MatrixPanel.of("m", "", "", new double[][] {{0, 0.5}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0][1] = 0.5");
        assertThatThrownBy(() -> MatrixPanel.ofRowMajor("m", "", "", new double[5], 2, 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected 2 x 3");
        MatrixPanel m = MatrixPanel.ofRowMajor("m", "x", "y", new double[] {1, 0, 0, 0, 1, 1}, 2, 3);
        assertThat(m.rows()).isEqualTo(2);
        assertThat(m.cols()).isEqualTo(3);
        assertThat(m.get(0, 0)).isTrue();
        assertThat(m.get(1, 0)).isFalse();
        assertThat(m.get(1, 2)).isTrue();
    }

    @Test
    void figureChecksGridAndPanelCount() {
        XyPanel p = XyPanel.builder().add(line("a", 1, 2)).build();
        assertThatThrownBy(() -> Figure.grid(1, 2).panel(p).panel(p).panel(p).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 panels").hasMessageContaining("1 x 2");
        assertThatThrownBy(() -> Figure.grid(0, 2).panel(p).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1 x 1");
        assertThatThrownBy(() -> Figure.grid(1, 1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one panel");
        assertThatThrownBy(() -> Figure.single(p, 0, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("size");
        Figure f = Figure.grid(2, 3).panel(p).panel(p).build();
        assertThat(f.width()).isEqualTo(2400);
        assertThat(f.height()).isEqualTo(1200);
        assertThat(f.letters()).isTrue();
        assertThat(Figure.single(p, 640, 480).letters()).isFalse();
        assertThat(Figure.grid(1, 1).panel(p).sharedLegend(List.of(LegendEntry.line("BGS", "bgs"))).build().legend())
                .hasSize(1);
    }
}
