package dev.rbmsuite.plots;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A grid of panels rendered into one image: {@code rows x cols} cells filled row by row, an overall pixel
 * size, an optional overall title, and panel letters (a), (b), ... as in the paper's multi-panel figures.
 * Cells after the last panel stay blank (Fig 7 has five panels in a 2 x 3 grid).
 *
 * @param rows grid rows, at least 1
 * @param cols grid columns, at least 1
 * @param width image width in pixels
 * @param height image height in pixels
 * @param title overall title above the grid (may be empty)
 * @param panels the panels, row-major, at most {@code rows * cols}
 * @param letters draw (a), (b), ... in each panel's top-left corner
 * @param legend entries of a figure-wide legend drawn in a strip under the grid; empty for none
 */
public record Figure(int rows, int cols, int width, int height, String title, List<Panel> panels, boolean letters,
                     List<LegendEntry> legend) {

    /** Largest accepted image side in pixels (guards against accidental huge allocations). */
    public static final int MAX_SIDE = 12_000;

    /**
     * Validates and freezes the figure.
     *
     * @throws IllegalArgumentException on a bad grid, size or panel count
     */
    public Figure {
        if (rows < 1 || cols < 1) {
            throw new IllegalArgumentException("figure grid must be at least 1 x 1, got " + rows + " x " + cols);
        }
        if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
            throw new IllegalArgumentException("figure size must be within 1.." + MAX_SIDE + " pixels, got "
                    + width + " x " + height);
        }
        title = title == null ? "" : title;
        if (panels == null || panels.isEmpty()) {
            throw new IllegalArgumentException("figure needs at least one panel");
        }
        panels = List.copyOf(panels);
        legend = legend == null ? List.of() : List.copyOf(legend);
        if (panels.size() > rows * cols) {
            throw new IllegalArgumentException("figure has " + panels.size() + " panels but its grid holds only "
                    + rows + " x " + cols);
        }
    }

    /**
     * A one-panel figure without a panel letter.
     *
     * @param panel the panel
     * @param width image width in pixels
     * @param height image height in pixels
     * @return the figure
     */
    public static Figure single(Panel panel, int width, int height) {
        return new Figure(1, 1, width, height, "", List.of(panel), false, List.of());
    }

    /**
     * A builder for a {@code rows x cols} grid. Default size: 800 x 600 pixels per cell; letters on when more
     * than one panel is added.
     *
     * @param rows grid rows
     * @param cols grid columns
     * @return the builder
     */
    public static Builder grid(int rows, int cols) {
        return new Builder(rows, cols);
    }

    /** Mutable builder for {@link Figure}. */
    public static final class Builder {
        private final int rows;
        private final int cols;
        private Integer width;
        private Integer height;
        private String title = "";
        private Boolean letters;
        private final List<Panel> panels = new ArrayList<>();
        private final List<LegendEntry> legend = new ArrayList<>();

        private Builder(int rows, int cols) {
            this.rows = rows;
            this.cols = cols;
        }

        /** @param w image width in pixels @param h image height in pixels @return this */
        public Builder size(int w, int h) {
            this.width = w;
            this.height = h;
            return this;
        }

        /** @param title overall title @return this */
        public Builder title(String title) {
            this.title = title;
            return this;
        }

        /** @param on draw panel letters (a), (b), ... @return this */
        public Builder letters(boolean on) {
            this.letters = on;
            return this;
        }

        /** @param p next panel (row-major) @return this */
        public Builder panel(Panel p) {
            panels.add(Objects.requireNonNull(p, "panel"));
            return this;
        }

        /**
         * Adds a figure-wide legend under the grid (set the panels' legends to {@link LegendPosition#NONE}).
         *
         * @param entries legend entries in display order
         * @return this
         */
        public Builder sharedLegend(List<LegendEntry> entries) {
            legend.addAll(entries);
            return this;
        }

        /** @return the validated figure */
        public Figure build() {
            int w = width != null ? width : 800 * Math.max(cols, 1);
            int h = height != null ? height : 600 * Math.max(rows, 1) + (title == null || title.isEmpty() ? 0 : 60)
                    + (legend.isEmpty() ? 0 : 80);
            boolean l = letters != null ? letters : panels.size() > 1;
            return new Figure(rows, cols, w, h, title, panels, l, legend);
        }
    }
}
