package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.plots.style.Theme;

class XyChartFactoryTest {

    private static double[] epochs(int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 100.0 * i;
        }
        return x;
    }

    @Test
    void tickHelperSitsOffGridInsideTheDataRange() {
        double[] x = epochs(201);
        XyPanel p = XyPanel.builder().add(Series.line("BGS", "bgs", x, x.clone())).build();
        double hx = XyChartFactory.tickHelperX(p);
        assertThat(hx).isGreaterThan(0).isLessThan(100);
        assertThat(hx % 100).isNotZero();
        XyPanel log = XyPanel.builder().add(Series.line("BGS", "bgs", new double[] {1, 10, 100},
                new double[] {1, 2, 3})).logX(true).build();
        assertThat(XyChartFactory.tickHelperX(log)).isGreaterThan(1).isLessThan(10);
        XyPanel single = XyPanel.builder().add(Series.line("BGS", "bgs", new double[] {5}, new double[] {1}))
                .build();
        assertThat(XyChartFactory.tickHelperX(single)).isNaN();
    }

    @Test
    void bandBecomesAPolygonUnderTheLine() {
        double[] x = {1, 2, 3, 4};
        Series s = Series.line("DT", "dt", x, new double[] {0.5, 0.4, 0.3, 0.2})
                .withBand(new double[] {0.4, 0.3, 0.2, 0.1}, new double[] {0.6, 0.5, 0.4, 0.3});
        XyPanel p = XyPanel.builder().add(Series.line("BGS", "bgs", x, x.clone())).add(s).build();
        XYChart chart = XyChartFactory.build(p, 800, 600, Theme.PUBLICATION, false);
        List<String> order = chart.getSeriesCollection().stream().map(XYSeries::getName).toList();
        String band = "\u0000band:DT";
        assertThat(order.indexOf(band)).isLessThan(order.indexOf("BGS")).isLessThan(order.indexOf("DT"));
        XYSeries b = chart.getSeries(band);
        assertThat(b.getXYSeriesRenderStyle()).contains(XYSeries.XYSeriesRenderStyle.PolygonArea);
        assertThat(b.getXData()).containsExactly(1, 2, 3, 4, 4, 3, 2, 1);
        assertThat(b.getYData()).containsExactly(0.6, 0.5, 0.4, 0.3, 0.1, 0.2, 0.3, 0.4);
        assertThat(b.isShowInLegend()).isFalse();
        assertThat(b.getFillColor().getAlpha()).isEqualTo(Theme.BAND_ALPHA);
    }

    @Test
    void legendLabelsIncludeTrajectoryEndsOnce() {
        double[] x = {0, 1, 2};
        XyPanel p = XyPanel.builder()
                .add(Series.scatter("data", "data", x, x.clone()).hiddenFromLegend())
                .add(Series.trajectory("BGS", "bgs", x, x.clone()))
                .add(Series.trajectory("DT", "dt", x, x.clone())).build();
        assertThat(XyChartFactory.legendLabels(p)).containsExactly("BGS", "start", "end", "DT");
    }

    @Test
    void autoLegendAvoidsTheCrowdedCorner() {
        // a rising curve fills the top right and bottom left; a cloud sits in the top left
        int n = 50;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = i;
        }
        double[] cx = new double[40];
        double[] cy = new double[40];
        for (int i = 0; i < 40; i++) {
            cx[i] = 2 + (i % 5);
            cy[i] = 40 + (i / 5);
        }
        XyPanel p = XyPanel.builder().add(Series.line("line", "bgs", x, y))
                .add(Series.scatter("cloud", "data", cx, cy)).build();
        LegendPosition pos = LegendPlacer.resolve(p, List.of("line", "cloud"), 800, 600, Theme.PUBLICATION);
        assertThat(pos).isEqualTo(LegendPosition.SOUTH_EAST);
        XyPanel fixed = XyPanel.builder().add(Series.line("line", "bgs", x, y)).legend(LegendPosition.NORTH_WEST)
                .build();
        assertThat(LegendPlacer.resolve(fixed, List.of("line"), 800, 600, Theme.PUBLICATION))
                .isEqualTo(LegendPosition.NORTH_WEST);
    }
}
