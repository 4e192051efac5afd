package dev.rbmsuite.plots.schematic;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rbmsuite.plots.style.Palette;

/**
 * Fig 3: three RBMs of the deep-tempering stack (L = 2) as a staircase; the hidden layer of RBM l and the
 * visible layer of RBM l+1 have the same size and sit side by side, joined by the swap arrow S_{l,l+1}.
 */
class DeepTemperingSchematicTest {

    private static Svg natural;

    /** The SVG of the schematic at its natural size, parsed once for the class's tests. */
    private static synchronized Svg natural() throws IOException {
        if (natural == null) {
            natural = new Svg(new DeepTemperingSchematic());
        }
        return natural;
    }

    @Test
    void rendersAtItsNaturalAndScaledSize() throws IOException {
        assertThat(new DeepTemperingSchematic().width()).isEqualTo(1600);
        assertThat(new DeepTemperingSchematic().height()).isEqualTo(900);
        DeepTemperingSchematic small = new DeepTemperingSchematic(0.4);
        assertThat(small.width()).isEqualTo(640);
        assertThat(small.height()).isEqualTo(360);
        RbmSchematicTest.assertRendersAtItsSize(small);
    }

    @Test
    void swappedLayersHaveEqualSizeSideBySideAndShrinkUpTheStack() throws IOException {
        Svg s = natural();
        // bars in stack order: RBM 0 at the bottom (largest y)
        List<Svg.Element> v = s.all("rect").stream().filter(e -> e.fills(Ink.VISIBLE))
                .sorted(Comparator.comparingDouble((Svg.Element e) -> e.num("y")).reversed()).toList();
        List<Svg.Element> h = s.all("rect").stream().filter(e -> e.fills(Ink.HIDDEN))
                .sorted(Comparator.comparingDouble((Svg.Element e) -> e.num("y")).reversed()).toList();
        assertThat(v).hasSize(3);
        assertThat(h).hasSize(3);
        for (int l = 0; l < 3; l++) {
            assertThat(h.get(l).num("y")).as("h_%d above v_%d", l, l).isLessThan(v.get(l).num("y"));
            assertThat(h.get(l).num("width")).as("m_%d < n_%d", l, l).isLessThan(v.get(l).num("width"));
        }
        for (int l = 0; l < 2; l++) {
            // n_{l+1} = m_l: same width, same height on the page, the next RBM to the right
            assertThat(v.get(l + 1).num("width")).isEqualTo(h.get(l).num("width"));
            assertThat(v.get(l + 1).num("y")).isEqualTo(h.get(l).num("y"));
            assertThat(v.get(l + 1).num("x")).isGreaterThan(h.get(l).num("x") + h.get(l).num("width"));
        }
        // one double-headed swap arrow per pair: two heads, at the bar centre line, in the gap between the bars
        List<Svg.Element> heads = s.all("path").stream().filter(e -> e.fills(Palette.ORANGE.darker())).toList();
        assertThat(heads).hasSize(4);
        for (int l = 0; l < 2; l++) {
            double cy = h.get(l).num("y") + h.get(l).num("height") / 2;
            double gapFrom = h.get(l).num("x") + h.get(l).num("width");
            double gapTo = v.get(l + 1).num("x");
            long inGap = heads.stream().map(e -> e.attributes().get("d").split(" ")[0].substring(1).split(","))
                    .filter(xy -> Double.parseDouble(xy[1]) == cy)
                    .filter(xy -> Double.parseDouble(xy[0]) > gapFrom && Double.parseDouble(xy[0]) < gapTo).count();
            assertThat(inGap).as("swap S_%d,%d", l, l + 1).isEqualTo(2);
        }
    }

    @Test
    void labelsNameTheRolesAndTheSwaps() throws IOException {
        List<String> t = natural().texts();
        assertThat(t.stream().filter("training RBM"::equals)).hasSize(1);
        assertThat(t.stream().filter("auxiliary RBM"::equals)).hasSize(2);
        assertThat(t.stream().filter("swap"::equals)).hasSize(2);
        String all = String.join(" ", t);
        assertThat(all).contains("S 0,1").contains("S 1,2").contains("W 0").contains("W 1").contains("W 2");
        assertThat(all).contains("L = 2: one training RBM and two auxiliary RBMs");
    }
}
