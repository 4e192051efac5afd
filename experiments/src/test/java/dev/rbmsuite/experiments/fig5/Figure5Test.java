package dev.rbmsuite.experiments.fig5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Kind;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.experiments.PlotSeries;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.MatrixPanel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Figure 5's separation margin against values worked out by hand on points placed in the plane,
 * its claim on separated, overlapping and noisy components, and the plot's panels and series.
 */
class Figure5Test {
    /** Four rows of two columns with the given labels (the pixels do not matter for the margins). */
    private static BinaryDataset data(String name, int... labels) {
        double[] x = new double[labels.length * 2];
        for (int r = 0; r < labels.length; r++) {
            x[2 * r + labels[r] % 2] = 1;
        }
        return BinaryDataset.of(name, x, labels.length, 2, labels, null);
    }

    @Test
    void marginsAreTheGapToTheNearestOtherCentreOverTheMeanWithinDistance() {
        // component 0 at (0,0) and (2,0), centre (1,0); component 1 at (10,0) and (12,0), centre (11,0); within 1
        double[] xy = {0, 0, 2, 0, 10, 0, 12, 0};
        assertThat(Figure5.margins(xy, new int[] {0, 0, 1, 1}, 2)).containsExactly(10, 8, 8, 10);
        // centres 0, 5 and 10 on a line: the nearest other centre counts; within = (1 + 1 + 0 + 2 + 2) / 5
        double[] line = {-1, 0, 1, 0, 5, 0, 8, 0, 12, 0};
        double[] m = Figure5.margins(line, new int[] {0, 0, 1, 2, 2}, 3);
        double within = 6.0 / 5;
        assertThat(m[0]).isCloseTo((6 - 1) / within, within(1e-12));
        assertThat(m[2]).isCloseTo((5 - 0) / within, within(1e-12));
        assertThat(m[3]).isCloseTo((3 - 2) / within, within(1e-12));
        // a point nearer another centre than its own has a negative margin
        double[] swapped = {0, 0, 2, 0, 10, 0, 1.5, 0};
        assertThat(Figure5.margins(swapped, new int[] {0, 0, 1, 1}, 2)[3]).isNegative();
    }

    @Test
    void theClaimHoldsForSeparatedComponentsAndFailsForOverlappingOnes() {
        int[] labels = new int[40];
        double[] far = new double[80];
        double[] mixed = new double[80];
        for (int r = 0; r < 40; r++) {
            labels[r] = r % 2;
            double jitter = (r * 37 % 11) / 11.0;
            far[2 * r] = labels[r] * 100 + jitter;
            far[2 * r + 1] = jitter;
            // the components share one cloud: each point is as near the other centre as its own
            mixed[2 * r] = jitter;
            mixed[2 * r + 1] = (r * 13 % 7) / 7.0;
        }
        BinaryDataset d = BinaryDataset.of("toy", new double[80], 40, 2, labels, null);
        List<Decision> sep = ClaimEngine.decideAll(new Figure5().claims(new Figure5.Result(List.of(d, d),
                List.of(far, far))));
        assertThat(sep).extracting(x -> x.claim().id()).containsExactly("fig5.separated.islands",
                "fig5.separated.pentagon");
        assertThat(sep).allMatch(x -> x.verdict() == Verdict.HOLDS && x.claim().kind() == Kind.BEYOND);
        assertThat(sep.get(0).claim().statement()).isEqualTo("the 2 components of islands are separated in the PCA plane");
        List<Decision> over = ClaimEngine.decideAll(new Figure5().claims(new Figure5.Result(List.of(d, d),
                List.of(mixed, far))));
        assertThat(over.get(0).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(over.get(1).verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void twoPointsPerDataSetDecideNothing() {
        BinaryDataset d = data("tiny", 0, 1);
        List<Decision> dec = ClaimEngine.decideAll(new Figure5().claims(new Figure5.Result(List.of(d, d),
                List.of(new double[] {0, 0, 9, 9}, new double[] {0, 0, 9, 9}))));
        assertThat(dec).allMatch(x -> x.verdict() == Verdict.INCONCLUSIVE);
    }

    @Test
    void thePlotHasAnImageAndAPlaneOfComponentsPerDataSet() {
        BinaryDataset a = data("islands", 2, 0, 1, 0);
        BinaryDataset b = data("pentagon", 0, 1, 1, 1);
        double[] xy = {0, 0, 1, 1, 2, 2, 3, 3};
        Figure f = new Figure5().plot(new Figure5.Result(List.of(a, b), List.of(xy, xy)));
        assertThat(PlotSeries.titles(f)).containsExactly("islands samples", "islands in the PCA plane",
                "pentagon samples", "pentagon in the PCA plane");
        assertThat(PlotSeries.names(f)).containsExactly(List.of(), List.of("component 1", "component 2", "component 3"),
                List.of(), List.of("component 1", "component 2"));
        // component 1 of islands holds rows 1 and 3
        assertThat(PlotSeries.series(f, 1, "component 1").x()).containsExactly(1, 3);
        assertThat(PlotSeries.series(f, 1, "component 3").y()).containsExactly(0);
        // image rows sorted by component: rows 1, 3 (component 0), 2 (component 1), 0 (component 2)
        MatrixPanel img = (MatrixPanel) f.panels().get(0);
        assertThat(img.rows()).isEqualTo(4);
        for (int r = 0; r < 4; r++) {
            int src = new int[] {1, 3, 2, 0}[r];
            assertThat(img.get(r, 0)).isEqualTo(a.get(src, 0) == 1);
            assertThat(img.get(r, 1)).isEqualTo(a.get(src, 1) == 1);
        }
    }
}
