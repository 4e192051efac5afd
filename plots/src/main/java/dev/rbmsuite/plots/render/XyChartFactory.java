package dev.rbmsuite.plots.render;

import java.util.ArrayList;
import java.util.List;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.TreeSet;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.plots.style.Dash;
import dev.rbmsuite.plots.style.MarkerShape;
import dev.rbmsuite.plots.style.Palette;
import dev.rbmsuite.plots.style.SeriesStyle;
import dev.rbmsuite.plots.style.Theme;

/**
 * Builds a publication-styled XChart {@link XYChart} from an {@link XyPanel} (TOOLCHAIN.md, XChart section).
 *
 * <p>Style: white background, framed plot, light horizontal grid lines only, legend inside the plot area
 * ({@link LegendPlacer} picks the emptiest corner for {@link LegendPosition#AUTO}), fonts and 2.5 px lines
 * from {@link Theme}, colours and dashes from {@link Palette}.
 *
 * <p>Drawing order: every band first (a translucent {@code PolygonArea} built by {@link BandPolygon}), then
 * the series in the panel's order, so all lines lie on top of all bands. A trajectory is a line plus a start
 * marker (circle) and an end marker (square); the first trajectory's markers get the legend entries "start"
 * and "end".
 *
 * <p>Workaround for XChart 4.0.3: when every x value is evenly spaced (epochs 0, 100, 200, ...) XChart ignores
 * the tick-spacing hint and tick labels overlap. An invisible one-point helper series at an off-grid x inside
 * the data range (37% of the way between the two smallest x values, geometric for a log axis) breaks the even
 * spacing without changing the axis range.
 */
public final class XyChartFactory {

    /** Internal series-name prefix; user names cannot clash because they never start with a NUL. */
    private static final String INTERNAL = "\u0000";
    private static final Color TRANSPARENT = new Color(0, 0, 0, 0);

    private XyChartFactory() {
    }

    /**
     * Builds the chart.
     *
     * @param p the panel
     * @param width chart width in pixels
     * @param height chart height in pixels
     * @param theme fonts and sizes
     * @param reserveTitleRow keep a title row even when the panel has no title (room for a panel letter)
     * @return the styled chart, ready to paint
     */
    public static XYChart build(XyPanel p, int width, int height, Theme theme, boolean reserveTitleRow) {
        XYChart chart = new XYChart(width, height);
        String title = p.title();
        boolean titleRow = !title.isEmpty() || reserveTitleRow;
        chart.setTitle(title.isEmpty() ? " " : title);
        chart.setXAxisTitle(p.xLabel());
        chart.setYAxisTitle(p.yLabel());
        style(chart.getStyler(), p, theme, titleRow);

        for (Series s : p.series()) {
            if (s.hasBand()) {
                addBand(chart, s, theme);
            }
        }
        boolean trajectoryLegendDone = false;
        for (Series s : p.series()) {
            SeriesStyle st = Palette.style(s.styleKey());
            XYSeries xs = chart.addSeries(s.name(), s.x(), s.y());
            xs.setShowInLegend(s.inLegend());
            switch (s.kind()) {
                case LINE -> {
                    xs.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
                    xs.setMarker(SeriesMarkers.NONE);
                    xs.setLineColor(st.color());
                    xs.setLineStyle(theme.lineStroke(st.dash(), st.width()));
                }
                case SCATTER -> {
                    xs.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
                    MarkerShape shape = st.marker() == MarkerShape.NONE ? MarkerShape.CIRCLE : st.marker();
                    xs.setMarker(new ShapeMarker(shape, theme.scatterMarkerSize(), st.color(), null, 0f));
                    xs.setMarkerColor(st.color());
                }
                case TRAJECTORY -> {
                    xs.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
                    xs.setMarker(SeriesMarkers.NONE);
                    xs.setLineColor(st.color());
                    // solid whatever the kernel's dash: each trajectory panel names its kernel, and a dash pattern
                    // breaks up on a chain's short, overlapping jumps (Fig 8)
                    xs.setLineStyle(theme.trajectoryStroke(Dash.SOLID));
                    boolean legend = s.inLegend() && !trajectoryLegendDone;
                    addEndMarker(chart, s, st, theme, true, legend);
                    addEndMarker(chart, s, st, theme, false, legend);
                    trajectoryLegendDone |= legend;
                }
                default -> throw new IllegalStateException("unknown kind " + s.kind());
            }
        }
        addTickHelper(chart, p);

        XYStyler styler = chart.getStyler();
        LegendPosition pos = legendLabels(p).isEmpty() ? LegendPosition.NONE
                : LegendPlacer.resolve(p, legendLabels(p), width, height, theme);
        styler.setLegendVisible(pos != LegendPosition.NONE);
        styler.setLegendPosition(switch (pos) {
            case NORTH_WEST -> Styler.LegendPosition.InsideNW;
            case SOUTH_EAST -> Styler.LegendPosition.InsideSE;
            case SOUTH_WEST -> Styler.LegendPosition.InsideSW;
            default -> Styler.LegendPosition.InsideNE;
        });
        return chart;
    }

    /** @return the legend labels the chart will show, in order */
    static List<String> legendLabels(XyPanel p) {
        List<String> labels = new ArrayList<>();
        boolean trajectory = false;
        for (Series s : p.series()) {
            if (s.inLegend()) {
                labels.add(s.name());
                if (s.kind() == Series.Kind.TRAJECTORY && !trajectory) {
                    labels.add("start");
                    labels.add("end");
                    trajectory = true;
                }
            }
        }
        return labels;
    }

