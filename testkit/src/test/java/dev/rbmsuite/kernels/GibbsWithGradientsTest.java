package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.GibbsWithGradients.Differences;
import dev.rbmsuite.kernels.exact.RbmTables;
import dev.rbmsuite.testkit.ExactMatrix;
import dev.rbmsuite.testkit.KernelChecks;
import dev.rbmsuite.testkit.TinyModels;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Gibbs-with-Gradients and the path auxiliary proposal, with exact and with approximate (gradient)
 * differences, against their exact matrices: each row is written from the algorithm (Grathwohl et al.
 * 2021, Alg. 1; Sun et al. 2022) with brute-force log-marginals, every path of R flips enumerated; the
 * matrices are stochastic, reversible and leave P(v) stationary, and the sampled kernels match them
 * over one and two steps, do not drift from P(v) and keep the randomness contract.
 */
class GibbsWithGradientsTest {
    private final Rbm rbm = TinyModels.bgsRbm();
    private final int n = rbm.numVisible();
    private final int[] sizes = {n};
    private final RbmTables tables = new RbmTables(rbm, 1.0);
    private final double[] lv = tables.logMarginalVisible();
    private final double[] pi = tables.visibleMarginal();

    /** The differences at state x: exact from the enumerated lv, or s_i (grad lv(x))_i by scalar loops. */
    private double[] differences(int x, Differences mode) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            double s = (x >> i & 1) == 0 ? 1 : -1;
            if (mode == Differences.EXACT) {
                d[i] = lv[x ^ (1 << i)] - lv[x];
            } else {
                double g = rbm.visibleBias(i);
                for (int j = 0; j < rbm.numHidden(); j++) {
                    double z = rbm.hiddenBias(j);
                    for (int k = 0; k < n; k++) {
                        z += (x >> k & 1) * rbm.weight(k, j);
                    }
                    g += rbm.weight(i, j) / (1 + Math.exp(-z));
                }
                d[i] = s * g;
            }
        }
        return d;
    }

    /** The locally balanced proposal q(i | x) proportional to e^{d_i(x)/2}. */
    private double[] proposal(int x, Differences mode) {
        double[] d = differences(x, mode);
        double[] q = new double[n];
        double z = 0;
        for (int i = 0; i < n; i++) {
            q[i] = Math.exp(d[i] / 2);
            z += q[i];
        }
        for (int i = 0; i < n; i++) {
            q[i] /= z;
        }
        return q;
    }

    /** Row x of the kernel with paths of R flips (R = 1: Gibbs-with-Gradients), every path enumerated. */
    private double[] row(int x, Differences mode, int pathLength) {
        double[] p = new double[1 << n];
        double[] qx = proposal(x, mode);
        int paths = (int) Math.pow(n, pathLength);
        for (int code = 0; code < paths; code++) {
            int y = x;
            double forward = 1;
            int[] idx = new int[pathLength];
            for (int k = 0, c = code; k < pathLength; k++, c /= n) {
                idx[k] = c % n;
                forward *= qx[idx[k]];
                y ^= 1 << idx[k];
            }
            double[] qy = proposal(y, mode);
            double reverse = 1;
            for (int k = 0; k < pathLength; k++) {
                reverse *= qy[idx[k]];
            }
            double a = Math.min(1, Math.exp(lv[y] - lv[x]) * reverse / forward);
            p[y] += forward * a;
            p[x] += forward * (1 - a);
        }
        return p;
    }

    private double[][] exact(Differences mode, int pathLength) {
        return ExactMatrix.on(sizes).step(0, n, x -> row(x, mode, pathLength)).build();
    }

    private TransitionKernel kernel(Differences mode, int pathLength) {
        return pathLength == 1 ? new GibbsWithGradients(rbm, mode) : GibbsWithGradients.pathAuxiliary(rbm, mode, pathLength);
    }

    @Test
    void theExactMatricesAreReversibleAndLeavePStationary() {
        for (Differences mode : Differences.values()) {
            for (int r : new int[] {1, 2, 3}) {
                double[][] t = exact(mode, r);
                KernelChecks.assertStochastic(t, 1e-12);
                KernelChecks.assertDetailedBalance(t, pi, 1e-14);
                KernelChecks.assertStationary(t, pi, 1e-14);
            }
        }
    }

    /**
     * Issue 40: a path of an even number of flips keeps P(v) stationary and is reversible (above), but never
     * changes the parity of the number of ones, so the chain is reducible; odd paths and single flips reach
     * every state. The kernel refuses even path lengths.
     */
    @Test
    void anEvenPathIsReducibleAndRefused() {
        for (Differences mode : Differences.values()) {
            KernelChecks.assertErgodic(exact(mode, 1));
            KernelChecks.assertErgodic(exact(mode, 3));
            double[][] even = exact(mode, 2);
            assertThat(KernelChecks.irreducible(even)).isFalse();
            assertThatThrownBy(() -> KernelChecks.assertErgodic(even)).isInstanceOf(AssertionError.class)
                    .hasMessageStartingWith("reducible: state 1 is not reached from state 0");
            // from x, every state with a non-zero entry has the parity of x
            for (int x = 0; x < 1 << n; x++) {
                for (int y = 0; y < 1 << n; y++) {
                    if (even[x][y] > 0) {
                        assertThat(Integer.bitCount(x ^ y) % 2).isZero();
                    }
                }
            }
            assertThatThrownBy(() -> GibbsWithGradients.pathAuxiliary(rbm, mode, 2))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage(GibbsWithGradients.EVEN_PATH + 2);
        }
        assertThatThrownBy(() -> Kernels.create("pas", RbmStack.of(rbm), Map.of("path-length", "4")))
                .hasMessage("parameter path-length: must be odd (an even number of flips keeps the parity of the number of "
                        + "ones, so the chain never leaves half of the states), got 4");
    }

    @Test
    void withExactDifferencesASingleFlipIsAcceptedWithTheRatioOfNormalisers() {
        // d_i(y) = -d_i(x), so e^{lv(y) - lv(x)} q(i | y) / q(i | x) = Z(x) / Z(y)
        double[][] t = exact(Differences.EXACT, 1);
        for (int x = 0; x < 1 << n; x++) {
            double zx = normaliser(x);
            double[] q = proposal(x, Differences.EXACT);
            for (int i = 0; i < n; i++) {
                int y = x ^ (1 << i);
                assertThat(t[x][y]).isCloseTo(q[i] * Math.min(1, zx / normaliser(y)), Offset.offset(1e-15));
            }
        }
    }

    private double normaliser(int x) {
        double z = 0;
        for (double d : differences(x, Differences.EXACT)) {
            z += Math.exp(d / 2);
        }
        return z;
    }

    @Test
    void sampledStepsMatchTheExactRows() {
        int seed = 1;
        for (Differences mode : Differences.values()) {
            for (int r : new int[] {1, 3}) {
                double[][] t = exact(mode, r);
                TransitionKernel k = kernel(mode, r);
                KernelChecks.assertStepMatchesMatrix(k, t, sizes, 0, new int[] {0, 31, 10}, 100_000, Rng.seeded(seed++));
                // the second step starts from the evaluations the first one kept
                KernelChecks.assertStepsMatchMatrix(k, ExactMatrix.power(t, 2), 2, sizes, 0, new int[] {5}, 100_000,
                        Rng.seeded(seed++));
            }
        }
    }

    @Test
    void doesNotDriftAndKeepsTheRandomnessContract() {
        for (Differences mode : Differences.values()) {
            for (int r : new int[] {1, 3}) {
                TransitionKernel k = kernel(mode, r);
                KernelChecks.assertNoDrift(k, pi, sizes, 100_000, Rng.seeded(20 + r));
                KernelChecks.assertDeterministicAndPure(k, 50, 30 + r);
                KernelChecks.assertFreshRandomness(k, 50, 40 + r);
            }
        }
    }

    @Test
    void keptEvaluationsGiveTheBitsOfFreshOnes() {
        Rbm big = Rbm.gaussian(29, 13, 0.7, Rng.seeded(3));
        for (Differences mode : Differences.values()) {
            GibbsWithGradients k = GibbsWithGradients.pathAuxiliary(big, mode, 3);
            ChainState kept = k.init(40, Rng.seeded(4));
            ChainState fresh = kept.copy();
            long acceptedKept = 0;
            long acceptedFresh = 0;
            for (int t = 0; t < 12; t++) {
                acceptedKept += k.advance(Rng.seeded(5).fork(t), kept).swapAccepts()[0];
                fresh = fresh.copy(); // a copy starts without the cache
                acceptedFresh += k.advance(Rng.seeded(5).fork(t), fresh).swapAccepts()[0];
                assertThat(kept.buffer(0)).as("%s, step %d", mode, t).isEqualTo(fresh.buffer(0));
            }
            assertThat(acceptedKept).isEqualTo(acceptedFresh).isPositive();
            // a caller that writes the positions invalidates the kept evaluations
            kept.buffer(0)[3] = 1 - kept.buffer(0)[3];
            fresh.buffer(0)[3] = kept.buffer(0)[3];
            fresh = fresh.copy();
            k.advance(Rng.seeded(6), kept);
            k.advance(Rng.seeded(6), fresh);
            assertThat(kept.buffer(0)).isEqualTo(fresh.buffer(0));
        }
    }

    @Test
    void theFactoriesReadTheirParameters() {
        RbmStack stack = RbmStack.of(rbm);
        GibbsWithGradients g = (GibbsWithGradients) Kernels.create("gwg", stack);
        assertThat(g.differences()).isEqualTo(Differences.EXACT);
        assertThat(g.pathLength()).isEqualTo(1);
        assertThat(((GibbsWithGradients) Kernels.create("gwg", stack, Map.of("differences", "gradient"))).differences())
                .isEqualTo(Differences.GRADIENT);
        GibbsWithGradients p = (GibbsWithGradients) Kernels.create("pas", stack, Map.of("path-length", "5"));
        assertThat(p.name()).isEqualTo("pas");
        assertThat(p.pathLength()).isEqualTo(5);
        assertThat(((GibbsWithGradients) Kernels.create("pas", stack)).pathLength())
                .isEqualTo(BuiltinKernels.Pas.DEFAULT_PATH_LENGTH);
        assertThatThrownBy(() -> Kernels.create("gwg", stack, Map.of("differences", "approx")))
                .hasMessage("parameter differences: 'approx' is not one of exact, gradient");
        assertThatThrownBy(() -> Kernels.create("pas", stack, Map.of("path-length", "0")))
                .hasMessage("parameter path-length: must be at least 1, got 0");
        ChainState s = g.init(10, Rng.seeded(1));
        assertThat(s).isInstanceOf(EvaluatedState.class);
        StepInfo info = g.advance(Rng.seeded(2), s);
        assertThat(info.swapAttempts()).containsExactly(10);
        assertThatThrownBy(() -> g.advance(Rng.seeded(2), s.positions())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("EvaluatedState");
    }
}
