package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** The cache of the gradient kernels' state: valid only for its kernel and the positions it was filled for. */
class EvaluatedStateTest {
    @Test
    void theCacheHoldsOnlyForItsKernelAndItsPositions() {
        EvaluatedState s = new EvaluatedState(ChainState.uniform(3, new int[] {4}, Rng.seeded(1)));
        Object kernel = new Object();
        assertThat(s.cacheValid(kernel, 4)).isFalse();
        s.reserve(4);
        assertThat(s.cacheValid(kernel, 4)).isFalse();
        s.fill(kernel, 4);
        assertThat(s.cacheValid(kernel, 4)).isTrue();
        assertThat(s.cacheValid(new Object(), 4)).as("another kernel").isFalse();
        s.buffer(0)[5] = 1 - s.buffer(0)[5];
        assertThat(s.cacheValid(kernel, 4)).as("positions written").isFalse();
        s.fill(kernel, 4);
        assertThat(s.cacheValid(kernel, 4)).isTrue();
        EvaluatedState c = s.copy();
        assertThat(c).isEqualTo(s).isNotSameAs(s);
        assertThat(c.cacheValid(kernel, 4)).as("a copy starts empty").isFalse();
        s.invalidateCache();
        assertThat(s.cacheValid(kernel, 4)).isFalse();
    }

    @Test
    void onlyAnEvaluatedStateIsAccepted() {
        ChainState plain = ChainState.uniform(2, new int[] {3}, Rng.seeded(1));
        assertThatThrownBy(() -> EvaluatedState.require(plain, "gwg")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kernel gwg needs an EvaluatedState (made by its init), got a ChainState");
        EvaluatedState e = new EvaluatedState(plain);
        assertThat(EvaluatedState.require(e, "gwg")).isSameAs(e);
    }
}