    private static void style(XYStyler st, XyPanel p, Theme t, boolean titleRow) {
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBackgroundColor(Color.WHITE);
        st.setChartFontColor(Theme.INK);
        st.setChartTitleVisible(titleRow);
        st.setChartTitleBoxVisible(false);
        st.setChartTitleFont(t.panelTitleFont());
        st.setChartTitlePadding(t.px(10));
        st.setChartPadding(t.px(14));
        st.setAxisTitleFont(t.axisTitleFont());
        st.setAxisTitlePadding(t.px(10));
        st.setAxisTickLabelsFont(t.tickFont());
        st.setAxisTickLabelsColor(Theme.INK);
        st.setAxisTickMarksColor(Theme.FRAME);
        st.setAxisTickMarkLength(t.px(6));
        st.setAxisTickPadding(t.px(6));
        st.setXAxisTickMarkSpacingHint(t.px(120));
        st.setYAxisTickMarkSpacingHint(t.px(70));
        st.setPlotBorderVisible(true);
        st.setPlotBorderColor(Theme.FRAME);
        st.setPlotGridVerticalLinesVisible(false);
        st.setPlotGridHorizontalLinesVisible(true);
        st.setPlotGridLinesColor(Theme.GRID);
        st.setPlotGridLinesStroke(new BasicStroke(Math.max(1f, (float) t.scale())));
        st.setPlotTicksMarksVisible(false);
        st.setAxisTicksLineVisible(false);
        st.setYAxisLabelAlignment(AxesChartStyler.TextAlignment.Right);
        st.setXAxisTickLabelsFormattingFunction(TickFormat::format);
        st.setYAxisTickLabelsFormattingFunction(TickFormat::format);
        st.setPlotMargin(t.px(4));
        st.setLegendFont(t.legendFont());
        st.setLegendBackgroundColor(new Color(255, 255, 255, 225));
        st.setLegendBorderColor(new Color(0xBBBBBB));
        st.setLegendPadding(t.px(8));
        st.setLegendSeriesLineLength(t.px(40));
        st.setMarkerSize(t.scatterMarkerSize());
        st.setAntiAlias(true);
        st.setTextAntiAlias(true);
        st.setXAxisLogarithmic(p.logX());
        st.setYAxisLogarithmic(p.logY());
        st.setXAxisMin(p.xMin());
        st.setXAxisMax(p.xMax());
        st.setYAxisMin(p.yMin());
        st.setYAxisMax(p.yMax());
    }

    private static void addBand(XYChart chart, Series s, Theme t) {
        Color c = Palette.style(s.styleKey()).color();
        BandPolygon poly = BandPolygon.of(s.x(), s.lower(), s.upper());
        XYSeries band = chart.addSeries(INTERNAL + "band:" + s.name(), poly.x(), poly.y());
        band.setXYSeriesRenderStyle(XYSeriesRenderStyle.PolygonArea);
        band.setFillColor(Theme.translucent(c));
        band.setLineColor(TRANSPARENT);
        band.setLineStyle(new BasicStroke(0f));
        band.setMarker(SeriesMarkers.NONE);
        band.setShowInLegend(false);
    }

    private static void addEndMarker(XYChart chart, Series s, SeriesStyle st, Theme t, boolean start,
                                     boolean legend) {
        double[] x = s.x();
        double[] y = s.y();
        int i = start ? 0 : x.length - 1;
        String label = start ? "start" : "end";
        XYSeries m = chart.addSeries(INTERNAL + label + ":" + s.name(), new double[] {x[i]}, new double[] {y[i]});
        m.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        m.setMarker(new ShapeMarker(start ? MarkerShape.CIRCLE : MarkerShape.SQUARE, t.endMarkerSize(), st.color(),
                Theme.INK, Math.max(1.5f, (float) (2 * t.scale()))));
        m.setMarkerColor(st.color());
        m.setLabel(label);
        m.setShowInLegend(legend);
    }

    /**
     * The x of the invisible tick-spacing helper, or NaN when there are fewer than two distinct x values.
     *
     * @param p the panel
     * @return an x strictly between the two smallest distinct x values
     */
    static double tickHelperX(XyPanel p) {
        TreeSet<Double> xs = new TreeSet<>();
        for (Series s : p.series()) {
            for (double v : s.x()) {
                xs.add(v);
                if (xs.size() > 2) {
                    xs.pollLast();
                }
            }
        }
        if (xs.size() < 2) {
            return Double.NaN;
        }
        double a = xs.first();
        double b = xs.last();
        return p.logX() ? StrictMath.exp(StrictMath.log(a) + 0.37 * (StrictMath.log(b) - StrictMath.log(a))) : a + 0.37 * (b - a);
    }

    private static void addTickHelper(XYChart chart, XyPanel p) {
        double hx = tickHelperX(p);
        if (Double.isNaN(hx)) {
            return;
        }
        double hy = p.series().get(0).y()[0];
        XYSeries h = chart.addSeries(INTERNAL + "tick-helper", new double[] {hx}, new double[] {hy});
        h.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        h.setMarker(SeriesMarkers.NONE);
        h.setMarkerColor(TRANSPARENT);
        h.setLineColor(TRANSPARENT);
        h.setShowInLegend(false);
    }
}
