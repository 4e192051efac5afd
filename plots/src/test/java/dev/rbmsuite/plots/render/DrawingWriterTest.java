package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;

/**
 * The three encodings of a drawing: the raster on a white background with the drawing's pixels where it painted
 * them, the PNG decoding to that raster, SVG keeping shapes and text as elements, PDF with the drawing's aspect,
 * and identical bytes for identical input.
 */
class DrawingWriterTest {

    private static final Color RED = new Color(200, 10, 20);

    /** Paints a solid rectangle at (10, 10)-(40, 30) and a line of text. */
    private static Drawing probe(int width, int height, String text) {
        return new Drawing() {
            @Override
            public int width() {
                return width;
            }

            @Override
            public int height() {
                return height;
            }

            @Override
            public void paint(Graphics2D g) {
                g.setColor(RED);
                g.fillRect(10, 10, 30, 20);
                g.setColor(Color.BLACK);
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
                g.drawString(text, 50, 60);
            }
        };
    }

    @Test
    void theRasterIsWhiteExceptWhereTheDrawingPainted() {
        BufferedImage img = DrawingWriter.toImage(probe(120, 80, "label"));
        assertThat(img.getWidth()).isEqualTo(120);
        assertThat(img.getHeight()).isEqualTo(80);
        for (int y = 0; y < 80; y++) {
            for (int x = 0; x < 120; x++) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                boolean inRect = x >= 10 && x < 40 && y >= 10 && y < 30;
                boolean nearText = x >= 48 && y >= 40 && y <= 64;
                if (inRect) {
                    assertThat(rgb).as("(%d, %d)", x, y).isEqualTo(RED.getRGB() & 0xFFFFFF);
                } else if (!nearText) {
                    assertThat(rgb).as("(%d, %d)", x, y).isEqualTo(0xFFFFFF);
                }
            }
        }
        long textInk = 0;
        for (int y = 40; y <= 64; y++) {
            for (int x = 48; x < 120; x++) {
                textInk += (img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF ? 1 : 0;
            }
        }
        assertThat(textInk).isPositive();
    }

    @Test
    void thePngDecodesToTheRasterAndIsReproducible() throws IOException {
        Drawing d = probe(120, 80, "label");
        byte[] png = DrawingWriter.png(d);
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png));
        BufferedImage raster = DrawingWriter.toImage(d);
        assertThat(decoded.getWidth()).isEqualTo(120);
        assertThat(decoded.getHeight()).isEqualTo(80);
        for (int y = 0; y < 80; y++) {
            for (int x = 0; x < 120; x++) {
                assertThat(decoded.getRGB(x, y)).as("(%d, %d)", x, y).isEqualTo(raster.getRGB(x, y));
            }
        }
        assertThat(DrawingWriter.png(d)).isEqualTo(png);
        assertThat(DrawingWriter.png(probe(120, 80, "other"))).isNotEqualTo(png);
    }

    @Test
    void theSvgKeepsShapesAndTextAsElements() throws IOException {
        String svg = new String(DrawingWriter.svg(probe(120, 80, "hello <&>")), StandardCharsets.UTF_8);
        assertThat(svg).contains("<svg").contains("width=\"120px\"").contains("height=\"80px\"")
                .contains("viewBox=\"0 0 120 80\"");
        // the white background, then the red rectangle where it was painted
        assertThat(svg).contains("<rect height=\"80\" style=\"fill:rgb(255,255,255);")
                .contains("<rect height=\"20\" style=\"fill:rgb(200,10,20);stroke:none;\" width=\"30\" x=\"10\" y=\"10\"/>");
        // text stays searchable text, escaped for XML
        assertThat(svg).contains(">hello &lt;&amp;&gt;</text>");
        assertThat(svg.indexOf("fill:rgb(255,255,255)")).isLessThan(svg.indexOf("fill:rgb(200,10,20)"));
        assertThat(DrawingWriter.svg(probe(120, 80, "hello <&>"))).isEqualTo(svg.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void thePdfHasTheDrawingsAspectAndIsReproducible() throws IOException {
        Drawing d = probe(120, 80, "label");
        byte[] pdf = DrawingWriter.pdf(d);
        String head = new String(pdf, StandardCharsets.ISO_8859_1);
        assertThat(head).startsWith("%PDF-");
        Matcher box = Pattern.compile("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]").matcher(head);
        assertThat(box.find()).isTrue();
        double w = Double.parseDouble(box.group(1));
        double h = Double.parseDouble(box.group(2));
        assertThat(w / h).isCloseTo(120.0 / 80.0, org.assertj.core.api.Assertions.within(1e-9));
        // a pixel is a CSS pixel, 1/96 inch = 0.75 pt: the page is 90 x 60 pt, not 120 x 80 mm
        assertThat(w).isCloseTo(90.0, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(h).isCloseTo(60.0, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(DrawingWriter.pdf(d)).isEqualTo(pdf);
        // and the drawing is scaled onto that page (the page stream, uncompressed, applies 1/96 inch in mm)
        String plain = new String(DrawingWriter.pdf(d, false), StandardCharsets.ISO_8859_1);
        assertThat(plain).contains(Double.toString(DrawingWriter.MM_PER_PIXEL).substring(0, 8));
    }

    @Test
    void aFailingDrawingPropagatesItsException() {
        Drawing broken = new Drawing() {
            @Override
            public int width() {
                return 10;
            }

            @Override
            public int height() {
                return 10;
            }

            @Override
            public void paint(Graphics2D g) {
                throw new IllegalStateException("no data for panel (b)");
            }
        };
        assertThatThrownBy(() -> DrawingWriter.toImage(broken)).isInstanceOf(IllegalStateException.class)
                .hasMessage("no data for panel (b)");
        assertThatThrownBy(() -> DrawingWriter.png(broken)).hasMessageContaining("no data for panel (b)");
        assertThatThrownBy(() -> DrawingWriter.svg(broken)).hasMessageContaining("no data for panel (b)");
    }
}
