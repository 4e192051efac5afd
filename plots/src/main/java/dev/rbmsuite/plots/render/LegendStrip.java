package dev.rbmsuite.plots.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.List;

import dev.rbmsuite.plots.LegendEntry;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.style.Dash;
import dev.rbmsuite.plots.style.MarkerShape;
import dev.rbmsuite.plots.style.Palette;
import dev.rbmsuite.plots.style.SeriesStyle;
import dev.rbmsuite.plots.style.Theme;

/**
 * A figure-wide legend under the panel grid: entries side by side, centred, wrapping onto further rows when
 * they do not fit the width. Line entries show a line sample in the key's colour and dash (the same stroke
 * as in the panels) with the marker the panels draw along the line; scatter entries show the marker.
 */
final class LegendStrip {

    private final List<LegendEntry> entries;
    private final Theme t;
    private final List<List<Integer>> rows = new ArrayList<>();
    private final List<Integer> rowWidths = new ArrayList<>();
    private final int rowHeight;
    private final int[] entryWidth;

    /**
     * Lays the entries out for the given width.
     *
     * @param g graphics (for font metrics)
     * @param entries the entries
     * @param width available width in pixels
     * @param t fonts and strokes
     */
    LegendStrip(Graphics2D g, List<LegendEntry> entries, int width, Theme t) {
        this.entries = entries;
        this.t = t;
        FontMetrics fm = g.getFontMetrics(font());
        rowHeight = fm.getHeight() + t.px(10);
        entryWidth = new int[entries.size()];
        int gap = t.px(36);
        int avail = width - 2 * t.px(20);
        List<Integer> row = new ArrayList<>();
        int used = 0;
        for (int i = 0; i < entries.size(); i++) {
            entryWidth[i] = sampleWidth() + t.px(10) + fm.stringWidth(entries.get(i).label());
            int add = (row.isEmpty() ? 0 : gap) + entryWidth[i];
            if (!row.isEmpty() && used + add > avail) {
                rows.add(row);
                rowWidths.add(used);
                row = new ArrayList<>();
                used = 0;
                add = entryWidth[i];
            }
            row.add(i);
            used += add;
        }
        if (!row.isEmpty()) {
            rows.add(row);
            rowWidths.add(used);
        }
    }

    private Font font() {
        return t.legendFont().deriveFont(t.legendFont().getSize2D() * 1.1f);
    }

    private int sampleWidth() {
        return t.px(50);
    }

    /** @return the strip's height in pixels, including top and bottom padding */
    int height() {
        return rows.isEmpty() ? 0 : rows.size() * rowHeight + 2 * t.px(12);
    }

    /**
     * Paints the strip with its top-left corner at {@code (0, top)}.
     *
     * @param g target graphics
     * @param top y of the strip's top edge
     * @param width strip width
     */
    void paint(Graphics2D g, int top, int width) {
        Font f = font();
        FontMetrics fm = g.getFontMetrics(f);
        int gap = t.px(36);
        for (int r = 0; r < rows.size(); r++) {
            int x = (width - rowWidths.get(r)) / 2;
            int cy = top + t.px(12) + r * rowHeight + rowHeight / 2;
            for (int i : rows.get(r)) {
                LegendEntry e = entries.get(i);
                SeriesStyle st = Palette.style(e.styleKey());
                if (e.kind() == Series.Kind.SCATTER) {
                    MarkerShape m = st.marker() == MarkerShape.NONE ? MarkerShape.CIRCLE : st.marker();
                    Shape s = ShapeMarker.shape(m, x + sampleWidth() / 2.0, cy, t.endMarkerSize() * 0.8);
                    g.setColor(st.color());
                    g.fill(s);
                } else {
                    g.setColor(st.color());
                    // a trajectory is drawn solid and of one width for every kernel (XyChartFactory), so is its sample
                    g.setStroke(e.kind() == Series.Kind.TRAJECTORY ? t.trajectoryStroke(Dash.SOLID)
                            : t.lineStroke(st.dash(), st.width()));
                    g.draw(new Line2D.Double(x, cy, x + sampleWidth(), cy));
                    if (e.kind() == Series.Kind.LINE && st.marker() != MarkerShape.NONE) {
                        // the marker the panels draw along the line (XyChartFactory), with its white edge
                        Shape s = ShapeMarker.shape(st.marker(), x + sampleWidth() / 2.0, cy, t.lineMarkerSize(st.width()));
                        g.fill(s);
                        g.setColor(Color.WHITE);
                        g.setStroke(new BasicStroke(Math.max(1f, (float) (1.2 * t.scale()))));
                        g.draw(s);
                    }
                }
                g.setColor(Theme.INK);
                g.setFont(f);
                g.drawString(e.label(), x + sampleWidth() + t.px(10), cy + fm.getAscent() / 2 - t.px(2));
                x += entryWidth[i] + gap;
            }
        }
        g.setColor(Color.BLACK);
    }
}
