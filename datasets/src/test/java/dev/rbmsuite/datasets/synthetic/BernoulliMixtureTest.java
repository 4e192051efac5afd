package dev.rbmsuite.datasets.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A mixture of product-Bernoulli components: its mean, its samples' labels and frequencies, and its checks. */
class BernoulliMixtureTest {
    private static final BernoulliMixture MIX = new BernoulliMixture(2, 3, new double[] {0.9, 0.1, 0.5, 0.0, 1.0, 0.2});

    @Test
    void meanIsTheAverageOfTheComponents() {
        assertThat(MIX.components()).isEqualTo(2);
        assertThat(MIX.dimension()).isEqualTo(3);
        assertThat(MIX.probability(1, 1)).isEqualTo(1.0);
        assertThat(MIX.mean()).containsExactly(new double[] {0.45, 0.55, 0.35}, within(1e-15));
    }

    @Test
    void samplesFollowTheirLabelledComponentAndDependOnTheSeedOnly() {
        int size = 20_000;
        BinaryDataset d = MIX.sample("toy", size, List.of("a", "b"), Rng.seeded(5));
        assertThat(d.size()).isEqualTo(size);
        assertThat(d.dimension()).isEqualTo(3);
        assertThat(d.classNames()).containsExactly("a", "b");
        double[] x = d.toArray();
        int[] labels = d.labels();
        double[][] sum = new double[2][3];
        int[] count = new int[2];
        for (int r = 0; r < size; r++) {
            count[labels[r]]++;
            for (int i = 0; i < 3; i++) {
                assertThat(x[r * 3 + i]).isIn(0.0, 1.0);
                sum[labels[r]][i] += x[r * 3 + i];
            }
        }
        // components equally likely; per component the frequencies of its probabilities (sd < 0.005)
        assertThat(count[0] / (double) size).isCloseTo(0.5, within(0.02));
        for (int z = 0; z < 2; z++) {
            for (int i = 0; i < 3; i++) {
                assertThat(sum[z][i] / count[z]).as("component %d unit %d", z, i).isCloseTo(MIX.probability(z, i), within(0.02));
            }
        }
        // probabilities 0 and 1 are never crossed
        for (int r = 0; r < size; r++) {
            if (labels[r] == 1) {
                assertThat(x[r * 3]).isZero();
                assertThat(x[r * 3 + 1]).isEqualTo(1.0);
            }
        }
        assertThat(MIX.sample("toy", 50, List.of("a", "b"), Rng.seeded(5)).toArray())
                .containsExactly(Arrays.copyOf(x, 150));
    }

    @Test
    void rejectsBadShapesAndProbabilitiesOutsideTheUnitInterval() {
        assertThatThrownBy(() -> new BernoulliMixture(2, 3, new double[5])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("K=2, n=3, 5 probabilities");
        assertThatThrownBy(() -> new BernoulliMixture(0, 3, new double[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BernoulliMixture(1, 1, new double[] {1.5})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1.5");
        assertThatThrownBy(() -> new BernoulliMixture(1, 1, new double[] {Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class);
        BernoulliMixture.checkShape(3, 10, 30);
        assertThatThrownBy(() -> BernoulliMixture.checkShape(0, 10, 30)).hasMessageContaining("n=0");
        assertThatThrownBy(() -> BernoulliMixture.checkShape(3, 0, 30)).hasMessageContaining("size=0");
        assertThatThrownBy(() -> BernoulliMixture.checkShape(3, 11, 30)).hasMessageContaining("too large");
    }
}
