package dev.rbmsuite.plots.schematic;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Fig 4: one round-trip transition for L = 2 (Alg. 3): three lanes with RBM 0 at the bottom, swaps S_{0,1} and
 * S_{1,2} on the way up, one BGS step in the top lane, the same swaps in reverse order on the way down.
 */
class RoundTripSchematicTest {

    private static Svg natural;

    /** The SVG of the schematic at its natural size, parsed once for the class's tests. */
    private static synchronized Svg natural() throws IOException {
        if (natural == null) {
            natural = new Svg(new RoundTripSchematic());
        }
        return natural;
    }

    private static final Color SWAP_FILL = new Color(0xFCE9C4);
    private static final Color BGS_FILL = new Color(0xE3F1EA);

    @Test
    void rendersAtItsNaturalAndScaledSize() throws IOException {
        assertThat(new RoundTripSchematic().width()).isEqualTo(1960);
        assertThat(new RoundTripSchematic().height()).isEqualTo(1080);
        RoundTripSchematic half = new RoundTripSchematic(0.5);
        assertThat(half.width()).isEqualTo(980);
        assertThat(half.height()).isEqualTo(540);
        RbmSchematicTest.assertRendersAtItsSize(half);
    }

    @Test
    void swapsGoUpThenBgsAtTheTopThenTheSameSwapsDownInReverse() throws IOException {
        Svg s = natural();
        // the swap boxes of the diagram (the legend's sample box is the one below the lanes)
        double legendY = s.textsEqualTo("state kept unchanged").get(0).num("y");
        List<Svg.Element> swaps = new ArrayList<>(s.all("rect").stream()
                .filter(e -> e.fills(SWAP_FILL) && e.num("y") + e.num("height") < legendY - 40).toList());
        swaps.sort(Comparator.comparingDouble(e -> e.num("x")));
        assertThat(swaps).hasSize(4);
        // each box's label: the S whose subscript sits inside the box
        List<String> order = new ArrayList<>();
        for (Svg.Element box : swaps) {
            for (Svg.Element t : s.all("text")) {
                if (t.num("x") > box.num("x") && t.num("x") < box.num("x") + box.num("width")
                        && t.num("y") > box.num("y") && t.num("y") < box.num("y") + box.num("height")
                        && t.text().matches("\\d,\\d")) {
                    order.add(t.text());
                }
            }
        }
        assertThat(order).containsExactly("0,1", "1,2", "1,2", "0,1");
        // the level of each swap: the upper swaps (S_1,2) sit higher on the page than the lower ones (S_0,1)
        assertThat(swaps.get(1).num("y")).isLessThan(swaps.get(0).num("y"));
        assertThat(swaps.get(2).num("y")).isEqualTo(swaps.get(1).num("y"));
        assertThat(swaps.get(3).num("y")).isEqualTo(swaps.get(0).num("y"));
        // one BGS region, between the upward and the downward swaps, above the upper swaps
        List<Svg.Element> bgs = s.all("rect").stream().filter(e -> e.fills(BGS_FILL)).toList();
        assertThat(bgs).hasSize(1);
        Svg.Element b = bgs.get(0);
        assertThat(b.num("x")).isGreaterThan(swaps.get(1).num("x") + swaps.get(1).num("width"));
        assertThat(b.num("x") + b.num("width")).isLessThan(swaps.get(2).num("x"));
        assertThat(b.num("y")).isLessThan(swaps.get(1).num("y"));
    }

    @Test
    void lanesStackRbm0AtTheBottomAndNodesAlternateVisibleAndHidden() throws IOException {
        Svg s = natural();
        double y0 = s.textsEqualTo("RBM 0").get(0).num("y");
        double y1 = s.textsEqualTo("RBM 1").get(0).num("y");
        double y2 = s.textsEqualTo("RBM 2").get(0).num("y");
        assertThat(y0).isGreaterThan(y1);
        assertThat(y1).isGreaterThan(y2);
        List<Svg.Element> v = s.all("ellipse").stream().filter(e -> e.fills(Ink.VISIBLE)).toList();
        List<Svg.Element> h = s.all("ellipse").stream().filter(e -> e.fills(Ink.HIDDEN)).toList();
        // v_0, v_1, v_2, v_1^+, v_2^+, hat v_2, v_2', hat v_1, v_1', v_0'  and  h_0, h_0^+, h_1, h_1^+, h_2^+, h_1^-, h_0^-
        assertThat(v).hasSize(10);
        assertThat(h).hasSize(7);
        // in each lane the hidden row lies above the visible row: three visible and three hidden rows, alternating
        List<Double> rows = new ArrayList<>();
        for (Svg.Element e : s.all("ellipse")) {
            if (!rows.contains(e.num("cy")) && (e.fills(Ink.VISIBLE) || e.fills(Ink.HIDDEN))) {
                rows.add(e.num("cy"));
            }
        }
        rows.sort(Comparator.reverseOrder());
        assertThat(rows).hasSize(6);
        for (int r = 0; r < 6; r++) {
            double y = rows.get(r);
            boolean visibleRow = r % 2 == 0;
            assertThat(s.all("ellipse")).filteredOn(e -> e.num("cy") == y && (e.fills(Ink.VISIBLE) || e.fills(Ink.HIDDEN)))
                    .allMatch(e -> e.fills(visibleRow ? Ink.VISIBLE : Ink.HIDDEN));
        }
        // the initial state V = (v_0, v_1, v_2) shares the first column
        double firstColumn = v.stream().mapToDouble(e -> e.num("cx")).min().orElseThrow();
        assertThat(v.stream().filter(e -> e.num("cx") == firstColumn)).hasSize(3);
    }

    @Test
    void phasesAndLegendAreLabelled() throws IOException {
        List<String> t = natural().texts();
        assertThat(t).contains("upward pass: swaps from lower to upper RBMs", "one-step BGS", "at the top",
                "downward pass: swaps in reverse order", "state kept unchanged");
        assertThat(t).anyMatch(x -> x.startsWith("swap (Alg. 1)"));
        assertThat(t).anyMatch(x -> x.startsWith("sample from the RBM conditional"));
    }
}
