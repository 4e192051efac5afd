package dev.rbmsuite.plots.render;

import java.util.ArrayList;
import java.util.List;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * from {@link Theme}, colours, dashes, markers and widths from {@link Palette}.
 *
 * <p>Drawing order: every band first (a translucent {@code PolygonArea} built by {@link BandPolygon}, its two
 * edges traced by thin lines in the band's colour, so that overlapping bands stay apart where their fills
 * blend), then the series in the panel's order, so all lines lie on top of all bands. A line whose style has
 * a marker carries that marker every few points ({@link LineMarks}: about every {@value #MARK_SPACING} pixels
 * of a reference-size panel, at positions shifted between the panel's lines), drawn with the line, and its
 * legend entry shows the line with the marker. A trajectory is a line plus a start marker (circle) and an end
 * marker (square); the first trajectory's markers get the legend entries "start" and "end".
 *
 * <p>Workaround for XChart 4.0.3: when the distinct values on a linear axis are evenly spaced (epochs 0, 100,
 * 200, ...; or only two distinct values, as a smoke run's two evaluations give) XChart ignores the
 * tick-spacing hint and puts a tick at each value, labelled with ten digits ({@code -6.617331083}). An
 * invisible one-point helper series at an off-grid x and y inside the data range (37% of the way between the
 * two smallest values, geometric for a log axis) breaks the even spacing without changing the axis range.
 * Logarithmic axes are labelled by {@link TickFormat#logAxis(double, double)}.
 */
public final class XyChartFactory {

    /** Internal series-name prefix; user names cannot clash because they never start with a NUL. */
    private static final String INTERNAL = "\u0000";
    private static final Color TRANSPARENT = new Color(0, 0, 0, 0);
    /** Distance between a line's markers, in pixels of a reference-size panel (800 wide). */
    static final int MARK_SPACING = 80;
    /** Opacity (0..255) of a band's edge lines. */
    private static final int BAND_EDGE_ALPHA = 150;

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
        int marked = (int) p.series().stream().filter(XyChartFactory::hasMarks).count();
        int markIndex = 0;
        double[] range = LegendPlacer.range(p);
        int count = Math.max(2, (int) Math.round(width / (double) theme.px(MARK_SPACING)));
        for (Series s : p.series()) {
            SeriesStyle st = Palette.style(s.styleKey());
            // a line outside a fixed axis range gets no marker, and keeps its legend entry itself
            int[] idx = hasMarks(s) ? LineMarks.indices(s.x(), p.logX(), range[0], range[1], count,
                    (markIndex++ + 0.5) / marked) : new int[0];
            boolean marks = idx.length > 0;
            XYSeries xs = chart.addSeries(marks ? INTERNAL + "line:" + s.name() : s.name(), s.x(), s.y());
            xs.setShowInLegend(s.inLegend() && !marks);
            switch (s.kind()) {
                case LINE -> {
                    xs.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
                    xs.setMarker(SeriesMarkers.NONE);
                    xs.setLineColor(st.color());
                    xs.setLineStyle(theme.lineStroke(st.dash(), st.width()));
                    if (marks) {
                        addMarks(chart, s, st, theme, idx);
                    }
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
                    // breaks up on a chain's short, overlapping jumps (Fig 8); one width for every kernel, the
                    // proposed one's included, since a thicker path would look as if it covered more ground
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
        double[] range = LegendPlacer.range(p);
        st.setXAxisTickLabelsFormattingFunction(p.logX()
                ? TickFormat.logAxis(StrictMath.exp(range[0]), StrictMath.exp(range[1])) : TickFormat::format);
        st.setYAxisTickLabelsFormattingFunction(p.logY()
                ? TickFormat.logAxis(StrictMath.exp(range[2]), StrictMath.exp(range[3])) : TickFormat::format);
        // every tick of a log axis gets a label from TickFormat.logAxis, which leaves out all but a few
        st.setXAxisLogarithmicDecadeOnly(false);
        st.setYAxisLogarithmicDecadeOnly(false);
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

    /** Whether a series carries markers along its line: a line whose style has a marker. */
    private static boolean hasMarks(Series s) {
        return s.kind() == Series.Kind.LINE && Palette.style(s.styleKey()).marker() != MarkerShape.NONE;
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
        Color edge = new Color(c.getRed(), c.getGreen(), c.getBlue(), BAND_EDGE_ALPHA);
        BasicStroke thin = new BasicStroke(Math.max(1f, (float) t.scale()), BasicStroke.CAP_ROUND,
                BasicStroke.JOIN_ROUND);
        for (String side : List.of("lower", "upper")) {
            XYSeries e = chart.addSeries(INTERNAL + "band-" + side + ":" + s.name(), s.x(),
                    side.equals("lower") ? s.lower() : s.upper());
            e.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
            e.setMarker(SeriesMarkers.NONE);
            e.setLineColor(edge);
            e.setLineStyle(thin);
            e.setShowInLegend(false);
        }
    }

    /**
     * The markers along a line: the legend's entry (a one-point line at the first marked point, so that XChart's
     * legend shows the line's stroke with the marker and the plot shows only the marker), then the other marked
     * points as scatter points.
     */
    private static void addMarks(XYChart chart, Series s, SeriesStyle st, Theme t, int[] idx) {
        double[] x = LineMarks.pick(s.x(), idx);
        double[] y = LineMarks.pick(s.y(), idx);
        ShapeMarker marker = new ShapeMarker(st.marker(), t.lineMarkerSize(st.width()), st.color(), Color.WHITE,
                Math.max(1f, (float) (1.2 * t.scale())));
        XYSeries key = chart.addSeries(s.name(), new double[] {x[0]}, new double[] {y[0]});
        key.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
        key.setLineColor(st.color());
        key.setLineStyle(t.lineStroke(st.dash(), st.width()));
        key.setMarker(marker);
        key.setMarkerColor(st.color());
        key.setShowInLegend(s.inLegend());
        if (x.length > 1) {
            XYSeries rest = chart.addSeries(INTERNAL + "marks:" + s.name(), Arrays.copyOfRange(x, 1, x.length),
                    Arrays.copyOfRange(y, 1, y.length));
            rest.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            rest.setMarker(marker);
            rest.setMarkerColor(st.color());
            rest.setShowInLegend(false);
        }
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
        List<double[]> xs = new ArrayList<>();
        p.series().forEach(s -> xs.add(s.x()));
        return offGrid(xs, p.logX());
    }

    /**
     * The y of the invisible tick-spacing helper, or NaN when there are fewer than two distinct y values (band
     * edges included: XChart places ticks by every value of every series, its bands' among them).
     *
     * @param p the panel
     * @return a y strictly between the two smallest distinct y values
     */
    static double tickHelperY(XyPanel p) {
        List<double[]> ys = new ArrayList<>();
        for (Series s : p.series()) {
            ys.add(s.y());
            if (s.hasBand()) {
                ys.add(s.lower());
                ys.add(s.upper());
            }
        }
        return offGrid(ys, p.logY());
    }

    /** 37% of the way from the smallest to the second-smallest distinct value (geometric on a log axis). */
    private static double offGrid(List<double[]> values, boolean log) {
        TreeSet<Double> two = new TreeSet<>();
        for (double[] vs : values) {
            for (double v : vs) {
                two.add(v);
                if (two.size() > 2) {
                    two.pollLast();
                }
            }
        }
        if (two.size() < 2) {
            return Double.NaN;
        }
        double a = two.first();
        double b = two.last();
        return log ? StrictMath.exp(StrictMath.log(a) + 0.37 * (StrictMath.log(b) - StrictMath.log(a))) : a + 0.37 * (b - a);
    }

    private static void addTickHelper(XYChart chart, XyPanel p) {
        double hx = tickHelperX(p);
        double hy = tickHelperY(p);
        if (Double.isNaN(hx) && Double.isNaN(hy)) {
            return;
        }
        Series first = p.series().get(0);
        XYSeries h = chart.addSeries(INTERNAL + "tick-helper", new double[] {Double.isNaN(hx) ? first.x()[0] : hx},
                new double[] {Double.isNaN(hy) ? first.y()[0] : hy});
        h.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        h.setMarker(SeriesMarkers.NONE);
        h.setMarkerColor(TRANSPARENT);
        h.setLineColor(TRANSPARENT);
        h.setShowInLegend(false);
    }
}
