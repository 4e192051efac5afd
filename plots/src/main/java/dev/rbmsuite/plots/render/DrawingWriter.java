package dev.rbmsuite.plots.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import de.erichseifert.vectorgraphics2d.Processor;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.pdf.PDFProcessor;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;

import dev.rbmsuite.plots.io.AtomicFiles;

/**
 * Writes a {@link Drawing} as PNG, SVG or PDF, atomically (temporary file, then move; see
 * {@link AtomicFiles}). Vector output uses the VectorGraphics2D library, the optional dependency XChart itself
 * uses for SVG/PDF export.
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
     * Writes a PNG.
     *
     * @param d the drawing
     * @param file target file; parent folders are created
     * @throws IOException on write failure
     */
    public static void writePng(Drawing d, Path file) throws IOException {
        BufferedImage img = toImage(d);
        // Encoded in memory first, without ImageIO's disk cache: ImageIO writing straight into a stream
        // that fails (a full disk) ends in a NullPointerException of its own instead of the IOException,
        // which must reach the command line to be reported as a full disk (exit 2).
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        ImageIO.setUseCache(false);
        if (!ImageIO.write(img, "png", png)) {
            throw new IOException("no PNG writer available");
        }
        AtomicFiles.write(file, png.toByteArray());
    }

    /**
     * Writes an SVG (vector graphics). Text painted by this module stays text; XChart draws its own text as
     * outlines, which look the same but are not searchable.
     *
     * @param d the drawing
     * @param file target file
     * @throws IOException on write failure
     */
    public static void writeSvg(Drawing d, Path file) throws IOException {
        writeVector(d, file, new SVGProcessor());
    }

    /**
     * Writes a PDF (vector graphics).
     *
     * @param d the drawing
     * @param file target file
     * @throws IOException on write failure
     */
    public static void writePdf(Drawing d, Path file) throws IOException {
        writeVector(d, file, new PDFProcessor(true));
    }

    private static void writeVector(Drawing d, Path file, Processor processor) throws IOException {
        VectorGraphics2D g = new VectorGraphics2D();
        try {
            prepare(g, d);
            d.paint(g);
        } finally {
            g.dispose();
        }
        var doc = processor.getDocument(g.getCommands(), new PageSize(0, 0, d.width(), d.height()));
        AtomicFiles.write(file, doc::writeTo);
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
