package dev.rbmsuite.learning.estimators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** Plain Monte Carlo averages, checked against sums written out by hand. */
class MonteCarloEstimatorTest {
    @Test
    void averagesTheSamplePoints() {
        Rbm rbm = Rbm.xavier(2, 3, Rng.seeded(1));
        double[] v = {1, 0, 1, 1};
        double[] h = {1, 1, 0, 0, 1, 1};
        Moments out = new Moments(2, 3);
        MomentEstimator.named("mc").estimate(rbm, v, h, 2, out);
        assertThat(out.visible()).containsExactly(1.0, 0.5);
        assertThat(out.hidden()).containsExactly(0.5, 1.0, 0.5);
        // v h^T averaged: sample 1 (1,0)x(1,1,0), sample 2 (1,1)x(0,1,1)
        assertThat(out.pair()).containsExactly(0.5, 1.0, 0.5, 0.0, 0.5, 0.5);
    }
}
