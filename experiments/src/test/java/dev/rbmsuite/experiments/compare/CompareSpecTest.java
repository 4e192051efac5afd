package dev.rbmsuite.experiments.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.TrainingProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A comparison's configurations (one per kernel, baseline first, L from the stack for kernels that
 * use upper layers), its settings map with the problem's, and the kernel list copied.
 */
class CompareSpecTest {
    static TrainingProblem problem() {
        return new TrainingProblem(BinaryDataset.of("toy", new double[] {1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1,
                1, 0, 0, 1, 1, 1, 0, 0}, 6, 4, null, null), new int[] {3, 2}, 0.05, 6, Map.of());
    }

    static CompareSpec spec(List<String> kernels, int tvSteps) {
        return new CompareSpec("toy.csv", problem(), kernels, 3, 4, 2, 10, 2, tvSteps, 40, 2);
    }

    @Test
    void oneConfigurationPerKernelWithLFromTheStack() {
        List<RunConfig> c = spec(List.of("bgs", "dt", "roundtrip"), 0).configs();
        assertThat(c).extracting(RunConfig::name).containsExactly("compare-bgs", "compare-dt-L1",
                "compare-roundtrip-L1");
        assertThat(c).allMatch(x -> x.epochs() == 4 && x.evalEvery() == 2 && x.trials() == 3 && !x.moments()
                && x.lambda2Every() == 0 && x.aisTemperatures() == 10 && x.finalAisRuns() == 2);
        assertThat(spec(List.of("bgs"), 0).upperLayers("bgs")).isZero();
        assertThat(spec(List.of("bgs"), 0).upperLayers("dt")).isEqualTo(1);
        assertThat(CompareSpec.GROUP).isEqualTo("compare");
    }

    @Test
    void settingsHoldTheComparisonsAndTheProblemsKeys() {
        Map<String, Object> m = spec(List.of("bgs", "dt"), 5).asMap();
        assertThat(m).containsEntry("data", "toy.csv").containsEntry("kernels", List.of("bgs", "dt"))
                .containsEntry("trials", 3).containsEntry("epochs", 4).containsEntry("evalEvery", 2)
                .containsEntry("tvSteps", 5).containsEntry("tvChains", 40).containsEntry("tvStarts", 2);
        assertThat(m).containsAllEntriesOf(problem().asMap());
    }

    @Test
    void theKernelListIsCopiedAndUnmodifiable() {
        List<String> kernels = new ArrayList<>(List.of("bgs", "dt"));
        CompareSpec s = spec(kernels, 0);
        kernels.add("roundtrip");
        assertThat(s.kernels()).containsExactly("bgs", "dt");
        assertThatThrownBy(() -> s.kernels().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }
}
