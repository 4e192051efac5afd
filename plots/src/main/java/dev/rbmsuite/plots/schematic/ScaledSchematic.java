package dev.rbmsuite.plots.schematic;

import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;

import dev.rbmsuite.plots.render.Drawing;

/**
 * Common frame of the paper's schematics (Figs 1, 3 and 4): a drawing laid out in fixed base coordinates
 * ({@code baseWidth x baseHeight}) and rendered at a size multiplier {@code scale}. It owns the checks on the
 * scale, the canvas size, and the save / scale / restore of the graphics transform around
 * {@code draw(Ink)}, so each subclass only lays out its figure in base coordinates.
 */
abstract class ScaledSchematic implements Drawing {

    private final int baseWidth;
    private final int baseHeight;
    private final double scale;

    /**
     * @param baseWidth canvas width in base coordinates (pixels at scale 1)
     * @param baseHeight canvas height in base coordinates (pixels at scale 1)
     * @param scale size multiplier (1 = {@code baseWidth x baseHeight} pixels)
     * @throws IllegalArgumentException if {@code scale} is not in (0, 8], or so small that the canvas would
     *         round to zero pixels (no image can be drawn on it)
     */
    ScaledSchematic(int baseWidth, int baseHeight, double scale) {
        if (!(scale > 0 && scale <= 8)) {
            throw new IllegalArgumentException("scale must be in (0, 8], got " + scale);
        }
        if (Math.round(baseWidth * scale) < 1 || Math.round(baseHeight * scale) < 1) {
            throw new IllegalArgumentException("scale " + scale + " shrinks the " + baseWidth + " x " + baseHeight
                    + " schematic to an empty canvas");
        }
        this.baseWidth = baseWidth;
        this.baseHeight = baseHeight;
        this.scale = scale;
    }

    @Override
    public final int width() {
        return (int) Math.round(baseWidth * scale);
    }

    @Override
    public final int height() {
        return (int) Math.round(baseHeight * scale);
    }

    /**
     * Scales {@code g} by the size multiplier, lets {@code draw(Ink)} lay out the figure in base coordinates,
     * and restores the transform of {@code g} afterwards.
     */
    @Override
    public final void paint(Graphics2D g) {
        AffineTransform saved = g.getTransform();
        g.scale(scale, scale);
        draw(new Ink(g, 1.0));
        g.setTransform(saved);
    }

    /**
     * Draws the figure in base coordinates.
     *
     * @param u drawing primitives on the already scaled graphics
     */
    abstract void draw(Ink u);
}
