package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Creating kernels by name through the registry. */
class KernelsTest {
    /** The stack 3-4-3-2 (the kit's TinyModels.stack3432; the kit depends on this module). */
    static final RbmStack STACK = RbmStack.gaussian(3, new int[] {4, 3, 2}, 1.0, Rng.seeded(3432));

    @Test
    void createsEveryKernelByName() {
        RbmStack stack = STACK;
        for (String name : Kernels.NAMES) {
            TransitionKernel k = Kernels.create(name, stack);
            assertThat(k.name()).isEqualTo(name);
            ChainState s = k.init(7, Rng.seeded(1));
            ChainState before = s.copy();
            k.advance(Rng.seeded(2), s);
            assertThat(s.sizes()).isEqualTo(before.sizes());
        }
        assertThat(Kernels.create("bgs", stack).init(3, Rng.seeded(1)).sizes()).containsExactly(3);
        assertThat(Kernels.create("dt", stack).init(3, Rng.seeded(1)).sizes()).containsExactly(3, 4, 3);
        assertThat(Kernels.create("pt", stack, Map.of("temperatures", "2", "beta-min", "0.5")).init(3, Rng.seeded(1)).sizes())
                .containsExactly(3, 3);
        assertThatThrownBy(() -> Kernels.create("gibbs", stack)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gibbs");
    }
}
