package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Function;

import org.junit.jupiter.api.Test;

class TickFormatTest {

    @Test
    void formatsLikeAPaper() {
        assertThat(TickFormat.format(0.05)).isEqualTo("0.05");
        assertThat(TickFormat.format(0.1 + 0.2)).isEqualTo("0.3");
        assertThat(TickFormat.format(-5.2)).isEqualTo("-5.2");
        assertThat(TickFormat.format(0.0)).isEqualTo("0");
        assertThat(TickFormat.format(-0.0)).isEqualTo("0");
        assertThat(TickFormat.format(5.0)).isEqualTo("5");
        assertThat(TickFormat.format(500.0)).isEqualTo("500");
        assertThat(TickFormat.format(5000.0)).isEqualTo("5,000");
        assertThat(TickFormat.format(20000.0)).isEqualTo("20,000");
        assertThat(TickFormat.format(1e-5)).isEqualTo("1e-5");
        assertThat(TickFormat.format(2.5e6)).isEqualTo("2.5e6");
        assertThat(TickFormat.format(1234.5)).isEqualTo("1234.5");
    }

    /**
     * Issue 41: a log axis spanning two or more powers of ten names the powers only; one spanning less names 2
     * and 5 times them too (N2 from 64 to 256), or every tick (3 to 8); the ends, where XChart falls back to
     * them, come with the fewest digits that tell them apart (1.19 and 1.21, not 1.191961278 and 1.20511294).
     */
    @Test
    void logAxesNameEnoughTicksAndShortEnds() {
        Function<Double, String> wide = TickFormat.logAxis(1, 1000);
        assertThat(wide.apply(10.0)).isEqualTo("10");
        assertThat(wide.apply(100.0)).isEqualTo("100");
        assertThat(wide.apply(1000.0)).isEqualTo("1,000");
        assertThat(wide.apply(20.0)).isEmpty();
        assertThat(wide.apply(500.0)).isEmpty();
        Function<Double, String> n2 = TickFormat.logAxis(64, 256);
        assertThat(n2.apply(100.0)).isEqualTo("100");
        assertThat(n2.apply(200.0)).isEqualTo("200");
        assertThat(n2.apply(70.0)).isEmpty();
        // XChart's tick values are 10^i * j in double arithmetic
        assertThat(TickFormat.logAxis(0.064, 0.256).apply(Math.pow(10, -1) * 2)).isEqualTo("0.2");
        Function<Double, String> narrow = TickFormat.logAxis(3, 8);
        for (int j = 3; j <= 8; j++) {
            assertThat(narrow.apply((double) j)).isEqualTo(Integer.toString(j));
        }
        Function<Double, String> tiny = TickFormat.logAxis(1.191961278, 1.20511294);
        assertThat(tiny.apply(1.191961278)).isEqualTo("1.19");
        assertThat(tiny.apply(1.20511294)).isEqualTo("1.21");
    }
}
