package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An experiment without trials lists no trial groups (the schematics); one with trials lists them. */
class ExperimentTest {
    @Test
    void noTrialGroupsUnlessTheFigureDeclaresThem() {
        Experiment plain = new Experiment() {
            @Override
            public String id() {
                return "fig0";
            }

            @Override
            public String title() {
                return "plain";
            }

            @Override
            public FigureOutcome run(ExperimentContext ctx) {
                return FigureOutcome.plain("", List.of(), Map.of());
            }
        };
        for (Scale s : Scale.values()) {
            assertThat(plain.trialGroups(s)).isEmpty();
        }
        assertThat(new ToyFigure().trialGroups(Scale.SMOKE)).singleElement()
                .satisfies(g -> assertThat(g.count()).isEqualTo(ToyFigure.TRIALS));
    }
}
