/**
 * Rendering: turns a {@link dev.rbmsuite.plots.Figure} into pixels or vector graphics.
 *
 * <p>{@link dev.rbmsuite.plots.render.FigureRenderer} is the entry point (PNG, SVG, PDF, or a
 * {@link java.awt.image.BufferedImage}). Each x-y panel is an XChart chart styled for publication by
 * {@link dev.rbmsuite.plots.render.XyChartFactory}; binary matrices are painted with Java2D by
 * {@link dev.rbmsuite.plots.render.MatrixPainter}; the panels are composed into one image with panel letters
 * and an optional title. Anything that paints itself with Java2D (the schematics of Figs 1, 3 and 4) is a
 * {@link dev.rbmsuite.plots.render.Drawing} and is written by {@link dev.rbmsuite.plots.render.DrawingWriter}.
 */
package dev.rbmsuite.plots.render;
