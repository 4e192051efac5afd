package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.io.ModelStore;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code init} and {@code info} through the command line: results, reproducibility, exit codes. */
class InitCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void initWritesAModelThatInfoReadsBack() throws Exception {
        Path m = tmp.resolve("m");
        Cli.Result init = Cli.run("init", "--visible", "10", "--hidden", "100,50", "--out", m.toString(), "--json");
        assertThat(init.code()).isZero();
        assertThat(init.err()).isEmpty();
        JsonNode r = JSON.readTree(init.out());
        assertThat(r.toString()).isEqualTo("{\"layers\":[{\"visible\":10,\"hidden\":100},{\"visible\":100,\"hidden\":50}]}");
        RbmStack s = ModelStore.load(m);
        assertThat(s.layer(0).visibleBiasArray()).containsOnly(0.0);
        Cli.Result info = Cli.run("info", "--model", m.toString(), "--json");
        assertThat(info.code()).isZero();
        JsonNode i = JSON.readTree(info.out());
        assertThat(i.get("layers")).isEqualTo(r.get("layers"));
        assertThat(i.get("manifest").get("seed").asLong()).isEqualTo(1);
        assertThat(info.out().trim().lines()).hasSize(1);
        Cli.Result text = Cli.run("info", "--model", m.toString());
        assertThat(text.out()).contains("layer 1: 100 visible, 50 hidden");
    }

    @Test
    void sameSeedSameModelOtherSeedOtherModel() {
        Cli.run("init", "--visible", "4", "--hidden", "3", "--out", tmp.resolve("a").toString(), "--seed", "5");
        Cli.run("init", "--visible", "4", "--hidden", "3", "--out", tmp.resolve("b").toString(), "--seed", "5");
        Cli.run("init", "--visible", "4", "--hidden", "3", "--out", tmp.resolve("c").toString(), "--seed", "6");
        assertThat(ModelStore.load(tmp.resolve("a"))).isEqualTo(ModelStore.load(tmp.resolve("b")));
        assertThat(ModelStore.load(tmp.resolve("a"))).isNotEqualTo(ModelStore.load(tmp.resolve("c")));
    }

    @Test
    void weightStdDrawsEveryParameter() {
        Cli.Result r = Cli.run("init", "--visible", "6", "--hidden", "5", "--out", tmp.resolve("g").toString(),
                "--weight-std", "0.1");
        assertThat(r.code()).isZero();
        RbmStack s = ModelStore.load(tmp.resolve("g"));
        assertThat(s.layer(0).visibleBiasArray()).doesNotContain(0.0);
        assertThat(s.layer(0).hiddenBiasArray()).doesNotContain(0.0);
    }

    @Test
    void badInputExitsWithTwoAndOneLine() {
        Path out = tmp.resolve("x");
        for (String[] args : new String[][] {
            {"init", "--visible", "10", "--hidden", "5", "--out", out.toString(), "--bogus"},
            {"init", "--visible", "ten", "--hidden", "5", "--out", out.toString()},
            {"init", "--visible", "0", "--hidden", "5", "--out", out.toString()},
            {"init", "--visible", "3", "--hidden", "5,-1", "--out", out.toString()},
            {"init", "--hidden", "5", "--out", out.toString()},
            {"frobnicate"},
        }) {
            Cli.Result r = Cli.run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err().trim().lines()).as(r.err()).hasSize(1);
            assertThat(r.out()).isEmpty();
        }
        assertThat(Files.exists(out)).isFalse();
        Cli.Result missing = Cli.run("info", "--model", tmp.resolve("nope").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("nope").contains("not found");
    }

    @Test
    void corruptModelIsBadInputNamingTheFile() throws Exception {
        Path m = tmp.resolve("m");
        Cli.run("init", "--visible", "3", "--hidden", "2", "--out", m.toString());
        Files.write(m.resolve("layer0/W.npy"), new byte[] {1, 2});
        Cli.Result r = Cli.run("info", "--model", m.toString(), "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("W.npy");
        assertThat(r.out()).isEmpty();
    }
}
