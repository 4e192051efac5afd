package dev.rbmsuite.diagnostics.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class GroupedFieldDrawsTest {
    /** Every group's alias table draws each pattern with exactly its product-Bernoulli probability. */
    @Test
    void aliasTablesReproduceTheExactPatternLaw() {
        // m = 19: groups of 8, 8 and 3 units; large weights make some probabilities tiny
        Rbm rbm = Rbm.gaussian(5, 19, 3.0, Rng.seeded(51));
        double[] v = {1, 0, 1, 1, 0};
        GroupedFieldDraws d = new GroupedFieldDraws(rbm, v, 16);
        assertThat(d.uniformsPerDraw()).isEqualTo(3);
        double[] zeta = new double[19];
        rbm.hiddenField(v, 1, zeta);
        for (int g = 0; g < 3; g++) {
            int units = g < 2 ? 8 : 3;
            double total = 0;
            for (int x = 0; x < (1 << units); x++) {
                double exact = 1;
                for (int u = 0; u < units; u++) {
                    int j = g * 8 + u;
                    exact *= ((x >> u) & 1) == 1 ? Numerics.sigmoid(zeta[j]) : Numerics.sigmoid(-zeta[j]);
                }
                double p = d.patternProbability(g, x);
                assertThat(p).isCloseTo(exact, within(1e-15 + 1e-12 * exact));
                total += p;
                for (int i = 0; i < 5; i++) {
                    double field = 0;
                    for (int u = 0; u < units; u++) {
                        field += ((x >> u) & 1) * rbm.weight(i, g * 8 + u);
                    }
                    assertThat(d.patternField(g, x, i)).isCloseTo(field, within(1e-12));
                }
            }
            assertThat(total).isCloseTo(1.0, within(1e-14));
        }
    }

    /**
     * The drawn fields have the exact mean b + W E[h | v], for a field of one vector (n = 3) and of two
     * (n = 10), and nothing past the asked rows is written.
     */
    @Test
    void drawnFieldsHaveTheExactMean() {
        for (int n : new int[] {3, 10}) {
            Rbm rbm = Rbm.gaussian(n, 11, 1.0, Rng.seeded(52 + n));
            double[] v = new double[n];
            for (int i = 0; i < n; i += 2) {
                v[i] = 1;
            }
            int rows = 999;
            int reps = 40;
            GroupedFieldDraws d = new GroupedFieldDraws(rbm, v, 1000);
            double[] ph = new double[11];
            rbm.hiddenMeans(v, 1, ph);
            double[] eta = new double[rows * n + 5];
            Arrays.fill(eta, rows * n, eta.length, 7.0);
            Rng rng = Rng.seeded(53);
            double[] sum = new double[n];
            for (int rep = 0; rep < reps; rep++) {
                d.draw(rows, eta, rng);
                for (int r = 0; r < rows; r++) {
                    for (int i = 0; i < n; i++) {
                        sum[i] += eta[r * n + i];
                    }
                }
            }
            for (int k = rows * n; k < eta.length; k++) {
                assertThat(eta[k]).isEqualTo(7.0);
            }
            int total = rows * reps;
            for (int i = 0; i < n; i++) {
                double mean = rbm.visibleBias(i);
                double var = 0;
                for (int j = 0; j < 11; j++) {
                    mean += rbm.weight(i, j) * ph[j];
                    var += rbm.weight(i, j) * rbm.weight(i, j) * ph[j] * (1 - ph[j]);
                }
                assertThat(sum[i] / total).as("n=%d unit %d", n, i).isCloseTo(mean, within(5 * Math.sqrt(var / total)));
            }
        }
    }

    /**
     * The vectorised draw (one, two or several vectors per field, by n) against a plain scalar loop:
     * field i of draw r is b_i plus the table rows of the patterns its uniforms select, added in group
     * order, with the uniforms taken from the stream in order (r * groups + g); bit for bit.
     */
    @Test
    void drawsEqualAPlainScalarLoopOverTheSelectedTableRows() {
        for (int n : new int[] {3, 8, 10, 16, 37}) {
            Rbm rbm = Rbm.gaussian(n, 21, 1.0, Rng.seeded(60 + n));
            double[] v = new double[n];
            for (int i = 1; i < n; i += 3) {
                v[i] = 1;
            }
            int rows = 13;
            GroupedFieldDraws d = new GroupedFieldDraws(rbm, v, rows);
            int groups = d.uniformsPerDraw();
            assertThat(groups).isEqualTo(3);
            Rng rng = Rng.seeded(61);
            double[] u = new double[rows * groups];
            rng.copy().fillUniform(u, 0, u.length);
            double[] out = new double[rows * n + 4];
            Arrays.fill(out, 7.0);
            d.draw(rows, out, rng);
            for (int r = 0; r < rows; r++) {
                for (int i = 0; i < n; i++) {
                    double f = rbm.visibleBias(i);
                    for (int g = 0; g < groups; g++) {
                        int x = d.pattern(g, u[r * groups + g]) - (g << GroupedFieldDraws.GROUP);
                        assertThat(x).isBetween(0, g < 2 ? 255 : 31);
                        f += d.patternField(g, x, i);
                    }
                    assertThat(out[r * n + i]).as("n=%d draw %d unit %d", n, r, i).isEqualTo(f);
                }
            }
            for (int k = rows * n; k < out.length; k++) {
                assertThat(out[k]).as("past the last draw").isEqualTo(7.0);
            }
        }
    }
}
