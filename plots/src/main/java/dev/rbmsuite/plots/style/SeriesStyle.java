package dev.rbmsuite.plots.style;

import java.awt.Color;
import java.util.Objects;

/**
 * How one style key is drawn: colour, dash pattern and the marker used where markers are drawn (scatter
 * points, and every few points along a line; {@link MarkerShape#NONE} for a line without markers;
 * trajectories use their own start/end markers).
 *
 * @param color line, marker and band colour (the band is drawn with this colour made translucent)
 * @param dash line dash
 * @param marker marker shape for scatter series and along lines
 * @param width line width as a multiple of the theme's line width (1 for most lines; the proposed kernel is
 *     drawn thicker, {@link Palette#ROUNDTRIP_WIDTH})
 */
public record SeriesStyle(Color color, Dash dash, MarkerShape marker, float width) {

    /** Checks that no component is null and that the width is positive and finite. */
    public SeriesStyle {
        Objects.requireNonNull(color, "color");
        Objects.requireNonNull(dash, "dash");
        Objects.requireNonNull(marker, "marker");
        if (!(width > 0f) || Float.isInfinite(width)) {
            throw new IllegalArgumentException("line width factor must be positive and finite, got " + width);
        }
    }

    /**
     * A style of the theme's full line width.
     *
     * @param color line, marker and band colour
     * @param dash line dash
     * @param marker marker shape for scatter series
     */
    public SeriesStyle(Color color, Dash dash, MarkerShape marker) {
        this(color, dash, marker, 1f);
    }
}
