package dev.rbmsuite.plots.style;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Dash patterns: solid has none; the others are scaled copies of their base pattern. */
class DashTest {

    @Test
    void solidHasNoPattern() {
        assertThat(Dash.SOLID.pattern(1f)).isNull();
        assertThat(Dash.SOLID.pattern(3f)).isNull();
    }

    @Test
    void patternsScaleElementByElement() {
        assertThat(Dash.DASHED.pattern(1f)).containsExactly(14f, 8f);
        assertThat(Dash.DOTTED.pattern(2f)).containsExactly(6f, 12f);
        assertThat(Dash.DASH_DOT.pattern(0.5f)).containsExactly(7f, 3f, 1.5f, 3f);
    }

    @Test
    void everyCallReturnsAFreshCopy() {
        for (Dash d : Dash.values()) {
            float[] p = d.pattern(1f);
            if (p == null) {
                continue;
            }
            float first = p[0];
            p[0] = -99f;
            assertThat(d.pattern(1f)[0]).as(d.name()).isEqualTo(first);
            assertThat(d.pattern(1f)).isNotSameAs(d.pattern(1f));
            for (float v : d.pattern(1f)) {
                assertThat(v).as(d.name()).isPositive();
            }
        }
    }
}
