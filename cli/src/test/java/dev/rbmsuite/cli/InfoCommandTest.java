package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code info} through {@link Main#execute}: the layer sizes of the saved stack and its manifest as
 * written on disk, in JSON and as text, and the refusal of a folder that is not a whole model.
 */
class InfoCommandTest {
    @TempDir
    Path dir;
    Path model;

    @BeforeEach
    void saveModel() throws IOException {
        model = dir.resolve("model");
        ModelStore.save(RbmStack.gaussian(5, new int[] {4, 3}, 0.5, Rng.seeded(1)), model, Map.of("note", "hello"));
    }

    private static void assertRefused(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("rbm: ").contains(fragments);
    }

    @Test
    void jsonHoldsTheLayerSizesAndTheManifestAsWritten() throws IOException {
        Cli.Result r = Cli.run("info", "--model", model.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode layers = r.json().get("layers");
        assertThat(layers).hasSize(2);
        int[][] sizes = {{5, 4}, {4, 3}};
        for (int l = 0; l < 2; l++) {
            assertThat(layers.get(l).get("visible").asInt()).isEqualTo(sizes[l][0]);
            assertThat(layers.get(l).get("hidden").asInt()).isEqualTo(sizes[l][1]);
        }
        JsonNode onDisk = new ObjectMapper().readTree(model.resolve("manifest.json").toFile());
        assertThat(r.json().get("manifest")).isEqualTo(onDisk);
        assertThat(r.json().get("manifest").get("note").asText()).isEqualTo("hello");
    }

    @Test
    void textNamesEveryLayer() {
        Cli.Result r = Cli.run("info", "--model", model.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("2 layer(s)", "layer 0: 5 visible, 4 hidden", "layer 1: 4 visible, 3 hidden",
                "manifest: ", "\"note\" : \"hello\"");
    }

    @Test
    void aMissingOrDamagedModelIsOneLineNamingThePlace() throws IOException {
        assertRefused(Cli.run("info", "--model", dir.resolve("absent").toString()), "absent");
        Files.createDirectories(dir.resolve("empty"));
        assertRefused(Cli.run("info", "--model", dir.resolve("empty").toString()), "manifest.json");
        // every array is loaded and checked: a truncated weight file is refused even though the manifest is fine
        Path w = model.resolve("layer1").resolve("W.npy");
        byte[] bytes = Files.readAllBytes(w);
        Files.write(w, Arrays.copyOf(bytes, bytes.length - 8));
        assertRefused(Cli.run("info", "--model", model.toString()), "W.npy");
        assertRefused(Cli.run("info"), "--model");
    }
}
