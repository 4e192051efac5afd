package dev.rbmsuite.plots;

import java.util.Objects;

/**
 * One entry of a figure-wide legend (see {@link Figure.Builder#sharedLegend(java.util.List)}): a label drawn
 * next to a sample of the style its key selects. A shared legend replaces per-panel legends when several
 * panels show the same curves (Fig 6: seven curves in four panels).
 *
 * @param label the text
 * @param styleKey palette key, as in {@link Series#styleKey()}
 * @param kind LINE and TRAJECTORY show a line sample, SCATTER a marker
 */
public record LegendEntry(String label, String styleKey, Series.Kind kind) {

    /**
     * Checks the fields.
     *
     * @throws IllegalArgumentException on a blank label or key
     */
    public LegendEntry {
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException("legend entry label must not be blank");
        }
        if (styleKey == null || styleKey.isBlank()) {
            throw new IllegalArgumentException("legend entry '" + label + "': style key must not be blank");
        }
        Objects.requireNonNull(kind, "kind");
    }

    /**
     * @param label the text
     * @param styleKey palette key
     * @return a line entry
     */
    public static LegendEntry line(String label, String styleKey) {
        return new LegendEntry(label, styleKey, Series.Kind.LINE);
    }

    /**
     * @param s a series
     * @return an entry with the series' name, key and kind
     */
    public static LegendEntry of(Series s) {
        return new LegendEntry(s.name(), s.styleKey(), s.kind());
    }
}
