package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The fixed reduction shape of {@link Lanes}: padding, bounds and the split into hardware parts. */
class LanesTest {
    @Test
    void padRoundsUpAndBoundRoundsDownToWholeBlocks() {
        assertThat(Lanes.WIDTH).isEqualTo(8);
        for (int len = 0; len <= 100; len++) {
            int up = (int) Math.ceil(len / 8.0) * 8;
            int down = len / 8 * 8;
            assertThat(Lanes.pad(len)).as("pad(%d)", len).isEqualTo(up);
            assertThat(Lanes.bound(len)).as("bound(%d)", len).isEqualTo(down);
        }
        assertThat(Lanes.pad(Integer.MAX_VALUE - 7)).isEqualTo(Integer.MAX_VALUE - 7);
        assertThat(Lanes.bound(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE - 7);
    }

    @Test
    void hardwarePartsTileTheVirtualWidth() {
        assertThat(Lanes.LANES).isEqualTo(Lanes.SPECIES.length()).isIn(1, 2, 4, 8);
        assertThat(Lanes.PARTS * Lanes.LANES).isEqualTo(Lanes.WIDTH);
        assertThat(Lanes.MASKS).isEqualTo(Lanes.LANES >= 4);
        assertThat(Lanes.SPECIES.elementType()).isEqualTo(double.class);
        assertThat(Lanes.describe()).isEqualTo(64 * Lanes.LANES + "-bit (" + Lanes.LANES + " doubles per vector)");
    }
}
