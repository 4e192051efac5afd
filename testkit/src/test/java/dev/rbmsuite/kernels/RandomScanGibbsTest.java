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
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Random-scan single-site Gibbs against its exact matrix, written from the definition with brute-force
 * log-marginals: a site update picks unit i with probability 1/n and sets it from P(v_i | v_-i), so one
 * update's row is (1/n) sum_i of the conditional of unit i; K updates are that matrix to the K-th power.
 * The matrices are stochastic, reversible (K = 1) and leave P(v) stationary, the sampled kernel matches
 * them over one and two transitions, does not drift and keeps the randomness contract.
 */
class RandomScanGibbsTest {
    private final Rbm rbm = TinyModels.bgsRbm();
    private final int n = rbm.numVisible();
    private final int[] sizes = {n};
    private final double[] lv = new RbmTables(rbm, 1.0).logMarginalVisible();
    private final double[] pi = new RbmTables(rbm, 1.0).visibleMarginal();

    /** Row x of one site update: unit i (probability 1/n) becomes 1 - x_i with P(v_i = 1 - x_i | x_-i). */
    private double[] siteRow(int x) {
        double[] p = new double[1 << n];
        for (int i = 0; i < n; i++) {
            int y = x ^ (1 << i);
            double flip = 1 / (1 + Math.exp(lv[x] - lv[y]));
            p[y] += flip / n;
            p[x] += (1 - flip) / n;
        }
        return p;
    }

    private double[][] exact(int sites) {
        return ExactMatrix.power(ExactMatrix.on(sizes).step(0, n, this::siteRow).build(), sites);
    }

    @Test
    void theExactMatricesAreStochasticAndLeavePStationary() {
        double[][] one = exact(1);
        KernelChecks.assertStochastic(one, 1e-12);
        KernelChecks.assertDetailedBalance(one, pi, 1e-14);
        KernelChecks.assertStationary(one, pi, 1e-14);
        KernelChecks.assertErgodic(one);
        double[][] sweep = exact(n);
        KernelChecks.assertStochastic(sweep, 1e-12);
        KernelChecks.assertDetailedBalance(sweep, pi, 1e-13);
        KernelChecks.assertStationary(sweep, pi, 1e-13);
    }

    @Test
    void sampledTransitionsMatchTheExactRows() {
        int seed = 1;
        for (int sites : new int[] {1, 3, n}) {
            double[][] t = exact(sites);
            RandomScanGibbs k = new RandomScanGibbs(rbm, sites);
            KernelChecks.assertStepMatchesMatrix(k, t, sizes, 0, new int[] {0, 31, 10}, 100_000, Rng.seeded(seed++));
            KernelChecks.assertStepsMatchMatrix(k, ExactMatrix.power(t, 2), 2, sizes, 0, new int[] {5}, 100_000,
                    Rng.seeded(seed++));
        }
    }

    @Test
    void doesNotDriftAndKeepsTheRandomnessContract() {
        for (int sites : new int[] {1, n}) {
            RandomScanGibbs k = new RandomScanGibbs(rbm, sites);
            KernelChecks.assertNoDrift(k, pi, sizes, 100_000, Rng.seeded(20 + sites));
            KernelChecks.assertDeterministicAndPure(k, 50, 30 + sites);
            KernelChecks.assertFreshRandomness(k, 50, 40 + sites);
        }
    }

    /**
     * A site update on a large model (the means moved by {@link FlipDifferences#flip} over hundreds of flips)
     * flips as often as its exact conditional says: the mean flip rate of a chain's updates from a fixed
     * state equals the mean of sig(d_i) over the units, within sampling error.
     */
    @Test
    void theFlipRateOfOneUpdateIsTheMeanConditional() {
        Rbm big = Rbm.gaussian(40, 30, 0.5, Rng.seeded(3));
        RandomScanGibbs k = new RandomScanGibbs(big, 1);
        int chains = 200_000;
        ChainState s = k.init(1, Rng.seeded(4));
        double[] x = s.buffer(0).clone();
        double want = 0;
        double[] lvx = new double[1];
        big.logMarginalVisible(x, 1, lvx);
        for (int i = 0; i < 40; i++) {
            double[] y = x.clone();
            y[i] = 1 - y[i];
            double[] lvy = new double[1];
            big.logMarginalVisible(y, 1, lvy);
            want += 1 / (1 + Math.exp(lvx[0] - lvy[0])) / 40;
        }
        double[] all = new double[chains * 40];
        for (int r = 0; r < chains; r++) {
            System.arraycopy(x, 0, all, r * 40, 40);
        }
        ChainState many = new ChainState(chains, new int[] {40}, new double[][] {all});
        StepInfo info = k.advance(Rng.seeded(5), many);
        double rate = (double) info.swapAccepts()[0] / info.swapAttempts()[0];
        assertThat(info.swapAttempts()).containsExactly(chains);
        assertThat(Math.abs(rate - want)).isLessThan(5 * Math.sqrt(want * (1 - want) / chains));
    }

    /**
     * More site updates than one chunk of draws (the uniforms are drawn 512 sites at a time): the same
     * transition as the same updates made one transition at a time with the draws of one fill, checked
     * by the exact matrix over a transition of 1,100 updates.
     */
    @Test
    void manySitesMatchTheirExactMatrix() {
        double[][] t = exact(1100);
        KernelChecks.assertStepMatchesMatrix(new RandomScanGibbs(rbm, 1100), t, sizes, 0, new int[] {0, 17}, 20_000,
                Rng.seeded(77));
    }

    @Test
    void theFactoryReadsItsParameter() {
        RbmStack stack = RbmStack.of(rbm);
        RandomScanGibbs sweep = (RandomScanGibbs) Kernels.create("rsgibbs", stack);
        assertThat(sweep.sites()).isEqualTo(n);
        assertThat(((RandomScanGibbs) Kernels.create("rsgibbs", stack, Map.of("sites", "7"))).sites()).isEqualTo(7);
        assertThatThrownBy(() -> Kernels.create("rsgibbs", stack, Map.of("sites", "0")))
                .hasMessage("parameter sites: must be between 1 and 1073741823, got 0");
        StepInfo info = sweep.advance(Rng.seeded(2), sweep.init(10, Rng.seeded(1)));
        assertThat(info.swapAttempts()).containsExactly(10L * n);
        assertThat(info.swapAccepts()[0]).isPositive().isLessThan(10L * n);
    }
}
