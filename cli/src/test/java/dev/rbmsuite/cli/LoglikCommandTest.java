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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loglik} through {@link Main#execute}: the mean of ln P(v) over the rows (paper Eq.
 * log_likelihood) against enumeration (core's brute-force kit), the mAIS variant near it and
 * deterministic by seed, and the refusal of bad options and malformed data naming file and line.
 */
class LoglikCommandTest {
    @TempDir
    Path dir;
    RbmStack stack;
    Path model;

    @BeforeEach
    void saveModel() throws IOException {
        stack = RbmStack.gaussian(3, new int[] {4, 2}, 0.7, Rng.seeded(2));
        model = dir.resolve("model");
        ModelStore.save(stack, model, Map.of());
    }

    private Path csv(String name, List<String> lines) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, lines);
        return f;
    }

    private static void assertRefused(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("rbm: ").contains(fragments);
    }

    @Test
    void exactIsTheMeanEnumeratedLogProbabilityOfTheRowsUnderLayerZero() throws IOException {
        Path data = csv("d.csv", List.of("v0,v1,v2,label", "0,1,1,a", "1,1,0,b", "0,0,0,a", "0,1,1,c"));
        Cli.Result r = Cli.run("loglik", "--model", model.toString(), "--data", data.toString(), "--method", "exact", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        Rbm rbm = stack.bottom();
        double[] rows = {0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1};
        // by hand from the definition: ln P(v) = ln sum_h exp(-E(v, h)) - ln Z, averaged over the four rows
        double logZ = BruteForce.logZ(rbm);
        double sum = 0;
        for (int k = 0; k < 4; k++) {
            sum += BruteForce.logMarginalVisible(rbm, Arrays.copyOfRange(rows, 3 * k, 3 * k + 3)) - logZ;
        }
        assertThat(r.json().get("logLikelihood").asDouble()).isCloseTo(sum / 4, within(1e-12));
        assertThat(r.json().get("logLikelihood").asDouble()).isCloseTo(BruteForce.logLikelihood(rbm, rows, 4), within(1e-12));
        assertThat(r.json().get("logZ").asDouble()).isCloseTo(logZ, within(1e-12));
        assertThat(r.json().has("stderr")).isFalse();
        Cli.Result text = Cli.run("loglik", "--model", model.toString(), "--data", data.toString(), "--method", "exact");
        assertThat(text.out()).startsWith("mean log-likelihood ").contains("exact");
    }

    @Test
    void maisIsNearTheExactValueAndTheSameForTheSameSeed() throws IOException {
        Path data = csv("d.csv", List.of("v0,v1,v2", "0,1,1", "1,1,0", "0,0,0"));
        double[] rows = {0, 1, 1, 1, 1, 0, 0, 0, 0};
        String[] args = {"loglik", "--model", model.toString(), "--data", data.toString(), "--method", "mais", "--runs", "50",
            "--temperatures", "300", "--json", "--seed", "5"};
        Cli.Result mais = Cli.run(args);
        assertThat(mais.code()).as(mais.err()).isZero();
        assertThat(mais.json().get("logZ").asDouble()).isCloseTo(BruteForce.logZ(stack.bottom()), within(0.05));
        assertThat(mais.json().get("logLikelihood").asDouble())
                .isCloseTo(BruteForce.logLikelihood(stack.bottom(), rows, 3), within(0.05))
                .isNotPositive();
        assertThat(mais.json().get("stderr").asDouble()).isPositive();
        assertThat(mais.json().get("ess").asDouble()).isBetween(1.0, 50.0);
        assertThat(Cli.run(args).out()).isEqualTo(mais.out());
        args[args.length - 1] = "6";
        assertThat(Cli.run(args).json().get("logZ").asDouble()).isNotEqualTo(mais.json().get("logZ").asDouble());
    }

    @Test
    void malformedDataIsRefusedNamingFileAndLine() throws IOException {
        String m = model.toString();
        Path bad = csv("bad.csv", List.of("v0,v1,v2", "0,1,1", "0,2,1"));
        assertRefused(Cli.run("loglik", "--model", m, "--data", bad.toString(), "--method", "exact"), "bad.csv:3:");
        Path ragged = csv("ragged.csv", List.of("v0,v1,v2", "0,1"));
        assertRefused(Cli.run("loglik", "--model", m, "--data", ragged.toString(), "--method", "exact"), "ragged.csv:2:");
        Path noHeader = csv("nohead.csv", List.of("0,1,1"));
        assertRefused(Cli.run("loglik", "--model", m, "--data", noHeader.toString(), "--method", "exact"), "nohead.csv");
        Path narrow = csv("narrow.csv", List.of("v0,v1", "0,1"));
        assertRefused(Cli.run("loglik", "--model", m, "--data", narrow.toString(), "--method", "exact"), "--data",
                "2 columns", "3 visible units");
        assertRefused(Cli.run("loglik", "--model", m, "--data", dir.resolve("absent.csv").toString(), "--method", "exact"),
                "absent.csv");
    }

    @Test
    void badOptionsAreOneLineNamingTheOption() throws IOException {
        String m = model.toString();
        String d = csv("d.csv", List.of("v0,v1,v2", "0,1,1")).toString();
        assertRefused(Cli.run("loglik", "--model", m, "--data", d, "--method", "ais"), "--method", "'ais'");
        assertRefused(Cli.run("loglik", "--model", m, "--data", d, "--method", "mais", "--runs", "1"), "--runs");
        assertRefused(Cli.run("loglik", "--model", m, "--data", d, "--method", "mais", "--temperatures", "2"), "--temperatures");
        assertRefused(Cli.run("loglik", "--model", m, "--data", d, "--method", "mais", "--runs", "1000000", "--temperatures",
                "1000000"), "--runs/--temperatures");
        assertRefused(Cli.run("loglik", "--model", m, "--method", "exact"), "--data");
        assertRefused(Cli.run("loglik", "--model", m, "--data", d, "--method", "exact", "--runs", "x"), "--runs");
        Cli.Result help = Cli.run("loglik", "--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("--model", "--data", "--method", "--runs", "--temperatures");
    }
}
