package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code kernels}: lists the installed kernels (text and JSON). */
class KernelsCommandTest {
    @Test
    void listsTheBuiltInKernelsWithDescriptionsAndParameters() {
        Cli.Result r = Cli.run("kernels", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> names = new ArrayList<>();
        for (JsonNode k : r.json().get("kernels")) {
            names.add(k.get("name").asText());
            assertThat(k.get("description").asText()).isNotBlank();
            if (names.size() <= 4) {
                assertThat(k.get("source").asText()).as(k.get("name").asText()).isEqualTo("built-in");
            }
        }
        assertThat(names).startsWith("bgs", "dt", "roundtrip", "pt");
        JsonNode pt = r.json().get("kernels").get(3);
        assertThat(pt.get("usesUpperLayers").asBoolean()).isFalse();
        assertThat(pt.get("parameters").has("temperatures")).isTrue();
        assertThat(r.json().get("kernels").get(2).get("usesUpperLayers").asBoolean()).isTrue();

        Cli.Result text = Cli.run("kernels");
        assertThat(text.code()).isZero();
        assertThat(text.out()).contains("roundtrip").contains("--kernel-param beta-min=").doesNotContain("    from ");
    }
}
