package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The stack constraint n_{l+1} = m_l and per-layer initialisation. */
class RbmStackTest {
    @Test
    void adjacentSizesMustAgree() {
        Rbm a = Rbm.xavier(5, 4, Rng.seeded(1));
        Rbm b = Rbm.xavier(3, 2, Rng.seeded(2));
        assertThatThrownBy(() -> RbmStack.of(a, b)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("layer 1 has 3 visible units but layer 0 has 4 hidden units");
        assertThatThrownBy(() -> RbmStack.of()).hasMessageContaining("at least one");
    }

    @Test
    void xavierStackHasTheRequestedShapesAndIndependentLayers() {
        RbmStack s = RbmStack.xavier(25, new int[] {100, 50, 25, 12}, Rng.seeded(3));
        assertThat(s.size()).isEqualTo(4);
        assertThat(s.upperLayers()).isEqualTo(3);
        assertThat(s.visibleSizes()).containsExactly(25, 100, 50, 25);
        assertThat(s.top().numHidden()).isEqualTo(12);
        assertThat(s.layer(2).weight(0, 0)).isNotEqualTo(s.layer(1).weight(0, 0));
        assertThat(RbmStack.xavier(25, new int[] {100, 50, 25, 12}, Rng.seeded(3))).isEqualTo(s);
        assertThat(s.toString()).isEqualTo("RbmStack[25-100, 100-50, 50-25, 25-12]");
        RbmStack g = RbmStack.gaussian(4, new int[] {3, 2}, 0.5, Rng.seeded(4));
        assertThat(g.layer(0).visibleBias(0)).isNotZero();
        assertThat(g.withLayer(1, Rbm.xavier(3, 2, Rng.seeded(5))).layer(1)).isNotEqualTo(g.layer(1));
        assertThat(g.prefix(1).size()).isEqualTo(1);
    }
}
