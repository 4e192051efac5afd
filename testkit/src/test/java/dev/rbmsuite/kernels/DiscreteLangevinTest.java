package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.RbmTables;
import dev.rbmsuite.testkit.ExactMatrix;
import dev.rbmsuite.testkit.KernelChecks;
import dev.rbmsuite.testkit.TinyModels;
import java.util.Locale;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The discrete Langevin kernels (Zhang, Liu &amp; Liu 2022) against their exact matrices, each row
 * written from the algorithm with every flip pattern enumerated: DMALA's matrix is reversible and
 * leaves P(v) stationary at every step size; DULA's is not, and its bias, the TV distance between
 * its stationary distribution and P(v), is measured exactly and pinned to the values docs/samplers.md
 * quotes. The sampled kernels match their matrices, DMALA does not drift from P(v), and DULA's chains
 * stay at DULA's own stationary distribution (so the sampled kernel has exactly the enumerated bias).
 */
class DiscreteLangevinTest {
    /** The step sizes of docs/samplers.md's bias table. */
    static final double[] STEPS = {0.05, 0.1, 0.2, 0.5, 1.0, 2.0};
    /** DULA's exact bias TV(pi_DULA, P) on TinyModels.bgsRbm() at {@link #STEPS} (docs/samplers.md). */
    static final double[] BIAS_BGS_RBM = {0.004233, 0.005060, 0.028485, 0.107046, 0.154095, 0.181064};
    /** The same on {@link #strongRbm()}. */
    static final double[] BIAS_STRONG = {0.051004, 0.049597, 0.041674, 0.161212, 0.240452, 0.287753};

    private final Rbm rbm = TinyModels.bgsRbm();
    private final int n = rbm.numVisible();
    private final int[] sizes = {n};

    /** An RBM 6 x 5 with std-2 parameters: a sharper, more multimodal P(v) (64 states). */
    static Rbm strongRbm() {
        return Rbm.gaussian(6, 5, 2.0, Rng.seeded(65));
    }

