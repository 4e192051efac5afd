package dev.rbmsuite.plots.schematic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.plots.render.Drawing;
import dev.rbmsuite.plots.render.DrawingWriter;
import dev.rbmsuite.plots.style.Theme;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The schematics' drawing primitives, checked on what they draw: the SVG elements (shapes, colours, text runs of
 * a math symbol) and, for text placement, the raster's ink.
 */
class InkTest {

    private static Drawing drawing(int w, int h, double scale, Consumer<Ink> body) {
        return new Drawing() {
            @Override
            public int width() {
                return w;
            }

            @Override
            public int height() {
                return h;
            }

            @Override
            public void paint(Graphics2D g) {
                body.accept(new Ink(g, scale));
            }
        };
    }

    private static Svg svg(Consumer<Ink> body) throws IOException {
        return new Svg(drawing(400, 300, 1.0, body));
    }

    /** {minX, minY, maxX, maxY} of the non-white pixels. */
    private static int[] inkBox(Consumer<Ink> body) {
        BufferedImage img = DrawingWriter.toImage(drawing(400, 300, 1.0, body));
        int[] box = {Integer.MAX_VALUE, Integer.MAX_VALUE, -1, -1};
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    box[0] = Math.min(box[0], x);
                    box[1] = Math.min(box[1], y);
                    box[2] = Math.max(box[2], x);
                    box[3] = Math.max(box[3], y);
                }
            }
        }
        return box;
    }

    /** Runs {@code f} with an Ink on a scratch raster (for measurements). */
    private static <T> T measure(double scale, Function<Ink, T> f) {
        BufferedImage img = new BufferedImage(10, 10, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        try {
            return f.apply(new Ink(g, scale));
        } finally {
            g.dispose();
        }
    }

    @Test
    void lengthsAndFontsScale() {
        double px = measure(2.0, u -> u.px(7));
        assertThat(px).isEqualTo(14.0);
        Font t = measure(1.5, u -> u.text(20));
        assertThat((double) t.getSize2D()).isCloseTo(30, within(1e-4));
        assertThat(t.getStyle()).isEqualTo(Font.PLAIN);
        assertThat(t.getFamily()).isEqualTo(new Font(Theme.FONT_FAMILY, Font.PLAIN, 1).getFamily());
        Font b = measure(0.5, u -> u.bold(20));
        assertThat((double) b.getSize2D()).isCloseTo(10, within(1e-4));
        assertThat(b.getStyle()).isEqualTo(Font.BOLD);
    }

    @Test
    void centredTextIsCentredOnThePoint() {
        int[] box = inkBox(u -> u.centred("HHHHHH", 200, 150, u.text(30), Color.BLACK));
        assertThat((box[0] + box[2]) / 2.0).isCloseTo(200, within(3.0));
        assertThat((box[1] + box[3]) / 2.0).isCloseTo(150, within(3.0));
    }

    @Test
    void leftTextStartsAtXAndIsCentredVertically() {
        int[] box = inkBox(u -> u.left("HHHHHH", 50, 150, u.text(30), Color.BLACK));
        assertThat((double) box[0]).isCloseTo(50, within(4.0));
        assertThat((box[1] + box[3]) / 2.0).isCloseTo(150, within(3.0));
    }

    @Test
    void verticalTextRunsUpTheCentre() {
        int[] box = inkBox(u -> u.vertical("HHHHHHHH", 200, 150, u.text(24), Color.BLACK));
        int w = box[2] - box[0];
        int h = box[3] - box[1];
        assertThat(h).isGreaterThan(3 * w);
        assertThat((box[0] + box[2]) / 2.0).isCloseTo(200, within(3.0));
        assertThat((box[1] + box[3]) / 2.0).isCloseTo(150, within(3.0));
    }

    @Test
    void aMathSymbolIsAnItalicBaseWithUprightSmallerSubAndSuperscripts() throws IOException {
        Svg s = svg(u -> u.math("v_0^+", 200, 150, 30, Color.BLACK));
        List<Svg.Element> t = s.all("text");
        assertThat(t).extracting(Svg.Element::text).containsExactly("v", "0", "+");
        assertThat(t.get(0).style()).containsEntry("font-style", "italic");
        assertThat(t.get(1).style()).doesNotContainKey("font-style");
        double base = Double.parseDouble(t.get(0).style().get("font-size").replace("px", ""));
        double sub = Double.parseDouble(t.get(1).style().get("font-size").replace("px", ""));
        assertThat(base).isCloseTo(30, within(1e-3));
        assertThat(sub).isCloseTo(30 * 0.68, within(1e-3));
        // subscript below the base line, superscript above it, both right of the base, stacked in one column
        assertThat(t.get(1).num("y")).isGreaterThan(t.get(0).num("y"));
        assertThat(t.get(2).num("y")).isLessThan(t.get(0).num("y"));
        assertThat(t.get(1).num("x")).isGreaterThan(t.get(0).num("x")).isEqualTo(t.get(2).num("x"));
    }

    @Test
    void mathSpecialsThetaHatUprightMinusAndPrime() throws IOException {
        assertThat(svg(u -> u.math("\\theta_1", 100, 100, 30, Color.BLACK)).texts()).containsExactly("\u03b8", "1");
        assertThat(svg(u -> u.math("h_0^-", 100, 100, 30, Color.BLACK)).texts()).containsExactly("h", "0", "\u2212");
        Svg rm = svg(u -> u.math("\\rm P", 100, 100, 30, Color.BLACK));
        assertThat(rm.texts()).containsExactly("P");
        assertThat(rm.all("text").get(0).style()).doesNotContainKey("font-style");
        // a hat is drawn as a stroked path above the base; without the hat there is no path
        Svg hat = svg(u -> u.math("\\hat v_2", 100, 100, 30, Color.BLACK));
        assertThat(hat.texts()).containsExactly("v", "2");
        assertThat(hat.all("path")).hasSize(1);
        assertThat(svg(u -> u.math("v_2", 100, 100, 30, Color.BLACK)).all("path")).isEmpty();
        // a prime is drawn at the full size, not as a small superscript
        Svg prime = svg(u -> u.math("v^\u2032", 100, 100, 30, Color.BLACK));
        assertThat(prime.texts()).containsExactly("v", "\u2032");
        assertThat(prime.all("text").get(1).style().get("font-size")).isEqualTo("30px");
    }

    @Test
    void mathWidthAccountsForStackedScripts() {
        double[] w = measure(1.0, u -> new double[] {u.mathWidth("v", 30), u.mathWidth("v_0", 30),
            u.mathWidth("v_0^+", 30), u.mathWidth("v_012", 30)});
        assertThat(w[1]).isGreaterThan(w[0]);
        // sub- and superscript share one column: adding "+" over "0" widens by at most the wider of the two
        assertThat(w[2]).isLessThan(w[1] + (w[1] - w[0]));
        assertThat(w[3]).isGreaterThan(w[1]);
        double doubled = measure(2.0, u -> u.mathWidth("v_0", 30));
        assertThat(doubled).isCloseTo(2 * w[1], within(0.1 * w[1]));
    }

    @Test
    void aRowPlacesItsPartsLeftToRightAndReturnsItsEnd() throws IOException {
        String[] parts = {"sample ", "$h_0", " ~ ", "$P", "(", "$h_0", ")"};
        double[] end = new double[2];
        Svg s = svg(u -> {
            end[0] = u.row(20, 150, 20, Color.BLACK, parts);
            end[1] = 20 + u.rowWidth(20, parts);
        });
        assertThat(end[0]).isCloseTo(end[1], within(1e-9));
        List<Svg.Element> t = s.all("text");
        assertThat(t).extracting(Svg.Element::text).containsExactly("sample ", "h", "0", " ~ ", "P", "(", "h", "0", ")");
        for (int i = 1; i < t.size(); i++) {
            assertThat(t.get(i).num("x")).isGreaterThan(t.get(i - 1).num("x"));
        }
        assertThat(t.get(0).num("x")).isEqualTo(20.0);
        assertThat(t.get(t.size() - 1).num("x")).isLessThan(end[0]);
    }

    @Test
    void nodesAndBoxesAreFilledAndOutlined() throws IOException {
        Svg node = svg(u -> u.node(100, 80, 30, Ink.VISIBLE));
        List<Svg.Element> e = node.all("ellipse");
        assertThat(e).hasSize(2);
        assertThat(e.get(0).fills(Ink.VISIBLE)).isTrue();
        assertThat(e.get(1).strokes(Theme.INK)).isTrue();
        for (Svg.Element x : e) {
            assertThat(new double[] {x.num("cx"), x.num("cy"), x.num("rx"), x.num("ry")}).containsExactly(100, 80, 30, 30);
        }
        Svg both = svg(u -> u.box(10, 20, 100, 50, 24, Ink.HIDDEN, Color.BLACK, 2f));
        List<Svg.Element> r = both.all("rect").subList(1, 3);    // after the white background
        assertThat(r.get(0).fills(Ink.HIDDEN)).isTrue();
        assertThat(r.get(1).strokes(Color.BLACK)).isTrue();
        assertThat(new double[] {r.get(0).num("x"), r.get(0).num("y"), r.get(0).num("width"), r.get(0).num("height"),
            r.get(0).num("rx")}).containsExactly(10, 20, 100, 50, 12);
        assertThat(svg(u -> u.box(10, 20, 100, 50, 24, null, Color.BLACK, 2f)).all("rect")).hasSize(2);
        assertThat(svg(u -> u.box(10, 20, 100, 50, 24, Ink.HIDDEN, null, 0f)).all("rect")).hasSize(2);
    }

    @Test
    void arrowsEndInAHeadAtTheTipAndDashedLinesAreDashed() throws IOException {
        Svg one = svg(u -> u.arrow(50, 100, 250, 100, Color.RED, 2.5f, false));
        List<Svg.Element> heads = one.all("path");
        assertThat(heads).hasSize(1);
        assertThat(heads.get(0).attributes().get("d")).startsWith("M250,100 ");
        assertThat(heads.get(0).fills(Color.RED)).isTrue();
        Svg.Element shaft = one.all("line").get(0);
        assertThat(shaft.num("x1")).isEqualTo(50.0);
        assertThat(shaft.num("x2")).isLessThan(250.0).isGreaterThan(200.0);   // stops inside the head
        Svg two = svg(u -> u.arrow(50, 100, 250, 100, Color.RED, 2.5f, true));
        assertThat(two.all("path")).extracting(p -> p.attributes().get("d").split(" ")[0])
                .containsExactly("M250,100", "M50,100");
        assertThat(two.all("line").get(0).num("x1")).isGreaterThan(50.0);
        Svg dashed = svg(u -> u.dashed(0, 10, 100, 10, Color.GRAY, 2f));
        assertThat(dashed.all("line").get(0).style()).containsKey("stroke-dasharray");
        Svg solid = svg(u -> u.line(0, 10, 100, 10, Color.GRAY, 2f));
        assertThat(solid.all("line").get(0).style()).doesNotContainKey("stroke-dasharray")
                .containsEntry("stroke-width", "2");
    }
}
