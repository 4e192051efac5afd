package dev.rbmsuite.datasets.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.cost.CostLimitException;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.io.DatasetCsv;
import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class GenRbmTest {
    private static final double SIGMAS = 5.0;

    /** Exact E[v_i] and E[v_i v_j] by enumeration of all 2^n visible states: P(v) prop. to exp(lv(v)). */
    private static double[][] exactMoments(Rbm rbm) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        int states = 1 << n;
        double[] logp = new double[states];
        double max = Double.NEGATIVE_INFINITY;
        for (int s = 0; s < states; s++) {
            double lv = 0;
            for (int i = 0; i < n; i++) {
                if ((s >> i & 1) == 1) {
                    lv += rbm.visibleBias(i);
                }
            }
            for (int j = 0; j < m; j++) {
                double zeta = rbm.hiddenBias(j);
                for (int i = 0; i < n; i++) {
                    if ((s >> i & 1) == 1) {
                        zeta += rbm.weight(i, j);
                    }
                }
                lv += Math.max(zeta, 0) + Math.log1p(Math.exp(-Math.abs(zeta)));
            }
            logp[s] = lv;
            max = Math.max(max, lv);
        }
        double z = 0;
        for (int s = 0; s < states; s++) {
            z += Math.exp(logp[s] - max);
        }
        double[][] mom = new double[n][n]; // mom[i][i] = E[v_i], mom[i][j] = E[v_i v_j]
        for (int s = 0; s < states; s++) {
            double p = Math.exp(logp[s] - max) / z;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if ((s >> i & 1) == 1 && (s >> j & 1) == 1) {
                        mom[i][j] += p;
                    }
                }
            }
        }
        return mom;
    }

    private static void assertPlausibleSample(BinaryDataset d, Rbm model, boolean pairs) {
        double[][] exact = exactMoments(model);
        int n = d.dimension();
        int size = d.size();
        double[] x = d.toArray();
        for (int i = 0; i < n; i++) {
            for (int j = pairs ? 0 : i; j <= (pairs ? n - 1 : i); j++) {
                double s = 0;
                for (int r = 0; r < size; r++) {
                    s += x[r * n + i] * x[r * n + j];
                }
                double q = exact[i][j];
                // one point per independent chain: Bernoulli(q) counts, up to the chains' (tiny) bias
                assertThat(Math.abs(s / size - q)).as("moment (%d,%d)", i, j)
                        .isLessThan(SIGMAS * Math.sqrt(q * (1 - q) / size) + 1e-9);
            }
        }
    }

    @Test
    void paperSettingIsStableForAFixedSeedAndPlausible() throws IOException {
        GenRbm gen = GenRbm.paper();
        GenRbm.Sample a = gen.generate(Rng.seeded(2024));
        GenRbm.Sample b = gen.generate(Rng.seeded(2024));
        BinaryDataset d = a.data();
        assertThat(d.size()).isEqualTo(100);
        assertThat(d.dimension()).isEqualTo(10);
        assertThat(d.hasLabels()).isFalse();
        assertThat(a.model().numVisible()).isEqualTo(10);
        assertThat(a.model().numHidden()).isEqualTo(100);
        assertThat(b.data()).isEqualTo(d);
        assertThat(b.model().weightsArray()).containsExactly(a.model().weightsArray());
        assertThat(csv(b.data())).isEqualTo(csv(d));
        assertThat(gen.model(Rng.seeded(2024)).weightsArray()).containsExactly(a.model().weightsArray());
        assertThat(gen.model(Rng.seeded(2025)).weightsArray()).isNotEqualTo(a.model().weightsArray());
        assertPlausibleSample(d, a.model(), false);
    }

    @Test
    void parametersAreIidNormalWithStdZeroPointOne() {
        Rbm rbm = GenRbm.paper().model(Rng.seeded(5));
        double[] w = rbm.weightsArray();
        double[] all = new double[w.length + 10 + 100];
        System.arraycopy(w, 0, all, 0, w.length);
        System.arraycopy(rbm.visibleBiasArray(), 0, all, w.length, 10);
        System.arraycopy(rbm.hiddenBiasArray(), 0, all, w.length + 10, 100);
        double mean = 0;
        for (double v : all) {
            mean += v / all.length;
        }
        double var = 0;
        for (double v : all) {
            var += v * v / all.length;
        }
        double sd = 0.1;
        assertThat(Math.abs(mean)).isLessThan(SIGMAS * sd / Math.sqrt(all.length));
        assertThat(Math.abs(var - sd * sd)).isLessThan(SIGMAS * sd * sd * Math.sqrt(2.0 / all.length));
        assertThat(rbm.visibleBiasArray()).isNotEqualTo(new double[10]); // biases are drawn too
    }

    @Test
    void chainsSampleTheGeneratingRbm() {
        // a more strongly coupled model, so that E[v_i] and E[v_i v_j] differ clearly from uniform
        GenRbm.Sample s = new GenRbm(10, 20, 0.7, 300, 4000).generate(Rng.seeded(77));
        assertPlausibleSample(s.data(), s.model(), true);
    }

    @Test
    void theMomentCheckHasPowerAgainstUnmixedChains() {
        // the same model and seed with 0 steps gives uniform draws, which the check above must reject
        GenRbm.Sample s = new GenRbm(10, 20, 0.7, 0, 4000).generate(Rng.seeded(77));
        assertThatThrownBy(() -> assertPlausibleSample(s.data(), s.model(), true)).isInstanceOf(AssertionError.class);
    }

    @Test
    void invalidParametersAreNamed() {
        assertThatThrownBy(() -> new GenRbm(0, 100, 0.1, 10, 10)).hasMessageStartingWith("parameter n=0");
        assertThatThrownBy(() -> new GenRbm(10, 0, 0.1, 10, 10)).hasMessageStartingWith("parameter m=0");
        assertThatThrownBy(() -> new GenRbm(10, 100, -1, 10, 10)).hasMessageStartingWith("parameter std=-1");
        assertThatThrownBy(() -> new GenRbm(10, 100, 0.1, -1, 10)).hasMessageStartingWith("parameter steps=-1");
        assertThatThrownBy(() -> new GenRbm(10, 100, 0.1, 10, 0)).hasMessageStartingWith("parameter size=0");
    }

    private static String csv(BinaryDataset d) throws IOException {
        StringWriter w = new StringWriter();
        DatasetCsv.write(d, w);
        return w.toString();
    }

    @Test
    void theCostEstimateGrowsWithEveryFactorAndAGuardRefusesBeforeDrawing() {
        GenRbm paper = GenRbm.paper();
        // the paper's setting: well under the 5 s at which progress is reported (about 0.2 s measured)
        assertThat(paper.estimatedSeconds()).isBetween(0.05, 5.0);
        assertThat(new GenRbm(10, 100, 0.1, 10_000, 100).estimatedSeconds()).isEqualTo(2 * paper.estimatedSeconds());
        assertThat(new GenRbm(10, 100, 0.1, 5000, 200).estimatedSeconds()).isGreaterThan(1.9 * paper.estimatedSeconds());
        assertThat(new GenRbm(10, 400, 0.1, 5000, 100).estimatedSeconds()).isGreaterThan(3 * paper.estimatedSeconds());
        assertThat(new GenRbm(10, 100, 0.1, 0, 100).estimatedSeconds()).isZero();
        GenRbm hours = new GenRbm(10, 100, 0.1, 999_999_999, 100);
        assertThat(hours.estimatedSeconds()).isGreaterThan(3600);
        assertThatThrownBy(() -> hours.generate(Rng.seeded(1), CostGuard.DEFAULT)).isInstanceOf(CostLimitException.class)
                .hasMessageContaining("genrbm (999999999 BGS steps of 100 chains of 10 x 100 units)")
                .hasMessageContaining("--allow-slow");
        // a guard admits or refuses; it changes no draw
        GenRbm small = new GenRbm(4, 6, 0.5, 30, 20);
        assertThat(small.generate(Rng.seeded(3), CostGuard.DEFAULT).data().toArray())
                .isEqualTo(small.generate(Rng.seeded(3)).data().toArray());
        assertThatThrownBy(() -> small.generate(Rng.seeded(3), CostGuard.limit(1e-9)))
                .isInstanceOf(CostLimitException.class);
    }
}
