package dev.rbmsuite.experiments;

import java.util.List;
import java.util.Map;

/**
 * What a figure experiment produced.
 *
 * @param caption the figure's caption for the report and gallery
 * @param files the files it wrote, relative to its folder (PNGs first, then CSVs)
 * @param settings every setting it used (recorded in the manifest)
 * @param claims the paper's claims next to the measured numbers
 */
public record FigureOutcome(String caption, List<String> files, Map<String, Object> settings, List<Claim> claims) {
    /**
     * @param images the rendered images (PNG first)
     * @param more further files (CSVs)
     * @return the images followed by the further files
     */
    public static List<String> files(List<String> images, String... more) {
        List<String> all = new java.util.ArrayList<>(images);
        all.addAll(List.of(more));
        return all;
    }
}
