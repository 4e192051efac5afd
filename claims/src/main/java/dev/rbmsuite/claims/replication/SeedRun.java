package dev.rbmsuite.claims.replication;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Sentences;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One seed's decided report, as the replication reads it: the figures' manifests of one figures
 * folder (one seed: new initial parameters, trained models and chains), its evidence rows and its
 * sentences with Holm's adjustment within the seed.
 *
 * @param label the seed's name in tables, for example "seed 2"
 * @param seed the root seed its manifests record
 * @param confirmatory whether it counts for the replication (seeds decided under registered rules, never
 *     seen while the rules were made); the exploratory seed is reported beside
 * @param manifests its figures' manifests, in report order
 */
public record SeedRun(String label, long seed, boolean confirmatory, List<JsonNode> manifests) {
    /** @return every decided row of every figure, paper and beyond */
    public List<JsonNode> rows() {
        List<JsonNode> out = new ArrayList<>();
        manifests.forEach(m -> m.path("claims").forEach(out::add));
        return out;
    }

    /** @return the paper's sentences with their verdicts before and after Holm within this seed */
    public List<Sentences.Sentence> sentences() {
        return Sentences.of(rows());
    }

    /** @return the rules ("v1 SHA256") the figures with claims record, usually one */
    public Set<String> rules() {
        Set<String> out = new TreeSet<>();
        for (JsonNode m : manifests) {
            if (m.path("claims").size() > 0) {
                out.add(m.path("rules").path("registration").asText("none") + " "
                        + m.path("rules").path("sha256").asText("none"));
            }
        }
        return out;
    }

    /** @return the scale of the figures with claims ("paper", or the first other) */
    public String scale() {
        return manifests.stream().filter(m -> m.path("claims").size() > 0).map(m -> m.path("scale").asText())
                .filter(s -> !s.equals("paper")).findFirst().orElse("paper");
    }
}
