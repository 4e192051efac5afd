package dev.rbmsuite.plots.style;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class PaletteTest {

    @Test
    void sameKeySameStyle() {
        for (String k : List.of("bgs", "dt", "roundtrip", "pt", "dt-L1", "roundtrip-L2", "exact", "count",
                "rao-blackwell", "some-new-kernel")) {
            assertThat(Palette.style(k)).isEqualTo(Palette.style(k));
            assertThat(Palette.style(k.toUpperCase())).isEqualTo(Palette.style(k));
        }
    }

    @Test
    void kernelsAndEstimatorsHaveDistinctColours() {
        Set<Color> seen = new HashSet<>();
        for (String k : List.of("bgs", "dt", "roundtrip", "pt", "exact", "count", "rao-blackwell")) {
            assertThat(seen.add(Palette.color(k))).as(k).isTrue();
        }
        assertThat(Palette.color("bgs")).isEqualTo(Palette.VERMILLION);
        assertThat(Palette.color("dt")).isEqualTo(Palette.BLUE);
        assertThat(Palette.color("roundtrip")).isEqualTo(Palette.MAGENTA);
    }

    /**
     * Issue 41: the paper's own kernel is drawn strongest in every figure, thick, solid and in a strong colour;
     * every other line is thinner.
     */
    @Test
    void theProposedKernelIsTheThickestSolidLineAtEveryDepth() {
        for (String l : List.of("", "-L1", "-L2", "-L3")) {
            SeriesStyle rt = Palette.style("roundtrip" + l);
            assertThat(rt.dash()).as("roundtrip" + l).isEqualTo(Dash.SOLID);
            assertThat(rt.width()).as("roundtrip" + l).isEqualTo(Palette.ROUNDTRIP_WIDTH);
            for (String other : List.of("bgs", "pt", "dt", "dt-L1", "dt-L2", "dt-L3", "count", "rao-blackwell", "iid")) {
                assertThat(Palette.style(other).width()).as(other).isLessThan(rt.width());
            }
        }
        // strong: darker than the reddish purple it replaces (relative luminance), and saturated
        float[] hsb = Color.RGBtoHSB(Palette.MAGENTA.getRed(), Palette.MAGENTA.getGreen(), Palette.MAGENTA.getBlue(), null);
        assertThat(hsb[1]).isGreaterThan(0.9f);
        assertThat(hsb[2]).isLessThan(0.75f);
    }

    /**
     * Issue 41: the depths L = 1, 2, 3 of each stacked kernel differ in colour, not only in width: by at least
     * 20 in CIELAB (CIE76 colour difference; 2.3 is just noticeable, 20 reads as another colour), which DT's
     * sky blue and blue (one hue, far apart in lightness) pass as its other pairs do; the proposed kernel's
     * three differ in hue. The paper's default L = 3 looks like the kernel's plain key; a depth beyond 3 keeps
     * the L = 3 look and is thicker.
     */
    @Test
    void depthsOfAStackedKernelDifferInColour() {
        for (String k : List.of("dt", "roundtrip")) {
            for (String a : List.of("-L1", "-L2", "-L3")) {
                for (String b : List.of("-L1", "-L2", "-L3")) {
                    if (a.compareTo(b) < 0) {
                        assertThat(deltaE(Palette.color(k + a), Palette.color(k + b))).as(k + a + " vs " + k + b)
                                .isGreaterThan(20);
                    }
                }
            }
            assertThat(Palette.style(k + "-L3")).isEqualTo(Palette.style(k));
            assertThat(Palette.style(k + "-L5").color()).isEqualTo(Palette.color(k));
            assertThat(Palette.style(k + "-L5").width()).isGreaterThan(Palette.style(k).width());
        }
        Set<Integer> hues = new HashSet<>();
        for (String l : List.of("-L1", "-L2", "-L3")) {
            Color c = Palette.color("roundtrip" + l);
            hues.add(Math.round(Color.RGBtoHSB(c.getRed(), c.getGreen(), c.getBlue(), null)[0] * 18));
        }
        assertThat(hues).hasSize(3);
        // a key of its own with a depth keeps its colour; the depth sets the width
        assertThat(Palette.color("gamma-L1")).isEqualTo(Palette.color("gamma"));
        assertThat(Palette.style("gamma-L1").width()).isLessThan(Palette.style("gamma-L2").width());
    }

    /** CIE76 colour difference of two sRGB colours (D65). */
    private static double deltaE(Color a, Color b) {
        double[] p = lab(a);
        double[] q = lab(b);
        return Math.sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]));
    }

    private static double[] lab(Color c) {
        double[] rgb = {c.getRed() / 255.0, c.getGreen() / 255.0, c.getBlue() / 255.0};
        for (int i = 0; i < 3; i++) {
            rgb[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : Math.pow((rgb[i] + 0.055) / 1.055, 2.4);
        }
        double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
        double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
        double z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    /**
     * Two kernels drawn in one panel (figs 6, 7, 9 and the compare figure) never share a colour or a marker,
     * whatever their depths, so a line is decodable by colour and, without colour vision, by its markers
     * (issue 31; issue 41 replaced the dashes, which turn solid on dense curves, by markers every few points).
     */
    @Test
    void noTwoKernelsShareColourOrMarkerAtAnyDepth() {
        List<String> kernels = List.of("bgs", "dt", "roundtrip", "pt");
        List<String> suffixes = List.of("", "-L1", "-L2", "-L3", "-L4", "-L7");
        for (String k : kernels) {
            assertThat(Palette.style(k).dash()).as(k).isEqualTo(Dash.SOLID);
            assertThat(Palette.style(k).marker()).as(k).isNotEqualTo(MarkerShape.NONE);
            for (String other : kernels) {
                if (k.equals(other)) {
                    continue;
                }
                for (String sa : suffixes) {
                    for (String sb : suffixes) {
                        SeriesStyle a = Palette.style(k + sa);
                        SeriesStyle b = Palette.style(other + sb);
                        assertThat(a.color()).as(k + sa + " vs " + other + sb).isNotEqualTo(b.color());
                        assertThat(a.marker()).as(k + sa + " vs " + other + sb).isNotEqualTo(b.marker());
                    }
                }
            }
        }
        // references have no markers; the i.i.d. floor, a straight two-point line, keeps its dash
        assertThat(Palette.style("iid").marker()).isEqualTo(MarkerShape.NONE);
        assertThat(Palette.style("iid").dash()).isEqualTo(Dash.DASHED);
        assertThat(Palette.style("exact").marker()).isEqualTo(MarkerShape.NONE);
    }

    @Test
    void clusterStylesAreDistinct() {
        Set<Color> colours = new HashSet<>();
        for (int k = 0; k < 8; k++) {
            colours.add(Palette.color("cluster-" + k));
        }
        assertThat(colours).hasSize(8);
    }

    @Test
    void unknownKeysGetDeterministicColoursDistinctFromTheKernels() {
        Set<Color> registered = new HashSet<>();
        for (String k : Palette.registeredKeys()) {
            registered.add(Palette.color(k));
        }
        for (String k : List.of("alpha", "beta", "gamma", "mala", "swendsen-wang", "x")) {
            assertThat(registered).doesNotContain(Palette.color(k));
            assertThat(Palette.style(k).dash()).isEqualTo(Dash.SOLID);
        }
        // String.hashCode is specified by the JLS, so the fallback is the same in every JVM
        assertThat(Palette.color("alpha")).isEqualTo(Palette.color("ALPHA"));
    }

    @Test
    void blankKeyIsRejected() {
        assertThatThrownBy(() -> Palette.style(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Palette.style(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void themeScalesWithinBounds() {
        assertThat(Theme.forCell(800, 600).scale()).isEqualTo(1.0);
        assertThat(Theme.forCell(100, 100).scale()).isEqualTo(0.7);
        assertThat(Theme.forCell(4000, 4000).scale()).isEqualTo(1.3);
        assertThat(Theme.PUBLICATION.tickFont().getSize2D()).isEqualTo(18f);
        assertThat(Theme.PUBLICATION.letterFont().getSize2D()).isEqualTo(28f);
        assertThat(Theme.PUBLICATION.lineWidth()).isEqualTo(2.5f);
        assertThat(Theme.translucent(Palette.BLUE).getAlpha()).isEqualTo(Theme.BAND_ALPHA);
    }
}
