package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

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

    /**
     * Issue 41: a smoke run's two evaluations give two distinct y values, which XChart took for evenly spaced
     * ones and labelled with ten digits at the data values; the y helper sits between them, off the grid.
     */
    @Test
    void theYHelperSitsOffGridBetweenTheTwoSmallestValuesBandsIncluded() {
        XyPanel two = XyPanel.builder().add(Series.line("BGS", "bgs", new double[] {10, 20},
                new double[] {-6.668333262, -6.617331083})).build();
        double hy = XyChartFactory.tickHelperY(two);
        assertThat(hy).isStrictlyBetween(-6.668333262, -6.617331083);
        Series banded = Series.line("DT", "dt", new double[] {1, 2}, new double[] {0.5, 0.5})
                .withBand(new double[] {0.2, 0.3}, new double[] {0.6, 0.7});
        assertThat(XyChartFactory.tickHelperY(XyPanel.builder().add(banded).build())).isStrictlyBetween(0.2, 0.3);
        XyPanel flat = XyPanel.builder().add(Series.line("BGS", "bgs", new double[] {1, 2}, new double[] {3, 3}))
                .build();
        assertThat(XyChartFactory.tickHelperY(flat)).isNaN();
    }

    /**
     * Issue 41: a kernel's line carries its marker every few points (a scatter series of the marked points and a
     * one-point legend entry with line and marker, named as the series); a reference line without a marker
     * stays one plain series.
     */
    @Test
    void aKernelLineCarriesMarkersAndItsLegendEntryShowsThem() {
        double[] x = epochs(201);
        XyPanel p = XyPanel.builder().add(Series.line("BGS", "bgs", x, x.clone()))
                .add(Series.line("i.i.d. floor", "iid", new double[] {0, 20000}, new double[] {1, 1})).build();
        XYChart chart = XyChartFactory.build(p, 800, 600, Theme.PUBLICATION, false);
        XYSeries line = chart.getSeries("\u0000line:BGS");
        assertThat(line.isShowInLegend()).isFalse();
        XYSeries key = chart.getSeries("BGS");
        assertThat(key.isShowInLegend()).isTrue();
        assertThat(key.getXData()).hasSize(1);
        assertThat(key.getMarker()).isInstanceOf(ShapeMarker.class);
        XYSeries marks = chart.getSeries("\u0000marks:BGS");
        assertThat(marks.isShowInLegend()).isFalse();
        // about one marker per 80 px of an 800 px chart
        assertThat(marks.getXData().length + 1).isBetween(8, 12);
        assertThat(chart.getSeries("i.i.d. floor").isShowInLegend()).isTrue();
        assertThat(chart.getSeries("\u0000marks:i.i.d. floor")).isNull();
    }

    /** A line wholly outside a fixed x range gets no marker and keeps its own legend entry. */
    @Test
    void aLineOutsideAFixedRangeKeepsItsLegendEntryWithoutMarkers() {
        XyPanel p = XyPanel.builder().add(Series.line("BGS", "bgs", new double[] {0, 1, 2}, new double[] {1, 2, 3}))
                .add(Series.line("DT", "dt", new double[] {50, 60}, new double[] {1, 2})).xRange(0, 2).build();
        XYChart chart = XyChartFactory.build(p, 800, 600, Theme.PUBLICATION, false);
        assertThat(chart.getSeries("DT").isShowInLegend()).isTrue();
        assertThat(chart.getSeries("DT").getXData()).hasSize(2);
        assertThat(chart.getSeries("\u0000marks:DT")).isNull();
        assertThat(chart.getSeries("BGS").getXData()).hasSize(1);
    }
}
