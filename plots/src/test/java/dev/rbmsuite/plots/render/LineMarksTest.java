package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where a line's markers go: evenly along the axis, log axes included, shifted by a phase. */
class LineMarksTest {

    private static double[] range(int from, int to) {
        double[] x = new double[to - from + 1];
        for (int i = 0; i < x.length; i++) {
            x[i] = from + i;
        }
        return x;
    }

    @Test
    void aDenseLineGetsOneMarkerPerIntervalAtItsPhase() {
        double[] x = range(0, 1000);
        assertThat(LineMarks.indices(x, false, 0, 1000, 10, 0.5)).containsExactly(50, 150, 250, 350, 450, 550, 650,
                750, 850, 950);
        assertThat(LineMarks.indices(x, false, 0, 1000, 4, 0.0)).containsExactly(0, 250, 500, 750);
    }

    /**
     * Issue 41: on figure 9's log axis, 1,000 steps crowd the later ones into the right end; markers spaced in
     * log units stay evenly spaced on screen: at 1,000 steps and five positions, about one per 4 times the step.
     */
    @Test
    void onALogAxisMarkersAreEvenlySpacedInLogUnits() {
        double[] x = range(1, 1000);
        int[] idx = LineMarks.indices(x, true, 0, StrictMath.log(1000), 5, 0.5);
        assertThat(idx).hasSize(5);
        for (int k = 1; k < idx.length; k++) {
            double ratio = x[idx[k]] / x[idx[k - 1]];
            assertThat(ratio).as("step ratio %d", k).isBetween(3.0, 5.4);
        }
    }

    @Test
    void aShortLineGetsMarkersOnlyWithinItsOwnRangeAndNoPointTwice() {
        double[] x = {10, 20};
        assertThat(LineMarks.indices(x, false, 0, 100, 10, 0.5)).containsExactly(0, 1);
        assertThat(LineMarks.indices(new double[] {7}, false, 0, 100, 10, 0.5)).containsExactly(0);
        assertThat(LineMarks.indices(new double[] {1, 2, 3}, false, 5, 5, 10, 0.5)).containsExactly(0);
        assertThat(LineMarks.indices(new double[0], false, 0, 1, 3, 0.5)).isEmpty();
    }

    @Test
    void pickTakesTheValuesAtTheIndices() {
        assertThat(LineMarks.pick(new double[] {5, 6, 7, 8}, new int[] {3, 0})).containsExactly(8, 5);
    }
}
