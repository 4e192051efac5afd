package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** The common frame of DT and the round trip: one swap kernel per adjacent pair, uniform starts, shape checks. */
class SwapLadderKernelTest {
    /** The smallest subclass: plain positions as its state, a transition that does nothing. */
    private static final class Frame extends SwapLadderKernel {
        Frame(RbmStack stack) {
            super(stack);
        }

        @Override
        ChainState wrap(ChainState positions) {
            return new TemperedState(positions, 1);
        }

        @Override
        public String name() {
            return "frame";
        }

        @Override
        public StepInfo advance(Rng rng, ChainState state) {
            return StepInfo.NONE;
        }
    }

    @Test
    void holdsOneSwapKernelPerAdjacentPair() {
        RbmStack stack = KernelsTest.STACK;
        Frame f = new Frame(stack);
        assertThat(f.stack()).isSameAs(stack);
        assertThat(f.swaps).hasSize(stack.upperLayers());
        for (int l = 0; l < f.swaps.length; l++) {
            assertThat(f.swaps[l].lower()).as("S_{%d,%d}", l, l + 1).isSameAs(stack.layer(l));
            assertThat(f.swaps[l].upper()).isSameAs(stack.layer(l + 1));
        }
        RbmStack single = RbmStack.of(stack.bottom());
        assertThat(new Frame(single).swaps).isEmpty();
    }

    @Test
    void startsEveryLayerUniformAndWrapsCopiesOfGivenPositions() {
        Frame f = new Frame(KernelsTest.STACK);
        ChainState s = f.init(6, Rng.seeded(3));
        assertThat(s).isInstanceOf(TemperedState.class);
        assertThat(s.positions()).isEqualTo(ChainState.uniform(6, KernelsTest.STACK.visibleSizes(), Rng.seeded(3)));
        ChainState positions = ChainState.uniform(2, new int[] {3, 4, 3}, Rng.seeded(4));
        ChainState given = f.init(positions);
        assertThat(given.positions()).isEqualTo(positions);
        assertThat(given.buffer(0)).isNotSameAs(positions.buffer(0));
        assertThatThrownBy(() -> f.init(ChainState.uniform(2, new int[] {3, 4}, Rng.seeded(4))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("do not match the stack's visible sizes");
    }
}
