package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tv} through {@link Main#execute}: TV(P, empirical) (paper Eq. tv_distance) against the
 * definition 1/2 sum_v |P(v) - Q(v)| with P enumerated in the test, at step 0 exactly and after BGS
 * steps against the exact s-step law of the chain; the CSV and manifest it writes; determinism by
 * seed; and the refusals that leave no output behind.
 */
class TvCommandTest {
    @TempDir
    Path dir;

    private Path model(RbmStack stack, String name) throws IOException {
        Path m = dir.resolve(name);
        ModelStore.save(stack, m, Map.of());
        return m;
    }

    private Path csv(String name, List<String> lines) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, lines);
        return f;
    }

    private static double[] tvColumn(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo("step,tv");
        double[] tv = new double[lines.size() - 1];
        for (int s = 0; s < tv.length; s++) {
            String[] f = lines.get(s + 1).split(",");
            assertThat(Integer.parseInt(f[0])).isEqualTo(s);
            tv[s] = Double.parseDouble(f[1]);
        }
        return tv;
    }

    /** 1/2 sum_v |p(v) - q(v)|, the definition. */
    private static double tv(double[] p, double[] q) {
        double s = 0;
        for (int a = 0; a < p.length; a++) {
            s += Math.abs(p[a] - q[a]);
        }
        return s / 2;
    }

    private static void assertRefused(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("rbm: ").contains(fragments);
    }

    @Test
    void atStepZeroTheChainsAreTheStartRowsAndTvIsExact() throws IOException {
        RbmStack stack = RbmStack.gaussian(3, new int[] {2}, 1.2, Rng.seeded(6));
        Path m = model(stack, "model");
        List<String> rows = List.of("1,0,1", "1,0,1", "0,0,0", "1,1,0", "0,1,1");
        List<String> lines = new ArrayList<>(List.of("v0,v1,v2"));
        lines.addAll(rows);
        Path start = csv("start.csv", lines);
        double[] q = new double[8];
        for (String row : rows) {
            String[] f = row.split(",");
            q[Integer.parseInt(f[0]) | Integer.parseInt(f[1]) << 1 | Integer.parseInt(f[2]) << 2] += 1.0 / rows.size();
        }
        double expected = tv(BruteForce.visibleDistribution(stack.bottom()), q);
        for (String kernel : new String[] {"bgs", "pt"}) {
            Path out = dir.resolve("tv0-" + kernel + ".csv");
            Cli.Result r = Cli.run("tv", "--model", m.toString(), "--kernel", kernel, "--chains", "5", "--steps", "0", "--start",
                    start.toString(), "--out", out.toString(), "--json");
            assertThat(r.code()).as(r.err()).isZero();
            double[] tv = tvColumn(out);
            assertThat(tv).hasSize(1);
            assertThat(tv[0]).as(kernel).isCloseTo(expected, within(1e-12));
            assertThat(r.json().get("final").asDouble()).isEqualTo(tv[0]);
            assertThat(r.json().get("method").asText()).isEqualTo("logZ");
        }
    }

    @Test
    void bgsFromACommonStartFollowsTheExactLawOfTheChain() throws IOException {
        Rbm bottom = Rbm.gaussian(3, 2, 1.5, Rng.seeded(8));
        Path m = model(RbmStack.of(bottom), "model");
        Path start = csv("start.csv", List.of("v0,v1,v2", "1,1,0")); // state index 3
        int chains = 20_000;
        int steps = 3;
        Path out = dir.resolve("tv.csv");
        Cli.Result r = Cli.run("tv", "--model", m.toString(), "--kernel", "bgs", "--chains", String.valueOf(chains), "--steps",
                String.valueOf(steps), "--start", start.toString(), "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        double[] tv = tvColumn(out);
        assertThat(tv).hasSize(steps + 1);
        double[][] t = Lambda2CommandTest.transitionMatrix(bottom);
        double[] p = BruteForce.visibleDistribution(bottom);
        double[] law = new double[8];
        law[3] = 1;
        for (int s = 0; s <= steps; s++) {
            // the empirical TV of 20,000 draws of `law` lies within ~0.01 of TV(law, P) on eight states
            assertThat(tv[s]).as("step %d", s).isCloseTo(tv(law, p), within(0.02));
            double[] next = new double[8];
            for (int a = 0; a < 8; a++) {
                for (int b = 0; b < 8; b++) {
                    next[b] += law[a] * t[a][b];
                }
            }
            law = next;
        }
        assertThat(tv[0]).isCloseTo(1 - p[3], within(1e-12));
        assertThat(r.json().get("final").asDouble()).isEqualTo(tv[steps]);
    }

    @Test
    void everyKernelMixesDownFromACommonStartAndWritesTheCsvAndManifest() throws IOException {
        RbmStack stack = RbmStack.gaussian(5, new int[] {6, 4}, 0.8, Rng.seeded(4));
        Path m = model(stack, "model");
        Path start = csv("start.csv", List.of("v0,v1,v2,v3,v4", "1,0,1,0,1"));
        for (String kernel : new String[] {"bgs", "dt", "roundtrip"}) {
            Path out = dir.resolve("tv-" + kernel + ".csv");
            Cli.Result r = Cli.run("tv", "--model", m.toString(), "--kernel", kernel, "--chains", "4000", "--steps", "20",
                    "--start", start.toString(), "--out", out.toString(), "--json");
            assertThat(r.code()).as(r.err()).isZero();
            double[] tv = tvColumn(out);
            assertThat(tv).hasSize(21);
            for (double x : tv) {
                assertThat(x).isBetween(0.0, 1.0);
            }
            double fin = r.json().get("final").asDouble();
            assertThat(tv[0]).isGreaterThan(0.5); // a point mass
            assertThat(fin).isLessThan(0.15);     // mixed down to near the floor of 4000 samples
            assertThat(tv[20]).isEqualTo(fin);
            assertThat(Files.readString(dir.resolve("tv-" + kernel + ".manifest.json")))
                    .contains("\"command\" : \"tv\"", "\"kernel\" : \"" + kernel + "\"", "\"final\" : " + fin);
        }
    }

    @Test
    void tvUsesLogZForOrdinaryModelsAndTheSelfNormalisedTableAtLargeScale() throws IOException {
        Path ordinary = dir.resolve("ordinary");
        ModelStore.save(RbmStack.of(Rbm.gaussian(8, 6, 1.0, Rng.seeded(2))), ordinary, Map.of());
        Cli.Result a = Cli.run("tv", "--model", ordinary.toString(), "--kernel", "bgs", "--chains", "20", "--steps", "2",
                "--out", dir.resolve("a.csv").toString(), "--json");
        assertThat(a.code()).as(a.err()).isZero();
        assertThat(a.json().get("method").asText()).isEqualTo("logZ");
        Path wide = dir.resolve("wide");
        ModelStore.save(RbmStack.of(Rbm.gaussian(22, 3, 1e17, Rng.seeded(3))), wide, Map.of());
        Cli.Result b = Cli.run("tv", "--model", wide.toString(), "--kernel", "bgs", "--chains", "20", "--steps", "2",
                "--out", dir.resolve("b.csv").toString(), "--json");
        assertThat(b.code()).as(b.err()).isZero();
        assertThat(b.json().get("method").asText()).isEqualTo("table");
        assertThat(b.json().get("final").asDouble()).isBetween(0.0, 1.0);
    }

    @Test
    void theSameSeedWritesTheSameBytesAndAnotherSeedOtherBytes() throws IOException {
        Path m = model(RbmStack.gaussian(4, new int[] {3, 3}, 1.0, Rng.seeded(2)), "model");
        byte[][] files = new byte[3][];
        String[] seeds = {"3", "3", "4"};
        for (int k = 0; k < 3; k++) {
            Path out = dir.resolve("run" + k + ".csv");
            Cli.Result r = Cli.run("tv", "--model", m.toString(), "--kernel", "roundtrip", "--chains", "50", "--steps", "6",
                    "--seed", seeds[k], "--out", out.toString());
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).startsWith("TV after 6 steps of roundtrip with 50 chains: ");
            files[k] = Files.readAllBytes(out);
        }
        assertThat(files[1]).isEqualTo(files[0]);
        assertThat(files[2]).isNotEqualTo(files[0]);
    }

    @Test
    void badOptionsAreRefusedBeforeAnyOutputIsWritten() throws IOException {
        String m = model(RbmStack.gaussian(5, new int[] {6, 4}, 0.8, Rng.seeded(4)), "model").toString();
        String one = model(RbmStack.gaussian(5, new int[] {6}, 0.8, Rng.seeded(4)), "single").toString();
        Path out = dir.resolve("x.csv");
        String o = out.toString();
        String twoRows = csv("s2.csv", List.of("v0,v1,v2,v3,v4", "1,0,1,0,1", "0,0,0,0,0")).toString();
        assertRefused(Cli.run("tv", "--model", m, "--kernel", "bgs", "--chains", "10", "--steps", "2", "--start", twoRows,
                "--out", o), "--start", "2 rows");
        String narrow = csv("narrow.csv", List.of("v0,v1", "1,0")).toString();
        assertRefused(Cli.run("tv", "--model", m, "--kernel", "bgs", "--chains", "10", "--steps", "2", "--start", narrow,
                "--out", o), "--start");
        assertRefused(Cli.run("tv", "--model", m, "--kernel", "bgs", "--chains", "0", "--steps", "2", "--out", o), "--chains");
        assertRefused(Cli.run("tv", "--model", m, "--kernel", "bgs", "--chains", "5", "--steps", "-1", "--out", o), "--steps");
        assertRefused(Cli.run("tv", "--model", m, "--kernel", "nope", "--chains", "5", "--steps", "1", "--out", o), "--kernel");
        assertRefused(Cli.run("tv", "--model", one, "--kernel", "dt", "--chains", "5", "--steps", "1", "--out", o), "--kernel",
                "two layers");
        assertRefused(Cli.run("tv", "--model", m, "--kernel", "bgs", "--kernel-param", "bogus=1", "--chains", "5", "--steps",
                "1", "--out", o), "--kernel-param");
        assertRefused(Cli.run("tv", "--model", m, "--kernel", "bgs", "--chains", "5", "--steps", "1"), "--out");
        assertThat(Files.exists(out)).isFalse();
        assertThat(Files.exists(dir.resolve("x.manifest.json"))).isFalse();

        Path foreign = csv("mine.csv", List.of("keep me"));
        assertRefused(Cli.run("tv", "--model", m, "--kernel", "bgs", "--chains", "5", "--steps", "1", "--out",
                foreign.toString()), "--out", "already exists");
        assertThat(Files.readAllLines(foreign)).containsExactly("keep me");
    }

    @Test
    void helpListsTheOptions() {
        Cli.Result r = Cli.run("tv", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("--model", "--kernel", "--kernel-param", "--chains", "--steps", "--start", "--out");
    }
}
