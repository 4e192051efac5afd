package dev.rbmsuite.plots;

/**
 * Where an {@link XyPanel} puts its legend. Every position is inside the plot area (publication style,
 * TOOLCHAIN.md), except {@link #NONE}.
 */
public enum LegendPosition {
    /** Pick the inside corner whose neighbourhood holds the fewest data points (the default). */
    AUTO,
    /** Top right, inside. */
    NORTH_EAST,
    /** Top left, inside. */
    NORTH_WEST,
    /** Bottom right, inside. */
    SOUTH_EAST,
    /** Bottom left, inside. */
    SOUTH_WEST,
    /** No legend. */
    NONE
}
