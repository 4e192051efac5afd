package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.StrictJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A group of trials' settings and their comparison ({@link Trials}): every setting the trials depend
 * on plus the seeds, recorded in the group's {@code settings.json}, and the rule that kept trials of
 * other settings are never reused: the run is refused naming the first setting that differs, with
 * both values.
 */
final class TrialSettings {
    static final String FILE = "settings.json";
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).enable(SerializationFeature.INDENT_OUTPUT);

    private TrialSettings() {
    }

    /**
     * The settings a group's kept trials must match: the group's own settings and the root seed (as
     * text: a JSON long reads back as an int), since every trial's stream derives from that seed and a
     * rerun with another seed must not reuse them.
     */
    static JsonNode wanted(ExperimentContext ctx, Map<String, ?> settings) {
        TreeMap<String, Object> all = new TreeMap<>(settings);
        all.putIfAbsent("seed", Long.toString(ctx.seed()));
        if (ctx.dataSeed() != ctx.seed()) {
            // only when set apart, so that the kept trials of runs without --data-seed keep their key
            all.putIfAbsent(PaperData.DATA_SEED, Long.toString(ctx.dataSeed()));
        }
        return JSON.valueToTree(all);
    }

    /**
     * @param dir a group's folder
     * @return the settings its trials were kept with, or null when none are recorded
     * @throws IOException if the record cannot be read
     */
    static JsonNode kept(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? StrictJson.read(file, 16 << 20, "trial settings") : null;
    }

    /**
     * @param dir a group's folder
     * @param wanted the settings to record
     * @throws IOException on write failure
     */
    static void record(Path dir, JsonNode wanted) throws IOException {
        AtomicFiles.write(dir.resolve(FILE), JSON.writeValueAsBytes(wanted));
    }

    /** @return the wanted settings; refuses a group kept with other settings instead of discarding it */
    static JsonNode check(ExperimentContext ctx, Path dir, Map<String, ?> settings, String who) throws IOException {
        JsonNode wanted = wanted(ctx, settings);
        JsonNode kept = kept(dir);
        if (kept != null && !kept.equals(wanted)) {
            throw new InputException(who + ": " + dir.resolve(FILE) + " records other settings than this run's ("
                    + difference(kept, wanted) + "); use the settings it records, another --out, or run the "
                    + "whole figure there with --restart to move the kept trials aside and recompute");
        }
        return wanted;
    }

    /**
     * @param kept the settings recorded with the kept trials
     * @param wanted this run's settings
     * @return the first setting (in name order) whose values differ, with both values
     */
    static String difference(JsonNode kept, JsonNode wanted) {
        TreeSet<String> names = new TreeSet<>();
        kept.fieldNames().forEachRemaining(names::add);
        wanted.fieldNames().forEachRemaining(names::add);
        for (String n : names) {
            JsonNode a = kept.get(n);
            JsonNode b = wanted.get(n);
            if (a == null || !a.equals(b)) {
                return "setting " + n + ": kept " + (a == null ? "none" : a.toString()) + ", this run "
                        + (b == null ? "none" : b.toString());
            }
        }
        return "the recorded settings are not an object";
    }

}
