package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.RangeException;
import dev.rbmsuite.core.io.OutputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@link ResultManifest}: the manifest's path beside a result, and its content: the provenance record
 * with every option at the value it was parsed to (defaults included, help and --json left out), the
 * seed, the positional arguments and the result; no result is left without its record.
 */
class ResultManifestTest {
    @TempDir
    Path dir;

    /** A command with one option of each kind the suite's commands use. */
    @Command(name = "probe", mixinStandardHelpOptions = true)
    static final class Probe {
        @Mixin
        CommonOptions common;

        @Option(names = {"-c", "--count"})
        int count = 3;

        @Option(names = "--rate")
        double rate = 0.25;

        @Option(names = "--name")
        String name;

        @Option(names = "--out")
        Path out;

        @Option(names = "--param")
        Map<String, String> params = new LinkedHashMap<>();

        @Option(names = "--sizes", split = ",")
        int[] sizes = {1};

        @Option(names = "--fast")
        boolean fast;

        @Parameters(index = "0")
        String id;
    }

    private static CommandLine.Model.CommandSpec parsed(String... args) {
        CommandLine cl = new CommandLine(new Probe());
        cl.parseArgs(args);
        return cl.getCommandSpec();
    }

    private static JsonNode read(Path file) throws IOException {
        return new ObjectMapper().readTree(file.toFile());
    }

    @Test
    void theManifestSitsBesideTheResultWithoutItsCsvExtension() {
        Path d = Path.of("a", "b");
        assertThat(ResultManifest.pathFor(d.resolve("tv.csv"))).isEqualTo(d.resolve("tv.manifest.json"));
        assertThat(ResultManifest.pathFor(d.resolve("tv"))).isEqualTo(d.resolve("tv.manifest.json"));
        assertThat(ResultManifest.pathFor(d.resolve("tv.txt"))).isEqualTo(d.resolve("tv.txt.manifest.json"));
        assertThat(ResultManifest.pathFor(d.resolve("x.csv.csv"))).isEqualTo(d.resolve("x.csv.manifest.json"));
        assertThat(ResultManifest.pathFor(Path.of("tv.csv"))).isEqualTo(Path.of("tv.manifest.json"));
    }

    @Test
    void everyOptionIsRecordedAtItsParsedValueWithTheSeedArgumentsAndResult() throws IOException {
        Path csv = Files.writeString(dir.resolve("r.csv"), "a\n1\n");
        ObjectNode result = Output.object();
        result.put("final", 0.125);
        result.putArray("counts").add(1).add(2);
        ResultManifest.write(csv, parsed("fig7", "--seed", "42", "--json", "--name", "n1", "--param", "a=1", "--param",
                "b=x", "--sizes", "4,5", "--out", "o.csv", "--fast"), result);

        JsonNode m = read(dir.resolve("r.manifest.json"));
        assertThat(m.get("format").asText()).isEqualTo(ResultManifest.FORMAT);
        assertThat(m.get("version").asInt()).isEqualTo(1);
        assertThat(m.get("command").asText()).isEqualTo("probe");
        assertThat(m.get("seed").asLong()).isEqualTo(42);
        JsonNode s = m.get("settings");
        List<String> keys = new ArrayList<>();
        s.fieldNames().forEachRemaining(keys::add);
        // every option once, by its longest name without dashes; help, version and --json are not settings
        assertThat(keys).containsExactlyInAnyOrder("seed", "count", "rate", "name", "out", "param", "sizes", "fast");
        assertThat(s.get("seed").asLong()).isEqualTo(42);
        assertThat(s.get("count").isInt()).isTrue();
        assertThat(s.get("count").asInt()).isEqualTo(3); // the default, as given to the command
        assertThat(s.get("rate").asDouble()).isEqualTo(0.25);
        assertThat(s.get("name").asText()).isEqualTo("n1");
        assertThat(s.get("out").asText()).isEqualTo("o.csv");
        assertThat(s.get("param").get("a").asText()).isEqualTo("1");
        assertThat(s.get("param").get("b").asText()).isEqualTo("x");
        assertThat(s.get("sizes").isArray()).isTrue();
        assertThat(s.get("sizes").get(0).asInt()).isEqualTo(4);
        assertThat(s.get("sizes").get(1).asInt()).isEqualTo(5);
        assertThat(s.get("fast").asBoolean()).isTrue();
        assertThat(m.get("arguments")).hasSize(1);
        assertThat(m.get("arguments").get(0).asText()).isEqualTo("fig7");
        assertThat(m.get("result")).isEqualTo(result);
        assertThat(m.has("wallSeconds")).isTrue();
        assertThat(csv).hasContent("a\n1");
    }

    @Test
    void anUnsetOptionIsRecordedAsNullAndTheDefaultSeedIsOne() throws IOException {
        Path csv = Files.writeString(dir.resolve("r.csv"), "a\n");
        ResultManifest.write(csv, parsed("x"), Output.object());
        JsonNode m = read(dir.resolve("r.manifest.json"));
        assertThat(m.get("seed").asLong()).isEqualTo(1);
        assertThat(m.get("settings").get("name").isNull()).isTrue();
        assertThat(m.get("settings").get("fast").asBoolean()).isFalse();
    }

    @Test
    void aNonFiniteResultIsRefusedAndTheResultFileRemoved() throws IOException {
        Path csv = Files.writeString(dir.resolve("r.csv"), "a\n");
        ObjectNode result = Output.object();
        result.put("final", Double.NaN);
        assertThatThrownBy(() -> ResultManifest.write(csv, parsed("x"), result))
                .isInstanceOf(RangeException.class)
                .hasMessageContaining("final");
        // no result is left without its record
        assertThat(dir.resolve("r.manifest.json")).doesNotExist();
        assertThat(csv).doesNotExist();
    }

    @Test
    void whenTheManifestCannotBeWrittenTheResultIsRemovedToo() throws IOException {
        Path csv = Files.writeString(dir.resolve("r.csv"), "a\n");
        Files.createDirectories(dir.resolve("r.manifest.json")).resolve("occupied").toFile().createNewFile();
        assertThatThrownBy(() -> ResultManifest.write(csv, parsed("x"), Output.object()))
                .isInstanceOf(OutputException.class)
                .hasMessageContaining("r.manifest.json");
        assertThat(csv).doesNotExist();
    }
}
