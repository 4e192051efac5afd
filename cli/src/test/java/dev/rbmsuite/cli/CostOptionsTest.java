package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Commands refuse exact computations estimated above 10 minutes unless given --allow-slow. */
class CostOptionsTest {
    @TempDir
    Path dir;

    private Path model(String name, int n, int m) throws IOException {
        Path p = dir.resolve(name);
        ModelStore.save(RbmStack.of(Rbm.gaussian(n, m, 0.01, Rng.seeded(1))), p, Map.of());
        return p;
    }

    private static void assertRefused(Cli.Result r, String what) {
        assertThat(r.code()).as(r.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).startsWith("rbm: " + what).contains("would take about", "above the limit of 10 min",
                "--allow-slow");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void exactLogZOfAHugeModelIsRefusedAtOnceWithItsCost() throws IOException {
        Path m = model("huge", 30, 5000);
        long t0 = System.nanoTime();
        assertRefused(Cli.run("logz", "--model", m.toString(), "--method", "exact"), "exact log Z (2^30 states x 5000 units)");
        Path out = dir.resolve("tv.csv");
        assertRefused(Cli.run("tv", "--model", m.toString(), "--kernel", "bgs", "--chains", "2", "--steps", "1",
                "--out", out.toString()), "exact log Z");
        assertThat(out).doesNotExist();
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(5.0);
    }

    @Test
    void exactLambda2OfALargeModelIsRefusedAndSmallOnesRun() throws IOException {
        assertRefused(Cli.run("lambda2", "--model", model("big", 12, 16).toString(), "--estimator", "exact"),
                "lambda2 (exact, 2^12 states, m = 16)");
        Cli.Result ok = Cli.run("lambda2", "--model", model("small", 4, 3).toString(), "--estimator", "exact",
                "--allow-slow", "--json");
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.json().get("lambda2").asDouble()).isBetween(0.0, 1.0);
        assertThat(Files.list(dir).count()).isEqualTo(2);
    }
}
