package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.experiments.PaperData;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a configuration trains on: the paper's Table 1 settings with the upper layers 50, 25, 12,
 * the first L + 1 hidden sizes, defensive copies, the kernel parameters each kernel declares, and
 * the settings map (the data hash worked out in the test) under which trials are kept.
 */
class TrainingProblemTest {
    private static final BinaryDataset DATA = BinaryDataset.of("toy", new double[] {1, 0, 1, 0, 1, 1}, 2, 3, null, null);

    @Test
    void thePapersProblemFollowsTableOne() {
        TrainingProblem p = TrainingProblem.paper("iris", 1);
        PaperData.Setting s = PaperData.setting("iris");
        assertThat(p.hidden()).containsExactly(s.hidden(), 50, 25, 12);
        assertThat(p.learningRate()).isEqualTo(s.learningRate());
        assertThat(p.samples()).isEqualTo(s.samples());
        assertThat(p.kernelParams()).isEmpty();
        assertThat(p.data().size()).isEqualTo(PaperData.dataset("iris", 1).size());
    }

    @Test
    void stackTakesTheFirstLPlusOneSizes() {
        TrainingProblem p = new TrainingProblem(DATA, new int[] {8, 4, 2}, 0.01, 5, Map.of());
        assertThat(p.stack(0)).containsExactly(8);
        assertThat(p.stack(2)).containsExactly(8, 4, 2);
        assertThatThrownBy(() -> p.stack(3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hidden: 4 sizes needed, 3 given");
        p.stack(1)[0] = 99;
        assertThat(p.hidden()[0]).isEqualTo(8);
    }

    @Test
    void theHiddenSizesAndParametersAreCopied() {
        int[] hidden = {8, 4};
        Map<String, String> params = new HashMap<>(Map.of("temperatures", "5"));
        TrainingProblem p = new TrainingProblem(DATA, hidden, 0.01, 5, params);
        hidden[0] = 1;
        params.put("beta-min", "0.2");
        assertThat(p.hidden()).containsExactly(8, 4);
        assertThat(p.kernelParams()).containsOnlyKeys("temperatures");
        assertThatThrownBy(() -> p.kernelParams().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void eachKernelGetsOnlyTheParametersItDeclares() {
        TrainingProblem p = new TrainingProblem(DATA, new int[] {8}, 0.01, 5,
                Map.of("temperatures", "5", "beta-min", "0.2", "other", "1"));
        assertThat(p.kernelParams("pt")).containsExactly(Map.entry("beta-min", "0.2"), Map.entry("temperatures", "5"));
        assertThat(p.kernelParams("bgs")).isEmpty();
        // a variant's own parameters override the shared ones (compare --kernels pt:temperatures=3)
        assertThat(p.kernelParams("pt:temperatures=3")).containsExactly(Map.entry("beta-min", "0.2"),
                Map.entry("temperatures", "3"));
    }

    @Test
    void theSettingsHoldTheDataShapeAndHash() {
        TrainingProblem p = new TrainingProblem(DATA, new int[] {8, 4}, 0.01, 5, Map.of("k", "v"));
        Map<String, Object> m = p.asMap();
        assertThat(m.keySet()).containsExactly("dataRows", "dataColumns", "dataHash", "hidden", "learningRate", "samples",
                "kernelParams");
        assertThat(m).containsEntry("dataRows", 2).containsEntry("dataColumns", 3).containsEntry("hidden", List.of(8, 4))
                .containsEntry("learningRate", 0.01).containsEntry("samples", 5).containsEntry("kernelParams",
                        Map.of("k", "v"));
        int h = Arrays.hashCode(new double[] {1, 0, 1, 0, 1, 1});
        assertThat(m.get("dataHash")).isEqualTo(Long.toHexString(h & 0xffffffffL));
        // other data, another hash
        TrainingProblem q = new TrainingProblem(BinaryDataset.of("toy", new double[] {1, 0, 1, 0, 1, 0}, 2, 3, null, null),
                new int[] {8, 4}, 0.01, 5, Map.of("k", "v"));
        assertThat(q.asMap().get("dataHash")).isNotEqualTo(m.get("dataHash"));
    }
}
