package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ModelLoading}: one layer of a saved stack, the layer index checked against the stack. */
class ModelLoadingTest {
    @TempDir
    Path dir;

    @Test
    void eachLayerIsTheSavedOneParameterForParameter() throws IOException {
        RbmStack stack = RbmStack.gaussian(4, new int[] {3, 2}, 0.9, Rng.seeded(7));
        Path m = dir.resolve("m");
        ModelStore.save(stack, m, Map.of());
        for (int l = 0; l < 2; l++) {
            Rbm want = stack.layer(l);
            Rbm got = ModelLoading.layer(m, l);
            assertThat(got.numVisible()).isEqualTo(want.numVisible());
            assertThat(got.numHidden()).isEqualTo(want.numHidden());
            for (int i = 0; i < want.numVisible(); i++) {
                assertThat(got.visibleBias(i)).isEqualTo(want.visibleBias(i));
                for (int j = 0; j < want.numHidden(); j++) {
                    assertThat(got.weight(i, j)).isEqualTo(want.weight(i, j));
                }
            }
            for (int j = 0; j < want.numHidden(); j++) {
                assertThat(got.hiddenBias(j)).isEqualTo(want.hiddenBias(j));
            }
        }
    }

    @Test
    void aLayerOutsideTheStackIsRefusedNamingTheOptionAndTheRange() throws IOException {
        Path m = dir.resolve("m");
        ModelStore.save(RbmStack.gaussian(4, new int[] {3, 2}, 0.9, Rng.seeded(7)), m, Map.of());
        for (int bad : new int[] {-1, 2, Integer.MAX_VALUE}) {
            assertThatThrownBy(() -> ModelLoading.layer(m, bad))
                    .isInstanceOf(InputException.class)
                    .hasMessage("option --layer: " + bad + " is not a layer of " + m + " (0..1)");
        }
        assertThatThrownBy(() -> ModelLoading.layer(dir.resolve("none"), 0))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("none");
    }
}
