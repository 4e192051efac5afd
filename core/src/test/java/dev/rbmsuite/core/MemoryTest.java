package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The memory guard: estimates saturate instead of overflowing, and what cannot fit is refused in one line. */
class MemoryTest {
    @Test
    void estimatesSaturate() {
        assertThat(Memory.doubles(3, 4)).isEqualTo(96);
        assertThat(Memory.doubles(2_000_000_000L, 2_000_000_000L, 2_000_000_000L)).isEqualTo(Long.MAX_VALUE);
        assertThat(Memory.plus(Long.MAX_VALUE, 5)).isEqualTo(Long.MAX_VALUE);
        assertThat(Memory.human(1536)).isEqualTo("1.50 KiB");
        // issue 37: plain notation from 100 units on, never "1.01e+03 MiB"
        assertThat(Memory.human(1010L << 20)).isEqualTo("1010 MiB");
        assertThat(Memory.human(150L << 30)).isEqualTo("150 GiB");
        assertThat(Memory.human(12_900_000)).isEqualTo("12.3 MiB");
        assertThat(Memory.human(Long.MAX_VALUE)).isEqualTo("more than 8 EiB");
    }

    @Test
    void requestsBeyondTheHeapOrAnArrayAreRefused() {
        Memory.require(1024, "small");
        Memory.requireArray(Memory.MAX_ARRAY_LENGTH, "largest array");
        assertThatThrownBy(() -> Memory.require(Runtime.getRuntime().maxMemory() + 1, "option --chains: 5 chains"))
                .isInstanceOf(InputException.class).hasMessageStartingWith("option --chains: 5 chains: needs about ")
                .hasMessageContaining("the JVM can still use");
        assertThatThrownBy(() -> Memory.requireArray(Memory.MAX_ARRAY_LENGTH + 1, "option --steps"))
                .isInstanceOf(InputException.class).hasMessageContaining("more than a Java array holds");
    }
}
