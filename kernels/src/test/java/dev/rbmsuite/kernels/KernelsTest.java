package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** The registry and the chain-state factories. */
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
    void infosAreImmutableAndAddUp() {
        AcceptanceInfo a = new AcceptanceInfo(new long[] {10, 0}, new long[] {4, 0});
        long[] att = a.swapAttempts();
        att[0] = 99;
        assertThat(a.swapAttempts()).containsExactly(10, 0);
        AcceptanceInfo sum = a.plus(new AcceptanceInfo(new long[] {10, 5}, new long[] {6, 5}));
        assertThat(sum.swapAttempts()).containsExactly(20, 5);
        assertThat(sum.swapAccepts()).containsExactly(10, 5);
        assertThat(sum.acceptanceRate(0)).isEqualTo(0.5);
        assertThat(a.acceptanceRate(1)).isNaN();
        assertThat(a.statistics().keySet()).containsExactly("swapAttempts", "swapAccepts", "acceptanceRates");
        assertThatThrownBy(() -> a.plus(AcceptanceInfo.zero(3))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AcceptanceInfo(new long[] {1}, new long[] {2}))
                .isInstanceOf(IllegalArgumentException.class);
        RoundTripInfo r = new RoundTripInfo(a, new int[] {0, 2, 0, 1});
        RoundTripInfo r2 = r.plus(r);
        assertThat(r2.originCounts()).containsExactly(4, 2, 2);
        assertThat(r2.transitions()).isEqualTo(8);
        assertThat(r2.nonlocalFraction()).isEqualTo(0.5);
        assertThat(r2.bottomOrigin()).isEmpty();
        assertThat(r.bottomOrigin()).containsExactly(0, 2, 0, 1);
        assertThat(RoundTripInfo.zero(2).plus(r)).isEqualTo(RoundTripInfo.zero(2).plus(r));
        assertThat(StepInfo.NONE.plus(StepInfo.NONE)).isSameAs(StepInfo.NONE);
        assertThat(StepInfo.NONE.plus(a)).isSameAs(a);
        assertThat(a.plus(StepInfo.NONE)).isSameAs(a);
        assertThat(r.plus(StepInfo.NONE)).isSameAs(r);
    }

    @Test
    void initFromPositionsAndFromBottomRows() {
        RbmStack stack = STACK;
        ChainState positions = ChainState.uniform(4, stack.visibleSizes(), Rng.seeded(5));
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
        assertThat(Kernels.create("roundtrip", stack).init(positions)).isInstanceOf(RoundTripState.class);
        assertThatThrownBy(() -> Kernels.create("dt", stack).init(ChainState.uniform(4, new int[] {3, 4}, Rng.seeded(1))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void stackKernelsRejectStatesOfTheWrongShape() {
        RbmStack stack = STACK;
        ChainState wrong = ChainState.uniform(4, new int[] {3, 4}, Rng.seeded(1));
        assertThatThrownBy(() -> new RoundTrip(stack).advance(Rng.seeded(2), new RoundTripState(wrong)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeepTempering(stack).advance(Rng.seeded(2), new TemperedState(wrong, 0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RoundTrip(stack).advance(Rng.seeded(2), wrong))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("RoundTripState");
    }

    @Test
    void uniformStatesAreFairCoins() {
        int chains = 20_000;
        ChainState s = ChainState.uniform(chains, new int[] {5, 2}, Rng.seeded(9));
        double ones = 0;
        for (double x : s.buffer(0)) {
            assertThat(x == 0.0 || x == 1.0).isTrue();
            ones += x;
        }
        double n = chains * 5.0;
        assertThat(ones).isBetween(n / 2 - 6 * Math.sqrt(n / 4), n / 2 + 6 * Math.sqrt(n / 4));
        ChainState t = ChainState.of(s.visible(0), s.visible(1));
        assertThat(t).isEqualTo(s);
        assertThat(t.buffer(0)).isEqualTo(s.buffer(0));
        assertThat(t.buffer(1)).isEqualTo(s.buffer(1));
        TemperedState odd = new TemperedState(t, 1);
        assertThat(odd.parity()).isEqualTo(1);
        assertThat(odd.copy()).isEqualTo(odd).isNotEqualTo(new TemperedState(t, 0));
        assertThat(odd.positions()).isEqualTo(t);
        assertThat((ChainState) odd).isNotEqualTo(t);
        assertThatThrownBy(() -> ChainState.of(org.nd4j.linalg.factory.Nd4j.createFromArray(new double[][] {{0.5, 1}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-binary");
    }
}
