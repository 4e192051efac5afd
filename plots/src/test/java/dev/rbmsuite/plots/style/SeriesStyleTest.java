package dev.rbmsuite.plots.style;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;

import org.junit.jupiter.api.Test;

/** A series style refuses a missing part and names it; equal parts make equal styles. */
class SeriesStyleTest {

    @Test
    void everyComponentIsRequired() {
        assertThatThrownBy(() -> new SeriesStyle(null, Dash.SOLID, MarkerShape.CIRCLE))
                .isInstanceOf(NullPointerException.class).hasMessage("color");
        assertThatThrownBy(() -> new SeriesStyle(Color.RED, null, MarkerShape.CIRCLE))
                .isInstanceOf(NullPointerException.class).hasMessage("dash");
        assertThatThrownBy(() -> new SeriesStyle(Color.RED, Dash.SOLID, null))
                .isInstanceOf(NullPointerException.class).hasMessage("marker");
        SeriesStyle s = new SeriesStyle(Color.RED, Dash.DOTTED, MarkerShape.DIAMOND);
        assertThat(s).isEqualTo(new SeriesStyle(new Color(255, 0, 0), Dash.DOTTED, MarkerShape.DIAMOND));
        assertThat(s).isNotEqualTo(new SeriesStyle(Color.RED, Dash.SOLID, MarkerShape.DIAMOND));
    }

    @Test
    void theWidthDefaultsToOneAndMustBePositiveAndFinite() {
        SeriesStyle s = new SeriesStyle(Color.RED, Dash.DOTTED, MarkerShape.DIAMOND);
        assertThat(s.width()).isEqualTo(1f);
        assertThat(s).isNotEqualTo(new SeriesStyle(Color.RED, Dash.DOTTED, MarkerShape.DIAMOND, 0.5f));
        for (float bad : new float[] {0f, -1f, Float.NaN, Float.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> new SeriesStyle(Color.RED, Dash.SOLID, MarkerShape.CIRCLE, bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("width");
        }
    }
}
