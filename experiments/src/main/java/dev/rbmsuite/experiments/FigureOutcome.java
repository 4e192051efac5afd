package dev.rbmsuite.experiments;

import dev.rbmsuite.claims.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a figure experiment produced.
 *
 * @param caption the figure's caption for the report and gallery
 * @param files the files it wrote, relative to its folder (PNGs first, then CSVs)
 * @param settings every setting it used (recorded in the manifest)
 * @param claims the decided claims (paper and beyond), from the claim engine
 * @param notes plain findings shown under the claims (descriptive numbers that decide nothing)
 * @param computeSeconds the compute time recorded with the trials behind the figure, NaN if not recorded
 */
public record FigureOutcome(String caption, List<String> files, Map<String, Object> settings, List<Decision> claims,
                            List<String> notes, double computeSeconds) {
    /**
     * A figure without claims or trials (schematics).
     *
     * @param caption caption
     * @param files files
     * @param settings settings
     * @return the outcome
     */
    public static FigureOutcome plain(String caption, List<String> files, Map<String, Object> settings) {
        return new FigureOutcome(caption, files, settings, List.of(), List.of(), 0);
    }

    /**
     * @param images the rendered images (PNG first)
     * @param more further files (CSVs)
     * @return the images followed by the further files
     */
    public static List<String> files(List<String> images, String... more) {
        List<String> all = new ArrayList<>(images);
        all.addAll(List.of(more));
        return all;
    }
}
