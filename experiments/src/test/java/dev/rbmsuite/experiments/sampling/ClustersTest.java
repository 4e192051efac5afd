package dev.rbmsuite.experiments.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Nearest-training-point labels, hysteresis, and the model's cluster mass against brute force. */
class ClustersTest {
    /** Two clusters on 6 units: all zeros and all ones, with one neighbour each. */
    private static BinaryDataset data() {
        double[] rows = {
            0, 0, 0, 0, 0, 0,
            1, 0, 0, 0, 0, 0,
            1, 1, 1, 1, 1, 1,
            0, 1, 1, 1, 1, 1,
        };
        return BinaryDataset.of("toy", rows, 4, 6, new int[] {0, 0, 1, 1}, List.of("zeros", "ones"));
    }

    @Test
    void nearestTrainingPointDecidesTheLabel() {
        Clusters c = Clusters.of(data(), 2);
        assertThat(c.count()).isEqualTo(2);
        assertThat(c.nearest(new double[] {0, 0, 1, 0, 0, 0}, 0)).isEqualTo(0);
        assertThat(c.nearest(new double[] {1, 1, 1, 1, 0, 1}, 0)).isEqualTo(1);
    }

    @Test
    void hysteresisIgnoresStatesNearTheBoundary() {
        Clusters c = Clusters.of(data(), 2);
        double[] mid = {1, 1, 1, 0, 0, 0};  // 2 bits from "1 0 0 0 0 0" (zeros), 3 from "0 1 1 1 1 1": margin 1 < 2
        assertThat(c.nearest(mid, 0)).isEqualTo(0);
        assertThat(c.follow(mid, 0, 1)).isEqualTo(1);
        assertThat(c.follow(mid, 0, -1)).isEqualTo(0);
        double[] clear = {1, 1, 1, 1, 1, 0};  // 1 bit from ones, 4 from zeros' nearest
        assertThat(c.follow(clear, 0, 0)).isEqualTo(1);
    }

    @Test
    void modelMassMatchesTheEnumeratedSum() {
        Clusters c = Clusters.of(data(), 2);
        Rbm rbm = Rbm.gaussian(6, 4, 1.0, Rng.seeded(3));
        VisibleDistribution p = VisibleDistribution.of(rbm);
        double exact = 0;
        for (int x = 0; x < p.size(); x++) {
            double[] v = new double[6];
            for (int i = 0; i < 6; i++) {
                v[i] = (x >> i) & 1;
            }
            exact += c.nearest(v, 0) == 1 ? p.probability(x) : 0;
        }
        double[] mass = c.modelMass(p, 200_000, Rng.seeded(4));
        assertThat(mass[0] + mass[1]).isCloseTo(1, within(1e-9));
        assertThat(mass[1]).isCloseTo(exact, within(0.005));
    }
}
