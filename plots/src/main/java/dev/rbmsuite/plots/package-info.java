/**
 * Publication-style figures from plain numeric series; this module knows nothing about RBMs (issue 7,
 * docs/methods.md section 6).
 *
 * <p>Data model (immutable): {@link dev.rbmsuite.plots.Series} (a line, optionally with a percentile band; a
 * scatter cloud; or a trajectory), {@link dev.rbmsuite.plots.XyPanel} (series plus axis labels, log axes,
 * ranges, legend position), {@link dev.rbmsuite.plots.MatrixPanel} (a 0/1 matrix shown as a black-and-white
 * image) and {@link dev.rbmsuite.plots.Figure} (a grid of panels with letters, a title and an optional shared
 * {@link dev.rbmsuite.plots.LegendEntry legend}). Rendering lives in {@code dev.rbmsuite.plots.render}
 * ({@code FigureRenderer.png/svg/pdf}, bytes for the caller to write), colours per kernel in {@code dev.rbmsuite.plots.style} and
 * the schematics of Figs 1, 3 and 4 in {@code dev.rbmsuite.plots.schematic}. Files (the images, the CSV of
 * the raw numbers) are written by core's {@code dev.rbmsuite.core.io}.
 */
package dev.rbmsuite.plots;
