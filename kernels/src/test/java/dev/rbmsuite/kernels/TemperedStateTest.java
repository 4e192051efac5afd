package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** The tempering parity: validated, part of the state's value, copied with it. */
class TemperedStateTest {
    private static final ChainState POSITIONS = ChainState.uniform(6, new int[] {3, 3}, Rng.seeded(4));

    @Test
    void theParityIsPartOfTheValue() {
        TemperedState odd = new TemperedState(POSITIONS, 1);
        assertThat(odd.parity()).isEqualTo(1);
        assertThat(odd.copy()).isEqualTo(odd).isNotSameAs(odd).isInstanceOf(TemperedState.class);
        assertThat(odd.copy().parity()).isEqualTo(1);
        assertThat(odd).isNotEqualTo(new TemperedState(POSITIONS, 0));
        assertThat(odd.positions()).isEqualTo(POSITIONS);
        assertThat((ChainState) odd).as("a plain state is another class").isNotEqualTo(POSITIONS);
        odd.setParity(0);
        assertThat(odd).isEqualTo(new TemperedState(POSITIONS, 0));
        assertThat(odd.buffer(0)).as("positions are copied").isNotSameAs(POSITIONS.buffer(0));
        double[][] v = {new double[] {1, 0, 1}, new double[] {0, 0, 1}};
        TemperedState taken = new TemperedState(1, new int[] {3, 3}, v, 1);
        assertThat(taken.buffer(1)).isSameAs(v[1]);
    }

    @Test
    void rejectsParitiesOtherThanZeroAndOne() {
        assertThatThrownBy(() -> new TemperedState(POSITIONS, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parity must be 0 or 1, got 2");
        TemperedState s = new TemperedState(POSITIONS, 0);
        assertThatThrownBy(() -> s.setParity(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parity must be 0 or 1, got -1");
        assertThat(s.parity()).isZero();
    }

    @Test
    void requireNamesTheKernelAndTheWrongType() {
        TemperedState s = new TemperedState(POSITIONS, 1);
        assertThat(TemperedState.require(s, "dt")).isSameAs(s);
        assertThatThrownBy(() -> TemperedState.require(POSITIONS, "pt")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kernel pt needs a TemperedState (made by its init), got a ChainState");
    }
}
