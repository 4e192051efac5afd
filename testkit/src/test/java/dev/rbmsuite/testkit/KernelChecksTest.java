package dev.rbmsuite.testkit;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.BlockedGibbs;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TransitionKernel;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The kit's checks fail on broken kernels: one that replays its randomness, one with a wrong law. */
class KernelChecksTest {
    private final Rbm rbm = TinyModels.bgsRbm();
    private final int[] sizes = {rbm.numVisible()};

    /** BGS that ignores the stream it is given: every call replays the same draws (the trap). */
    private TransitionKernel replaying() {
        BlockedGibbs bgs = new BlockedGibbs(rbm);
        return new TransitionKernel() {
            @Override
            public String name() {
                return "replaying-bgs";
            }

            @Override
            public ChainState init(int chains, Rng rng) {
                return bgs.init(chains, rng);
            }

            @Override
            public ChainState init(ChainState positions) {
                return bgs.init(positions);
            }

            @Override
            public StepInfo advance(Rng rng, ChainState state) {
                return bgs.advance(Rng.seeded(99).fork(0), state);
            }
        };
    }

    /** BGS with a tempered (wrong) visible draw: the target is not stationary. */
    private TransitionKernel biased() {
        Rbm hot = Rbm.of(rbm.numVisible(), rbm.numHidden(), rbm.weightsArray(),
                scaled(rbm.visibleBiasArray(), 1.3), rbm.hiddenBiasArray());
        BlockedGibbs wrong = new BlockedGibbs(hot);
        return new TransitionKernel() {
            @Override
            public String name() {
                return "biased-bgs";
            }

            @Override
            public ChainState init(int chains, Rng rng) {
                return wrong.init(chains, rng);
            }

            @Override
            public ChainState init(ChainState positions) {
                return wrong.init(positions);
            }

            @Override
            public StepInfo advance(Rng rng, ChainState state) {
                return wrong.advance(rng, state);
            }
        };
    }

    private static double[] scaled(double[] x, double f) {
        double[] y = x.clone();
        for (int i = 0; i < y.length; i++) {
            y[i] *= f;
        }
        return y;
    }

    @Test
    void aKernelThatReplaysItsRandomnessIsCaught() {
        TransitionKernel k = replaying();
        // one step alone looks right: the replayed draws are still uniform
        assertThatCode(() -> KernelChecks.assertStepMatchesMatrix(k, ExactTransitionMatrices.bgs(rbm), sizes, 0,
                new int[] {3}, 20_000, Rng.seeded(1))).doesNotThrowAnyException();
        assertThatThrownBy(() -> KernelChecks.assertFreshRandomness(k, 50, 2)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("replays its randomness");
        double[][] t2 = ExactMatrix.power(ExactTransitionMatrices.bgs(rbm), 2);
        assertThatThrownBy(() -> KernelChecks.assertStepsMatchMatrix(k, t2, 2, sizes, 0, new int[] {3}, 20_000,
                Rng.seeded(3))).isInstanceOf(AssertionError.class);
        assertThatCode(() -> KernelChecks.assertFreshRandomness(new BlockedGibbs(rbm), 50, 2)).doesNotThrowAnyException();
    }

    @Test
    void aKernelWithTheWrongLawIsCaught() {
        TransitionKernel k = biased();
        assertThatThrownBy(() -> KernelChecks.assertStepMatchesMatrix(k, ExactTransitionMatrices.bgs(rbm), sizes, 0,
                new int[] {0}, 100_000, Rng.seeded(4))).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> KernelChecks.assertNoDrift(k, ExactTransitionMatrices.visibleMarginal(rbm), sizes,
                100_000, Rng.seeded(5))).isInstanceOf(AssertionError.class);
    }

    @Test
    void exactChecksRejectAWrongTargetAndAnIrreversibleKernel() {
        double[][] t = ExactTransitionMatrices.bgs(rbm);
        double[] pi = ExactTransitionMatrices.visibleMarginal(rbm);
        double[] uniform = new double[pi.length];
        Arrays.fill(uniform, 1.0 / pi.length);
        assertThatThrownBy(() -> KernelChecks.assertStationary(t, uniform, 1e-12)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("not stationary");
        // a deterministic cycle 0 -> 1 -> 2 -> 0 keeps the uniform law but is not reversible
        double[][] cycle = {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}};
        double[] third = {1 / 3.0, 1 / 3.0, 1 / 3.0};
        KernelChecks.assertStationary(cycle, third, 1e-15);
        assertThatThrownBy(() -> KernelChecks.assertDetailedBalance(cycle, third, 1e-12))
                .isInstanceOf(AssertionError.class).hasMessageContaining("detailed balance");
        assertThatThrownBy(() -> KernelChecks.assertStochastic(new double[][] {{0.5, 0.4}, {0, 1}}, 1e-12))
                .isInstanceOf(AssertionError.class).hasMessageContaining("row 0");
    }
}
