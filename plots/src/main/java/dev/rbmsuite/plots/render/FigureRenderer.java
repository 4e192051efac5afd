package dev.rbmsuite.plots.render;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.List;

import org.knowm.xchart.XYChart;

import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.MatrixPanel;
import dev.rbmsuite.plots.Panel;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.plots.style.Theme;

/**
 * Renders a {@link Figure}: the panels in a {@code rows x cols} grid, each painted into its cell (x-y panels by
 * XChart, matrices by {@link MatrixPainter}), with panel letters (a), (b), ... at the top left of each cell,
 * an optional overall title row and an optional figure-wide legend strip under the grid ({@link LegendStrip}).
 * The result is one PNG (or SVG/PDF), laid out like the paper's multi-panel figures.
 *
 * <p>Each XChart chart paints directly into its cell of one shared canvas (the same call
 * {@code BitmapEncoder.getBufferedImage} makes internally), so the same code produces raster and vector
 * output. Cell sizes: the width is split evenly between the columns and the height between title row and
 * legend strip evenly between the rows; the last column and row take the rounding remainder, so the image has exactly the
 * requested size. Fonts scale with the cell size ({@link Theme#forCell(int, int)}).
 */
public final class FigureRenderer {

    private FigureRenderer() {
    }

    /**
     * @param f the figure
     * @return a drawing of the figure (for {@link DrawingWriter})
     */
    public static Drawing drawing(Figure f) {
        return new FigureDrawing(f);
    }

    /**
     * @param f the figure
     * @return the figure as an RGB image of exactly {@code f.width() x f.height()} pixels
     */
    public static BufferedImage toImage(Figure f) {
        return DrawingWriter.toImage(drawing(f));
    }

    /**
     * @param f the figure
     * @return the figure as PNG bytes ({@link DrawingWriter#png})
     * @throws IOException if the encoder fails
     */
    public static byte[] png(Figure f) throws IOException {
        return DrawingWriter.png(drawing(f));
    }

    /**
     * @param f the figure
     * @return the figure as SVG bytes
     * @throws IOException if the encoder fails
     */
    public static byte[] svg(Figure f) throws IOException {
        return DrawingWriter.svg(drawing(f));
    }

    /**
     * @param f the figure
     * @return the figure as PDF bytes
     * @throws IOException if the encoder fails
     */
    public static byte[] pdf(Figure f) throws IOException {
        return DrawingWriter.pdf(drawing(f));
    }

    /**
     * The pixel rectangle of each grid cell, row-major: {@code {x, y, width, height}}.
     *
     * @param f the figure
     * @param titleHeight height of the title row (0 without a title)
     * @return one rectangle per cell
     */
    static int[][] cells(Figure f, int titleHeight) {
        return cells(f, titleHeight, 0);
    }

    /**
     * The pixel rectangle of each grid cell, row-major: {@code {x, y, width, height}}.
     *
     * @param f the figure
     * @param titleHeight height of the title row (0 without a title)
     * @param legendHeight height of the shared-legend strip under the grid (0 without one)
     * @return one rectangle per cell
     */
    static int[][] cells(Figure f, int titleHeight, int legendHeight) {
        int gridH = f.height() - titleHeight - legendHeight;
        if (gridH < f.rows()) {
            throw new IllegalArgumentException("figure " + f.width() + " x " + f.height()
                    + " is too small for its title, legend and " + f.rows() + " rows");
        }
        int cw = f.width() / f.cols();
        int ch = gridH / f.rows();
        int[][] out = new int[f.rows() * f.cols()][];
        for (int r = 0; r < f.rows(); r++) {
            for (int c = 0; c < f.cols(); c++) {
                int w = c == f.cols() - 1 ? f.width() - c * cw : cw;
                int h = r == f.rows() - 1 ? gridH - r * ch : ch;
                out[r * f.cols() + c] = new int[] {c * cw, titleHeight + r * ch, w, h};
            }
        }
        return out;
    }

    /**
     * @param index 0-based panel index
     * @return "(a)", "(b)", ..., "(z)", "(aa)", ...
     */
    static String letter(int index) {
        StringBuilder sb = new StringBuilder();
        int i = index;
        do {
            sb.insert(0, (char) ('a' + i % 26));
            i = i / 26 - 1;
        } while (i >= 0);
        return "(" + sb + ")";
    }

    private record FigureDrawing(Figure f) implements Drawing {

        @Override
        public int width() {
            return f.width();
        }

        @Override
        public int height() {
            return f.height();
        }

        @Override
        public void paint(Graphics2D g) {
            int[][] probeCells = cells(f, 0);
            Theme figureTheme = Theme.forCell(probeCells[0][2], probeCells[0][3]);
            int titleHeight = 0;
            if (!f.title().isEmpty()) {
                Font tf = figureTheme.figureTitleFont();
                FontMetrics fm = g.getFontMetrics(tf);
                titleHeight = fm.getHeight() + figureTheme.px(20);
                g.setFont(tf);
                g.setColor(Theme.INK);
                g.drawString(f.title(), (f.width() - fm.stringWidth(f.title())) / 2,
                        figureTheme.px(12) + fm.getAscent());
            }
            int legendHeight = 0;
            LegendStrip strip = null;
            if (!f.legend().isEmpty()) {
                strip = new LegendStrip(g, f.legend(), f.width(), figureTheme);
                legendHeight = strip.height();
                strip.paint(g, f.height() - legendHeight, f.width());
            }
            int[][] cells = cells(f, titleHeight, legendHeight);
            List<Panel> panels = f.panels();
            for (int i = 0; i < panels.size(); i++) {
                int[] c = cells[i];
                Theme t = Theme.forCell(c[2], c[3]);
                Graphics2D cg = (Graphics2D) g.create(c[0], c[1], c[2], c[3]);
                try {
                    paintPanel(cg, panels.get(i), c[2], c[3], t, f.letters());
                } finally {
                    cg.dispose();
                }
                if (f.letters()) {
                    Graphics2D lg = (Graphics2D) g.create(c[0], c[1], c[2], c[3]);
                    try {
                        Font lf = t.letterFont();
                        lg.setFont(lf);
                        lg.setColor(Theme.INK);
                        lg.drawString(letter(i), t.px(12), t.px(12) + lg.getFontMetrics(lf).getAscent());
                    } finally {
                        lg.dispose();
                    }
                }
            }
        }

        private static void paintPanel(Graphics2D g, Panel p, int w, int h, Theme t, boolean reserveTitle) {
            if (p instanceof XyPanel xy) {
                XYChart chart = XyChartFactory.build(xy, w, h, t, reserveTitle);
                chart.paint(g, w, h);
            } else if (p instanceof MatrixPanel m) {
                MatrixPainter.paint(g, m, w, h, t, reserveTitle);
            } else {
                throw new IllegalStateException("unknown panel type " + p.getClass());
            }
        }
    }
}
