package dev.rbmsuite.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.ChainState;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Chain states as joint indices (layer 0 lowest, unit i of a layer at bit i), exact draws and counts. */
class StatesTest {
    @Test
    void jointIndicesPutLayerZeroInTheLowestBits() {
        // two chains, layers of 2 and 3 units
        double[][] v = {{1, 0, 0, 1}, {0, 1, 1, 1, 0, 0}};
        ChainState s = new ChainState(2, new int[] {2, 3}, v);
        // chain 0: layer 0 = (1,0) -> 1, layer 1 = (0,1,1) -> 6: index 1 + 6 * 4 = 25
        // chain 1: layer 0 = (0,1) -> 2, layer 1 = (1,0,0) -> 1: index 2 + 1 * 4 = 6
        assertThat(States.jointIndices(s)).containsExactly(25, 6);
    }

    @Test
    void fromIndicesInvertsJointIndicesForEveryConfiguration() {
        int[] sizes = {3, 1, 2};
        int[] all = new int[64];
        for (int i = 0; i < 64; i++) {
            all[i] = i;
        }
        ChainState s = States.fromIndices(sizes, all);
        assertThat(s.sizes()).containsExactly(3, 1, 2);
        assertThat(s.chains()).isEqualTo(64);
        assertThat(States.jointIndices(s)).isEqualTo(all);
        // chain 45 = 0b10_1_101: layer 0 = 101 -> units (1,0,1), layer 1 = (1), layer 2 = 10 -> units (0,1)
        assertThat(Arrays.copyOfRange(s.buffer(0), 45 * 3, 46 * 3)).containsExactly(1, 0, 1);
        assertThat(s.buffer(1)[45]).isEqualTo(1.0);
        assertThat(Arrays.copyOfRange(s.buffer(2), 45 * 2, 46 * 2)).containsExactly(0, 1);
    }

    @Test
    void nonBinaryValuesAreNamed() {
        ChainState s = new ChainState(2, new int[] {2}, new double[][] {{1, 0, 0, 0.5}});
        assertThatThrownBy(() -> States.jointIndices(s)).isInstanceOf(AssertionError.class)
                .hasMessage("chain 1, layer 0, unit 1 holds the non-binary 0.5");
    }

    @Test
    void exactSamplesFollowTheDistribution() {
        double[] pi = {0.1, 0.0, 0.6, 0.3};
        int count = 20_000;
        int[] idx = States.exactSamples(pi, count, Rng.seeded(1));
        double[] c = States.counts(idx, 4);
        assertThat(c[1]).as("a state of probability 0 is never drawn").isZero();
        double total = 0;
        for (int x = 0; x < 4; x++) {
            double sd = Math.sqrt(count * pi[x] * (1 - pi[x]));
            assertThat(c[x]).as("state %d", x).isCloseTo(count * pi[x], org.assertj.core.api.Assertions.within(5 * sd + 1e-9));
            total += c[x];
        }
        assertThat(total).isEqualTo(count);
        assertThat(States.exactSamples(pi, 50, Rng.seeded(1))).isEqualTo(States.exactSamples(pi, 50, Rng.seeded(1)))
                .isNotEqualTo(States.exactSamples(pi, 50, Rng.seeded(2)));
        // an unnormalised vector is sampled in proportion; a point mass always gives its state
        assertThat(States.exactSamples(new double[] {0, 0, 5}, 10, Rng.seeded(3))).containsOnly(2);
        assertThat(States.exactSamples(new double[] {0, 2, 0, 0}, 10, Rng.seeded(3))).containsOnly(1);
    }

    @Test
    void countsTallyEachIndex() {
        assertThat(States.counts(new int[] {2, 0, 2, 2}, 4)).containsExactly(1, 0, 3, 0);
        assertThat(States.counts(new int[0], 2)).containsExactly(0, 0);
    }
}
