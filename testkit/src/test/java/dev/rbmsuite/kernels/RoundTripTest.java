package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import dev.rbmsuite.testkit.ExactMatrix;
import dev.rbmsuite.testkit.KernelChecks;
import dev.rbmsuite.testkit.TinyModels;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The round-trip kernel (Alg. 3) against its exact matrix, no drift, statistics and bottomOrigin. */
class RoundTripTest {
    @Test
    void oneStepMatchesTheExactMatrix() {
        RbmStack stack = TinyModels.stack3432();
        KernelChecks.assertStepMatchesMatrix(new RoundTrip(stack), ExactTransitionMatrices.roundTrip(stack),
                stack.visibleSizes(), 0, new int[] {0, 1023, 0x2b3}, 100_000, Rng.seeded(40));
        RbmStack deep = TinyModels.stack23223();
        KernelChecks.assertStepMatchesMatrix(new RoundTrip(deep), ExactTransitionMatrices.roundTrip(deep),
                deep.visibleSizes(), 0, new int[] {0, 511, 0x0b6}, 100_000, Rng.seeded(41));
    }

    @Test
    void doesNotDriftFromTheTarget() {
        RbmStack stack = TinyModels.stack3432();
        KernelChecks.assertNoDrift(new RoundTrip(stack), ExactTransitionMatrices.target(stack), stack.visibleSizes(),
                100_000, Rng.seeded(42));
    }

    @Test
    void isDeterministicAndPureAndTakesFreshRandomnessEachStep() {
        KernelChecks.assertDeterministicAndPure(new RoundTrip(TinyModels.stack3432()), 50, 43);
        KernelChecks.assertFreshRandomness(new RoundTrip(TinyModels.stack3432()), 50, 45);
    }

    @Test
    void isReversibleAndTwoStepsMatchTheSquaredMatrix() {
        RbmStack stack = TinyModels.stack3432();
        double[][] t = ExactTransitionMatrices.roundTrip(stack);
        double[] pi = ExactTransitionMatrices.target(stack);
        KernelChecks.assertStochastic(t, 1e-12);
        KernelChecks.assertStationary(t, pi, 1e-12);
        KernelChecks.assertDetailedBalance(t, pi, 1e-12);
        KernelChecks.assertStepsMatchMatrix(new RoundTrip(stack), ExactMatrix.power(t, 2), 2, stack.visibleSizes(), 0,
                new int[] {0, 0x19c}, 100_000, Rng.seeded(46));
    }

    @Test
    void oneKernelServesManyThreads() throws Exception {
        RbmStack stack = TinyModels.stack3432();
        RoundTrip shared = new RoundTrip(stack);
        List<Callable<ChainState>> jobs = new ArrayList<>();
        for (int j = 0; j < 4; j++) {
            long seed = j;
            jobs.add(() -> {
                ChainState s = shared.init(200, Rng.seeded(seed));
                for (int t = 0; t < 20; t++) {
                    shared.advance(Rng.seeded(seed).fork(1, t), s);
                }
                return s;
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<ChainState>> got = pool.invokeAll(jobs);
            for (int j = 0; j < 4; j++) {
                ChainState alone = new RoundTrip(stack).init(200, Rng.seeded(j));
                RoundTrip own = new RoundTrip(stack);
                for (int t = 0; t < 20; t++) {
                    own.advance(Rng.seeded(j).fork(1, t), alone);
                }
                assertThat(got.get(j).get()).isEqualTo(alone);
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void statisticsAndBottomOriginArePlausible() {
        RbmStack stack = TinyModels.stack23223();
        RoundTrip rt = new RoundTrip(stack);
        int chains = 20_000;
        ChainState s = rt.init(chains, Rng.seeded(1));
        long nonlocal = 0;
        for (int step = 0; step < 3; step++) {
            StepInfo info = rt.advance(Rng.seeded(2).fork(step), s);
            int[] origin = ((RoundTripInfo) info).bottomOrigin();
            assertThat(origin).hasSize(chains);
            long away = 0;
            for (int o : origin) {
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
        assertThat(((RoundTripInfo) info).bottomOrigin()).containsOnly(0);
        assertThat(((RoundTripInfo) info).originCounts()).containsExactly(1000, 0, 0);
    }

    @Test
    void reusingTheLastEvaluationChangesNothing() {
        RbmStack stack = TinyModels.stack3432();
        RoundTrip warm = new RoundTrip(stack);
        ChainState s = warm.init(300, Rng.seeded(1));
        for (int k = 0; k < 3; k++) {
            ChainState before = s.copy();
            StepInfo a = warm.advance(Rng.seeded(2).fork(k), s);
            RoundTrip fresh = new RoundTrip(stack);
            StepInfo b = fresh.advance(Rng.seeded(2).fork(k), before);
            assertThat(before).isEqualTo(s);
            assertThat(b.swapAccepts()).isEqualTo(a.swapAccepts());
            assertThat(b).isEqualTo(a);
        }
        // a changed state (or chain count) is evaluated afresh
        ChainState other = warm.init(200, Rng.seeded(3));
        ChainState copy = other.copy();
        warm.advance(Rng.seeded(4), other);
        new RoundTrip(stack).advance(Rng.seeded(4), copy);
        assertThat(copy).isEqualTo(other);
    }

    @Test
    void withoutUpperLayersItIsBgs() {
        Rbm rbm = TinyModels.bgsRbm();
        RoundTrip rt = new RoundTrip(RbmStack.of(rbm));
        KernelChecks.assertStepMatchesMatrix(rt, ExactTransitionMatrices.bgs(rbm), new int[] {5}, 0, new int[] {7},
                50_000, Rng.seeded(44));
    }
}
