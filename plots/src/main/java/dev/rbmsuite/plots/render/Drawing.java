package dev.rbmsuite.plots.render;

import java.awt.Graphics2D;

/**
 * Something that paints itself with Java2D onto a canvas of a fixed pixel size. The same drawing can be
 * written as PNG (raster) or SVG/PDF (vector) by {@link DrawingWriter}.
 */
public interface Drawing {

    /** @return canvas width in pixels */
    int width();

    /** @return canvas height in pixels */
    int height();

    /**
     * Paints onto {@code g}, whose origin is the canvas's top-left corner and whose background is already
     * white.
     *
     * @param g the target graphics
     */
    void paint(Graphics2D g);
}
