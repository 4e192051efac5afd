package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Batched chain positions: construction, uniform starts, ND4J round trips, copies and value equality. */
class ChainStateTest {
    @Test
    void aStateOfAnotherVisibleSizeIsRefusedNamingBothSizes() {
        ChainState s = ChainState.uniform(3, new int[] {5, 2}, Rng.seeded(1));
        s.requireVisible(5);
        assertThatThrownBy(() -> s.requireVisible(6)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("layer 0 of the state has 5 units but the RBM has 6 visible units");
    }

    @Test
    void uniformStartsAreTheStreamsCoinsLayerByLayer() {
        int[] sizes = {5, 2, 3};
        Rng rng = Rng.seeded(9);
        Rng replay = rng.copy();
        ChainState s = ChainState.uniform(4, sizes, rng);
        // documented: layer l takes exactly N * n_l uniforms in turn, unit on when u < 1/2
        for (int l = 0; l < sizes.length; l++) {
            double[] u = new double[4 * sizes[l]];
            replay.fillUniform(u, 0, u.length);
            double[] want = new double[u.length];
            for (int k = 0; k < u.length; k++) {
                want[k] = u[k] < 0.5 ? 1.0 : 0.0;
            }
            assertThat(s.buffer(l)).as("layer %d", l).isEqualTo(want);
        }
        assertThat(rng.state()).isEqualTo(replay.state());
        assertThat(ChainState.uniform(4, sizes, Rng.seeded(9))).isEqualTo(s);
        assertThat(ChainState.uniform(4, sizes, Rng.seeded(10))).isNotEqualTo(s);
    }

    @Test
    void uniformStatesAreFairCoins() {
        int chains = 20_000;
        ChainState s = ChainState.uniform(chains, new int[] {5, 2}, Rng.seeded(9));
        double ones = 0;
        int other = 0;
        for (double x : s.buffer(0)) {
            other += x == 0.0 || x == 1.0 ? 0 : 1;
            ones += x;
        }
        assertThat(other).isZero();
        double n = chains * 5.0;
        assertThat(ones).isBetween(n / 2 - 6 * Math.sqrt(n / 4), n / 2 + 6 * Math.sqrt(n / 4));
    }

    @Test
    void uniformRejectsEmptyShapes() {
        assertThatThrownBy(() -> ChainState.uniform(0, new int[] {3}, Rng.seeded(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the number of chains must be positive, got 0");
        assertThatThrownBy(() -> ChainState.uniform(2, new int[] {3, 0}, Rng.seeded(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("layer 1 has size 0");
    }

    @Test
    void theConstructorChecksEveryLayersLength() {
        assertThatThrownBy(() -> new ChainState(2, new int[] {3}, new double[][] {new double[6], new double[2]}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("1 sizes but 2 layers");
        assertThatThrownBy(() -> new ChainState(2, new int[] {3, 2}, new double[][] {new double[6], new double[3]}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("layer 1 holds 3 values, expected 2 chains x 2");
        double[] buf = new double[6];
        ChainState s = new ChainState(2, new int[] {3}, new double[][] {buf});
        assertThat(s.buffer(0)).as("buffers are taken, not copied").isSameAs(buf);
        assertThat(s.chains()).isEqualTo(2);
        assertThat(s.layers()).isEqualTo(1);
        assertThat(s.size(0)).isEqualTo(3);
        int[] sizes = s.sizes();
        sizes[0] = 9;
        assertThat(s.sizes()).containsExactly(3);
    }

    @Test
    void ndArraysGoInAndOutAsRowMajorCopies() {
        INDArray a = Nd.matrix(new double[] {1, 0, 1, 0, 0, 1}, 2, 3);
        INDArray b = Nd.matrix(new double[] {1, 1, 0, 0}, 2, 2);
        ChainState s = ChainState.of(a, b);
        assertThat(s.sizes()).containsExactly(3, 2);
        assertThat(s.chains()).isEqualTo(2);
        assertThat(s.buffer(0)).containsExactly(1, 0, 1, 0, 0, 1);
        a.putScalar(0, 0, 0.0);
        assertThat(s.buffer(0)[0]).as("copied in").isEqualTo(1.0);
        INDArray out = s.visible(1);
        assertThat(out.shape()).containsExactly(2L, 2L);
        assertThat(out.getDouble(1, 0)).isEqualTo(0.0);
        assertThat(out.getDouble(0, 1)).isEqualTo(1.0);
        out.putScalar(0, 0, 0.0);
        assertThat(s.buffer(1)[0]).as("copied out").isEqualTo(1.0);
        assertThat(ChainState.of(s.visible(0), s.visible(1))).isEqualTo(s);
    }

    @Test
    void ofRejectsWhatIsNotABinaryBatch() {
        assertThatThrownBy(ChainState::of).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a chain state needs at least one layer");
        assertThatThrownBy(() -> ChainState.of(Nd4j.createFromArray(new double[][] {{0.5, 1}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("layer 0 holds a non-binary value 0.5");
        assertThatThrownBy(() -> ChainState.of(Nd.matrix(new double[4], 2, 2), Nd.matrix(new double[3], 3, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("layer 1 has 3 rows, layer 0 has 2");
        assertThatThrownBy(() -> ChainState.of(Nd.vector(new double[] {1, 0})))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("layer 0 must be a matrix (chains x units), got shape [2]");
    }

    @Test
    void copiesAreDeepAndEqualityIsByValueIgnoringTheWorkspace() {
        ChainState s = ChainState.uniform(3, new int[] {4, 2}, Rng.seeded(2));
        s.workspace().doubles(0, 8)[0] = 5.0;
        ChainState c = s.copy();
        assertThat(c).isEqualTo(s).hasSameHashCodeAs(s).isNotSameAs(s);
        assertThat(c.buffer(0)).isNotSameAs(s.buffer(0));
        assertThat(c.workspace()).as("a copy starts a fresh workspace").isNotSameAs(s.workspace());
        assertThat(c.positions()).isEqualTo(s).isExactlyInstanceOf(ChainState.class);
        c.buffer(1)[0] = 1 - c.buffer(1)[0];
        assertThat(c).isNotEqualTo(s);
        ChainState otherShape = new ChainState(3, new int[] {2, 4}, new double[][] {s.buffer(1).clone(), s.buffer(0).clone()});
        assertThat(otherShape).isNotEqualTo(s);
        assertThat(s).isNotEqualTo(null).isNotEqualTo("state");
    }
}
