package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.plots.style.Theme;

/**
 * AUTO legend placement: the corner whose legend-sized neighbourhood holds the fewest (weighted) data points,
 * ties to north-east, north-west, south-east, south-west in that order (LegendPlacer's Javadoc).
 */
class LegendPlacerTest {

    private static final List<String> LABELS = List.of("points");

    /** Scatter points at the given (x, y) pairs, so no line densification is involved. */
    private static XyPanel scatter(double... xy) {
        double[] x = new double[xy.length / 2];
        double[] y = new double[xy.length / 2];
        for (int i = 0; i < x.length; i++) {
            x[i] = xy[2 * i];
            y[i] = xy[2 * i + 1];
        }
        return XyPanel.builder().add(Series.scatter("points", "data", x, y)).build();
    }

    private static LegendPosition place(XyPanel p) {
        return LegendPlacer.resolve(p, LABELS, 800, 600, Theme.PUBLICATION);
    }

    @Test
    void theOneEmptyCornerIsChosen() {
        // points at three corners of the unit square; the fourth corner's region is empty
        assertThat(place(scatter(0, 0, 1, 0, 0, 1))).isEqualTo(LegendPosition.NORTH_EAST);
        assertThat(place(scatter(0, 0, 1, 0, 1, 1))).isEqualTo(LegendPosition.NORTH_WEST);
        assertThat(place(scatter(0, 0, 0, 1, 1, 1))).isEqualTo(LegendPosition.SOUTH_EAST);
        assertThat(place(scatter(1, 0, 0, 1, 1, 1))).isEqualTo(LegendPosition.SOUTH_WEST);
    }

    @Test
    void tiesGoToTheFirstCornerInTheDocumentedOrder() {
        assertThat(place(scatter(0, 0, 1, 0, 0, 1, 1, 1))).isEqualTo(LegendPosition.NORTH_EAST);
        // north-east crowded, the other three tie: north-west is next in the order
        assertThat(place(scatter(0, 0, 1, 0, 0, 1, 1, 1, 1, 1))).isEqualTo(LegendPosition.NORTH_WEST);
        // both north corners crowded: south-east before south-west
        assertThat(place(scatter(0, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1, 1))).isEqualTo(LegendPosition.SOUTH_EAST);
    }

    @Test
    void aLinePointWeighsThreeScatterPoints() {
        // NE: two scatter points (weight 2); NW: one point of a line (weight 3); SE, SW: four scatter points each
        XyPanel p = XyPanel.builder()
                .add(Series.scatter("s", "data", new double[] {1, 1, 1, 1, 1, 1, 0, 0, 0, 0},
                        new double[] {1, 1, 0, 0, 0, 0, 0, 0, 0, 0}))
                .add(Series.line("l", "bgs", new double[] {0}, new double[] {1})).build();
        assertThat(place(p)).isEqualTo(LegendPosition.NORTH_EAST);
        // the same point as a scatter point weighs 1 and makes north-west the emptiest corner
        XyPanel q = XyPanel.builder()
                .add(Series.scatter("s", "data", new double[] {1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0},
                        new double[] {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1})).build();
        assertThat(place(q)).isEqualTo(LegendPosition.NORTH_WEST);
    }

    @Test
    void aBandEdgePointWeighsOneScatterPoint() {
        // corners: NE 1, SE 1, NW 3, SW 3 scatter points; a one-point line at (1, 0.5) (east, no corner) whose
        // band reaches (1, 1) and (1, 0) adds one band point to NE and one to SE
        XyPanel p = XyPanel.builder()
                .add(Series.scatter("s", "data", new double[] {1, 1, 0, 0, 0, 0, 0, 0},
                        new double[] {1, 0, 1, 1, 1, 0, 0, 0}))
                .add(Series.line("l", "bgs", new double[] {1}, new double[] {0.5})
                        .withBand(new double[] {0}, new double[] {1})).build();
        // NE = SE = 1 + 1 < 3 (a band point weighing three would make them 4 and move the legend to NW)
        assertThat(place(p)).isEqualTo(LegendPosition.NORTH_EAST);
    }

