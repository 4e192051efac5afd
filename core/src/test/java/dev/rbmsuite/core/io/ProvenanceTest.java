package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.SuiteVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.incubator.vector.DoubleVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one provenance record: fixed keys in a fixed order, one meaning of "version", settings in a
 * deterministic order at every depth, the platform, timing only where asked; model folders keep the
 * contract's first keys and old model folders still load.
 */
class ProvenanceTest {
    @TempDir
    Path tmp;

    private static List<String> keys(JsonNode o) {
        List<String> k = new ArrayList<>();
        o.fieldNames().forEachRemaining(k::add);
        return k;
    }

    @Test
    void theRecordHasItsFixedKeysInOrder() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("zeta", 1);
        settings.put("alpha", List.of(1, 2));
        ObjectNode o = Provenance.of("training-run", 1, "train", settings, 7L, 2)
                .withTiming(new Provenance.Timing(1.5, 2.5)).toJson();
        assertThat(keys(o)).containsExactly("format", "version", "suiteVersion", "commit", "command", "settings", "seed",
                "java", "os", "arch", "vectorBits", "threads", "wallSeconds", "cpuSeconds");
        assertThat(o.get("version").asInt()).isEqualTo(1);
        assertThat(o.get("suiteVersion").asText()).isEqualTo(SuiteVersion.maven());
        assertThat(SuiteVersion.get()).startsWith(o.get("suiteVersion").asText());
        assertThat(o.get("vectorBits").asInt()).isEqualTo(DoubleVector.SPECIES_PREFERRED.vectorBitSize());
        assertThat(o.get("java").asText()).isEqualTo(System.getProperty("java.version"));
        assertThat(keys(o.get("settings"))).containsExactly("zeta", "alpha");
        assertThat(o.get("wallSeconds").asDouble()).isEqualTo(1.5);
        assertThat(keys(Provenance.withoutTiming(o))).doesNotContain("wallSeconds", "cpuSeconds").hasSize(12);
        assertThat(keys(Provenance.of("x", 1, "c", Map.of(), null, 1).toJson())).doesNotContain("wallSeconds");
        assertThat(Provenance.of("x", 1, "c", Map.of(), null, 1).toJson().get("seed").isNull()).isTrue();
    }

    @Test
    void unorderedMapsAreSortedAtEveryDepth() {
        Map<String, Object> hashed = new HashMap<>();
        for (String k : List.of("q", "b", "x", "a", "m")) {
            hashed.put(k, Map.of("z", 1, "c", 2, "k", 3));
        }
        ObjectNode o = Provenance.of("x", 1, "c", hashed, 1L, 1).toJson();
        assertThat(keys(o.get("settings"))).containsExactly("a", "b", "m", "q", "x");
        assertThat(keys(o.get("settings").get("q"))).containsExactly("c", "k", "z");
    }

    @Test
    void timingIsMeasured() throws InterruptedException {
        Provenance.Stopwatch w = Provenance.Stopwatch.start();
        Thread.sleep(20);
        Provenance.Timing t = w.elapsed();
        assertThat(t.wallSeconds()).isBetween(0.015, 60.0);
        assertThat(t.cpuSeconds()).isGreaterThanOrEqualTo(0);
        assertThat(Provenance.Stopwatch.sinceProcessStart().wallSeconds()).isPositive();
    }

    @Test
    void modelFoldersKeepTheContractsFirstKeysAndNoTiming() throws IOException {
        RbmStack s = RbmStack.gaussian(4, new int[] {3}, 0.5, Rng.seeded(1));
        Path dir = tmp.resolve("m");
        Provenance p = Provenance.of("training-run", 1, "train", Map.of("kernel", "bgs"), 3L, 1)
                .withTiming(new Provenance.Timing(1, 1));
        ModelStore.save(s, dir, p, Map.of("epoch", 10), false);
        JsonNode m = ModelStore.readManifest(dir);
        assertThat(keys(m)).containsExactly("format", "version", "layers", "suiteVersion", "commit", "command",
                "settings", "seed", "java", "os", "arch", "vectorBits", "threads", "epoch");
        assertThat(m.get("format").asText()).isEqualTo("rbm-stack");
        assertThat(m.get("version").asInt()).isEqualTo(1);
        assertThat(Files.readString(dir.resolve("manifest.json"))).startsWith("{\n  \"format\" : \"rbm-stack\",\n"
                + "  \"version\" : 1,\n  \"layers\" : [");
    }

    @Test
    void anOldModelFolderStillLoads() throws IOException {
        RbmStack s = RbmStack.gaussian(4, new int[] {3, 2}, 0.5, Rng.seeded(2));
        Path dir = tmp.resolve("old");
        ModelStore.save(s, dir, Map.of());
        // the manifest exactly as the suite wrote it before the provenance record
        Files.writeString(dir.resolve("manifest.json"), "{\n  \"format\" : \"rbm-stack\",\n  \"version\" : 1,\n"
                + "  \"layers\" : [ {\n    \"visible\" : 4,\n    \"hidden\" : 3\n  }, {\n    \"visible\" : 3,\n"
                + "    \"hidden\" : 2\n  } ],\n  \"suiteVersion\" : \"0.1.0-SNAPSHOT+1c53944abc\",\n"
                + "  \"createdBy\" : \"init\",\n  \"seed\" : 2,\n  \"initialisation\" : \"gaussian\",\n"
                + "  \"weightStd\" : 0.5\n}");
        assertThat(ModelStore.load(dir)).isEqualTo(s);
        // and it is recognised as a model folder, so saving over it replaces it
        ModelStore.save(RbmStack.gaussian(4, new int[] {3}, 0.5, Rng.seeded(3)), dir, Map.of());
        assertThat(ModelStore.load(dir).size()).isEqualTo(1);
    }
}
