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
        assertThat(Palette.color("roundtrip")).isEqualTo(Palette.REDDISH_PURPLE);
    }

    @Test
    void depthSuffixKeepsKernelColourAndDashAndSetsWidth() {
        assertThat(Palette.color("dt-L1")).isEqualTo(Palette.color("dt"));
        assertThat(Palette.color("roundtrip-L2")).isEqualTo(Palette.color("roundtrip"));
        assertThat(Palette.style("dt-L1").dash()).isEqualTo(Dash.DASHED);
        assertThat(Palette.style("roundtrip-L2").dash()).isEqualTo(Dash.DOTTED);
        assertThat(Palette.style("dt-L3")).isEqualTo(Palette.style("dt"));
        assertThat(Palette.style("dt-L1").width()).isLessThan(Palette.style("dt-L2").width());
        assertThat(Palette.style("dt-L2").width()).isLessThan(Palette.style("dt-L3").width());
        assertThat(Palette.style("roundtrip-L5").width()).isGreaterThan(Palette.style("roundtrip-L3").width());
    }

    /**
     * Issue 31: two kernels drawn in one panel (figs 6, 7, 9 and the compare figure) must never share colour and
     * dash, whatever their depths, so a line is decodable without colour vision and by colour without the dash;
     * within one kernel the depths must differ (by width), so kernel and L are both decodable.
     */
    @Test
    void noTwoKernelsShareColourAndDashAtAnyDepthAndDepthsDifferWithinAKernel() {
        List<String> kernels = List.of("bgs", "dt", "roundtrip", "pt");
        List<String> suffixes = List.of("", "-L1", "-L2", "-L3", "-L4", "-L7");
        Set<Dash> kernelDashes = new HashSet<>();
        for (String k : kernels) {
            kernelDashes.add(Palette.style(k).dash());
            for (String other : kernels) {
                if (k.equals(other)) {
                    continue;
                }
                for (String sa : suffixes) {
                    for (String sb : suffixes) {
                        SeriesStyle a = Palette.style(k + sa);
                        SeriesStyle b = Palette.style(other + sb);
                        assertThat(a.color()).as(k + sa + " vs " + other + sb).isNotEqualTo(b.color());
                        assertThat(a.dash()).as(k + sa + " vs " + other + sb).isNotEqualTo(b.dash());
                    }
                }
            }
            Set<Float> widths = new HashSet<>();
            for (String l : List.of("-L1", "-L2", "-L3", "-L4")) {
                assertThat(widths.add(Palette.style(k + l).width())).as(k + l).isTrue();
            }
        }
        // each kernel has its own dash, not only its own colour
        assertThat(kernelDashes).hasSize(kernels.size());
        assertThat(Palette.style("bgs").dash()).isEqualTo(Dash.SOLID);
        assertThat(Palette.style("dt").dash()).isEqualTo(Dash.DASHED);
        assertThat(Palette.style("roundtrip").dash()).isEqualTo(Dash.DOTTED);
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
        assertThat(Palette.color("gamma-L1")).isEqualTo(Palette.color("gamma"));
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
