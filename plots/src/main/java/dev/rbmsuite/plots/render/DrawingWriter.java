package dev.rbmsuite.plots.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import javax.imageio.ImageIO;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

import de.erichseifert.vectorgraphics2d.Processor;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.pdf.PDFProcessor;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;

/**
 * Encodes a {@link Drawing} as PNG, SVG or PDF bytes, in memory; writing them to a file is the
 * caller's (the suite writes every file through core's atomic writer). Vector output uses the
 * VectorGraphics2D library, the optional dependency XChart itself uses for SVG/PDF export.
 */
public final class DrawingWriter {

    private DrawingWriter() {
    }

    /**
     * Rasterises a drawing on a white background with anti-aliasing.
     *
     * @param d the drawing
     * @return an RGB image of {@code d.width() x d.height()} pixels
     */
    public static BufferedImage toImage(Drawing d) {
        BufferedImage img = new BufferedImage(d.width(), d.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            prepare(g, d);
            d.paint(g);
        } finally {
            g.dispose();
        }
        return img;
    }

    /**
     * Encodes a PNG in memory (no cache file: ImageIO's default cache in the temporary folder fails,
     * with a NullPointerException deep in the encoder, when that folder's disk is full).
     *
     * @param d the drawing
     * @return the PNG file's bytes
     * @throws IOException if the encoder fails
     */
    public static byte[] png(Drawing d) throws IOException {
        BufferedImage img = toImage(d);
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
        try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
            if (!ImageIO.write(img, "png", ios)) {
                throw new IOException("no PNG writer available");
            }
        } catch (RuntimeException e) {
            throw new IOException("PNG encoder failed: " + e, e);
        }
        return out.toByteArray();
    }

    /**
     * An SVG (vector graphics). Text painted by this module stays text; XChart draws its own text as
     * outlines, which look the same but are not searchable.
     *
     * @param d the drawing
     * @return the SVG file's bytes
     * @throws IOException if the encoder fails
     */
    public static byte[] svg(Drawing d) throws IOException {
        return vector(d, new SVGProcessor());
    }

    /**
     * A PDF (vector graphics).
     *
     * @param d the drawing
     * @return the PDF file's bytes
     * @throws IOException if the encoder fails
     */
    public static byte[] pdf(Drawing d) throws IOException {
        return pdf(d, true);
    }

    /**
     * A PDF, its page streams compressed or not (tests read the uncompressed operators).
     *
     * <p>VectorGraphics2D measures a PDF page and its drawing in millimetres, so a drawing's pixels,
     * passed unchanged, made a 1,600-pixel figure a page 1.6 m wide. A pixel here is a CSS pixel,
     * 1/96 inch ({@value #MM_PER_PIXEL} mm; 0.75 pt): the drawing is scaled by that before it is
     * painted and the page sized to match, so a 1,600 x 760 figure is a 423 x 201 mm page.
     */
    static byte[] pdf(Drawing d, boolean compressed) throws IOException {
        return vector(d, new PDFProcessor(compressed), MM_PER_PIXEL);
    }

    /** Millimetres per CSS pixel (1/96 inch), the unit of a PDF drawing. */
    static final double MM_PER_PIXEL = 25.4 / 96.0;

    private static byte[] vector(Drawing d, Processor processor) throws IOException {
        return vector(d, processor, 1.0);
    }

    /** @param unit the size of one drawing pixel in the processor's units */
    private static byte[] vector(Drawing d, Processor processor, double unit) throws IOException {
        VectorGraphics2D g = new VectorGraphics2D();
        try {
            if (unit != 1.0) {
                g.scale(unit, unit);
            }
            prepare(g, d);
            d.paint(g);
        } finally {
            g.dispose();
        }
        var doc = processor.getDocument(g.getCommands(), new PageSize(0, 0, d.width() * unit, d.height() * unit));
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
        doc.writeTo(out);
        return out.toByteArray();
    }

    private static void prepare(Graphics2D g, Drawing d) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, d.width(), d.height());
    }
}
