package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import dev.rbmsuite.testkit.ExactMatrix;
import dev.rbmsuite.testkit.KernelChecks;
import dev.rbmsuite.testkit.TinyModels;
import org.junit.jupiter.api.Test;

/** BGS (Eq. bgs) against its exact matrix, no drift from the exact P(v), determinism. */
class BlockedGibbsTest {
    private final Rbm rbm = TinyModels.bgsRbm();
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
    void isDeterministicAndPureAndTakesFreshRandomnessEachStep() {
        KernelChecks.assertDeterministicAndPure(new BlockedGibbs(rbm), 50, 13);
        KernelChecks.assertFreshRandomness(new BlockedGibbs(rbm), 50, 14);
    }

    @Test
    void twoStepsMatchTheSquaredMatrix() {
        double[][] t2 = ExactMatrix.power(ExactTransitionMatrices.bgs(rbm), 2);
        KernelChecks.assertStepsMatchMatrix(new BlockedGibbs(rbm), t2, 2, sizes, 0, new int[] {0, 21}, 100_000,
                Rng.seeded(15));
    }

    @Test
    void theKitsCompositionGivesTheSameMatrix() {
        double[][] t = ExactMatrix.on(sizes).gibbsSweep(0, rbm).build();
        double[][] want = ExactTransitionMatrices.bgs(rbm);
        for (int a = 0; a < t.length; a++) {
            assertThat(t[a]).containsExactly(want[a], org.assertj.core.data.Offset.offset(1e-15));
        }
        double[] pi = ExactTransitionMatrices.visibleMarginal(rbm);
        KernelChecks.assertStochastic(t, 1e-12);
        KernelChecks.assertStationary(t, pi, 1e-12);
        KernelChecks.assertDetailedBalance(t, pi, 1e-12);
    }

    @Test
    void actsOnLayerZeroOfAStackStateOnly() {
        RbmStack stack = TinyModels.stack3432();
        TransitionKernel k = Kernels.create("bgs", stack);
        ChainState s = ChainState.uniform(20, stack.visibleSizes(), Rng.seeded(1));
        ChainState next = k.step(Rng.seeded(2), s).state();
        for (int l = 1; l < s.layers(); l++) {
            assertThat(next.buffer(l)).isEqualTo(s.buffer(l));
        }
        assertThat(next.buffer(0)).isNotEqualTo(s.buffer(0));
        assertThat(k.step(Rng.seeded(2), s).info()).isEqualTo(StepInfo.NONE);
    }
}
