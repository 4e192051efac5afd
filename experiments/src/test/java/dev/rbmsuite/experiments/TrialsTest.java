package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.CsvTable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kept trials are reused only by a run with the same settings and the same root seed; a run with another
 * seed is refused, naming the setting, unless it restarts, which moves the kept trials aside.
 */
class TrialsTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private static Map<String, byte[]> snapshot(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (var s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(dir.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return m;
    }

    private static void assertSame(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        expected.forEach((k, v) -> assertThat(actual.get(k)).as(k).isEqualTo(v));
    }

    private static double[] draws(Path dir, long seed, int[] computed) throws Exception {
        return draws(dir, seed, computed, false);
    }

    private static double[] draws(Path dir, long seed, int[] computed, boolean restart) throws Exception {
        ExperimentContext ctx = new ExperimentContext("test", dir, Scale.SMOKE, seed, 1, QUIET).withRestart(restart);
        List<CsvTable> t = Trials.run(ctx, "group", 3, Map.of("size", 4), (trial, rng, artifacts) -> {
            computed[0]++;
            return CsvTable.builder("x").row(rng.nextDouble()).build();
        });
        double[] x = new double[t.size()];
        for (int r = 0; r < x.length; r++) {
            x[r] = t.get(r).doubles("x")[0];
        }
        return x;
    }

    @Test
    void aRerunWithTheSameSeedKeepsTrialsAndAnotherSeedRecomputesThem(@TempDir Path dir) throws Exception {
        int[] computed = {0};
        double[] first = draws(dir, 1, computed);
        assertThat(computed[0]).isEqualTo(3);
        assertThat(draws(dir, 1, computed)).containsExactly(first);
        assertThat(computed[0]).as("kept trials reused").isEqualTo(3);

        Map<String, byte[]> kept = snapshot(dir.resolve("trials/group"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> draws(dir, 2, computed))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("setting seed: kept \"1\", this run \"2\"").hasMessageContaining("--restart");
        assertThat(computed[0]).as("nothing computed").isEqualTo(3);
        assertSame(kept, snapshot(dir.resolve("trials/group")));

        double[] other = draws(dir, 2, computed, true);
        assertThat(computed[0]).as("a restart with another seed recomputes every trial").isEqualTo(6);
        assertSame(kept,
                snapshot(dir.resolve("trials/group.before-restart-1")));
        assertThat(other).isNotEqualTo(first);
        // and a fresh folder with seed 2 gives the same draws: nothing of seed 1 leaked in
        assertThat(draws(dir.resolve("fresh"), 2, new int[1])).containsExactly(other);
    }
}
