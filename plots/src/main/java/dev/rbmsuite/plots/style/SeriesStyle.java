package dev.rbmsuite.plots.style;

import java.awt.Color;
import java.util.Objects;

/**
 * How one style key is drawn: colour, dash pattern and the marker used where markers are drawn (scatter
 * points; trajectories use their own start/end markers).
 *
 * @param color line, marker and band colour (the band is drawn with this colour made translucent)
 * @param dash line dash
 * @param marker marker shape for scatter series
 */
public record SeriesStyle(Color color, Dash dash, MarkerShape marker) {

    /** Checks that no component is null. */
    public SeriesStyle {
        Objects.requireNonNull(color, "color");
        Objects.requireNonNull(dash, "dash");
        Objects.requireNonNull(marker, "marker");
    }
}
