package dev.rbmsuite.experiments.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.kernels.ChainState;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Figure 9's chains on an RBM small enough to enumerate (n = 3, m = 2): at step 0 every chain sits
 * on its start, so the TV is 1 - P(start) with P(v) summed by hand over the hidden states, and
 * every chain is in the start's cluster; BGS then approaches the model (the TV falls toward the
 * i.i.d. floor); runs are reproducible from the seed and differ with another seed; an unlabelled
 * data set has no occupancy.
 */
class TvRunsTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    private static final int N = 3;
    private static final int M = 2;
    private static final double[] W = {0.8, -0.5, 0.3, 0.6, -0.7, 0.2};
    private static final double[] B = {0.2, -0.3, 0.1};
    private static final double[] C = {-0.1, 0.4};
    /** Two persistent chains: v = 110 and v = 001. */
    private static final double[] STARTS = {1, 1, 0, 0, 0, 1};

    @TempDir
    Path tmp;

    private static TrainedModel model() {
        Rbm rbm = Rbm.of(N, M, W, B, C);
        return new TrainedModel(RbmStack.of(rbm), new ChainState(2, new int[] {N}, new double[][] {STARTS.clone()}));
    }

    /** P(v) by brute force: exp(b.v) prod_j (1 + exp(c_j + sum_i v_i W_ij)) over its sum over all v. */
    private static double probability(double[] v) {
        double z = 0;
        double target = 0;
        for (int x = 0; x < 1 << N; x++) {
            double[] u = new double[N];
            for (int i = 0; i < N; i++) {
                u[i] = (x >> i) & 1;
            }
            double w = unnormalised(u);
            z += w;
            if (Arrays.equals(u, v)) {
                target = w;
            }
        }
        return target / z;
    }

    private static double unnormalised(double[] v) {
        double e = 0;
        for (int i = 0; i < N; i++) {
            e += B[i] * v[i];
        }
        double p = Math.exp(e);
        for (int j = 0; j < M; j++) {
            double a = C[j];
            for (int i = 0; i < N; i++) {
                a += v[i] * W[i * M + j];
            }
            p *= 1 + Math.exp(a);
        }
        return p;
    }

    private static BinaryDataset labelled() {
        return BinaryDataset.of("toy", new double[] {1, 1, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0}, 4, N, new int[] {0, 0, 1, 1},
                null);
    }

    private TvPanel run(String folder, long seed, BinaryDataset data, int steps) throws Exception {
        ExperimentContext ctx = new ExperimentContext("fig9", tmp.resolve(folder), Scale.SMOKE, seed, 1, QUIET);
        return TvRuns.panel(ctx, "toy", data, model(), Map.of(), List.of("bgs"), k -> Map.of(), steps, 2000, 2);
    }

    @Test
    void stepZeroIsThePointMassOnTheStartAndBgsApproachesTheModel() throws Exception {
        TvPanel p = run("a", 1, labelled(), 30);
        assertThat(p.steps()).isEqualTo(TvCurves.recordedSteps(30));
        double[][] tv = p.perStart().get("bgs");
        assertThat(tv).hasNumberOfRows(2);
        assertThat(tv[0][0]).isCloseTo(1 - probability(new double[] {1, 1, 0}), within(1e-12));
        assertThat(tv[1][0]).isCloseTo(1 - probability(new double[] {0, 0, 1}), within(1e-12));
        for (double[] curve : tv) {
            // 2000 chains over 8 states: the floor is a few hundredths, far below the start's TV
            assertThat(curve[curve.length - 1]).isLessThan(p.floor() + 0.05).isLessThan(curve[0]);
        }
        assertThat(p.floor()).isBetween(0.0, 0.1);
        // every chain starts in the start's own cluster; the cluster masses are probabilities
        assertThat(p.occupancy().get("bgs")[0][0]).isEqualTo(1.0);
        assertThat(p.occupancy().get("bgs")[1][0]).isEqualTo(1.0);
        assertThat(p.startMass()).hasSize(2);
        assertThat(Arrays.stream(p.startMass()).allMatch(m -> m > 0 && m < 1)).isTrue();
        assertThat(p.bands().get("bgs")[0][0]).isCloseTo((tv[0][0] + tv[1][0]) / 2, within(1e-12));
    }

    @Test
    void theSameSeedGivesTheSameCurvesAndAnotherSeedOthers() throws Exception {
        double[][] a = run("a", 5, labelled(), 10).perStart().get("bgs");
        double[][] b = run("b", 5, labelled(), 10).perStart().get("bgs");
        double[][] c = run("c", 6, labelled(), 10).perStart().get("bgs");
        assertThat(b).isDeepEqualTo(a);
        assertThat(c[0][0]).isEqualTo(a[0][0]);
        assertThat(c[0]).isNotEqualTo(a[0]);
        // a second call on the same folder resumes the kept runs
        assertThat(run("a", 5, labelled(), 10).perStart().get("bgs")).isDeepEqualTo(a);
    }

    @Test
    void anUnlabelledDataSetHasNoOccupancy() throws Exception {
        BinaryDataset plain = BinaryDataset.of("toy", new double[] {1, 1, 0, 0, 0, 1}, 2, N, null, null);
        TvPanel p = run("u", 1, plain, 5);
        assertThat(p.occupancy()).isNull();
        assertThat(p.startMass()).isNull();
        assertThat(p.perStart().get("bgs")).hasNumberOfRows(2);
    }
}
