package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@link DataOptions}: --data, --data-param and --data-seed as parsed, the data set they name, and
 * its description for a manifest (a file by its absolute path, a registered set by its parameters and seed).
 */
class DataOptionsTest {
    @TempDir
    Path dir;

    @Command(name = "probe")
    static final class Probe {
        @Mixin
        DataOptions data;
    }

    private static DataOptions parse(String... args) {
        Probe p = new Probe();
        new CommandLine(p).parseArgs(args);
        return p.data;
    }

    @Test
    void aRegisteredSetIsMadeWithItsParametersAndSeedAndDescribedByThem() {
        DataOptions o = parse("--data", "islands", "--data-param", "size=30", "--data-param", "a=0.4", "--data-seed", "9");
        assertThat(o.isFile()).isFalse();
        BinaryDataset ds = o.load();
        assertThat(ds).isEqualTo(Datasets.create("islands", Map.of("size", "30", "a", "0.4"), Rng.seeded(9)));
        Map<String, Object> info = o.describe(ds);
        assertThat(info.keySet()).containsExactly("name", "source", "parameters", "dataSeed", "rows", "columns");
        assertThat(info.get("source")).isEqualTo("islands");
        assertThat(info.get("name")).isEqualTo(ds.name());
        assertThat(info.get("parameters")).isEqualTo(Map.of("size", "30", "a", "0.4"));
        assertThat(info.get("dataSeed")).isEqualTo(9L);
        assertThat(info.get("rows")).isEqualTo(30);
        assertThat(info.get("columns")).isEqualTo(ds.dimension());
    }

    @Test
    void theDataSeedDefaultsToOne() {
        DataOptions o = parse("--data", "islands", "--data-param", "size=20");
        assertThat(o.dataSeed).isEqualTo(1);
        assertThat(o.load()).isEqualTo(Datasets.create("islands", Map.of("size", "20"), Rng.seeded(1)));
    }

    @Test
    void aFileIsDescribedByItsAbsolutePathAndShape() throws IOException {
        Path f = Files.write(dir.resolve("d.csv"), List.of("v0,v1,v2", "0,1,1", "1,1,0"));
        Path relative = Path.of("").toAbsolutePath().relativize(f);
        DataOptions o = parse("--data", relative.toString());
        assertThat(o.isFile()).isTrue();
        BinaryDataset ds = o.load();
        Map<String, Object> info = o.describe(ds);
        assertThat(info.keySet()).containsExactly("name", "source", "file", "rows", "columns");
        assertThat(info.get("source")).isEqualTo(relative.toString());
        assertThat(info.get("file")).isEqualTo(f.toAbsolutePath().normalize().toString());
        assertThat(info.get("rows")).isEqualTo(2);
        assertThat(info.get("columns")).isEqualTo(3);
    }

    @Test
    void dataIsRequired() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("--data-seed", "2"))
                .isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("--data");
    }
}
