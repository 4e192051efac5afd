package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import dev.rbmsuite.testkit.ExactMatrix;
import dev.rbmsuite.testkit.KernelChecks;
import dev.rbmsuite.testkit.TinyModels;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Parallel tempering against its exact matrices for both parities, no drift, ladders and statistics. */
class ParallelTemperingTest {
    private final Rbm rbm = TinyModels.ptRbm();
    private final double[] betas = TinyModels.ptBetas();
    private final int[] sizes = {3, 3, 3};

    @Test
    void oneStepMatchesTheExactMatrixForBothParities() {
        for (int c = 0; c < 2; c++) {
            double[][] t = ExactTransitionMatrices.parallelTempering(rbm, betas, c);
            KernelChecks.assertStepMatchesMatrix(new ParallelTempering(rbm, betas), t, sizes, c,
                    new int[] {0, 511, 0x0e5}, 100_000, Rng.seeded(50 + c));
        }
    }

    @Test
    void doesNotDriftFromTheTarget() {
        KernelChecks.assertNoDrift(new ParallelTempering(rbm, betas), ExactTransitionMatrices.target(rbm, betas), sizes,
                100_000, Rng.seeded(52));
    }

    @Test
    void isDeterministicAndPure() {
        KernelChecks.assertDeterministicAndPure(new ParallelTempering(rbm, betas), 50, 53);
    }

    @Test
    void statisticsFollowTheParity() {
        ParallelTempering pt = new ParallelTempering(rbm, ParallelTempering.geometricLadder(5, 0.2));
        ChainState s = pt.init(300, Rng.seeded(1));
        for (int step = 0; step < 4; step++) {
            int c = ((TemperedState) s).parity();
            StepInfo info = pt.advance(Rng.seeded(2).fork(step), s);
            assertThat(((TemperedState) s).parity()).isEqualTo(1 - c);
            assertThat(info.swapAttempts()).hasSize(4);
            for (int k = 0; k < 4; k++) {
                long want = k % 2 == c ? 300 : 0;
                assertThat(info.swapAttempts()[k]).isEqualTo(want);
                assertThat(info.swapAccepts()[k]).isBetween(0L, want);
            }
        }
        // a model without parameters has the same (uniform) marginal at every temperature
        Rbm zero = Rbm.of(3, 2, new double[6], new double[3], new double[2]);
        ParallelTempering flat = new ParallelTempering(zero, ParallelTempering.geometricLadder(4, 0.1));
        ChainState f = flat.init(200, Rng.seeded(3));
        assertThat(flat.advance(Rng.seeded(4), f).swapAccepts()).containsExactly(200, 0, 200);
    }

    @Test
    void geometricLadderAndValidation() {
        double[] l = ParallelTempering.geometricLadder(5, 0.0625);
        assertThat(l).hasSize(5);
        assertThat(l[0]).isEqualTo(1.0);
        for (int k = 1; k < 5; k++) {
            assertThat(l[k] / l[k - 1]).isCloseTo(0.5, Offset.offset(1e-12));
        }
        assertThat(ParallelTempering.geometricLadder(1, 0.5)).containsExactly(1.0);
        assertThat(ParallelTempering.defaultLadder()).hasSize(ParallelTempering.DEFAULT_TEMPERATURES);
        assertThatThrownBy(() -> new ParallelTempering(rbm, new double[] {0.9, 0.5}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ParallelTempering(rbm, new double[] {1, 0.5, 0.5}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ParallelTempering.geometricLadder(3, 1.0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void startsEveryReplicaFromTheTargetsStatesAlone() {
        ParallelTempering pt = new ParallelTempering(rbm, betas);
        int n = rbm.numVisible();
        double[] rows = new double[2 * n];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = (i * 7 + 3) % 5 < 2 ? 1 : 0;
        }
        ChainState state = pt.init(new ChainState(2, new int[] {n}, new double[][] {rows.clone()}));
        assertThat(state.layers()).isEqualTo(betas.length);
        for (int k = 0; k < state.layers(); k++) {
            assertThat(state.buffer(k)).containsExactly(rows);
        }
        assertThat(pt.init(state).layers()).isEqualTo(betas.length);
    }
}
