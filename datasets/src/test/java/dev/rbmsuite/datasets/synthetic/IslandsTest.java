package dev.rbmsuite.datasets.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import org.junit.jupiter.api.Test;

class IslandsTest {
    private static final double SIGMAS = 5.0;

    @Test
    void paperSettingHasTheRightShapeAndIsReproducible() {
        BinaryDataset d = Islands.paper().generate(Rng.seeded(42));
        assertThat(d.size()).isEqualTo(100);
        assertThat(d.dimension()).isEqualTo(25);
        assertThat(d.name()).isEqualTo("islands");
        assertThat(d.classNames()).containsExactly("z=-1", "z=+1");
        assertThat(d).isEqualTo(Islands.paper().generate(Rng.seeded(42)));
        assertThat(d).isNotEqualTo(Islands.paper().generate(Rng.seeded(43)));
    }

    @Test
    void largeSampleMatchesTheExactMomentsOfEqPIslands() {
        double a = 0.4;
        int n = 25;
        int size = 20_000;
        BinaryDataset d = new Islands(a, n, size).generate(Rng.seeded(7));
        double[] x = d.toArray();
        int[] z = d.labels();
        // exact moments of Eq. P_islands: E[v_i] = 1/2, E[v_i | z] = 1/2 + a z, E[v_i v_j] = 1/4 + a^2 (i != j)
        double[] sum = new double[n];
        double[][] cond = new double[2][n];
        int[] count = new int[2];
        double pair = 0;
        for (int r = 0; r < size; r++) {
            count[z[r]]++;
            for (int i = 0; i < n; i++) {
                sum[i] += x[r * n + i];
                cond[z[r]][i] += x[r * n + i];
            }
            pair += x[r * n] * x[r * n + 1];
        }
        assertThat(Math.abs(count[1] / (double) size - 0.5)).isLessThan(SIGMAS * 0.5 / Math.sqrt(size));
        for (int i = 0; i < n; i++) {
            assertThat(Math.abs(sum[i] / size - 0.5)).isLessThan(SIGMAS * 0.5 / Math.sqrt(size));
            for (int c = 0; c < 2; c++) {
                double p = 0.5 + a * (c == 0 ? -1 : 1);
                assertThat(Math.abs(cond[c][i] / count[c] - p)).isLessThan(SIGMAS * Math.sqrt(p * (1 - p) / count[c]));
            }
        }
        double q = 0.25 + a * a;
        assertThat(Math.abs(pair / size - q)).isLessThan(SIGMAS * Math.sqrt(q * (1 - q) / size));
    }

    @Test
    void extremeSeparationGivesTwoExactPatterns() {
        BinaryDataset d = new Islands(0.5, 8, 50).generate(Rng.seeded(1));
        for (int r = 0; r < d.size(); r++) {
            double expected = d.label(r);
            for (double v : d.row(r)) {
                assertThat(v).isEqualTo(expected);
            }
        }
    }

    @Test
    void invalidParametersAreNamed() {
        assertThatThrownBy(() -> new Islands(0.6, 25, 100)).hasMessageStartingWith("parameter a=0.6");
        assertThatThrownBy(() -> new Islands(-0.1, 25, 100)).hasMessageStartingWith("parameter a=");
        assertThatThrownBy(() -> new Islands(Double.NaN, 25, 100)).hasMessageStartingWith("parameter a=");
        assertThatThrownBy(() -> new Islands(0.4, 0, 100)).hasMessageStartingWith("parameter n=0");
        assertThatThrownBy(() -> new Islands(0.4, 25, 0)).hasMessageStartingWith("parameter size=0");
    }
}
