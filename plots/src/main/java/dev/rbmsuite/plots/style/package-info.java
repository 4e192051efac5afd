/**
 * Publication style: the {@link dev.rbmsuite.plots.style.Palette} that maps a style key (kernel name,
 * estimator name) to a fixed colour, dash and marker so that every figure of the suite draws the same kernel
 * the same way (issue 7), and the {@link dev.rbmsuite.plots.style.Theme} with fonts, line widths and
 * colours (TOOLCHAIN.md, XChart section: white background, 18-28 pt fonts, 2.5 px lines, Okabe-Ito colours).
 */
package dev.rbmsuite.plots.style;
