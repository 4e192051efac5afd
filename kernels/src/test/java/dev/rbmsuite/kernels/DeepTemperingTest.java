package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import org.junit.jupiter.api.Test;

/** Deep tempering (Alg. 2) against its exact matrices for both parities, no drift, parity and statistics. */
class DeepTemperingTest {
    @Test
    void oneStepMatchesTheExactMatrixForBothParities() {
        RbmStack stack = TestModels.stack3432();
        for (int c = 0; c < 2; c++) {
            double[][] t = ExactTransitionMatrices.deepTempering(stack, c);
            KernelChecks.assertStepMatchesMatrix(new DeepTempering(stack), t, stack.visibleSizes(), c,
                    new int[] {0, 1023, 0x1b5}, 100_000, Rng.seeded(30 + c));
        }
        RbmStack one = TestModels.stack342();
        KernelChecks.assertStepMatchesMatrix(new DeepTempering(one), ExactTransitionMatrices.deepTempering(one, 0),
                one.visibleSizes(), 0, new int[] {0, 101}, 100_000, Rng.seeded(32));
    }

    @Test
    void doesNotDriftFromTheTarget() {
        RbmStack stack = TestModels.stack3432();
        KernelChecks.assertNoDrift(new DeepTempering(stack), ExactTransitionMatrices.target(stack),
                stack.visibleSizes(), 100_000, Rng.seeded(33));
    }

    @Test
    void isDeterministicAndPure() {
        KernelChecks.assertDeterministicAndPure(new DeepTempering(TestModels.stack3432()), 50, 34);
    }

    @Test
    void parityChoosesTheLevelsAndFlips() {
        RbmStack stack = TestModels.stack23223();
        DeepTempering dt = new DeepTempering(stack);
        ChainState s = dt.init(500, Rng.seeded(1));
        assertThat(s.parity()).isZero();
        for (int step = 0; step < 4; step++) {
            int c = s.parity();
            StepInfo info = dt.advance(Rng.seeded(2).fork(step), s);
            assertThat(s.parity()).isEqualTo(1 - c);
            for (int l = 0; l < stack.upperLayers(); l++) {
                long want = l % 2 == c ? 500 : 0;
                assertThat(info.swapAttempts()[l]).isEqualTo(want);
                assertThat(info.swapAccepts()[l]).isBetween(0L, want);
            }
            assertThat(info.bottomOrigin()).isEmpty();
        }
        // with L = 1 the single pair is attempted on even-parity steps only (docs/methods.md section 3.4)
        DeepTempering dt1 = new DeepTempering(TestModels.stack342());
        ChainState s1 = dt1.init(100, Rng.seeded(3));
        assertThat(dt1.advance(Rng.seeded(4), s1).swapAttempts()).containsExactly(100);
        assertThat(dt1.advance(Rng.seeded(5), s1).swapAttempts()).containsExactly(0);
    }
}
