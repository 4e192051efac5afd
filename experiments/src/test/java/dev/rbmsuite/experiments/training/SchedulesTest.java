package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.experiments.Scale;
import org.junit.jupiter.api.Test;

/** The run settings per scale, as the README's "Scales" table and docs/methods.md section 7.1 state them. */
class SchedulesTest {
    @Test
    void paperScaleIsTwentyThousandEpochsTimesTenTrialsWithTheDocumentedEvaluationIntervals() {
        RunConfig genrbm = Schedules.config(Scale.PAPER, "genrbm", "roundtrip", 2, false);
        assertThat(genrbm.epochs()).isEqualTo(20_000);
        assertThat(genrbm.trials()).isEqualTo(10);
        assertThat(genrbm.evalEvery()).isEqualTo(100);
        assertThat(genrbm.moments()).isTrue();
        assertThat(genrbm.lambda2Every()).isZero();
        // islands and pentagon (n = 25) are exact but slow to enumerate: every 500 epochs
        assertThat(Schedules.config(Scale.PAPER, "islands", "dt", 3, false).evalEvery()).isEqualTo(500);
        assertThat(Schedules.config(Scale.PAPER, "pentagon", "dt", 3, false).evalEvery()).isEqualTo(500);
        // wine and seeds use mAIS: every 500 epochs, K x N = 1,000 x 100, final point 10,000 x 500
        RunConfig wine = Schedules.config(Scale.PAPER, "wine", "bgs", 0, false);
        assertThat(wine.evalEvery()).isEqualTo(500);
        assertThat(wine.aisTemperatures()).isEqualTo(1000);
        assertThat(wine.aisRuns()).isEqualTo(100);
        assertThat(wine.finalAisTemperatures()).isEqualTo(10_000);
        assertThat(wine.finalAisRuns()).isEqualTo(500);
        assertThat(wine.moments()).isFalse();
        RunConfig lambda2 = Schedules.config(Scale.PAPER, "genrbm", "bgs", 0, true);
        assertThat(lambda2.lambda2Every()).isEqualTo(1000);
        assertThat(lambda2.lambda2CountRepeats()).isEqualTo(1 << 15);
        assertThat(lambda2.lambda2RbRepeats()).isEqualTo(1024);
    }

    @Test
    void quickAndSmokeScalesShrinkEpochsAndTrials() {
        assertThat(Schedules.config(Scale.QUICK, "genrbm", "bgs", 0, false).epochs()).isEqualTo(5000);
        RunConfig iris = Schedules.config(Scale.QUICK, "iris", "dt", 1, false);
        assertThat(iris.epochs()).isEqualTo(2000);
        assertThat(iris.trials()).isEqualTo(3);
        assertThat(iris.evalEvery()).isEqualTo(100);
        assertThat(Schedules.config(Scale.QUICK, "islands", "dt", 1, false).evalEvery()).isEqualTo(250);
        RunConfig smoke = Schedules.config(Scale.SMOKE, "seeds", "roundtrip", 3, true);
        assertThat(smoke.epochs()).isEqualTo(20);
        assertThat(smoke.trials()).isEqualTo(2);
        assertThat(smoke.evalEvery()).isEqualTo(10);
        assertThat(smoke.lambda2Every()).isEqualTo(20);
    }

    @Test
    void everyScaleGivesAValidConfigurationForEveryDataSetAndKernel() {
        for (Scale scale : Scale.values()) {
            for (String dataset : new String[] {"genrbm", "islands", "pentagon", "iris", "wine", "seeds"}) {
                for (String kernel : new String[] {"bgs", "dt", "roundtrip"}) {
                    RunConfig c = Schedules.config(scale, dataset, kernel, 2, dataset.equals("genrbm"));
                    assertThat(c.epochs() % c.evalEvery()).isZero();
                    assertThat(c.upperLayers()).isEqualTo(kernel.equals("bgs") ? 0 : 2);
                    assertThat(c.dataset()).isEqualTo(dataset);
                }
            }
        }
    }
}
