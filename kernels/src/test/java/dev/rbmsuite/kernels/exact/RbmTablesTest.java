package dev.rbmsuite.kernels.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/**
 * The kernels' own enumeration tables against the suite's brute-force kit (core's test jar): the
 * tempered tables of beta are those of the RBM with every parameter multiplied by beta.
 */
class RbmTablesTest {
    private static Rbm scaled(Rbm r, double beta) {
        int n = r.numVisible();
        int m = r.numHidden();
        double[] w = new double[n * m];
        double[] b = new double[n];
        double[] c = new double[m];
        for (int i = 0; i < n; i++) {
            b[i] = beta * r.visibleBias(i);
            for (int j = 0; j < m; j++) {
                w[i * m + j] = beta * r.weight(i, j);
            }
        }
        for (int j = 0; j < m; j++) {
            c[j] = beta * r.hiddenBias(j);
        }
        return Rbm.of(n, m, w, b, c);
    }

    @Test
    void tablesMatchTheBruteForceKit() {
        Rbm rbm = BruteForce.random(3, 4, 1.5, 21);
        for (double beta : new double[] {1.0, 0.4}) {
            Rbm target = scaled(rbm, beta);
            RbmTables t = new RbmTables(rbm, beta);
            assertThat(t.visibleUnits()).isEqualTo(3);
            assertThat(t.hiddenUnits()).isEqualTo(4);
            assertThat(t.logZ()).isCloseTo(BruteForce.logZ(target), within(1e-12));
            double[] pv = BruteForce.visibleDistribution(target);
            for (int v = 0; v < 8; v++) {
                double[] vv = BruteForce.bits(v, 3);
                assertThat(t.logMarginalVisible()[v]).isCloseTo(BruteForce.logMarginalVisible(target, vv), within(1e-12));
                assertThat(t.visibleMarginal()[v]).isCloseTo(pv[v], within(1e-14));
                double[] ph = BruteForce.hiddenMarginals(target, vv); // P(h_j = 1 | v)
                for (int h = 0; h < 16; h++) {
                    double prod = 1;
                    for (int j = 0; j < 4; j++) {
                        prod *= BruteForce.bit(h, j) == 1 ? ph[j] : 1 - ph[j];
                    }
                    assertThat(t.conditionalHidden()[v][h]).as("P(h=%d | v=%d)", h, v).isCloseTo(prod, within(1e-14));
                }
            }
            for (int h = 0; h < 16; h++) {
                double[] hh = BruteForce.bits(h, 4);
                assertThat(t.logMarginalHidden()[h]).isCloseTo(BruteForce.logMarginalHidden(target, hh), within(1e-12));
                double[] pvh = BruteForce.visibleMarginals(target, hh);
                double total = 0;
                for (int v = 0; v < 8; v++) {
                    double prod = 1;
                    for (int i = 0; i < 3; i++) {
                        prod *= BruteForce.bit(v, i) == 1 ? pvh[i] : 1 - pvh[i];
                    }
                    assertThat(t.conditionalVisible()[h][v]).as("P(v=%d | h=%d)", v, h).isCloseTo(prod, within(1e-14));
                    total += t.conditionalVisible()[h][v];
                }
                assertThat(total).isCloseTo(1.0, within(1e-14));
            }
        }
    }

    @Test
    void infiniteTemperatureIsUniform() {
        RbmTables t = new RbmTables(BruteForce.random(2, 3, 2.0, 22), 0.0);
        assertThat(t.logZ()).isCloseTo(5 * Math.log(2), within(1e-14));
        for (double p : t.visibleMarginal()) {
            assertThat(p).isCloseTo(0.25, within(1e-15));
        }
        for (double[] row : t.conditionalHidden()) {
            for (double p : row) {
                assertThat(p).isCloseTo(0.125, within(1e-15));
            }
        }
    }

    @Test
    void refusesModelsAboveTheEnumerationLimit() {
        Rbm big = Rbm.gaussian(11, 10, 0.1, Rng.seeded(1));
        assertThatThrownBy(() -> new RbmTables(big, 1.0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("exact enumeration needs n + m <= 20, got ");
    }
}
