package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** The shape check of the stack kernels: one layer per RBM, n_l units each. */
class StacksTest {
    private static final RbmStack STACK = KernelsTest.STACK; // visible sizes 3, 4, 3

    @Test
    void acceptsTheStacksShapeAndNamesBothShapesOtherwise() {
        Stacks.check(STACK, ChainState.uniform(2, new int[] {3, 4, 3}, Rng.seeded(1)));
        assertThatThrownBy(() -> Stacks.check(STACK, ChainState.uniform(2, new int[] {3, 4}, Rng.seeded(1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the state's layer sizes [3, 4] do not match the stack's visible sizes [3, 4, 3]");
        assertThatThrownBy(() -> Stacks.check(STACK, ChainState.uniform(2, new int[] {3, 3, 4}, Rng.seeded(1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[3, 3, 4]");
    }

    @Test
    void stackKernelsRejectStatesOfTheWrongShape() {
        ChainState wrong = ChainState.uniform(4, new int[] {3, 4}, Rng.seeded(1));
        assertThatThrownBy(() -> new RoundTrip(STACK).advance(Rng.seeded(2), new RoundTripState(wrong)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("do not match");
        assertThatThrownBy(() -> new DeepTempering(STACK).advance(Rng.seeded(2), new TemperedState(wrong, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("do not match");
        assertThatThrownBy(() -> new RoundTrip(STACK).advance(Rng.seeded(2), wrong))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("RoundTripState");
        ChainState right = ChainState.uniform(4, new int[] {3, 4, 3}, Rng.seeded(1));
        assertThat(new DeepTempering(STACK).init(right).positions()).isEqualTo(right);
    }
}
