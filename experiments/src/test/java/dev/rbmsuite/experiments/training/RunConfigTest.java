package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A configuration's name, label and palette key, L dropped for kernels on the bottom RBM only,
 * the cadence checks with their messages, and every setting in the map the trials are kept under.
 */
class RunConfigTest {
    private static RunConfig config(String dataset, String kernel, int l, int epochs, int evalEvery, int lambda2Every) {
        return new RunConfig(dataset, kernel, l, epochs, evalEvery, lambda2Every, 7, 8, 100, 10, 1000, 100, true, 3);
    }

    @Test
    void namesCarryTheKernelLAndTheLambda2Tracking() {
        assertThat(config("genrbm", "bgs", 3, 10, 5, 0).name()).isEqualTo("genrbm-bgs");
        assertThat(config("genrbm", "bgs", 0, 10, 5, 5).name()).isEqualTo("genrbm-bgs-lambda2");
        assertThat(config("islands", "roundtrip", 3, 10, 5, 10).name()).isEqualTo("islands-roundtrip-L3-lambda2");
        assertThat(config("iris", "dt", 1, 10, 10, 0).name()).isEqualTo("iris-dt-L1");
    }

    @Test
    void kernelsOnTheBottomRbmOnlyHaveNoUpperLayers() {
        assertThat(config("genrbm", "bgs", 3, 10, 5, 0).upperLayers()).isZero();
        assertThat(config("genrbm", "pt", 2, 10, 5, 0).upperLayers()).isZero();
        assertThat(config("genrbm", "dt", 2, 10, 5, 0).upperLayers()).isEqualTo(2);
    }

    @Test
    void labelsAndStyleKeysOfThePaperKernelsAndOthers() {
        assertThat(config("genrbm", "bgs", 0, 10, 5, 0).label()).isEqualTo("BGS");
        assertThat(config("genrbm", "dt", 2, 10, 5, 0).label()).isEqualTo("DT (L = 2)");
        assertThat(config("genrbm", "roundtrip", 3, 10, 5, 0).label()).isEqualTo("proposed (L = 3)");
        assertThat(RunConfig.label("pt", 0)).isEqualTo("pt");
        assertThat(RunConfig.label("mine", 2)).isEqualTo("mine (L = 2)");
        assertThat(config("genrbm", "bgs", 0, 10, 5, 0).styleKey()).isEqualTo("bgs");
        assertThat(config("genrbm", "roundtrip", 3, 10, 5, 0).styleKey()).isEqualTo("roundtrip-L3");
        assertThat(RunConfig.styleKey("dt", 1)).isEqualTo("dt-L1");
    }

    @Test
    void cadencesMustDivideWithMessagesNamingThem() {
        assertThatThrownBy(() -> config("g", "bgs", 0, 10, 3, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("epochs (10) must be a multiple of evalEvery (3)");
        assertThatThrownBy(() -> config("g", "bgs", 0, 10, 0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("epochs (10) must be a multiple of evalEvery (0)");
        assertThatThrownBy(() -> config("g", "bgs", 0, 10, 5, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("lambda2Every must be a multiple of evalEvery");
        assertThatThrownBy(() -> config("g", "bgs", 0, 10, 5, -5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("lambda2Every must be a multiple of evalEvery");
    }

    @Test
    void theMapHoldsEverySettingInOrder() {
        RunConfig c = config("iris", "dt", 3, 20, 5, 10);
        assertThat(c.asMap()).containsExactly(Map.entry("dataset", "iris"), Map.entry("kernel", "dt"),
                Map.entry("upperLayers", 3), Map.entry("epochs", 20),
                Map.entry("evalEvery", 5), Map.entry("lambda2Every", 10),
                Map.entry("lambda2CountRepeats", 7), Map.entry("lambda2RbRepeats", 8),
                Map.entry("aisTemperatures", 100), Map.entry("aisRuns", 10),
                Map.entry("finalAisTemperatures", 1000), Map.entry("finalAisRuns", 100),
                Map.entry("moments", true), Map.entry("trials", 3),
                Map.entry("estimator", "smci2"));
    }
}
