package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The annealing engine on its own: the base partition function, exact zero weights when the model is
 * the base model, unbiased weights against a plain enumeration on a tiny model (forward on the
 * marginal and on the joint, reverse from exact samples), and blocks whose streams depend on the
 * seed and the block only.
 */
class AnnealerTest {
    private static final double[] BASE = {0.3, -1.2, 0.7};

    /** ln of the unnormalised P(v) = exp(b.v) prod_j (1 + exp(zeta_j(v))), in a plain loop. */
    private static double logMarginal(Rbm rbm, int x) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double[] w = rbm.weightsArray();
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += (x >> i & 1) * rbm.visibleBiasArray()[i];
        }
        for (int j = 0; j < m; j++) {
            double z = rbm.hiddenBiasArray()[j];
            for (int i = 0; i < n; i++) {
                z += (x >> i & 1) * w[i * m + j];
            }
            s += Math.log1p(Math.exp(z));
        }
        return s;
    }

    private static double logZ(Rbm rbm) {
        double s = 0;
        for (int x = 0; x < 1 << rbm.numVisible(); x++) {
            s += Math.exp(logMarginal(rbm, x));
        }
        return Math.log(s);
    }

    private static double meanExp(double[] logw) {
        return Arrays.stream(logw).map(Math::exp).average().orElseThrow();
    }

    private static Annealer annealer(Rbm rbm, int temperatures, double[] base) {
        return new Annealer(rbm, new AisOptions(AnnealingSchedule.linear(temperatures), 2, base));
    }

    @Test
    void baseLogPartitionFunctionIsTheEnumeratedOne() {
        Rbm rbm = Rbm.gaussian(3, 4, 1.0, Rng.seeded(1));
        double z0 = 0;
        for (int x = 0; x < 8; x++) {
            double bv = 0;
            for (int i = 0; i < 3; i++) {
                bv += (x >> i & 1) * BASE[i];
            }
            z0 += Math.exp(bv) * 16; // 2^m hidden states, each of weight 1 at beta = 0
        }
        assertThat(annealer(rbm, 10, BASE).logZ0()).isCloseTo(Math.log(z0), within(1e-14));
        assertThat(annealer(rbm, 10, null).logZ0()).isCloseTo(7 * Math.log(2), within(1e-14));
    }

    @Test
    void aModelEqualToTheBaseGivesWeightOneOnEveryRun() {
        // W = 0, c = 0, b = bA: every intermediate distribution is the base, so ln w = 0 exactly
        Rbm same = Rbm.of(3, 2, new double[6], BASE, new double[2]);
        Annealer a = annealer(same, 20, BASE);
        double[] start = new double[60 * 3];
        for (double[] logw : new double[][] {a.forwardMarginal(60, Rng.seeded(2)), a.forwardJoint(60, Rng.seeded(3)),
                a.reverseMarginal(start, 60, Rng.seeded(4))}) {
            for (double x : logw) {
                assertThat(x).isCloseTo(0.0, within(1e-12));
            }
        }
    }

    @Test
    void forwardWeightsAreUnbiasedForTheRatioOfPartitionFunctions() {
        Rbm rbm = Rbm.gaussian(3, 2, 1.0, Rng.seeded(5));
        Annealer a = annealer(rbm, 5, BASE);
        double ratio = Math.exp(logZ(rbm) - a.logZ0());
        int runs = 40_000;
        for (double[] logw : new double[][] {a.forwardMarginal(runs, Rng.seeded(6)), a.forwardJoint(runs, Rng.seeded(7))}) {
            double[] w = Arrays.stream(logw).map(Math::exp).toArray();
            double mean = meanExp(logw);
            double sd = Math.sqrt(Arrays.stream(w).map(x -> (x - mean) * (x - mean)).sum() / (runs - 1));
            assertThat(mean).isCloseTo(ratio, within(4 * sd / Math.sqrt(runs)));
        }
    }

    @Test
    void reverseWeightsFromExactSamplesAreUnbiasedForTheInverseRatio() {
        Rbm rbm = Rbm.gaussian(3, 2, 1.0, Rng.seeded(8));
        Annealer a = annealer(rbm, 5, null);
        int runs = 40_000;
        double logZ = logZ(rbm);
        double[] cdf = new double[8];
        double acc = 0;
        for (int x = 0; x < 8; x++) {
            acc += Math.exp(logMarginal(rbm, x) - logZ);
            cdf[x] = acc;
        }
        SplittableRandom random = new SplittableRandom(9);
        double[] start = new double[runs * 3];
        for (int r = 0; r < runs; r++) {
            double u = random.nextDouble() * acc;
            int x = 0;
            while (x < 7 && cdf[x] < u) {
                x++;
            }
            for (int i = 0; i < 3; i++) {
                start[r * 3 + i] = x >> i & 1;
            }
        }
        double[] logw = a.reverseMarginal(start, runs, Rng.seeded(10));
        double mean = meanExp(logw);
        double sd = Math.sqrt(Arrays.stream(logw).map(x -> Math.pow(Math.exp(x) - mean, 2)).sum() / (runs - 1));
        assertThat(mean).isCloseTo(Math.exp(a.logZ0() - logZ), within(4 * sd / Math.sqrt(runs)));
    }

    @Test
    void eachBlockOfRunsDependsOnTheSeedAndItsIndexOnly() {
        Rbm rbm = Rbm.gaussian(4, 3, 1.0, Rng.seeded(11));
        Annealer a = annealer(rbm, 30, null);
        double[] one = a.forwardMarginal(Annealer.BLOCK_RUNS, Rng.seeded(12));
        double[] three = a.forwardMarginal(3 * Annealer.BLOCK_RUNS - 7, Rng.seeded(12));
        assertThat(Arrays.copyOf(three, Annealer.BLOCK_RUNS)).containsExactly(one);
        assertThat(a.forwardMarginal(3 * Annealer.BLOCK_RUNS - 7, Rng.seeded(12))).containsExactly(three);
        assertThat(a.forwardMarginal(Annealer.BLOCK_RUNS, Rng.seeded(13))).isNotEqualTo(one);
    }

    @Test
    void rejectsABaseOfTheWrongLengthANonFiniteBaseAndMisShapedStarts() {
        Rbm rbm = Rbm.gaussian(3, 2, 1.0, Rng.seeded(14));
        assertThatThrownBy(() -> annealer(rbm, 5, new double[2])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("length 2");
        assertThatThrownBy(() -> annealer(rbm, 5, new double[] {0, Double.NaN, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
        assertThatThrownBy(() -> annealer(rbm, 5, null).reverseMarginal(new double[5], 2, Rng.seeded(15)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected 2 x 3");
    }
}
