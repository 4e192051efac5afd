package dev.rbmsuite.plots;

/**
 * One cell of a {@link Figure}: either an x-y chart ({@link XyPanel}: lines, bands, point clouds,
 * trajectories) or a binary-matrix image ({@link MatrixPanel}, Fig 5(a)/(c)).
 */
public sealed interface Panel permits XyPanel, MatrixPanel {

    /** @return the panel title shown above the plot area; may be empty */
    String title();
}
