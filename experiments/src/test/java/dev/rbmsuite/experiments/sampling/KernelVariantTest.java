package dev.rbmsuite.experiments.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KernelVariantTest {
    @Test
    void aNameAloneHasNoParametersOfItsOwn() {
        KernelVariant v = KernelVariant.parse("bgs");
        assertThat(v.name()).isEqualTo("bgs");
        assertThat(v.params()).isEmpty();
        assertThat(KernelVariant.nameOf("bgs")).isEqualTo("bgs");
    }

    @Test
    void parametersFollowTheNameAsColonSeparatedPairs() {
        KernelVariant v = KernelVariant.parse("pt:temperatures=3:beta-min=0.5").check();
        assertThat(v.name()).isEqualTo("pt");
        assertThat(v.params()).containsExactly(Map.entry("temperatures", "3"), Map.entry("beta-min", "0.5"));
        assertThat(KernelVariant.nameOf("pt:temperatures=3")).isEqualTo("pt");
        assertThat(v.params(Map.of("temperatures", "9", "flips", "2"))).as("own values win; undeclared ones dropped")
                .containsExactly(Map.entry("beta-min", "0.5"), Map.entry("temperatures", "3"));
    }

    @Test
    void malformedOrUnknownParametersAreRefusedNamingTheEntry() {
        assertThatThrownBy(() -> KernelVariant.parse("pt:temperatures")).hasMessageContaining("'pt:temperatures'")
                .hasMessageContaining("k=v");
        assertThatThrownBy(() -> KernelVariant.parse("pt:t=1:t=2")).hasMessageContaining("twice");
        assertThatThrownBy(() -> KernelVariant.parse("pt:nosuch=1").check()).hasMessageContaining("nosuch");
        assertThatThrownBy(() -> KernelVariant.parse("nosuch:a=1").check()).hasMessageContaining("unknown kernel");
    }
}
