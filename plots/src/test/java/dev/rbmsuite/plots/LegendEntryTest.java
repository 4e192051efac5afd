package dev.rbmsuite.plots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Legend entries: blank labels and keys are refused; the factories copy name, key and kind. */
class LegendEntryTest {

    @Test
    void blankLabelOrKeyIsRefusedNamingTheEntry() {
        assertThatThrownBy(() -> new LegendEntry(" ", "bgs", Series.Kind.LINE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("label must not be blank");
        assertThatThrownBy(() -> new LegendEntry(null, "bgs", Series.Kind.LINE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("label must not be blank");
        assertThatThrownBy(() -> LegendEntry.line("BGS", ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'BGS'")
                .hasMessageContaining("style key must not be blank");
        assertThatThrownBy(() -> new LegendEntry("BGS", "bgs", null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("kind");
    }

    @Test
    void factoriesCopyTheSeries() {
        assertThat(LegendEntry.line("DT, L = 2", "dt-L2")).isEqualTo(new LegendEntry("DT, L = 2", "dt-L2",
                Series.Kind.LINE));
        double[] x = {0, 1};
        for (Series s : new Series[] {Series.scatter("data", "data", x, x.clone()),
            Series.trajectory("round trip", "roundtrip", x, x.clone()), Series.line("BGS", "bgs", x, x.clone())}) {
            LegendEntry e = LegendEntry.of(s);
            assertThat(e.label()).isEqualTo(s.name());
            assertThat(e.styleKey()).isEqualTo(s.styleKey());
            assertThat(e.kind()).isEqualTo(s.kind());
        }
    }
}