    /** grad lv(x) = b + sig(c + xW) W^T by scalar loops. */
    private static double[] gradient(Rbm rbm, int x) {
        int n = rbm.numVisible();
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            g[i] = rbm.visibleBias(i);
            for (int j = 0; j < rbm.numHidden(); j++) {
                double z = rbm.hiddenBias(j);
                for (int k = 0; k < n; k++) {
                    z += (x >> k & 1) * rbm.weight(k, j);
                }
                g[i] += rbm.weight(i, j) / (1 + Math.exp(-z));
            }
        }
        return g;
    }

    /** The probabilities p_i(x) = sig(g_i s_i / 2 - 1/(2 alpha)) that unit i flips. */
    private static double[] flipProbabilities(Rbm rbm, int x, double alpha) {
        double[] g = gradient(rbm, x);
        double[] p = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = (x >> i & 1) == 0 ? 1 : -1;
            p[i] = 1 / (1 + Math.exp(-(g[i] * s / 2 - 1 / (2 * alpha))));
        }
        return p;
    }

    /** q(x ^ f | x) for the flip pattern f. */
    private static double proposal(double[] p, int f) {
        double q = 1;
        for (int i = 0; i < p.length; i++) {
            q *= (f >> i & 1) == 1 ? p[i] : 1 - p[i];
        }
        return q;
    }

    /** Row x of DMALA (adjusted) or DULA, every flip pattern enumerated. */
    static double[] row(Rbm rbm, double[] lv, int x, double alpha, boolean adjusted) {
        int states = 1 << rbm.numVisible();
        double[] row = new double[states];
        double[] px = flipProbabilities(rbm, x, alpha);
        for (int f = 0; f < states; f++) {
            int y = x ^ f;
            double q = proposal(px, f);
            double a = 1;
            if (adjusted) {
                double reverse = proposal(flipProbabilities(rbm, y, alpha), f);
                a = Math.min(1, Math.exp(lv[y] - lv[x]) * reverse / q);
            }
            row[y] += q * a;
            row[x] += q * (1 - a);
        }
        return row;
    }

    static double[][] exact(Rbm rbm, double alpha, boolean adjusted) {
        double[] lv = new RbmTables(rbm, 1.0).logMarginalVisible();
        int n = rbm.numVisible();
        return ExactMatrix.on(n).step(0, n, x -> row(rbm, lv, x, alpha, adjusted)).build();
    }

    @Test
    void dmalasExactMatrixIsReversibleAndLeavesPStationaryAtEveryStepSize() {
        for (Rbm model : new Rbm[] {rbm, strongRbm()}) {
            double[] pi = new RbmTables(model, 1.0).visibleMarginal();
            for (double alpha : STEPS) {
                double[][] t = exact(model, alpha, true);
                KernelChecks.assertStochastic(t, 1e-12);
                KernelChecks.assertDetailedBalance(t, pi, 1e-14);
                KernelChecks.assertStationary(t, pi, 1e-14);
                // every unit flips with positive probability: every state reaches every state
                KernelChecks.assertErgodic(t);
            }
        }
    }

    @Test
    void dulasBiasIsMeasuredExactly() {
        Rbm[] models = {rbm, strongRbm()};
        double[][] pinned = {BIAS_BGS_RBM, BIAS_STRONG};
        double[][] bias = new double[models.length][STEPS.length];
        StringBuilder table = new StringBuilder("DULA's exact bias TV(pi_DULA, P):\n");
        for (int k = 0; k < models.length; k++) {
            double[] pi = new RbmTables(models[k], 1.0).visibleMarginal();
            for (int a = 0; a < STEPS.length; a++) {
                double[][] t = exact(models[k], STEPS[a], false);
                KernelChecks.assertStochastic(t, 1e-12);
                double[] stationary = ExactMatrix.stationary(t);
                KernelChecks.assertStationary(t, stationary, 1e-13);
                bias[k][a] = KernelChecks.tv(stationary, pi);
                table.append(String.format(Locale.ROOT, "  model %d, alpha %s: %.6f%n", k, STEPS[a], bias[k][a]));
            }
        }
        System.out.print(table);
        for (int k = 0; k < models.length; k++) {
            for (int a = 0; a < STEPS.length; a++) {
                assertThat(bias[k][a]).as("DULA is biased: model %d, alpha %s", k, STEPS[a]).isGreaterThan(1e-3);
                assertThat(bias[k][a]).as("the bias quoted in docs/samplers.md, model %d, alpha %s", k, STEPS[a])
                        .isCloseTo(pinned[k][a], Offset.offset(1e-6));
            }
        }
    }

    @Test
    void sampledStepsMatchTheExactRows() {
        for (boolean adjusted : new boolean[] {true, false}) {
            for (double alpha : new double[] {0.2, 1.0}) {
                double[][] t = exact(rbm, alpha, adjusted);
                DiscreteLangevin k = new DiscreteLangevin(rbm, alpha, adjusted);
                int seed = (adjusted ? 10 : 20) + (int) (alpha * 5);
                KernelChecks.assertStepMatchesMatrix(k, t, sizes, 0, new int[] {0, 31, 10}, 100_000, Rng.seeded(seed));
                KernelChecks.assertStepsMatchMatrix(k, ExactMatrix.power(t, 2), 2, sizes, 0, new int[] {5}, 100_000,
                        Rng.seeded(seed + 100));
            }
        }
    }

    @Test
    void dmalaDoesNotDriftFromPAndDulaStaysAtItsOwnStationaryDistribution() {
        double[] pi = new RbmTables(rbm, 1.0).visibleMarginal();
        KernelChecks.assertNoDrift(new DiscreteLangevin(rbm, 0.2, true), pi, sizes, 100_000, Rng.seeded(31));
        DiscreteLangevin dula = new DiscreteLangevin(rbm, 1.0, false);
        double[] biased = ExactMatrix.stationary(exact(rbm, 1.0, false));
        KernelChecks.assertNoDrift(dula, biased, sizes, 100_000, Rng.seeded(32));
        // and from P(v) itself it moves away, by more than the Monte-Carlo floor of 10^5 chains
        assertThatThrownBy(() -> KernelChecks.assertNoDrift(dula, pi, sizes, 100_000, Rng.seeded(33)))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void keepsTheRandomnessContract() {
        for (boolean adjusted : new boolean[] {true, false}) {
            DiscreteLangevin k = new DiscreteLangevin(rbm, 0.5, adjusted);
            KernelChecks.assertDeterministicAndPure(k, 50, 41);
            KernelChecks.assertFreshRandomness(k, 50, 42);
        }
    }

    @Test
    void keptEvaluationsGiveTheBitsOfFreshOnes() {
        Rbm big = Rbm.gaussian(29, 13, 0.7, Rng.seeded(3));
        DiscreteLangevin k = new DiscreteLangevin(big, 0.3, true);
        ChainState kept = k.init(40, Rng.seeded(4));
        ChainState fresh = kept.copy();
        long accepted = 0;
        for (int t = 0; t < 12; t++) {
            accepted += k.advance(Rng.seeded(5).fork(t), kept).swapAccepts()[0];
            fresh = fresh.copy();
            k.advance(Rng.seeded(5).fork(t), fresh);
            assertThat(kept.buffer(0)).as("step %d", t).isEqualTo(fresh.buffer(0));
        }
        assertThat(accepted).isPositive();
    }

    /**
     * DULA step by step against the algorithm written plainly (fields, gradient and flip probabilities by
     * scalar loops, the same uniforms): every unit of every chain makes the reference's decision. (Rounding
     * can part the two only where a uniform lies within about 1e-15 of its flip probability.)
     */
    @Test
    void dulasStepsAreTheReferenceDecisionsDrawForDraw() {
        Rbm big = Rbm.gaussian(19, 11, 0.8, Rng.seeded(6));
        int bn = big.numVisible();
        double alpha = 0.3;
        DiscreteLangevin k = new DiscreteLangevin(big, alpha, false);
        int chains = 23;
        ChainState state = k.init(chains, Rng.seeded(7));
        long flips = 0;
        for (int t = 0; t < 8; t++) {
            double[] before = state.buffer(0).clone();
            double[] u = new double[chains * bn];
            Rng.seeded(8).fork(t).segment(bn).fillUniform(u, 0, u.length);
            k.advance(Rng.seeded(8).fork(t), state);
            for (int r = 0; r < chains; r++) {
                int x = 0;
                for (int i = 0; i < bn; i++) {
                    x |= (int) before[r * bn + i] << i;
                }
                double[] p = flipProbabilities(big, x, alpha);
                for (int i = 0; i < bn; i++) {
                    boolean flip = u[r * bn + i] < p[i];
                    flips += flip ? 1 : 0;
                    assertThat(state.buffer(0)[r * bn + i]).as("step %d, chain %d, unit %d", t, r, i)
                            .isEqualTo(flip ? 1 - before[r * bn + i] : before[r * bn + i]);
                }
            }
        }
        assertThat(flips).isPositive();
    }

    @Test
    void theFactoriesReadTheStepSize() {
        RbmStack stack = RbmStack.of(rbm);
        DiscreteLangevin dmala = (DiscreteLangevin) Kernels.create("dmala", stack);
        assertThat(dmala.adjusted()).isTrue();
        assertThat(dmala.stepSize()).isEqualTo(DiscreteLangevin.DEFAULT_DMALA_STEP);
        DiscreteLangevin dula = (DiscreteLangevin) Kernels.create("dula", stack, Map.of("step-size", "0.5"));
        assertThat(dula.adjusted()).isFalse();
        assertThat(dula.name()).isEqualTo("dula");
        assertThat(dula.stepSize()).isEqualTo(0.5);
        assertThat(((DiscreteLangevin) Kernels.create("dula", stack)).stepSize()).isEqualTo(DiscreteLangevin.DEFAULT_DULA_STEP);
        for (String bad : new String[] {"0", "-1"}) {
            assertThatThrownBy(() -> Kernels.create("dmala", stack, Map.of("step-size", bad)))
                    .hasMessageStartingWith("parameter step-size: must be positive and finite");
        }
        assertThatThrownBy(() -> Kernels.create("dula", stack, Map.of("step-size", "x")))
                .hasMessage("parameter step-size: 'x' is not a finite number");
        ChainState s = dula.init(10, Rng.seeded(1));
        assertThat(dula.advance(Rng.seeded(2), s)).isSameAs(StepInfo.NONE);
        ChainState d = dmala.init(10, Rng.seeded(1));
        assertThat(dmala.advance(Rng.seeded(2), d).swapAttempts()).containsExactly(10);
    }
}
