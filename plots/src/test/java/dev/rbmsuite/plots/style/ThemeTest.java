package dev.rbmsuite.plots.style;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;

import org.junit.jupiter.api.Test;

/** The publication theme: the sizes of its Javadoc at scale 1, their scaling, the clamp of forCell, strokes. */
class ThemeTest {

    @Test
    void scaleMustBePositiveAndFinite() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> new Theme(bad)).as("scale %s", bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("theme scale must be positive")
                    .hasMessageContaining(String.valueOf(bad));
        }
        assertThat(Theme.PUBLICATION.scale()).isEqualTo(1.0);
    }

    @Test
    void forCellTakesTheSmallerRatioToTheReferencePanelClampedTo07And13() {
        assertThat(Theme.forCell(800, 600).scale()).isEqualTo(1.0);
        assertThat(Theme.forCell(880, 900).scale()).isCloseTo(1.1, within(1e-15));     // width limits
        assertThat(Theme.forCell(1600, 540).scale()).isCloseTo(0.9, within(1e-15));    // height limits
        assertThat(Theme.forCell(400, 600).scale()).isEqualTo(0.7);                    // 0.5 clamped up
        assertThat(Theme.forCell(1, 1).scale()).isEqualTo(0.7);
        assertThat(Theme.forCell(4000, 4000).scale()).isEqualTo(1.3);                  // 5 clamped down
    }

    @Test
    void fontsHaveTheDocumentedSizesTimesTheScale() {
        for (double s : new double[] {1.0, 0.7, 1.25}) {
            Theme t = new Theme(s);
            assertFont(t.tickFont(), 18 * s, Font.PLAIN);
            assertFont(t.legendFont(), 18 * s, Font.PLAIN);
            assertFont(t.axisTitleFont(), 22 * s, Font.PLAIN);
            assertFont(t.panelTitleFont(), 24 * s, Font.PLAIN);
            assertFont(t.letterFont(), 28 * s, Font.BOLD);
            assertFont(t.figureTitleFont(), 28 * s, Font.BOLD);
            assertFont(t.labelFont(), 22 * s, Font.PLAIN);
        }
    }

    private static void assertFont(Font f, double pt, int style) {
        assertThat((double) f.getSize2D()).isCloseTo(pt, within(1e-4));
        assertThat(f.getStyle()).isEqualTo(style);
        assertThat(f.getFamily()).isEqualTo(new Font(Theme.FONT_FAMILY, Font.PLAIN, 1).getFamily());
    }

    @Test
    void lengthsScaleAndRoundToWholePixels() {
        Theme t = new Theme(1.3);
        assertThat((double) t.lineWidth()).isCloseTo(2.5 * 1.3, within(1e-6));
        assertThat(t.scatterMarkerSize()).isEqualTo(10);   // 8 * 1.3 = 10.4
        assertThat(t.endMarkerSize()).isEqualTo(21);       // 16 * 1.3 = 20.8
        assertThat(t.px(10)).isEqualTo(13);
        assertThat(t.px(5)).isEqualTo(7);                  // 6.5 rounds half up
        assertThat(new Theme(0.7).px(150)).isEqualTo(105);
        assertThat(Theme.PUBLICATION.scatterMarkerSize()).isEqualTo(8);
        assertThat(Theme.PUBLICATION.endMarkerSize()).isEqualTo(16);
    }

    @Test
    void solidLinesAreRoundCappedAndDashesScaleWithTheLineWidth() {
        Theme t = new Theme(1.2);
        BasicStroke solid = t.lineStroke(Dash.SOLID);
        assertThat((double) solid.getLineWidth()).isCloseTo(3.0, within(1e-6));
        assertThat(solid.getDashArray()).isNull();
        assertThat(solid.getEndCap()).isEqualTo(BasicStroke.CAP_ROUND);
        assertThat(solid.getLineJoin()).isEqualTo(BasicStroke.JOIN_ROUND);
        BasicStroke dashed = t.lineStroke(Dash.DASHED);
        assertThat(dashed.getEndCap()).isEqualTo(BasicStroke.CAP_BUTT);
        // DASHED is 14 on, 8 off at a 2.5 px line; a 3 px line keeps the proportion: 16.8 on, 9.6 off
        assertThat(dashed.getDashArray()[0]).isCloseTo(16.8f, within(1e-4f));
        assertThat(dashed.getDashArray()[1]).isCloseTo(9.6f, within(1e-4f));
    }

    @Test
    void aWidthFactorScalesTheLineButNotItsDashes() {
        Theme t = new Theme(1.2);
        BasicStroke thin = t.lineStroke(Dash.DASHED, 0.5f);
        BasicStroke full = t.lineStroke(Dash.DASHED, 1f);
        assertThat((double) thin.getLineWidth()).isCloseTo(1.5, within(1e-6));
        assertThat(full).isEqualTo(t.lineStroke(Dash.DASHED));
        assertThat(thin.getDashArray()).containsExactly(full.getDashArray());
    }

    @Test
    void trajectoriesAreSeventyPercentOfALineWithProportionalDashes() {
        Theme t = Theme.PUBLICATION;
        BasicStroke solid = t.trajectoryStroke(Dash.SOLID);
        assertThat((double) solid.getLineWidth()).isCloseTo(0.7 * 2.5, within(1e-6));
        assertThat(solid.getDashArray()).isNull();
        BasicStroke dotted = t.trajectoryStroke(Dash.DOTTED);
        assertThat((double) dotted.getLineWidth()).isCloseTo(1.75, within(1e-6));
        assertThat(dotted.getDashArray()).hasSize(2);
        assertThat(dotted.getDashArray()[0]).isCloseTo(3f * 0.7f, within(1e-5f));
        assertThat(dotted.getDashArray()[1]).isCloseTo(6f * 0.7f, within(1e-5f));
    }

    @Test
    void translucentKeepsTheColourAtTheBandOpacity() {
        Color c = new Color(0x12, 0x34, 0x56);
        Color t = Theme.translucent(c);
        assertThat(new int[] {t.getRed(), t.getGreen(), t.getBlue(), t.getAlpha()})
                .containsExactly(0x12, 0x34, 0x56, Theme.BAND_ALPHA);
        assertThat(Theme.translucent(new Color(1, 2, 3, 200)).getAlpha()).isEqualTo(Theme.BAND_ALPHA);
    }
}
