package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiagnosticsCommandsTest {
    @TempDir
    Path dir;

    private static Cli.Result run(String... args) {
        return Cli.run(args);
    }

    private Path model(RbmStack stack) throws IOException {
        Path m = dir.resolve("model");
        ModelStore.save(stack, m, Map.of());
        return m;
    }

    private Path csv(String name, List<String> lines) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, lines);
        return f;
    }

    @Test
    void logzExactAndSamplingMethods() throws IOException {
        RbmStack stack = RbmStack.gaussian(8, new int[] {12}, 0.5, Rng.seeded(1));
        Path m = model(stack);
        double exact = ExactLogZ.logZ(stack.bottom());
        Cli.Result r = run("logz", "--model", m.toString(), "--method", "exact", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("logZ").asDouble()).isEqualTo(exact);
        assertThat(r.json().get("method").asText()).isEqualTo("exact");
        assertThat(r.json().has("seconds")).isTrue();
        for (String method : new String[] {"mais", "ais", "rais"}) {
            Cli.Result s = run("logz", "--model", m.toString(), "--method", method, "--runs", "50", "--temperatures", "300", "--json");
            assertThat(s.code()).as(s.err()).isZero();
            assertThat(s.json().get("logZ").asDouble()).as(method).isCloseTo(exact, within(0.1));
            assertThat(s.json().get("stderr").asDouble()).isPositive();
        }
        Cli.Result bad = run("logz", "--model", m.toString(), "--method", "magic");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--method").doesNotContain("\n\n");
        Cli.Result badLayer = run("logz", "--model", m.toString(), "--method", "exact", "--layer", "3");
        assertThat(badLayer.code()).isEqualTo(2);
        assertThat(badLayer.err()).contains("--layer");
    }

    @Test
    void loglikExactMatchesTheLibraryAndRejectsBadData() throws IOException {
        RbmStack stack = RbmStack.gaussian(3, new int[] {4}, 0.7, Rng.seeded(2));
        Path m = model(stack);
        Path data = csv("d.csv", List.of("v0,v1,v2,label", "0,1,1,a", "1,1,0,b", "0,0,0,a"));
        Cli.Result r = run("loglik", "--model", m.toString(), "--data", data.toString(), "--method", "exact", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        Rbm rbm = stack.bottom();
        double logZ = ExactLogZ.logZ(rbm);
        double[] lv = new double[3];
        rbm.logMarginalVisible(new double[] {0, 1, 1, 1, 1, 0, 0, 0, 0}, 3, lv);
        assertThat(r.json().get("logLikelihood").asDouble()).isCloseTo((lv[0] + lv[1] + lv[2]) / 3 - logZ, within(1e-12));
        assertThat(r.json().get("logZ").asDouble()).isEqualTo(logZ);

        Cli.Result mais = run("loglik", "--model", m.toString(), "--data", data.toString(), "--method", "mais", "--runs", "50",
                "--temperatures", "300", "--json");
        assertThat(mais.code()).as(mais.err()).isZero();
        assertThat(mais.json().get("logZ").asDouble()).isCloseTo(logZ, within(0.05));

        Path bad = csv("bad.csv", List.of("v0,v1,v2", "0,1,1", "0,2,1"));
        Cli.Result b = run("loglik", "--model", m.toString(), "--data", bad.toString(), "--method", "exact");
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err()).contains("bad.csv:3:");
        Path ragged = csv("ragged.csv", List.of("v0,v1,v2", "0,1"));
        assertThat(run("loglik", "--model", m.toString(), "--data", ragged.toString(), "--method", "exact").err())
                .contains("ragged.csv:2:");
        Path noHeader = csv("nohead.csv", List.of("0,1,1"));
        assertThat(run("loglik", "--model", m.toString(), "--data", noHeader.toString(), "--method", "exact").code())
                .isEqualTo(2);
        Path wide = csv("wide.csv", List.of("v0,v1", "0,1"));
        assertThat(run("loglik", "--model", m.toString(), "--data", wide.toString(), "--method", "exact").err())
                .contains("columns");
    }

    @Test
    void lambda2Estimators() throws IOException {
        Path m = model(RbmStack.gaussian(4, new int[] {5}, 1.0, Rng.seeded(3)));
        Cli.Result exact = run("lambda2", "--model", m.toString(), "--estimator", "exact", "--json");
        assertThat(exact.code()).as(exact.err()).isZero();
        double l2 = exact.json().get("lambda2").asDouble();
        assertThat(exact.json().get("relaxationTime").asDouble()).isCloseTo(1 / (1 - l2), within(1e-9));
        Cli.Result rb = run("lambda2", "--model", m.toString(), "--estimator", "rao-blackwell", "--repeats", "4096", "--json");
        assertThat(rb.code()).as(rb.err()).isZero();
        assertThat(rb.json().get("lambda2").asDouble()).isCloseTo(l2, within(0.02));
        Cli.Result counts = run("lambda2", "--model", m.toString(), "--estimator", "counts", "--repeats", "4096", "--json");
        assertThat(counts.json().get("lambda2").asDouble()).isCloseTo(l2, within(0.05));
        assertThat(run("lambda2", "--model", m.toString(), "--estimator", "power").code()).isEqualTo(2);
    }

    @Test
    void tvDecreasesFromACommonStartAndWritesTheCsv() throws IOException {
        RbmStack stack = RbmStack.gaussian(5, new int[] {6, 4}, 0.8, Rng.seeded(4));
        Path m = model(stack);
        Path start = csv("start.csv", List.of("v0,v1,v2,v3,v4", "1,0,1,0,1"));
        for (String kernel : new String[] {"bgs", "dt", "roundtrip"}) {
            Path out = dir.resolve("tv-" + kernel + ".csv");
            Cli.Result r = run("tv", "--model", m.toString(), "--kernel", kernel, "--chains", "4000", "--steps", "20",
                    "--start", start.toString(), "--out", out.toString(), "--json");
            assertThat(r.code()).as(r.err()).isZero();
            List<String> lines = Files.readAllLines(out);
            assertThat(lines).hasSize(22);
            assertThat(lines.get(0)).isEqualTo("step,tv");
            double tv0 = Double.parseDouble(lines.get(1).split(",")[1]);
            double fin = r.json().get("final").asDouble();
            assertThat(tv0).isGreaterThan(0.5); // a point mass
            assertThat(fin).isLessThan(0.15);   // mixed down to near the floor of 4000 samples
            assertThat(Double.parseDouble(lines.get(21).split(",")[1])).isEqualTo(fin);
            assertThat(Files.readString(dir.resolve("tv-" + kernel + ".manifest.json")))
                    .contains("\"command\" : \"tv\"", "\"kernel\" : \"" + kernel + "\"", "\"final\" : " + fin);
        }
        Cli.Result bad = run("tv", "--model", m.toString(), "--kernel", "bgs", "--chains", "10", "--steps", "2",
                "--start", csv("s2.csv", List.of("v0,v1,v2,v3,v4", "1,0,1,0,1", "0,0,0,0,0")).toString(),
                "--out", dir.resolve("x.csv").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--start");
        assertThat(Files.exists(dir.resolve("x.csv"))).isFalse();
    }
}
