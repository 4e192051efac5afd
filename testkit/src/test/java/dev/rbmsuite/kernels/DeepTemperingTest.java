package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import dev.rbmsuite.testkit.ExactMatrix;
import dev.rbmsuite.testkit.KernelChecks;
import dev.rbmsuite.testkit.TinyModels;
import org.junit.jupiter.api.Test;

/** Deep tempering (Alg. 2) against its exact matrices for both parities, no drift, parity and statistics. */
class DeepTemperingTest {
    @Test
    void oneStepMatchesTheExactMatrixForBothParities() {
        RbmStack stack = TinyModels.stack3432();
        for (int c = 0; c < 2; c++) {
            double[][] t = ExactTransitionMatrices.deepTempering(stack, c);
            KernelChecks.assertStepMatchesMatrix(new DeepTempering(stack), t, stack.visibleSizes(), c,
                    new int[] {0, 1023, 0x1b5}, 100_000, Rng.seeded(30 + c));
        }
        RbmStack one = TinyModels.stack342();
        KernelChecks.assertStepMatchesMatrix(new DeepTempering(one), ExactTransitionMatrices.deepTempering(one, 0),
                one.visibleSizes(), 0, new int[] {0, 101}, 100_000, Rng.seeded(32));
    }

    @Test
    void doesNotDriftFromTheTarget() {
        RbmStack stack = TinyModels.stack3432();
        KernelChecks.assertNoDrift(new DeepTempering(stack), ExactTransitionMatrices.target(stack),
                stack.visibleSizes(), 100_000, Rng.seeded(33));
    }

    @Test
    void isDeterministicAndPureAndTakesFreshRandomnessEachStep() {
        KernelChecks.assertDeterministicAndPure(new DeepTempering(TinyModels.stack3432()), 50, 34);
        KernelChecks.assertFreshRandomness(new DeepTempering(TinyModels.stack3432()), 50, 35);
    }

    @Test
    void twoStepsMatchTheProductOfBothParities() {
        RbmStack stack = TinyModels.stack3432();
        double[][] t2 = ExactMatrix.compose(ExactTransitionMatrices.deepTempering(stack, 0),
                ExactTransitionMatrices.deepTempering(stack, 1));
        KernelChecks.assertStationary(t2, ExactTransitionMatrices.target(stack), 1e-12);
        KernelChecks.assertStepsMatchMatrix(new DeepTempering(stack), t2, 2, stack.visibleSizes(), 0,
                new int[] {0, 0x2d6}, 100_000, Rng.seeded(36));
    }

    @Test
    void needsItsOwnStateType() {
        RbmStack stack = TinyModels.stack3432();
        ChainState plain = ChainState.uniform(3, stack.visibleSizes(), Rng.seeded(1));
        assertThatThrownBy(() -> new DeepTempering(stack).advance(Rng.seeded(2), plain))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TemperedState");
        ChainState s = new DeepTempering(stack).init(plain);
        assertThat(s).isInstanceOf(TemperedState.class);
        assertThat(((TemperedState) s).parity()).isZero();
        assertThat(s.positions()).isEqualTo(plain);
    }

    @Test
    void parityChoosesTheLevelsAndFlips() {
        RbmStack stack = TinyModels.stack23223();
        DeepTempering dt = new DeepTempering(stack);
        TemperedState s = (TemperedState) dt.init(500, Rng.seeded(1));
        assertThat(s.parity()).isZero();
        StepInfo total = dt.zeroInfo();
        for (int step = 0; step < 4; step++) {
            int c = s.parity();
            StepInfo info = dt.advance(Rng.seeded(2).fork(step), s);
            total = total.plus(info);
            assertThat(s.parity()).isEqualTo(1 - c);
            for (int l = 0; l < stack.upperLayers(); l++) {
                long want = l % 2 == c ? 500 : 0;
                assertThat(info.swapAttempts()[l]).isEqualTo(want);
                assertThat(info.swapAccepts()[l]).isBetween(0L, want);
            }
            assertThat(info).isInstanceOf(AcceptanceInfo.class);
        }
        // levels 0 and 2 on the even steps, level 1 on the odd ones
        assertThat(total.swapAttempts()).containsExactly(1000, 1000, 1000);
        // with L = 1 the single pair is attempted on even-parity steps only (docs/methods.md section 3.4)
        DeepTempering dt1 = new DeepTempering(TinyModels.stack342());
        ChainState s1 = dt1.init(100, Rng.seeded(3));
        assertThat(dt1.advance(Rng.seeded(4), s1).swapAttempts()).containsExactly(100);
        assertThat(dt1.advance(Rng.seeded(5), s1).swapAttempts()).containsExactly(0);
    }
}
