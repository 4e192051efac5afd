package dev.rbmsuite.learning.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.ChunkPool;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** AdaMax against steps computed by hand from Kingma and Ba's Algorithm 2 (ascent direction). */
class AdaMaxTest {
    @Test
    void firstStepMovesEachParameterByTheLearningRateAlongTheGradientSign() {
        // t=1: m = 0.1 g, u = |g|, step = lr/(1-0.9) * 0.1 g/(|g|+eps) = lr * g/(|g|+eps).
        AdaMax opt = new AdaMax(3, 0.01);
        double[] theta = {1.0, -2.0, 0.5};
        opt.ascend(theta, new double[] {4.0, -0.5, 0.0});
        assertThat(theta[0]).isCloseTo(1.0 + 0.01 * 4.0 / (4.0 + 1e-8), within(1e-15));
        assertThat(theta[1]).isCloseTo(-2.0 - 0.01 * 0.5 / (0.5 + 1e-8), within(1e-15));
        assertThat(theta[2]).isEqualTo(0.5);
        assertThat(opt.steps()).isEqualTo(1);
    }

    @Test
    void secondStepUsesDecayedMomentsAndBiasCorrection() {
        AdaMax opt = new AdaMax(1, 0.002);
        double[] theta = {0.0};
        opt.ascend(theta, new double[] {2.0});
        double afterOne = theta[0];
        opt.ascend(theta, new double[] {-1.0});
        // by hand: m1 = 0.2, u1 = 2; m2 = 0.9*0.2 + 0.1*(-1) = 0.08; u2 = max(0.999*2, 1) = 1.998
        double step1 = 0.002 / (1 - 0.9) * 0.2 / (2 + 1e-8);
        double step2 = 0.002 / (1 - 0.81) * 0.08 / (1.998 + 1e-8);
        assertThat(afterOne).isCloseTo(step1, within(1e-16));
        assertThat(theta[0]).isCloseTo(step1 + step2, within(1e-16));
    }

    @Test
    void restoredStateContinuesBitForBit() {
        AdaMax a = new AdaMax(2, 0.05);
        double[] x = {0.3, -0.1};
        a.ascend(x, new double[] {1, 2});
        AdaMax b = new AdaMax(2, 0.05);
        b.restore(a.state());
        double[] y = x.clone();
        a.ascend(x, new double[] {-0.7, 0.2});
        b.ascend(y, new double[] {-0.7, 0.2});
        assertThat(y).containsExactly(x);
        assertThat(b.state()).isEqualTo(a.state());
    }

    @Test
    void maximisesAConcaveQuadratic() {
        AdaMax opt = new AdaMax(1, 0.05);
        double[] x = {3.0};
        for (int k = 0; k < 2000; k++) {
            opt.ascend(x, new double[] {-(x[0] - 1.0)});
        }
        assertThat(x[0]).isCloseTo(1.0, within(0.05));
    }

    /**
     * train --threads: a step split into ranges over a pool (2 or 3 threads; a partial last range) gives
     * the bits of the sequential step, step after step; and it was split.
     */
    @Test
    @SuppressWarnings("try")
    void aSplitStepHasTheBitsOfTheSequentialStep() {
        int len = AdaMax.SPLIT_MIN + AdaMax.SPLIT_CHUNK / 2 + 3;
        for (int t : new int[] {2, 3}) {
            Rng rng = Rng.seeded(t);
            AdaMax one = new AdaMax(len, 0.01);
            AdaMax split = new AdaMax(len, 0.01);
            double[] a = new double[len];
            double[] b = new double[len];
            try (ChunkPool pool = ChunkPool.of(t)) {
                for (int step = 0; step < 3; step++) {
                    double[] g = new double[len];
                    for (int k = 0; k < len; k++) {
                        g[k] = rng.nextGaussian() * (k % 7 == 0 ? 1e-3 : 1);
                    }
                    one.ascend(a, g);
                    try (ChunkPool.Scope scope = pool.enter()) {
                        split.ascend(b, g);
                    }
                    assertThat(b).isEqualTo(a);
                    assertThat(split.state()).isEqualTo(one.state());
                }
                assertThat(pool.splits()).isEqualTo(3);
            }
        }
    }

    /**
     * A step along segments' differences has the bits of the step along the difference vector, sequential and
     * split over a pool (segments longer and shorter than a chunk, a partial last chunk), step after step; and
     * segments that do not cover the parameters exactly are refused.
     */
    @Test
    @SuppressWarnings("try")
    void aStepAlongSegmentDifferencesHasTheBitsOfTheGradientStep() {
        int[] lengths = {AdaMax.SPLIT_MIN + 5, 7, AdaMax.SPLIT_CHUNK + 1, 3};
        int len = 0;
        int[] at = new int[lengths.length];
        for (int s = 0; s < lengths.length; s++) {
            at[s] = len;
            len += lengths[s];
        }
        for (int threads : new int[] {1, 2, 3}) {
            Rng rng = Rng.seeded(threads);
            AdaMax whole = new AdaMax(len, 0.01);
            AdaMax parts = new AdaMax(len, 0.01);
            double[] a = new double[len];
            double[] b = new double[len];
            try (ChunkPool pool = ChunkPool.of(threads)) {
                // enough steps on one thread for C2 to compile both forms (the segment at 0 runs as vector
                // instructions once compiled) while they are compared
                for (int step = 0; step < (threads == 1 ? 40 : 3); step++) {
                    double[][] plus = new double[lengths.length][];
                    double[][] minus = new double[lengths.length][];
                    double[] g = new double[len];
                    for (int s = 0; s < lengths.length; s++) {
                        plus[s] = new double[lengths[s]];
                        minus[s] = new double[lengths[s]];
                        for (int k = 0; k < lengths[s]; k++) {
                            plus[s][k] = rng.nextGaussian() * (k % 5 == 0 ? 1e-3 : 1);
                            minus[s][k] = k % 11 == 0 ? plus[s][k] : rng.nextGaussian();
                            g[at[s] + k] = plus[s][k] - minus[s][k];
                        }
                    }
                    whole.ascend(a, g);
                    if (threads == 1) {
                        parts.ascendDifferences(b, plus, minus, at);
                    } else {
                        try (ChunkPool.Scope scope = pool.enter()) {
                            parts.ascendDifferences(b, plus, minus, at);
                        }
                    }
                    assertThat(b).isEqualTo(a);
                    assertThat(parts.state()).isEqualTo(whole.state());
                }
                assertThat(pool.splits()).isEqualTo(threads == 1 ? 0 : 3);
            }
        }
        AdaMax opt = new AdaMax(4, 0.01);
        assertThatThrownBy(() -> opt.ascendDifferences(new double[4], new double[][] {{1, 2}}, new double[][] {{1, 2}},
                new int[] {0})).isInstanceOf(IllegalArgumentException.class).hasMessage("segments cover 2 of 4 parameters");
        assertThatThrownBy(() -> opt.ascendDifferences(new double[4], new double[][] {{1, 2, 3, 4}},
                new double[][] {{1, 2}}, new int[] {0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("segment 0 does not fit the parameters");
        assertThat(opt.steps()).isZero();
    }
}
