package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import org.junit.jupiter.api.Test;

/** BGS (Eq. bgs) against its exact matrix, no drift from the exact P(v), determinism. */
class BlockedGibbsTest {
    private final Rbm rbm = TestModels.bgsRbm();
    private final int[] sizes = {rbm.numVisible()};

    @Test
    void oneStepMatchesTheExactMatrix() {
        double[][] t = ExactTransitionMatrices.bgs(rbm);
        KernelChecks.assertStepMatchesMatrix(new BlockedGibbs(rbm), t, sizes, 0, new int[] {0, 31, 10}, 100_000,
                Rng.seeded(11));
    }

    @Test
    void doesNotDriftFromTheTarget() {
        KernelChecks.assertNoDrift(new BlockedGibbs(rbm), ExactTransitionMatrices.visibleMarginal(rbm), sizes, 100_000,
                Rng.seeded(12));
    }

    @Test
    void isDeterministicAndPure() {
        KernelChecks.assertDeterministicAndPure(new BlockedGibbs(rbm), 50, 13);
    }

    @Test
    void actsOnLayerZeroOfAStackStateOnly() {
        RbmStack stack = TestModels.stack3432();
        TransitionKernel k = Kernels.create("bgs", stack);
        ChainState s = ChainState.uniform(20, stack.visibleSizes(), Rng.seeded(1));
        ChainState next = k.step(Rng.seeded(2), s).state();
        for (int l = 1; l < s.layers(); l++) {
            assertThat(next.buffer(l)).isEqualTo(s.buffer(l));
        }
        assertThat(next.buffer(0)).isNotEqualTo(s.buffer(0));
        assertThat(next.parity()).isEqualTo(s.parity());
        assertThat(k.step(Rng.seeded(2), s).info()).isEqualTo(StepInfo.NONE);
    }
}
