package dev.rbmsuite.plots.schematic;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;

import dev.rbmsuite.plots.render.Drawing;
import dev.rbmsuite.plots.render.DrawingWriter;

/**
 * Fig 1: (a) the RBM as a complete bipartite graph (every visible unit joined to every hidden unit, none
 * within a layer), hidden layer above visible; (b) the simplified two-bar notation. Checked on the SVG elements.
 */
class RbmSchematicTest {

    private static Svg natural;

    /** The SVG of the schematic at its natural size, parsed once for the class's tests. */
    private static synchronized Svg natural() throws IOException {
        if (natural == null) {
            natural = new Svg(new RbmSchematic());
        }
        return natural;
    }

    /** Renders a drawing to PNG, decodes it, and checks its size and that it is not blank. */
    static void assertRendersAtItsSize(Drawing d) throws IOException {
        byte[] png = DrawingWriter.png(d);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(img.getWidth()).isEqualTo(d.width());
        assertThat(img.getHeight()).isEqualTo(d.height());
        long ink = 0;
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                if ((img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    ink++;
                }
            }
        }
        assertThat(ink).as(d.getClass().getSimpleName()).isGreaterThan(img.getWidth() * img.getHeight() / 400);
        assertThat(DrawingWriter.png(d)).as("same drawing, same bytes").isEqualTo(png);
    }

    @Test
    void rendersAtItsNaturalAndScaledSize() throws IOException {
        assertThat(new RbmSchematic().width()).isEqualTo(1600);
        assertThat(new RbmSchematic().height()).isEqualTo(760);
        RbmSchematic half = new RbmSchematic(0.5);
        assertThat(half.width()).isEqualTo(800);
        assertThat(half.height()).isEqualTo(380);
        assertRendersAtItsSize(half);
    }

    @Test
    void panelAIsACompleteBipartiteGraphWithTheHiddenLayerOnTop() throws IOException {
        Svg s = natural();
        List<Svg.Element> visible = s.all("ellipse").stream().filter(e -> e.fills(Ink.VISIBLE)).toList();
        List<Svg.Element> hidden = s.all("ellipse").stream().filter(e -> e.fills(Ink.HIDDEN)).toList();
        assertThat(visible).hasSize(5);       // v_1 .. v_4, v_n
        assertThat(hidden).hasSize(4);        // h_1 .. h_3, h_m
        double yv = visible.get(0).num("cy");
        double yh = hidden.get(0).num("cy");
        double r = visible.get(0).num("rx");
        assertThat(visible).allSatisfy(e -> assertThat(e.num("cy")).isEqualTo(yv));
        assertThat(hidden).allSatisfy(e -> assertThat(e.num("cy")).isEqualTo(yh));
        assertThat(yh).isLessThan(yv);        // screen y grows downwards: hidden above visible
        // the weights: thin edge-coloured lines, each from a visible node's top to a hidden node's bottom
        List<Svg.Element> weights = s.all("line").stream()
                .filter(e -> e.strokes(Ink.EDGE) && e.num("y1") == yv - r && e.num("y2") == yh + r).toList();
        Set<String> pairs = new HashSet<>();
        Set<Double> vx = new HashSet<>(visible.stream().map(e -> e.num("cx")).toList());
        Set<Double> hx = new HashSet<>(hidden.stream().map(e -> e.num("cx")).toList());
        for (Svg.Element w : weights) {
            assertThat(vx).contains(w.num("x1"));
            assertThat(hx).contains(w.num("x2"));
            pairs.add(w.num("x1") + "-" + w.num("x2"));
        }
        assertThat(pairs).hasSize(5 * 4);     // every visible-hidden pair exactly once: complete bipartite
        assertThat(weights).hasSize(5 * 4);
        // no line joins two units of one layer
        assertThat(s.all("line")).noneMatch(e -> e.num("y1") == e.num("y2") && e.strokes(Ink.EDGE)
                && (e.num("y1") == yv - r || e.num("y1") == yh + r));
    }

    @Test
    void unitsAreLabelledAndBothPanelsAreCaptioned() throws IOException {
        List<String> t = natural().texts();
        // node labels are a math base followed by its subscript
        for (String sub : List.of("1", "2", "3", "m")) {
            assertThat(String.join(" ", t)).contains("h " + sub);
        }
        for (String sub : List.of("1", "2", "3", "4", "n")) {
            assertThat(String.join(" ", t)).contains("v " + sub);
        }
        assertThat(t).contains("(a)", "(b)", "weights", "m hidden units", "n visible units", "\u03b8 = (b, c, W)");
        assertThat(t).anyMatch(x -> x.startsWith("hidden layer") && x.contains("biases c"));
        assertThat(t).anyMatch(x -> x.startsWith("visible layer") && x.contains("biases b"));
    }

    @Test
    void panelBIsTwoLayerBarsJoinedByLinks() throws IOException {
        Svg s = natural();
        List<Svg.Element> hiddenBar = s.all("rect").stream().filter(e -> e.fills(Ink.HIDDEN)).toList();
        List<Svg.Element> visibleBar = s.all("rect").stream().filter(e -> e.fills(Ink.VISIBLE)).toList();
        assertThat(hiddenBar).hasSize(1);
        assertThat(visibleBar).hasSize(1);
        Svg.Element h = hiddenBar.get(0);
        Svg.Element v = visibleBar.get(0);
        assertThat(h.num("width")).isEqualTo(v.num("width"));
        assertThat(h.num("x")).isEqualTo(v.num("x"));
        assertThat(h.num("y")).isLessThan(v.num("y"));
        // the links run vertically from the visible bar's top edge to the hidden bar's bottom edge
        List<Svg.Element> links = s.all("line").stream().filter(e -> e.strokes(Ink.EDGE)
                && e.num("x1") == e.num("x2") && e.num("x1") > h.num("x")
                && e.num("x1") < h.num("x") + h.num("width")).toList();
        assertThat(links).isNotEmpty();
        assertThat(links).allSatisfy(e -> {
            assertThat(e.num("y1")).isEqualTo(v.num("y"));
            assertThat(e.num("y2")).isEqualTo(h.num("y") + h.num("height"));
        });
    }
}
