package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

/**
 * The kernel's exactness proof with the suite's test kit: the exact transition matrix (built by
 * enumerating every state of a tiny RBM) is stochastic, reversible and leaves P(v) stationary, and
 * the implementation's sampled steps match its rows. Change {@code row} when you change the kernel.
 */
class ${className}Test {
    private final Rbm rbm = TinyModels.bgsRbm();
    private final int n = rbm.numVisible();
    private final int[] sizes = {n};
    private final RbmTables tables = new RbmTables(rbm, 1.0);

    /** The exact matrix row of one single-flip proposal from state v (bit i of v is unit i). */
    private double[] row(int v) {
        double[] lv = tables.logMarginalVisible();
        double[] p = new double[1 << n];
        for (int i = 0; i < n; i++) {
            int w = v ^ (1 << i);
            double a = Math.min(1.0, StrictMath.exp(lv[w] - lv[v]));
            p[w] += a / n;
            p[v] += (1 - a) / n;
        }
        return p;
    }

    /** The exact matrix of one transition with the given number of proposals. */
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
        KernelChecks.assertStationary(exact(3), pi, 1e-13);
    }

    @Test
    void sampledStepsMatchTheExactRows() {
        ${className} k = new ${className}(rbm, 3);
        KernelChecks.assertStepMatchesMatrix(k, exact(3), sizes, 0, new int[] {0, 31, 10}, 100_000, Rng.seeded(1));
        KernelChecks.assertStepsMatchMatrix(k, ExactMatrix.power(exact(3), 2), 2, sizes, 0, new int[] {5}, 100_000,
                Rng.seeded(2));
    }

    @Test
    void doesNotDriftAndKeepsTheRandomnessContract() {
        ${className} k = new ${className}(rbm, 2);
        KernelChecks.assertNoDrift(k, tables.visibleMarginal(), sizes, 100_000, Rng.seeded(3));
        KernelChecks.assertDeterministicAndPure(k, 50, 4);
        KernelChecks.assertFreshRandomness(k, 50, 5);
    }

    @Test
    void isRegisteredThroughTheServiceFile() {
        KernelRegistry r = KernelRegistry.installed();
        assertTrue(r.names().contains("${kernelName}"), "registered kernels: " + r.names());
        RbmStack stack = RbmStack.of(rbm);
        TransitionKernel k = r.create("${kernelName}", stack, Map.of("flips", "4"));
        ChainState s = k.init(100, Rng.seeded(6));
        StepInfo total = k.zeroInfo();
        for (int t = 0; t < 3; t++) {
            total = total.plus(k.advance(Rng.seeded(7).fork(t), s));
        }
        assertTrue(total instanceof AcceptanceInfo);
        assertEquals(1200, total.swapAttempts()[0]);
        assertTrue(total.swapAccepts()[0] > 0 && total.swapAccepts()[0] < 1200, "some but not all accepted");
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> r.create("${kernelName}", stack, Map.of("flips", "0")));
        assertTrue(e.getMessage().contains("flips"), e.getMessage());
    }
}
