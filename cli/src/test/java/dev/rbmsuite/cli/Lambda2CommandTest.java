package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lambda2} through {@link Main#execute}: the exact second eigenvalue of the BGS transition
 * matrix of layer 0 (paper Appendix B; docs/methods.md section 5) against a reference built in the
 * test, the two estimators near it, determinism by seed, and the option checks.
 */
class Lambda2CommandTest {
    @TempDir
    Path dir;

    private Path model(Rbm bottom) {
        Path m = dir.resolve("model-" + bottom.numVisible() + "x" + bottom.numHidden());
        try {
            ModelStore.save(RbmStack.of(bottom), m, Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return m;
    }

    /**
     * The second largest eigenvalue of the BGS matrix T ({@link #transitionMatrix}), made symmetric by
     * D^{1/2} T D^{-1/2} with D = diag P(v) (T is reversible) and solved by commons-math3, not by the
     * suite's solver.
     */
    static double referenceLambda2(Rbm r) {
        int sv = 1 << r.numVisible();
        double[][] t = transitionMatrix(r);
        double[] p = BruteForce.visibleDistribution(r);
        double[][] s = new double[sv][sv];
        for (int a = 0; a < sv; a++) {
            for (int b = 0; b < sv; b++) {
                s[a][b] = Math.sqrt(p[a]) * t[a][b] / Math.sqrt(p[b]);
            }
        }
        for (int a = 0; a < sv; a++) {
            for (int b = 0; b < a; b++) {
                double mean = (s[a][b] + s[b][a]) / 2; // equal up to rounding
                s[a][b] = mean;
                s[b][a] = mean;
            }
        }
        double[] ev = new EigenDecomposition(new Array2DRowRealMatrix(s)).getRealEigenvalues();
        Arrays.sort(ev);
        assertThat(ev[sv - 1]).as("the top eigenvalue of a stochastic matrix").isCloseTo(1.0, within(1e-10));
        return ev[sv - 2];
    }

    /**
     * @return the BGS transition matrix T[a][b] = P(v_b | v_a) = sum_h P(h | v_a) P(v_b | h), each
     *     conditional a ratio of enumerated sums (core's brute-force kit); states are indices (bit k is v_k)
     */
    static double[][] transitionMatrix(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        int sv = 1 << n;
        int sh = 1 << m;
        double[][] t = new double[sv][sv];
        for (int a = 0; a < sv; a++) {
            double[] v = BruteForce.bits(a, n);
            double lv = BruteForce.logMarginalVisible(r, v);
            for (int c = 0; c < sh; c++) {
                double[] h = BruteForce.bits(c, m);
                double pHgivenV = Math.exp(BruteForce.negEnergy(r, v, h) - lv);
                double lh = BruteForce.logMarginalHidden(r, h);
                for (int b = 0; b < sv; b++) {
                    t[a][b] += pHgivenV * Math.exp(BruteForce.negEnergy(r, BruteForce.bits(b, n), h) - lh);
                }
            }
        }
        return t;
    }

    private static void assertRefused(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("rbm: ").contains(fragments);
    }

    @Test
    void exactIsTheSecondEigenvalueOfTheEnumeratedTransitionMatrix() {
        Rbm rbm = Rbm.gaussian(4, 3, 1.0, Rng.seeded(3));
        double ref = referenceLambda2(rbm);
        assertThat(ref).isBetween(0.05, 0.999); // a model that does mix, but not at once
        Cli.Result r = Cli.run("lambda2", "--model", model(rbm).toString(), "--estimator", "exact", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("lambda2").asDouble()).isCloseTo(ref, within(1e-9));
        assertThat(r.json().get("lambda2InRange").asBoolean()).isTrue();
        assertThat(r.json().get("relaxationTime").asDouble()).isCloseTo(1 / (1 - ref), within(1e-6));
        Cli.Result text = Cli.run("lambda2", "--model", model(rbm).toString(), "--estimator", "exact");
        assertThat(text.out()).startsWith("lambda2 = ").contains("relaxation time", "(exact)");
    }

    @Test
    void bothEstimatorsAreNearTheExactValueAndDeterministicBySeed() {
        Rbm rbm = Rbm.gaussian(4, 5, 1.0, Rng.seeded(3));
        String m = model(rbm).toString();
        double ref = referenceLambda2(rbm);
        Cli.Result rb = Cli.run("lambda2", "--model", m, "--estimator", "rao-blackwell", "--repeats", "2048", "--json");
        assertThat(rb.code()).as(rb.err()).isZero();
        assertThat(rb.json().get("lambda2").asDouble()).isCloseTo(ref, within(0.02));
        Cli.Result counts = Cli.run("lambda2", "--model", m, "--estimator", "counts", "--repeats", "2048", "--json");
        assertThat(counts.code()).as(counts.err()).isZero();
        assertThat(counts.json().get("lambda2").asDouble()).isCloseTo(ref, within(0.05));

        String[] args = {"lambda2", "--model", m, "--estimator", "rao-blackwell", "--repeats", "16", "--json", "--seed", "4"};
        Cli.Result first = Cli.run(args);
        assertThat(Cli.run(args).out()).isEqualTo(first.out());
        args[args.length - 1] = "5";
        assertThat(Cli.run(args).json().get("lambda2").asDouble()).isNotEqualTo(first.json().get("lambda2").asDouble());
    }

    @Test
    void aChainThatCannotMixHasNoFiniteRelaxationTime() {
        // two visible units coupled so strongly that BGS never leaves its state in float64: lambda2 = 1
        Path m = model(Rbm.of(2, 1, new double[] {1e6, 1e6}, new double[] {-5e5, -5e5}, new double[] {-5e5}));
        Cli.Result r = Cli.run("lambda2", "--model", m.toString(), "--estimator", "exact", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("lambda2").asDouble()).isEqualTo(1.0);
        assertThat(r.json().get("relaxationTime").isNull()).isTrue();
        assertThat(Cli.run("lambda2", "--model", m.toString(), "--estimator", "exact").out())
                .contains("relaxation time undefined (infinite)");
    }

    @Test
    void badOptionsAreOneLineNamingTheOption() {
        String m = model(Rbm.gaussian(3, 2, 1.0, Rng.seeded(1))).toString();
        assertRefused(Cli.run("lambda2", "--model", m, "--estimator", "power"), "--estimator", "'power'");
        assertRefused(Cli.run("lambda2", "--model", m, "--estimator", "counts", "--repeats", "0"), "--repeats");
        assertRefused(Cli.run("lambda2", "--model", m), "--estimator");
        assertRefused(Cli.run("lambda2", "--model", model(Rbm.gaussian(13, 1, 0.1, Rng.seeded(1))).toString(), "--estimator",
                "exact"), "--model", "n = 13");
        assertRefused(Cli.run("lambda2", "--model", model(Rbm.gaussian(2, 17, 0.1, Rng.seeded(1))).toString(), "--estimator",
                "exact"), "--estimator", "m = 17");
        Cli.Result help = Cli.run("lambda2", "--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("--model", "--estimator", "--repeats", "--seed");
    }
}
