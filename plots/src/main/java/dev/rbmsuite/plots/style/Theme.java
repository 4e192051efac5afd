package dev.rbmsuite.plots.style;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;

/**
 * Fonts, strokes and colours of the publication style (TOOLCHAIN.md, XChart section): white background,
 * 18-28 pt sans-serif fonts, 2.5 px lines, light horizontal grid lines only, translucent bands.
 *
 * <p>The sizes are designed for a panel of {@value #REFERENCE_WIDTH} x {@value #REFERENCE_HEIGHT} pixels;
 * {@link #forCell(int, int)} scales them (within 0.7 to 1.3) for smaller or larger panels so that the text
 * keeps its proportion to the plot. At the reference size: tick labels and legend 18 pt, axis titles 22 pt,
 * panel titles 24 pt, panel letters and figure titles 28 pt bold.
 *
 * @param scale multiplier applied to every size
 */
public record Theme(double scale) {

    /** Panel width (pixels) at which {@link #scale()} is 1. */
    public static final int REFERENCE_WIDTH = 800;
    /** Panel height (pixels) at which {@link #scale()} is 1. */
    public static final int REFERENCE_HEIGHT = 600;
    /** The unscaled publication theme. */
    public static final Theme PUBLICATION = new Theme(1.0);

    /** Font family: the JDK's logical sans-serif font (DejaVu Sans on the build machines). */
    public static final String FONT_FAMILY = Font.SANS_SERIF;
    /** Text and axis colour. */
    public static final Color INK = new Color(0x222222);
    /** Horizontal grid-line colour. */
    public static final Color GRID = new Color(0xE3E3E3);
    /** Plot frame colour. */
    public static final Color FRAME = new Color(0x555555);
    /** Opacity (0..255) of shaded percentile bands. */
    public static final int BAND_ALPHA = 64;

    /**
     * Checks the scale.
     *
     * @throws IllegalArgumentException if {@code scale} is not positive and finite
     */
    public Theme {
        if (!(scale > 0) || !Double.isFinite(scale)) {
            throw new IllegalArgumentException("theme scale must be positive, got " + scale);
        }
    }

    /**
     * The theme for a panel of the given pixel size.
     *
     * @param width panel width in pixels
     * @param height panel height in pixels
     * @return the scaled theme
     */
    public static Theme forCell(int width, int height) {
        double s = Math.min(width / (double) REFERENCE_WIDTH, height / (double) REFERENCE_HEIGHT);
        return new Theme(Math.max(0.7, Math.min(1.3, s)));
    }

    private Font font(int style, double pt) {
        return new Font(FONT_FAMILY, style, 1).deriveFont((float) (pt * scale));
    }

    /** @return tick-label font (18 pt at scale 1) */
    public Font tickFont() {
        return font(Font.PLAIN, 18);
    }

    /** @return legend font (18 pt at scale 1) */
    public Font legendFont() {
        return font(Font.PLAIN, 18);
    }

    /** @return axis-title font (22 pt at scale 1) */
    public Font axisTitleFont() {
        return font(Font.PLAIN, 22);
    }

    /** @return panel-title font (24 pt at scale 1) */
    public Font panelTitleFont() {
        return font(Font.PLAIN, 24);
    }

    /** @return panel-letter font (28 pt bold at scale 1) */
    public Font letterFont() {
        return font(Font.BOLD, 28);
    }

    /** @return figure-title font (28 pt bold at scale 1) */
    public Font figureTitleFont() {
        return font(Font.BOLD, 28);
    }

    /** @return schematic label font (22 pt at scale 1) */
    public Font labelFont() {
        return font(Font.PLAIN, 22);
    }

    /** @return data line width in pixels (2.5 at scale 1) */
    public float lineWidth() {
        return (float) (2.5 * scale);
    }

    /** @return scatter marker diameter in pixels (8 at scale 1) */
    public int scatterMarkerSize() {
        return (int) Math.round(8 * scale);
    }

    /** @return trajectory start/end marker size in pixels (16 at scale 1) */
    public int endMarkerSize() {
        return (int) Math.round(16 * scale);
    }

    /**
     * @param s value at scale 1
     * @return {@code s} scaled and rounded to whole pixels
     */
    public int px(double s) {
        return (int) Math.round(s * scale);
    }

    /**
     * The stroke of a data line with the given dash.
     *
     * @param dash dash pattern
     * @return round-joined stroke of {@link #lineWidth()}
     */
    public BasicStroke lineStroke(Dash dash) {
        return lineStroke(dash, 1f);
    }

    /**
     * The stroke of a data line with the given dash and width factor. The dash pattern scales with the
     * theme's line width, not with the factor, so a thin and a thick line of one dash show dashes of the same
     * length.
     *
     * @param dash dash pattern
     * @param widthFactor multiple of {@link #lineWidth()} ({@link SeriesStyle#width()})
     * @return round-joined stroke of {@code widthFactor} times {@link #lineWidth()}
     */
    public BasicStroke lineStroke(Dash dash, float widthFactor) {
        float w = lineWidth() * widthFactor;
        float[] pattern = dash.pattern(lineWidth() / 2.5f);
        return pattern == null
                ? new BasicStroke(w, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                : new BasicStroke(w, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, pattern, 0f);
    }

    /**
     * The thinner stroke of a trajectory (Fig 8): 100 steps of a chain cross each other often, and a 2.5 px
     * line would hide the structure.
     *
     * @param dash dash pattern
     * @return round-joined stroke of 0.7 times {@link #lineWidth()}
     */
    public BasicStroke trajectoryStroke(Dash dash) {
        float w = 0.7f * lineWidth();
        float[] pattern = dash.pattern(w / 2.5f);
        return pattern == null
                ? new BasicStroke(w, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                : new BasicStroke(w, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, pattern, 0f);
    }

    /**
     * The size of the markers along a line (every few points, see the plots' renderer): 4 times the line
     * width at width factor 1, growing more slowly than the line so that a thick line's markers stay
     * markers (about 13 px for the proposed kernel's 1.8).
     *
     * @param widthFactor the line's width factor ({@link SeriesStyle#width()})
     * @return marker width in pixels
     */
    public double lineMarkerSize(float widthFactor) {
        return lineWidth() * (2.4 + 1.6 * widthFactor);
    }

    /**
     * @param c a series colour
     * @return the same colour at the band opacity {@link #BAND_ALPHA}
     */
    public static Color translucent(Color c) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), BAND_ALPHA);
    }
}
