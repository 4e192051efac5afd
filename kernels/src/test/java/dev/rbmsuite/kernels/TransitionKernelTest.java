package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** The interface's default methods: starts from given rows, the pure step, the zero info. */
class TransitionKernelTest {
    /** A kernel of one layer of 3 units that sets every unit from its own stream (u < 0.3). */
    private static final class Coins implements TransitionKernel {
        @Override
        public String name() {
            return "coins";
        }

        @Override
        public ChainState init(int chains, Rng rng) {
            return ChainState.uniform(chains, new int[] {3}, rng);
        }

        @Override
        public ChainState init(ChainState positions) {
            return positions.positions();
        }

        @Override
        public StepInfo advance(Rng rng, ChainState state) {
            double[] v = state.buffer(0);
            for (int k = 0; k < v.length; k++) {
                v[k] = rng.nextDouble() < 0.3 ? 1.0 : 0.0;
            }
            return new AcceptanceInfo(new long[] {v.length}, new long[] {0});
        }
    }

    @Test
    void initFromRowsSetsChainRToRowRModRowsAndDrawsTheRest() {
        Coins k = new Coins();
        ChainState s = k.init(5, Rng.seeded(1), new double[] {1, 0, 1, 0, 1, 1}, 2);
        assertThat(s.buffer(0)).containsExactly(1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1);
        assertThatThrownBy(() -> k.init(5, Rng.seeded(1), new double[] {1, 0}, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("expected rows of 3 units, got 2 values for 1 rows");
        assertThatThrownBy(() -> k.init(5, Rng.seeded(1), new double[0], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("expected rows of 3 units, got 0 values for 0 rows");
    }

    @Test
    void copyRowsSetsOneLayerOnly() {
        ChainState s = ChainState.uniform(3, new int[] {2, 3}, Rng.seeded(2));
        double[] upper = s.buffer(1).clone();
        TransitionKernel.copyRows(new double[] {1, 1}, 1, s, 0);
        assertThat(s.buffer(0)).containsExactly(1, 1, 1, 1, 1, 1);
        assertThat(s.buffer(1)).isEqualTo(upper);
    }

    @Test
    void stepIsAdvanceOnACopy() {
        Coins k = new Coins();
        ChainState s = k.init(4, Rng.seeded(3));
        ChainState before = s.copy();
        TransitionKernel.Step step = k.step(Rng.seeded(4), s);
        assertThat(s).as("the input is unchanged").isEqualTo(before);
        ChainState advanced = s.copy();
        StepInfo info = k.advance(Rng.seeded(4), advanced);
        assertThat(step.state()).isEqualTo(advanced).isNotSameAs(s);
        assertThat(step.info()).isEqualTo(info);
        assertThat(k.zeroInfo()).isSameAs(StepInfo.NONE);
        assertThat(k.zeroInfo().plus(info)).isSameAs(info);
    }

    /** Every built-in kernel: positions given back, and starts from rows on the right layers. */
    @Test
    void builtInKernelsStartFromPositionsAndFromBottomRows() {
        RbmStack stack = KernelsTest.STACK;
        for (String name : Kernels.NAMES) {
            TransitionKernel k = Kernels.create(name, stack);
            ChainState like = k.init(4, Rng.seeded(6));
            ChainState given = k.init(like.positions());
            assertThat(given).isEqualTo(like).isNotSameAs(like);
            double[] rows = {1, 0, 1, 0, 0, 1};
            ChainState s = k.init(4, Rng.seeded(6), rows, 2);
            assertThat(s.getClass()).isEqualTo(like.getClass());
            int copies = name.equals("pt") ? s.layers() : 1;
            for (int l = 0; l < s.layers(); l++) {
                double[] want = l < copies ? new double[] {1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1} : like.buffer(l);
                assertThat(s.buffer(l)).as("%s layer %d", name, l).isEqualTo(want);
            }
        }
        assertThat(Kernels.create("roundtrip", stack).init(ChainState.uniform(4, stack.visibleSizes(), Rng.seeded(5))))
                .isInstanceOf(RoundTripState.class);
        assertThatThrownBy(() -> Kernels.create("dt", stack).init(ChainState.uniform(4, new int[] {3, 4}, Rng.seeded(1))))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
