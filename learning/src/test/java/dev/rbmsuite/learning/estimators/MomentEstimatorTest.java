package dev.rbmsuite.learning.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The estimator contract shared by every implementation: lookup by name, a fresh instance per call, and
 * "the average over the samples; with rows = 1 the per-sample estimator" (so an estimate over N rows is the
 * mean of the N single-row estimates).
 */
class MomentEstimatorTest {

    private static final List<String> NAMES = List.of("smci2", "mc");

    @Test
    void namesAreChecked() {
        assertThat(MomentEstimator.named("smci2")).isInstanceOf(SemiSecondOrderSmci.class);
        assertThat(MomentEstimator.named("mc")).isInstanceOf(MonteCarloEstimator.class);
        assertThatThrownBy(() -> MomentEstimator.named("smci1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown estimator \"smci1\" (expected smci2 or mc)");
    }

    @Test
    void eachLookupGivesAFreshInstanceWithThatName() {
        for (String name : NAMES) {
            MomentEstimator a = MomentEstimator.named(name);
            assertThat(a.name()).isEqualTo(name);
            // estimators keep scratch buffers: two layers or threads must never share one
            assertThat(MomentEstimator.named(name)).isNotSameAs(a);
        }
    }

    @Test
    void anEstimateOverSeveralRowsIsTheMeanOfTheSingleRowEstimates() {
        int n = 5;
        int m = 3;
        int rows = 4;
        Rng rng = Rng.seeded(42);
        Rbm rbm = Rbm.gaussian(n, m, 0.8, rng);
        double[] v = new double[rows * n];
        double[] h = new double[rows * m];
        for (int i = 0; i < v.length; i++) {
            v[i] = rng.nextDouble() < 0.5 ? 1 : 0;
        }
        for (int i = 0; i < h.length; i++) {
            h[i] = rng.nextDouble() < 0.5 ? 1 : 0;
        }
        for (String name : NAMES) {
            MomentEstimator est = MomentEstimator.named(name);
            Moments all = new Moments(n, m);
            est.estimate(rbm, v, h, rows, all);
            double[] meanV = new double[n];
            double[] meanH = new double[m];
            double[] meanP = new double[n * m];
            Moments one = new Moments(n, m);
            for (int r = 0; r < rows; r++) {
                double[] vr = Arrays.copyOfRange(v, r * n, (r + 1) * n);
                double[] hr = Arrays.copyOfRange(h, r * m, (r + 1) * m);
                est.estimate(rbm, vr, hr, 1, one);
                add(meanV, one.visible(), rows);
                add(meanH, one.hidden(), rows);
                add(meanP, one.pair(), rows);
            }
            assertClose(all.visible(), meanV, name + " E[v]");
            assertClose(all.hidden(), meanH, name + " E[h]");
            assertClose(all.pair(), meanP, name + " E[vh]");
            // estimates of probabilities of binary units lie in [0, 1]
            for (double[] x : new double[][] {all.visible(), all.hidden(), all.pair()}) {
                for (double p : x) {
                    assertThat(p).as(name).isBetween(0.0, 1.0);
                }
            }
        }
    }

    private static void add(double[] sum, double[] x, int rows) {
        for (int i = 0; i < sum.length; i++) {
            sum[i] += x[i] / rows;
        }
    }

    private static void assertClose(double[] actual, double[] expected, String what) {
        assertThat(actual).as(what).hasSameSizeAs(expected);
        for (int i = 0; i < actual.length; i++) {
            assertThat(actual[i]).as("%s[%d]", what, i).isCloseTo(expected[i], within(1e-12));
        }
    }
}
