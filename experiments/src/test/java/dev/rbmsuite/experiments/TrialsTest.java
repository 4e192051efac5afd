package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.CsvTable;
import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kept trials are reused only by a run with the same settings and the same root seed. */
class TrialsTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private static double[] draws(Path dir, long seed, int[] computed) throws Exception {
        ExperimentContext ctx = new ExperimentContext("test", dir, Scale.SMOKE, seed, 1, QUIET);
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

        double[] other = draws(dir, 2, computed);
        assertThat(computed[0]).as("another seed recomputes every trial").isEqualTo(6);
        assertThat(other).isNotEqualTo(first);
        // and a fresh folder with seed 2 gives the same draws: nothing of seed 1 leaked in
        assertThat(draws(dir.resolve("fresh"), 2, new int[1])).containsExactly(other);
    }
}
