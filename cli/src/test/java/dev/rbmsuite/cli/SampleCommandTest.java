package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.kernels.ChainBlocks;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.Kernels;
import dev.rbmsuite.kernels.RoundTripInfo;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sample} through {@link Main#execute}: outputs, JSON statistics, determinism and input errors. */
class SampleCommandTest {
    @TempDir
    Path dir;
    Path model;

    static Cli.Result run(String... args) {
        return Cli.run(args);
    }

    @BeforeEach
    void makeModel() {
        model = dir.resolve("model");
        Cli.Result r = run("init", "--visible", "6", "--hidden", "5,4,3", "--weight-std", "1", "--out", model.toString());
        assertThat(r.code()).as(r.err()).isZero();
    }

    /**
     * {@code --arithmetic blas} (sample and tv share it): the manifest names it and the library, the same
     * command gives the same bytes again, and an unknown value is one line, exit 2.
     */
    @Test
    void theBlasArithmeticIsRecordedAndRepeatsItsBytes() throws IOException {
        String[] kernels = {"bgs", "dula", "roundtrip"};
        for (String kernel : kernels) {
            byte[] first = null;
            for (int rep = 0; rep < 2; rep++) {
                Path csv = dir.resolve(kernel + rep + ".csv");
                Cli.Result r = run("sample", "--model", model.toString(), "--kernel", kernel, "--chains", "30", "--steps",
                        "5", "--out", csv.toString(), "--arithmetic", "blas", "--seed", "4");
                assertThat(r.code()).as(r.err()).isZero();
                if (first == null) {
                    first = Files.readAllBytes(csv);
                } else {
                    assertThat(Files.readAllBytes(csv)).as(kernel).isEqualTo(first);
                }
                JsonNode manifest = new ObjectMapper().readTree(dir.resolve(kernel + rep + ".manifest.json").toFile());
                assertThat(manifest.toString()).contains("\"arithmeticLibrary\":\"OpenBLAS ", "blas");
            }
        }
        Cli.Result tv = run("tv", "--model", model.toString(), "--kernel", "bgs", "--chains", "30", "--steps", "4",
                "--out", dir.resolve("tv.csv").toString(), "--arithmetic", "blas");
        assertThat(tv.code()).as(tv.err()).isZero();
        Cli.Result bad = run("sample", "--model", model.toString(), "--kernel", "bgs", "--chains", "3", "--steps", "1",
                "--out", dir.resolve("bad.csv").toString(), "--arithmetic", "fast");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("rbm: option --arithmetic").doesNotContain("\n");
        assertThat(dir.resolve("bad.csv")).doesNotExist();
    }

    @Test
    void everyKernelWritesTheLayerZeroStatesAndItsStatistics() throws IOException {
        for (String kernel : List.of("bgs", "dt", "roundtrip", "pt")) {
            Path csv = dir.resolve(kernel + ".csv");
            Cli.Result r = run("sample", "--model", model.toString(), "--kernel", kernel, "--chains", "40", "--steps", "7",
                    "--out", csv.toString(), "--temperatures", "4", "--json");
            assertThat(r.code()).as(r.err()).isZero();
            List<String> lines = Files.readAllLines(csv);
            assertThat(lines).hasSize(41);
            assertThat(lines.get(0)).isEqualTo("v0,v1,v2,v3,v4,v5");
            for (String line : lines.subList(1, 41)) {
                assertThat(line).matches("[01](,[01]){5}");
            }
            JsonNode j = new ObjectMapper().readTree(r.out());
            assertThat(j.get("chains").asInt()).isEqualTo(40);
            assertThat(j.get("steps").asInt()).isEqualTo(7);
            // the sampling thread's CPU time: never more than the wall time of the same loop (a process's
            // CPU time, JIT and GC threads included, could be)
            assertThat(j.get("cpuSeconds").asDouble()).isNotNegative()
                    .isLessThanOrEqualTo(j.get("seconds").asDouble() + 0.002);
            int levels = switch (kernel) {
                case "bgs" -> 0;
                case "pt" -> 3;
                default -> 2;
            };
            assertThat(j.get("swapAttempts")).hasSize(levels);
            for (int l = 0; l < levels; l++) {
                long att = j.get("swapAttempts").get(l).asLong();
                long acc = j.get("swapAccepts").get(l).asLong();
                assertThat(acc).isBetween(0L, att);
                if (att > 0) {
                    assertThat(j.get("acceptanceRates").get(l).asDouble()).isEqualTo((double) acc / att);
                }
            }
            if (kernel.equals("roundtrip")) {
                assertThat(j.get("swapAttempts").get(0).asLong()).isEqualTo(2L * 40 * 7);
                long total = 0;
                for (JsonNode c : j.get("bottomOrigin")) {
                    total += c.asLong();
                }
                assertThat(j.get("bottomOrigin")).hasSize(3);
                assertThat(total).isEqualTo(40L * 7);
            }
            if (kernel.equals("dt")) {
                // parity alternates from 0: level 0 on steps 0,2,4,6 and level 1 on steps 1,3,5
                assertThat(j.get("swapAttempts").get(0).asLong()).isEqualTo(4L * 40);
                assertThat(j.get("swapAttempts").get(1).asLong()).isEqualTo(3L * 40);
            }
        }
    }

    /** The summary names what a kernel's counts are: swap levels, Metropolis-Hastings proposals, site updates. */
    @Test
    void theSummaryNamesWhatItCounts() {
        String m = model.toString();
        Cli.Result pt = run("sample", "--model", m, "--kernel", "pt", "--chains", "10", "--steps", "3", "--out",
                dir.resolve("pt.csv").toString(), "--kernel-param", "temperatures=3");
        assertThat(pt.out()).contains("\n  swap level 0: ").contains("\n  swap level 1: ").contains(" accepted");
        Cli.Result gwg = run("sample", "--model", m, "--kernel", "gwg", "--chains", "10", "--steps", "3", "--out",
                dir.resolve("gwg.csv").toString());
        assertThat(gwg.out()).containsPattern("\n  proposals: \\d+ of 30 accepted").doesNotContain("swap level");
        Cli.Result gibbs = run("sample", "--model", m, "--kernel", "rsgibbs", "--kernel-param", "sites=2", "--chains",
                "10", "--steps", "3", "--out", dir.resolve("rsgibbs.csv").toString());
        assertThat(gibbs.out()).containsPattern("\n  site updates: \\d+ of 60 flipped their unit");
    }

    @Test
    void sameSeedSameOutput() throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Path c = dir.resolve("c.csv");
        String m = model.toString();
        assertThat(run("sample", "--model", m, "--kernel", "roundtrip", "--chains", "30", "--steps", "5", "--out",
                a.toString(), "--seed", "9").code()).isZero();
        assertThat(run("sample", "--model", m, "--kernel", "roundtrip", "--chains", "30", "--steps", "5", "--out",
                b.toString(), "--seed", "9").code()).isZero();
        assertThat(run("sample", "--model", m, "--kernel", "roundtrip", "--chains", "30", "--steps", "5", "--out",
                c.toString(), "--seed", "10").code()).isZero();
        assertThat(Files.readAllLines(b)).isEqualTo(Files.readAllLines(a));
        assertThat(Files.readAllLines(c)).isNotEqualTo(Files.readAllLines(a));
        String manifest = Files.readString(dir.resolve("a.manifest.json"));
        assertThat(manifest).contains("\"command\" : \"sample\"", "\"seed\" : 9", "\"kernel\" : \"roundtrip\"",
                "\"chains\" : 30", "\"swapAccepts\"");
    }

    /**
     * More chains than one block ({@link ChainBlocks#BLOCK}): the command runs them in blocks and
     * must write exactly the states, swap counts and origins of one batch advanced as the
     * randomness contract says (start from fork(1), step s from fork(2).fork(s)).
     */
    @Test
    void chainsInBlocksGiveTheOutputOfOneBatch() throws IOException {
        int chains = 2 * ChainBlocks.BLOCK + 37;
        int steps = 3;
        RbmStack stack = ModelStore.load(model);
        for (String kernel : List.of("bgs", "dt", "roundtrip")) {
            Path csv = dir.resolve("blocks-" + kernel + ".csv");
            Cli.Result r = run("sample", "--model", model.toString(), "--kernel", kernel, "--chains",
                    Integer.toString(chains), "--steps", Integer.toString(steps), "--out", csv.toString(), "--seed", "4",
                    "--json");
            assertThat(r.code()).as(r.err()).isZero();
            TransitionKernel k = Kernels.create(kernel, stack);
            Rng root = Rng.seeded(4);
            ChainState state = k.init(chains, root.fork(1));
            StepInfo total = k.zeroInfo();
            for (int s = 0; s < steps; s++) {
                total = total.plus(k.advance(root.fork(2).fork(s), state));
            }
            List<String> lines = Files.readAllLines(csv);
            assertThat(lines).hasSize(chains + 1);
            int n = stack.bottom().numVisible();
            double[] v = state.buffer(0);
            for (int c = 0; c < chains; c++) {
                StringBuilder row = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    row.append(i == 0 ? "" : ",").append((int) v[c * n + i]);
                }
                assertThat(lines.get(c + 1)).as("%s, chain %d", kernel, c).isEqualTo(row.toString());
            }
            JsonNode j = new ObjectMapper().readTree(r.out());
            for (int l = 0; l < total.swapAttempts().length; l++) {
                assertThat(j.get("swapAttempts").get(l).asLong()).isEqualTo(total.swapAttempts()[l]);
                assertThat(j.get("swapAccepts").get(l).asLong()).isEqualTo(total.swapAccepts()[l]);
            }
            if (total instanceof RoundTripInfo rt) {
                for (int o = 0; o < rt.originCounts().length; o++) {
                    assertThat(j.get("bottomOrigin").get(o).asLong()).isEqualTo(rt.originCounts()[o]);
                }
            }
        }
    }

    @Test
    void initFileRowsStartTheChains() throws IOException {
        Path init = dir.resolve("init.csv");
        Files.writeString(init, "v0,v1,v2,v3,v4,v5,label\n1,0,1,0,1,1,2\n0,0,0,1,1,0,0\n");
        Path out = dir.resolve("out.csv");
        Cli.Result r = run("sample", "--model", model.toString(), "--kernel", "dt", "--chains", "5", "--steps", "0",
                "--out", out.toString(), "--init", init.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllLines(out)).containsExactly("v0,v1,v2,v3,v4,v5", "1,0,1,0,1,1", "0,0,0,1,1,0",
                "1,0,1,0,1,1", "0,0,0,1,1,0", "1,0,1,0,1,1");
    }

    @Test
    void badInputExitsWithTwoAndWritesNothing() throws IOException {
        Path out = dir.resolve("never.csv");
        Cli.Result unknown = run("sample", "--model", model.toString(), "--kernel", "gibbs", "--chains", "5", "--steps", "1",
                "--out", out.toString());
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("--kernel").contains("gibbs");
        assertThat(unknown.err().strip().lines().count()).isEqualTo(1);

        Path narrow = dir.resolve("narrow.csv");
        Files.writeString(narrow, "v0,v1,v2\n1,0,1\n");
        Cli.Result dim = run("sample", "--model", model.toString(), "--kernel", "bgs", "--chains", "5", "--steps", "1",
                "--out", out.toString(), "--init", narrow.toString());
        assertThat(dim.code()).isEqualTo(2);
        assertThat(dim.err()).contains("--init").contains("narrow.csv").contains("6 visible units");

        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "v0,v1,v2,v3,v4,v5\n1,0,1,0,1,1\n1,0,2,0,1,1\n");
        Cli.Result value = run("sample", "--model", model.toString(), "--kernel", "bgs", "--chains", "5", "--steps", "1",
                "--out", out.toString(), "--init", bad.toString());
        assertThat(value.code()).isEqualTo(2);
        assertThat(value.err()).contains("bad.csv:3").contains("v2");

        Path ragged = dir.resolve("ragged.csv");
        Files.writeString(ragged, "v0,v1,v2,v3,v4,v5\n1,0,1,0,1\n");
        assertThat(run("sample", "--model", model.toString(), "--kernel", "bgs", "--chains", "5", "--steps", "1",
                "--out", out.toString(), "--init", ragged.toString()).err()).contains("ragged.csv:2");

        assertThat(run("sample", "--model", model.toString(), "--kernel", "bgs", "--chains", "0", "--steps", "1",
                "--out", out.toString()).code()).isEqualTo(2);
        assertThat(Files.exists(out)).isFalse();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(f -> f.endsWith(".tmp"));
        }
    }
}
