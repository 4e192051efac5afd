package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import org.junit.jupiter.api.Test;

/** The round-trip kernel (Alg. 3) against its exact matrix, no drift, statistics and bottomOrigin. */
class RoundTripTest {
    @Test
    void oneStepMatchesTheExactMatrix() {
        RbmStack stack = TestModels.stack3432();
        KernelChecks.assertStepMatchesMatrix(new RoundTrip(stack), ExactTransitionMatrices.roundTrip(stack),
                stack.visibleSizes(), 0, new int[] {0, 1023, 0x2b3}, 100_000, Rng.seeded(40));
        RbmStack deep = TestModels.stack23223();
        KernelChecks.assertStepMatchesMatrix(new RoundTrip(deep), ExactTransitionMatrices.roundTrip(deep),
                deep.visibleSizes(), 0, new int[] {0, 511, 0x0b6}, 100_000, Rng.seeded(41));
    }

    @Test
    void doesNotDriftFromTheTarget() {
        RbmStack stack = TestModels.stack3432();
        KernelChecks.assertNoDrift(new RoundTrip(stack), ExactTransitionMatrices.target(stack), stack.visibleSizes(),
                100_000, Rng.seeded(42));
    }

    @Test
    void isDeterministicAndPure() {
        KernelChecks.assertDeterministicAndPure(new RoundTrip(TestModels.stack3432()), 50, 43);
    }

    @Test
    void statisticsAndBottomOriginArePlausible() {
        RbmStack stack = TestModels.stack23223();
        RoundTrip rt = new RoundTrip(stack);
        int chains = 20_000;
        ChainState s = rt.init(chains, Rng.seeded(1));
        long nonlocal = 0;
        for (int step = 0; step < 3; step++) {
            StepInfo info = rt.advance(Rng.seeded(2).fork(step), s);
            assertThat(s.parity()).isZero();
            assertThat(info.bottomOrigin()).hasSize(chains);
            long away = 0;
            for (int o : info.bottomOrigin()) {
                assertThat(o).isBetween(0, stack.upperLayers());
                away += o > 0 ? 1 : 0;
            }
            // a state from above can reach the bottom only through an accepted swap at level 0
            assertThat(away).isLessThanOrEqualTo(info.swapAccepts()[0]);
            nonlocal += away;
            for (int l = 0; l < stack.upperLayers(); l++) {
                assertThat(info.swapAttempts()[l]).isEqualTo(2L * chains);
                assertThat(info.swapAccepts()[l]).isBetween(0L, 2L * chains);
            }
        }
        assertThat(nonlocal).as("some bottom states come from upper layers").isPositive();
    }

    @Test
    void withAlwaysAcceptedSwapsEveryStateGoesUpAndComesBack() {
        // theta_1 = theta_0^T and theta_2 = theta_0: lv_{l+1} = lh_l, so log r = 0 and every swap is accepted
        Rbm r0 = Rbm.gaussian(3, 4, 2.0, Rng.seeded(5));
        RbmStack mirrored = RbmStack.of(r0, r0.transpose(), r0);
        RoundTrip rt = new RoundTrip(mirrored);
        ChainState s = rt.init(1000, Rng.seeded(6));
        StepInfo info = rt.advance(Rng.seeded(7), s);
        assertThat(info.swapAccepts()).containsExactly(2000, 2000);
        assertThat(info.bottomOrigin()).containsOnly(0);
    }

    @Test
    void withoutUpperLayersItIsBgs() {
        Rbm rbm = TestModels.bgsRbm();
        RoundTrip rt = new RoundTrip(RbmStack.of(rbm));
        KernelChecks.assertStepMatchesMatrix(rt, ExactTransitionMatrices.bgs(rbm), new int[] {5}, 0, new int[] {7},
                50_000, Rng.seeded(44));
    }
}
