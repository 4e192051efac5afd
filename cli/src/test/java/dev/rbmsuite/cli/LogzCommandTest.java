package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code logz} through {@link Main#execute}: the exact value against enumeration of the joint (core's
 * brute-force kit), the annealed estimates near it, the choice of layer, determinism by seed, and the
 * option checks (exit 2, one line naming the option).
 */
class LogzCommandTest {
    @TempDir
    Path dir;

    private Path model(RbmStack stack) throws IOException {
        Path m = dir.resolve("model");
        ModelStore.save(stack, m, Map.of());
        return m;
    }

    private static void assertRefused(Cli.Result r, String option) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("rbm: ").contains(option);
    }

    @Test
    void exactIsTheEnumeratedLogZOfTheChosenLayer() throws IOException {
        RbmStack stack = RbmStack.gaussian(5, new int[] {4, 3}, 0.8, Rng.seeded(11));
        Path m = model(stack);
        for (int layer = 0; layer < 2; layer++) {
            Cli.Result r = Cli.run("logz", "--model", m.toString(), "--layer", String.valueOf(layer), "--method", "exact",
                    "--json");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.json().get("logZ").asDouble()).as("layer %d", layer)
                    .isCloseTo(BruteForce.logZ(stack.layer(layer)), within(1e-10));
            assertThat(r.json().get("method").asText()).isEqualTo("exact");
            assertThat(r.json().get("seconds").asDouble()).isNotNegative();
            assertThat(r.json().has("stderr")).isFalse();
        }
        // the two layers differ, so the option picked the layer and not just the first one
        assertThat(BruteForce.logZ(stack.layer(0))).isNotCloseTo(BruteForce.logZ(stack.layer(1)), within(1e-3));
        Cli.Result text = Cli.run("logz", "--model", m.toString(), "--method", "exact");
        assertThat(text.code()).isZero();
        assertThat(text.out()).startsWith("log Z = ").contains("(exact)");
    }

    @Test
    void everyAnnealedEstimateIsNearTheEnumeratedValueWithItsStatistics() throws IOException {
        RbmStack stack = RbmStack.gaussian(8, new int[] {12}, 0.5, Rng.seeded(1));
        Path m = model(stack);
        double exact = BruteForce.logZ(stack.bottom());
        for (String method : new String[] {"mais", "ais", "rais"}) {
            Cli.Result s = Cli.run("logz", "--model", m.toString(), "--method", method, "--runs", "50", "--temperatures", "300",
                    "--json");
            assertThat(s.code()).as(s.err()).isZero();
            assertThat(s.json().get("method").asText()).isEqualTo(method);
            assertThat(s.json().get("logZ").asDouble()).as(method).isCloseTo(exact, within(0.1));
            assertThat(s.json().get("stderr").asDouble()).isPositive();
            assertThat(s.json().get("logWeightSd").asDouble()).isNotNegative();
            // the effective sample size of 50 runs lies in [1, 50]
            assertThat(s.json().get("ess").asDouble()).isBetween(1.0, 50.0);
        }
    }

    @Test
    void theSameSeedGivesTheSameEstimateAndAnotherSeedAnother() throws IOException {
        Path m = model(RbmStack.gaussian(6, new int[] {5}, 1.0, Rng.seeded(3)));
        String[] base = {"logz", "--model", m.toString(), "--method", "mais", "--runs", "8", "--temperatures", "20", "--json"};
        double a = run(base, "7").json().get("logZ").asDouble();
        double b = run(base, "7").json().get("logZ").asDouble();
        double c = run(base, "8").json().get("logZ").asDouble();
        assertThat(Double.doubleToRawLongBits(b)).isEqualTo(Double.doubleToRawLongBits(a));
        assertThat(c).isNotEqualTo(a);
    }

    private static Cli.Result run(String[] base, String seed) {
        String[] args = Arrays.copyOf(base, base.length + 2);
        args[base.length] = "--seed";
        args[base.length + 1] = seed;
        Cli.Result r = Cli.run(args);
        assertThat(r.code()).as(r.err()).isZero();
        return r;
    }

    @Test
    void badOptionsAreOneLineNamingTheOption() throws IOException {
        Path m = model(RbmStack.gaussian(4, new int[] {3}, 0.5, Rng.seeded(2)));
        String model = m.toString();
        assertRefused(Cli.run("logz", "--model", model, "--method", "magic"), "--method");
        assertRefused(Cli.run("logz", "--model", model, "--method", "exact", "--layer", "3"), "--layer");
        assertRefused(Cli.run("logz", "--model", model, "--method", "exact", "--layer", "-1"), "--layer");
        assertRefused(Cli.run("logz", "--model", model, "--method", "mais", "--runs", "1"), "--runs");
        assertRefused(Cli.run("logz", "--model", model, "--method", "mais", "--temperatures", "2"), "--temperatures");
        assertRefused(Cli.run("logz", "--model", model, "--method", "ais", "--runs", "1000000", "--temperatures", "1000000"),
                "--runs/--temperatures");
        assertRefused(Cli.run("logz", "--model", model), "--method");
        assertRefused(Cli.run("logz", "--model", dir.resolve("absent").toString(), "--method", "exact"), "absent");
    }

    @Test
    void exactEnumerationIsRefusedWhenBothLayersAreWide() throws IOException {
        // min(n, m) = 31 > 30: refused before any enumeration
        Path m = model(RbmStack.of(Rbm.gaussian(31, 31, 0.01, Rng.seeded(5))));
        assertRefused(Cli.run("logz", "--model", m.toString(), "--method", "exact"), "--method");
    }

    @Test
    void helpListsTheOptions() {
        Cli.Result r = Cli.run("logz", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("--model", "--layer", "--method", "--runs", "--temperatures", "--seed", "--json");
    }

    @Test
    void modelStatesForReverseAisAreExactDrawsOfPvOnSmallModels() {
        Rbm rbm = Rbm.gaussian(3, 2, 1.0, Rng.seeded(9));
        int count = 40_000;
        double[] v = LogzCommand.modelStates(rbm, count, Rng.seeded(4), CostGuard.UNLIMITED);
        assertThat(v).hasSize(count * 3);
        double[] freq = new double[8];
        for (int k = 0; k < count; k++) {
            int a = 0;
            for (int i = 0; i < 3; i++) {
                assertThat(v[k * 3 + i]).isIn(0.0, 1.0);
                a |= (int) v[k * 3 + i] << i;
            }
            freq[a] += 1.0 / count;
        }
        double[] p = BruteForce.visibleDistribution(rbm);
        for (int a = 0; a < 8; a++) {
            // five binomial standard deviations
            assertThat(freq[a]).as("state %d", a).isCloseTo(p[a], within(5 * Math.sqrt(p[a] * (1 - p[a]) / count) + 1e-9));
        }
    }

    @Test
    void modelStatesBeyondTwentyVisibleUnitsAreBinaryChainEndsAndDeterministic() {
        // n = 21 > 20: BGS chains from uniform (no exact table); a strong positive bias pins v_0 = 1
        int n = 21;
        double[] w = new double[n];
        double[] b = new double[n];
        b[0] = 30;
        Rbm rbm = Rbm.of(n, 1, w, b, new double[1]);
        double[] a = LogzCommand.modelStates(rbm, 3, Rng.seeded(1), CostGuard.UNLIMITED);
        double[] again = LogzCommand.modelStates(rbm, 3, Rng.seeded(1), CostGuard.UNLIMITED);
        assertThat(a).hasSize(3 * n).containsOnly(0.0, 1.0).isEqualTo(again);
        for (int k = 0; k < 3; k++) {
            assertThat(a[k * n]).isEqualTo(1.0);
        }
    }
}
