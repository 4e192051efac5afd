package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** The registry and the chain-state factories. */
class KernelsTest {
    @Test
    void createsEveryKernelByName() {
        RbmStack stack = TestModels.stack3432();
        for (String name : Kernels.NAMES) {
            TransitionKernel k = Kernels.create(name, stack);
            assertThat(k.name()).isEqualTo(name);
            ChainState s = k.init(7, Rng.seeded(1));
            k.advance(Rng.seeded(2), s);
        }
        assertThat(Kernels.create("bgs", stack).init(3, Rng.seeded(1)).sizes()).containsExactly(3);
        assertThat(Kernels.create("dt", stack).init(3, Rng.seeded(1)).sizes()).containsExactly(3, 4, 3);
        assertThat(Kernels.create("pt", stack, java.util.Map.of("temperatures", "2", "beta-min", "0.5")).init(3, Rng.seeded(1)).sizes())
                .containsExactly(3, 3);
        assertThatThrownBy(() -> Kernels.create("gibbs", stack)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gibbs");
    }

    @Test
    void stackKernelsRejectStatesOfTheWrongShape() {
        RbmStack stack = TestModels.stack3432();
        ChainState wrong = ChainState.uniform(4, new int[] {3, 4}, Rng.seeded(1));
        assertThatThrownBy(() -> new RoundTrip(stack).advance(Rng.seeded(2), wrong))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeepTempering(stack).advance(Rng.seeded(2), wrong))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void uniformStatesAreFairCoins() {
        int chains = 20_000;
        ChainState s = ChainState.uniform(chains, new int[] {5, 2}, Rng.seeded(9));
        assertThat(s.parity()).isZero();
        double ones = 0;
        for (double x : s.buffer(0)) {
            assertThat(x == 0.0 || x == 1.0).isTrue();
            ones += x;
        }
        double n = chains * 5.0;
        assertThat(ones).isBetween(n / 2 - 6 * Math.sqrt(n / 4), n / 2 + 6 * Math.sqrt(n / 4));
        ChainState t = ChainState.of(1, s.visible(0), s.visible(1));
        assertThat(t.parity()).isEqualTo(1);
        assertThat(t.buffer(0)).isEqualTo(s.buffer(0));
        assertThat(t.buffer(1)).isEqualTo(s.buffer(1));
        assertThat(ChainState.of(s.visible(0)).parity()).isZero();
        assertThatThrownBy(() -> ChainState.of(org.nd4j.linalg.factory.Nd4j.createFromArray(new double[][] {{0.5, 1}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-binary");
    }
}