    @Test
    void linesAreDensifiedSoASegmentCrossingACornerCounts() {
        double[] wh = LegendPlacer.legendFraction(LABELS, 800, 600, Theme.PUBLICATION);
        double w = wh[0];
        double h = wh[1];
        assertThat(w).isLessThan(0.3);
        assertThat(h).isLessThan(0.3);
        // one scatter point in each corner of the unit square: a four-way tie, which goes to north-east
        double[] cx = {0, 1, 0, 1};
        double[] cy = {0, 0, 1, 1};
        // a segment from the top edge (north, not east) to the right edge (east, not north): neither vertex lies
        // in the north-east region, but the segment's middle (1 - 0.75 w, 1 - 0.75 h) does
        double[] lx = {1 - 1.5 * w, 1};
        double[] ly = {1, 1 - 1.5 * h};
        XyPanel line = XyPanel.builder().add(Series.scatter("c", "data", cx, cy))
                .add(Series.line("l", "bgs", lx, ly)).build();
        assertThat(place(line)).isEqualTo(LegendPosition.NORTH_WEST);
        // the same two vertices as scatter points are not joined, so the tie stays
        XyPanel points = XyPanel.builder().add(Series.scatter("c", "data", cx, cy))
                .add(Series.scatter("l", "data", lx, ly)).build();
        assertThat(place(points)).isEqualTo(LegendPosition.NORTH_EAST);
    }

    @Test
    void logAxesMeasureDistancesInLogUnits() {
        double w = LegendPlacer.legendFraction(LABELS, 800, 600, Theme.PUBLICATION)[0];
        double top = 1e30;
        // x at log-fraction 1 - w/2 lies in the east region on a log axis but in the west region on a linear one
        double xq = Math.pow(top, 1 - w / 2);
        assertThat((xq - 1) / (top - 1)).isLessThan(w);
        double[] x = {1, top, 1, top, xq, xq, xq};
        double[] y = {0.5, 0.5, 1, 1, 1, 1, 1};
        XyPanel lin = XyPanel.builder().add(Series.scatter("points", "data", x, y)).build();
        XyPanel log = XyPanel.builder().add(Series.scatter("points", "data", x, y)).logX(true).build();
        assertThat(place(lin)).isEqualTo(LegendPosition.NORTH_EAST);
        assertThat(place(log)).isEqualTo(LegendPosition.NORTH_WEST);
    }

    @Test
    void fixedLimitsDefineTheRegions() {
        // three points near (10, 10): with the limits [0, 10] they all sit in the north-east corner
        XyPanel p = XyPanel.builder().add(Series.scatter("points", "data", new double[] {9.9, 9.8, 9.95},
                new double[] {9.9, 9.95, 9.8})).xRange(0, 10).yRange(0, 10).build();
        assertThat(place(p)).isEqualTo(LegendPosition.NORTH_WEST);
        // without the limits the same points span the data range: one each at north-west and south-east
        XyPanel free = XyPanel.builder().add(Series.scatter("points", "data", new double[] {9.9, 9.8, 9.95},
                new double[] {9.9, 9.95, 9.8})).build();
        assertThat(place(free)).isEqualTo(LegendPosition.NORTH_EAST);
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
    }

    @Test
    void aFixedPositionIsKept() {
        for (LegendPosition fixed : LegendPosition.values()) {
            if (fixed == LegendPosition.AUTO) {
                continue;
            }
            XyPanel p = XyPanel.builder().add(Series.scatter("points", "data", new double[] {0, 1, 0, 1},
                    new double[] {0, 0, 1, 1})).legend(fixed).build();
            assertThat(LegendPlacer.resolve(p, LABELS, 800, 600, Theme.PUBLICATION)).isEqualTo(fixed);
        }
    }

    @Test
    void theLegendBoxGrowsWithItsTextAndShrinksWithTheChart() {
        Theme t = Theme.PUBLICATION;
        double[] one = LegendPlacer.legendFraction(List.of("BGS"), 800, 600, t);
        double[] longer = LegendPlacer.legendFraction(List.of("round trip, L = 3, eta = 0.5"), 800, 600, t);
        double[] three = LegendPlacer.legendFraction(List.of("BGS", "DT", "PT"), 800, 600, t);
        double[] bigger = LegendPlacer.legendFraction(List.of("BGS"), 1600, 1200, t);
        assertThat(longer[0]).isGreaterThan(one[0]);
        assertThat(longer[1]).isEqualTo(one[1]);
        assertThat(three[1]).isGreaterThan(one[1]);
        assertThat(three[0]).isGreaterThanOrEqualTo(one[0]);
        assertThat(bigger[0]).isLessThan(one[0]);
        assertThat(bigger[1]).isLessThan(one[1]);
        // fractions of the data range stay within [0.05, 1] however small or large the chart
        double[] huge = LegendPlacer.legendFraction(List.of("a"), 12_000, 12_000, t);
        assertThat(huge).containsExactly(0.05, 0.05);
        double[] tiny = LegendPlacer.legendFraction(List.of("a very long legend label indeed", "b", "c", "d"),
                200, 200, t);
        assertThat(tiny).containsExactly(1.0, 1.0);
    }
}
