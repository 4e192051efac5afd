package dev.rbmsuite.experiments.samplers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link DulaBias} against the numbers the test kit pins for the kernel itself (DiscreteLangevinTest,
 * docs/samplers.md's bias table: an independent construction of the same matrix), and its linear
 * algebra on a chain whose stationary distribution is known.
 */
class DulaBiasTest {
    @Test
    void reproducesTheTestKitsPinnedBias() {
        // TinyModels.bgsRbm(): Rbm.gaussian(5, 4, 1.0, Rng.seeded(54)); BIAS_BGS_RBM at 0.1 and 0.2
        Rbm tiny = Rbm.gaussian(5, 4, 1.0, Rng.seeded(54));
        assertThat(DulaBias.tv(tiny, 0.1)).isCloseTo(0.005060, within(1e-6));
        assertThat(DulaBias.tv(tiny, 0.2)).isCloseTo(0.028485, within(1e-6));
        // the sharper 6 x 5 model of the same table at 1.0
        assertThat(DulaBias.tv(Rbm.gaussian(6, 5, 2.0, Rng.seeded(65)), 1.0)).isCloseTo(0.240452, within(1e-6));
        assertThatThrownBy(() -> DulaBias.tv(Rbm.gaussian(13, 2, 1.0, Rng.seeded(1)), 0.1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void solvesForTheStationaryDistribution() {
        // two states: stay with 0.9 / 0.6; pi = (0.8, 0.2)
        double[] pi = DulaBias.stationary(new double[][] {{0.9, 0.1}, {0.4, 0.6}});
        assertThat(pi[0]).isCloseTo(0.8, within(1e-15));
        assertThat(pi[1]).isCloseTo(0.2, within(1e-15));
        // every DULA row is a distribution
        double[][] t = DulaBias.matrix(Rbm.gaussian(4, 3, 1.5, Rng.seeded(2)), 0.3);
        for (double[] row : t) {
            assertThat(Arrays.stream(row).sum()).isCloseTo(1.0, within(1e-14));
        }
    }
}
