package dev.rbmsuite.plots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The x-y panel's validation (series, ranges, log axes) and its builder's defaults. */
class XyPanelTest {

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
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("panel 'TV'")
                .hasMessageContaining("series 'BGS'").hasMessageContaining("x[0] = 0.0");
        assertThatThrownBy(() -> XyPanel.builder().add(line("BGS", 1, 2)).xRange(0, 2).logX(true).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("xMin > 0");
        assertThatThrownBy(() -> XyPanel.builder().add(line("BGS", 1, 2)).yRange(-1, 2).logY(true).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("yMin > 0");
        assertThatThrownBy(() -> XyPanel.builder()
                .add(Series.line("BGS", "bgs", new double[] {1, 2}, new double[] {1, -3})).logY(true).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y[1] = -3.0");
        // a band's lower edge is drawn too, so it must be positive on a log-y axis
        Series banded = Series.line("DT", "dt", new double[] {1, 2}, new double[] {1, 1})
                .withBand(new double[] {0.5, 0.0}, new double[] {2, 2});
        assertThatThrownBy(() -> XyPanel.builder().add(banded).logY(true).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower[1] = 0.0");
        // the same values are fine on linear axes, and negative x is fine on a log-y axis
        assertThat(XyPanel.builder().add(banded).build().logY()).isFalse();
        assertThat(XyPanel.builder().add(Series.line("n", "bgs", new double[] {-1, 0}, new double[] {1, 2}))
                .logY(true).build().logY()).isTrue();
        assertThat(XyPanel.builder().add(line("BGS", 1, 2)).logX(true).logY(true).build().logX()).isTrue();
    }

    @Test
    void emptyOrNonFiniteRangesAreRejected() {
        assertThatThrownBy(() -> XyPanel.builder().add(line("a", 1, 2)).yRange(1, 1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y range [1.0, 1.0] is empty");
        assertThatThrownBy(() -> XyPanel.builder().add(line("a", 1, 2)).xRange(3, 2).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x range [3.0, 2.0] is empty");
        assertThatThrownBy(() -> XyPanel.builder().add(line("a", 1, 2)).xRange(0, Double.POSITIVE_INFINITY).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x limits must be finite");
        assertThatThrownBy(() -> XyPanel.builder().add(line("a", 1, 2)).yRange(Double.NaN, 1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y limits must be finite");
    }

    @Test
    void builderDefaultsAndNullsBecomeEmptyLabels() {
        XyPanel p = XyPanel.builder().add(line("a", 1, 2)).build();
        assertThat(p.title()).isEmpty();
        assertThat(p.xLabel()).isEmpty();
        assertThat(p.yLabel()).isEmpty();
        assertThat(p.logX()).isFalse();
        assertThat(p.logY()).isFalse();
        assertThat(p.xMin()).isNull();
        assertThat(p.yMax()).isNull();
        assertThat(p.legend()).isEqualTo(LegendPosition.AUTO);
        XyPanel q = new XyPanel(null, null, null, List.of(line("a", 1, 2)), false, false, null, null, null, null,
                LegendPosition.NONE);
        assertThat(q.title()).isEmpty();
        assertThat(q.xLabel()).isEmpty();
        assertThat(q.yLabel()).isEmpty();
        assertThatThrownBy(() -> new XyPanel("t", "", "", List.of(line("a", 1, 2)), false, false, null, null, null,
                null, null)).isInstanceOf(NullPointerException.class).hasMessageContaining("legend");
        assertThatThrownBy(() -> XyPanel.builder().add(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void builderKeepsEverySettingAndTheSeriesOrder() {
        Series a = line("a", 1, 2);
        Series b = line("b", 2, 3);
        Series c = line("c", 3, 4);
        XyPanel p = XyPanel.builder().title("TV").xLabel("step").yLabel("TV distance").add(a).addAll(List.of(b, c))
                .xRange(1, 5).yRange(0.5, 8).logX(true).logY(true).legend(LegendPosition.SOUTH_WEST).build();
        assertThat(p.title()).isEqualTo("TV");
        assertThat(p.xLabel()).isEqualTo("step");
        assertThat(p.yLabel()).isEqualTo("TV distance");
        assertThat(p.series()).containsExactly(a, b, c);
        assertThat(new double[] {p.xMin(), p.xMax(), p.yMin(), p.yMax()}).containsExactly(1, 5, 0.5, 8);
        assertThat(p.logX()).isTrue();
        assertThat(p.logY()).isTrue();
        assertThat(p.legend()).isEqualTo(LegendPosition.SOUTH_WEST);
    }

    @Test
    void seriesListIsFrozen() {
        List<Series> list = new ArrayList<>(List.of(line("a", 1, 2)));
        XyPanel p = new XyPanel("t", "x", "y", list, false, false, null, null, null, null, LegendPosition.AUTO);
        list.add(line("b", 1, 2));
        assertThat(p.series()).hasSize(1);
        assertThatThrownBy(() -> p.series().add(line("c", 1, 2))).isInstanceOf(UnsupportedOperationException.class);
    }
}
