package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.learning.estimators.Estimator;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The settings builder (paper defaults) and kernel resolution through the registry. */
class TrainingSettingsTest {
    @Test
    void theBuilderStartsFromThePapersDefaults() {
        TrainingSettings s = TrainingSettings.builder().kernel("roundtrip").hidden(100, 50, 25, 12).epochs(10).build();
        assertThat(s).isEqualTo(new TrainingSettings("roundtrip", new int[] {100, 50, 25, 12}, 10, 0.01, 100, "smci2",
                100, 1, false));
        assertThat(s.estimatorKind()).isEqualTo(Estimator.SMCI2);
        assertThat(s.kernelParams()).isEmpty();
        assertThat(s.asMap()).doesNotContainKey("kernelParams");
        assertThat(s.toBuilder().build()).isEqualTo(s);
        TrainingSettings t = s.toBuilder().estimator(Estimator.MC).learningRate(0.1).samples(7).seed(3).build();
        assertThat(t.estimator()).isEqualTo("mc");
        assertThat(t.firstDifferenceIgnoringEpochs(s)).isEqualTo("lr");
        assertThatThrownBy(() -> TrainingSettings.builder().hidden(4).epochs(1).build()).hasMessage("kernel: not set");
        assertThatThrownBy(() -> TrainingSettings.builder().kernel("bgs").epochs(1).build()).hasMessage("hidden: not set");
        assertThatThrownBy(() -> TrainingSettings.builder().kernel("bgs").hidden(4).build()).hasMessage("epochs: not set");
    }

    @Test
    void kernelsAreResolvedThroughTheRegistry() {
        assertThatThrownBy(() -> TrainingSettings.builder().kernel("gibbs").hidden(4).epochs(1).build())
                .hasMessageStartingWith("kernel: unknown kernel 'gibbs' (installed: bgs, dt, roundtrip, pt");
        assertThatThrownBy(() -> TrainingSettings.builder().kernel("pt").hidden(4, 2).epochs(1).build())
                .hasMessage("hidden: kernel pt trains a single RBM, give exactly one size (got 2)");
        TrainingSettings pt = TrainingSettings.builder().kernel("pt").kernelParam("temperatures", "3").hidden(4).epochs(1)
                .build();
        assertThat(pt.kernelParams()).isEqualTo(Map.of("temperatures", "3"));
        assertThat(pt.asMap()).containsEntry("kernelParams", Map.of("temperatures", "3"));
        assertThat(pt.firstDifferenceIgnoringEpochs(pt.toBuilder().kernelParam("temperatures", "4").build()))
                .isEqualTo("kernel-param");
        assertThatThrownBy(() -> TrainingSettings.builder().kernel("dt").kernelParam("k", "1").hidden(4, 2).epochs(1)
                .build()).hasMessage("kernel-param: kernel dt has no parameter 'k' (it takes none)");
    }
}
