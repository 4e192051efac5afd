package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.TransitionKernel;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link KernelChoice}: --kernel and --kernel-param resolved through the installed registry, a bad
 * name or parameter turned into an input error naming the option.
 */
class KernelChoiceTest {
    private final RbmStack stack = RbmStack.gaussian(4, new int[] {3, 2}, 0.5, Rng.seeded(1));

    @Test
    void everyInstalledNameResolvesToItsFactory() {
        for (String name : KernelRegistry.installed().names()) {
            KernelFactory f = KernelChoice.factory(name);
            assertThat(f.name()).isEqualTo(name);
        }
        assertThat(KernelRegistry.installed().names()).contains("bgs", "dt", "roundtrip", "pt");
    }

    @Test
    void anUnknownNameIsRefusedNamingTheOptionAndTheInstalledKernels() {
        assertThatThrownBy(() -> KernelChoice.factory("gibbs"))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("option --kernel: ")
                .hasMessageContaining("gibbs")
                .hasMessageContaining("bgs");
    }

    @Test
    void aKernelIsCreatedWithItsParametersAndBadOnesAreRefused() {
        KernelFactory pt = KernelChoice.factory("pt");
        for (int t : new int[] {3, 5}) {
            TransitionKernel k = KernelChoice.create(pt, stack, Map.of("temperatures", String.valueOf(t)));
            assertThat(k.name()).isEqualTo("pt");
            // one replica of layer 0 per temperature: the parameter reached the kernel
            assertThat(k.init(2, Rng.seeded(1)).layers()).isEqualTo(t);
        }
        assertThatThrownBy(() -> KernelChoice.create(pt, stack, Map.of("bogus", "1")))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("option --kernel-param: ")
                .hasMessageContaining("bogus");
        assertThatThrownBy(() -> KernelChoice.create(pt, stack, Map.of("temperatures", "many")))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("option --kernel-param: ");
        assertThatThrownBy(() -> KernelChoice.create(KernelChoice.factory("bgs"), stack, Map.of("temperatures", "3")))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("option --kernel-param: ");
    }
}
