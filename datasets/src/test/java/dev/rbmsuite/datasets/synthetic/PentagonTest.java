package dev.rbmsuite.datasets.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import org.junit.jupiter.api.Test;

class PentagonTest {
    private static final double SIGMAS = 5.0;

    /** P(v_i = 1 | z) of Eq. P_pentagon written out from the paper, 1-based i and z. */
    private static double p(double kappa, int n, int z, int i) {
        int chi = (5 * i) / n;
        double rho = Math.cos(2 * Math.PI / 5 * (chi - z));
        return 1 / (1 + Math.exp(-kappa * rho));
    }

    @Test
    void chiFollowsMethods72() {
        Pentagon p = Pentagon.paper();
        int[] expected = new int[26];
        for (int i = 1; i <= 25; i++) {
            expected[i] = i < 5 ? 0 : i < 10 ? 1 : i < 15 ? 2 : i < 20 ? 3 : i < 25 ? 4 : 5;
            assertThat(p.chi(i)).as("chi_%d", i).isEqualTo(expected[i]);
        }
        assertThat(new Pentagon(6, 7, 10).chi(3)).isEqualTo(2); // floor(15/7)
    }

    @Test
    void paperSettingHasTheRightShapeAndIsReproducible() {
        BinaryDataset d = Pentagon.paper().generate(Rng.seeded(42));
        assertThat(d.size()).isEqualTo(100);
        assertThat(d.dimension()).isEqualTo(25);
        assertThat(d.classNames()).containsExactly("z=1", "z=2", "z=3", "z=4", "z=5");
        assertThat(d).isEqualTo(Pentagon.paper().generate(Rng.seeded(42)));
        assertThat(d).isNotEqualTo(Pentagon.paper().generate(Rng.seeded(41)));
    }

    @Test
    void largeSampleMatchesTheExactMeansOfEqPPentagon() {
        double kappa = 6;
        int n = 25;
        int size = 20_000;
        BinaryDataset d = new Pentagon(kappa, n, size).generate(Rng.seeded(9));
        double[] x = d.toArray();
        int[] z = d.labels();
        double[] sum = new double[n];
        double[][] cond = new double[5][n];
        int[] count = new int[5];
        for (int r = 0; r < size; r++) {
            count[z[r]]++;
            for (int i = 0; i < n; i++) {
                sum[i] += x[r * n + i];
                cond[z[r]][i] += x[r * n + i];
            }
        }
        for (int c = 0; c < 5; c++) {
            assertThat(Math.abs(count[c] / (double) size - 0.2)).isLessThan(SIGMAS * Math.sqrt(0.2 * 0.8 / size));
        }
        for (int i = 1; i <= n; i++) {
            double mean = 0;
            for (int zz = 1; zz <= 5; zz++) {
                mean += p(kappa, n, zz, i) / 5;
            }
            assertThat(Math.abs(sum[i - 1] / size - mean)).as("E[v_%d]", i)
                    .isLessThan(SIGMAS * Math.sqrt(mean * (1 - mean) / size));
            for (int zz = 1; zz <= 5; zz++) {
                double q = p(kappa, n, zz, i);
                assertThat(Math.abs(cond[zz - 1][i - 1] / count[zz - 1] - q)).as("E[v_%d | z=%d]", i, zz)
                        .isLessThanOrEqualTo(SIGMAS * Math.sqrt(q * (1 - q) / count[zz - 1]));
            }
        }
    }

    @Test
    void invalidParametersAreNamed() {
        assertThatThrownBy(() -> new Pentagon(-1, 25, 100)).hasMessageStartingWith("parameter kappa=-1");
        assertThatThrownBy(() -> new Pentagon(Double.POSITIVE_INFINITY, 25, 100)).hasMessageStartingWith("parameter kappa=");
        assertThatThrownBy(() -> new Pentagon(6, -3, 100)).hasMessageStartingWith("parameter n=-3");
        assertThatThrownBy(() -> new Pentagon(6, 25, -1)).hasMessageStartingWith("parameter size=-1");
    }
}
