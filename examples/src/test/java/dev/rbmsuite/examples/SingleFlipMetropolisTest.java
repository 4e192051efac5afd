package dev.rbmsuite.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.AcceptanceInfo;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TransitionKernel;
import dev.rbmsuite.kernels.exact.RbmTables;
import dev.rbmsuite.testkit.ExactMatrix;
import dev.rbmsuite.testkit.KernelChecks;
import dev.rbmsuite.testkit.TinyModels;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plug-in's exactness proof with the public test kit, and its registration. */
class SingleFlipMetropolisTest {
    private final Rbm rbm = TinyModels.bgsRbm();
    private final int n = rbm.numVisible();
    private final int[] sizes = {n};
    private final RbmTables tables = new RbmTables(rbm, 1.0);

    /** The exact matrix of one random-scan single-flip proposal, as a row function from brute-force tables. */
    private double[] row(int v) {
        double[] lv = tables.logMarginalVisible();
        double[] p = new double[1 << n];
        for (int i = 0; i < n; i++) {
            int w = v ^ (1 << i);
            double a = Math.min(1.0, Math.exp(lv[w] - lv[v]));
            p[w] += a / n;
            p[v] += (1 - a) / n;
        }
        return p;
    }

    private double[][] exact(int flips) {
        ExactMatrix m = ExactMatrix.on(sizes);
        for (int k = 0; k < flips; k++) {
            m.step(0, n, this::row);
        }
        return m.build();
    }

    @Test
    void theExactKernelLeavesPStationaryAndOneProposalIsReversible() {
        double[] pi = tables.visibleMarginal();
        double[][] one = exact(1);
        KernelChecks.assertStochastic(one, 1e-12);
        KernelChecks.assertDetailedBalance(one, pi, 1e-13);
        double[][] three = exact(3);
        KernelChecks.assertStationary(three, pi, 1e-13);
        assertThat(three[0]).containsExactly(ExactMatrix.power(one, 3)[0], org.assertj.core.data.Offset.offset(1e-15));
    }

    @Test
    void sampledStepsMatchTheExactRows() {
        SingleFlipMetropolis k = new SingleFlipMetropolis(rbm, 3);
        KernelChecks.assertStepMatchesMatrix(k, exact(3), sizes, 0, new int[] {0, 31, 10}, 100_000, Rng.seeded(1));
        KernelChecks.assertStepsMatchMatrix(k, ExactMatrix.power(exact(3), 2), 2, sizes, 0, new int[] {5}, 100_000,
                Rng.seeded(2));
    }

    @Test
    void doesNotDriftAndKeepsTheRandomnessContract() {
        SingleFlipMetropolis k = new SingleFlipMetropolis(rbm, 2);
        KernelChecks.assertNoDrift(k, tables.visibleMarginal(), sizes, 100_000, Rng.seeded(3));
        KernelChecks.assertDeterministicAndPure(k, 50, 4);
        KernelChecks.assertFreshRandomness(k, 50, 5);
    }

    @Test
    void isRegisteredThroughTheServiceFile() {
        KernelRegistry r = KernelRegistry.installed();
        assertThat(r.names()).contains("metropolis-flip").startsWith("bgs", "dt", "roundtrip", "pt");
        RbmStack stack = RbmStack.of(rbm);
        TransitionKernel k = r.create("metropolis-flip", stack, Map.of("flips", "4"));
        ChainState s = k.init(100, Rng.seeded(6));
        StepInfo total = k.zeroInfo();
        for (int t = 0; t < 3; t++) {
            total = total.plus(k.advance(Rng.seeded(7).fork(t), s));
        }
        assertThat(total).isInstanceOf(AcceptanceInfo.class);
        assertThat(total.swapAttempts()).containsExactly(1200);
        assertThat(total.swapAccepts()[0]).isBetween(1L, 1199L);
        assertThatThrownBy(() -> r.create("metropolis-flip", stack, Map.of("flips", "0")))
                .hasMessageContaining("flips");
    }
}
