package dev.rbmsuite.experiments.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** TV curve statistics on curves with known areas and crossings. */
class TvCurvesTest {
    @Test
    void recordedStepsAreDenseToOneHundredThenEveryTenth() {
        double[] s = TvCurves.recordedSteps(130);
        assertThat(s).hasSize(101 + 3);
        assertThat(s[100]).isEqualTo(100);
        assertThat(s[103]).isEqualTo(130);
    }

    @Test
    void meanUpToIsThePlainMeanWhenEveryStepIsRecordedAndTheTrapezoidOtherwise() {
        double[] steps = TvCurves.recordedSteps(10);
        double[] tv = new double[11];
        for (int s = 0; s <= 10; s++) {
            tv[s] = 1.0 - 0.05 * s;
        }
        // linear from 0.95 at step 1 to 0.5 at step 10: mean 0.725
        assertThat(TvCurves.meanUpTo(steps, tv, 10)).isCloseTo(0.725, within(1e-12));
        assertThat(TvCurves.meanUpTo(steps, tv, 1)).isEqualTo(0.95);
        double[] sparse = TvCurves.recordedSteps(200);
        double[] flat = new double[sparse.length];
        Arrays.fill(flat, 0.3);
        assertThat(TvCurves.meanUpTo(sparse, flat, 200)).isCloseTo(0.3, within(1e-12));
    }

    @Test
    void interpolatesBetweenRecordedSteps() {
        double[] steps = {0, 10, 20};
        double[] tv = {1, 0.5, 0.3};
        assertThat(TvCurves.at(steps, tv, 15)).isCloseTo(0.4, within(1e-12));
        assertThat(TvCurves.at(steps, tv, 10)).isEqualTo(0.5);
        assertThat(TvCurves.at(steps, tv, 21)).isNaN();
    }

    @Test
    void overtakesFindsWhereTheSecondCurveStaysBelow() {
        double[] steps = {0, 1, 2, 3, 4};
        double[] a = {1, 0.5, 0.4, 0.35, 0.3};
        double[] b = {1, 0.6, 0.38, 0.4, 0.2};
        assertThat(TvCurves.overtakes(steps, a, b)).isEqualTo(4);
        assertThat(TvCurves.overtakes(steps, b, a)).isNaN();
        double[] c = {1, 0.4, 0.3, 0.2, 0.1};
        assertThat(TvCurves.overtakes(steps, a, c)).isEqualTo(1);
        assertThat(TvCurves.firstBelow(steps, a, b)).isEqualTo(2);
        assertThat(TvCurves.firstBelow(steps, c, a)).isNaN();
    }

    @Test
    void halfwayIsTheStepWhereHalfTheDistanceToTheFloorIsCovered() {
        double[] steps = {0, 1, 2, 3, 4, 5};
        // from 1.0 towards the floor 0.2: halfway is TV 0.6, reached between steps 2 (0.7) and 3 (0.5)
        double[] tv = {1.0, 0.9, 0.7, 0.5, 0.3, 0.2};
        assertThat(TvCurves.halfway(steps, tv, 0.2, 5)).isCloseTo(2.5, within(1e-12));
        // a faster curve gets there earlier
        assertThat(TvCurves.halfway(steps, new double[] {1.0, 0.4, 0.3, 0.25, 0.2, 0.2}, 0.2, 5))
                .isCloseTo(1 - 0.0, within(1 / 3.0 + 1e-12)).isLessThan(1.0);
        // a curve that never gets there is censored at the range
        assertThat(TvCurves.halfway(steps, new double[] {1.0, 0.99, 0.98, 0.97, 0.96, 0.95}, 0.2, 5)).isEqualTo(5);
        // and one that gets there only after the range, too
        assertThat(TvCurves.halfway(steps, tv, 0.2, 2)).isEqualTo(2);
    }
}
