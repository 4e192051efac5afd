package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

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
}
