package dev.rbmsuite.plots.style;

/** Marker shapes used for scatter points and trajectory ends (independent of XChart's marker classes). */
public enum MarkerShape {
    /** No marker. */
    NONE,
    /** Filled circle. */
    CIRCLE,
    /** Filled square. */
    SQUARE,
    /** Filled diamond. */
    DIAMOND,
    /** Filled upward triangle. */
    TRIANGLE_UP,
    /** Filled downward triangle. */
    TRIANGLE_DOWN
}
