package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/**
 * The enumeration engine against plain scalar loops written here: the state split x = a + (b << nA),
 * lv(v) per state on the fast and the plain path, the row sums, ln Z, and the fallback when the
 * fast path's product would overflow.
 */
class SplitEnumeratorTest {
    /** lv(v) = b.v + sum_j softplus(c_j + sum_i v_i W_ij), v_i = bit i of x, in a plain loop. */
    private static double scalarLv(Rbm rbm, long x) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double[] w = rbm.weightsArray();
        double[] b = rbm.visibleBiasArray();
        double[] c = rbm.hiddenBiasArray();
        double lv = 0;
        for (int i = 0; i < n; i++) {
            if ((x >> i & 1) == 1) {
                lv += b[i];
            }
        }
        for (int j = 0; j < m; j++) {
            double z = c[j];
            for (int i = 0; i < n; i++) {
                if ((x >> i & 1) == 1) {
                    z += w[i * m + j];
                }
            }
            lv += Math.max(z, 0.0) + Math.log1p(Math.exp(-Math.abs(z)));
        }
        return lv;
    }

    private static double logSumExp(double[] x) {
        double mx = Double.NEGATIVE_INFINITY;
        for (double v : x) {
            mx = Math.max(mx, v);
        }
        double s = 0;
        for (double v : x) {
            s += Math.exp(v - mx);
        }
        return mx + Math.log(s);
    }

    private static Rbm random(int n, int m, double scale, long seed) {
        return Rbm.gaussian(n, m, scale, Rng.seeded(seed));
    }

    @Test
    void splitsEachStateIntoItsLowAndHighHalvesAndMatchesTheScalarLvOnBothPaths() {
        for (int[] s : new int[][] {{1, 1}, {1, 4}, {2, 3}, {5, 2}, {7, 5}, {8, 9}}) {
            Rbm rbm = random(s[0], s[1], 1.0, 31L * s[0] + s[1]);
            SplitEnumerator e = new SplitEnumerator(rbm);
            assertThat(e.nA).isEqualTo((s[0] + 1) / 2);
            assertThat(e.nA + e.nB).isEqualTo(s[0]);
            assertThat(e.states()).isEqualTo(1L << s[0]);
            double[] tmp = new double[s[1] + 64];
            for (int b = 0; b < e.numB; b++) {
                for (int a = 0; a < e.numA; a++) {
                    double ref = scalarLv(rbm, a + ((long) b << e.nA));
                    assertThat(e.lv(a, b, tmp)).as("fast lv n=%d a=%d b=%d", s[0], a, b).isCloseTo(ref, within(1e-12 * Math.max(1, Math.abs(ref))));
                    assertThat(e.plainLv(a, b, tmp)).as("plain lv").isCloseTo(ref, within(1e-12 * Math.max(1, Math.abs(ref))));
                }
            }
        }
    }

    @Test
    void rowSumsAndLogZEqualScalarLogSumExpsOnBothPaths() {
        Rbm rbm = random(9, 6, 1.5, 5);
        SplitEnumerator e = new SplitEnumerator(rbm);
        double[] all = new double[1 << 9];
        for (int x = 0; x < all.length; x++) {
            all[x] = scalarLv(rbm, x);
        }
        for (boolean fast : new boolean[] {true, false}) {
            double[] rows = e.rowLogSums(fast, null);
            assertThat(rows).hasSize(e.numA);
            for (int a = 0; a < e.numA; a++) {
                double[] row = new double[e.numB];
                for (int b = 0; b < e.numB; b++) {
                    row[b] = all[a + (b << e.nA)];
                }
                assertThat(rows[a]).as("row %d fast=%s", a, fast).isCloseTo(logSumExp(row), within(1e-12 * Math.abs(logSumExp(row))));
            }
            double ref = logSumExp(all);
            assertThat(e.logZ(fast)).as("fast=%s", fast).isCloseTo(ref, within(1e-12 * Math.abs(ref)));
        }
    }

    @Test
    void statesWhoseProductWouldOverflowFallBackToThePlainSumAndStayExact() {
        // weights of size 60 on 8 x 12 units: the product of 12 factors 1 + e^{|zeta|} reaches e^700 and more
        Rbm rbm = random(8, 12, 60.0, 9);
        SplitEnumerator e = new SplitEnumerator(rbm);
        assertThat(e.fastFraction()).isLessThan(1.0);
        double[] all = new double[1 << 8];
        double[] tmp = new double[12 + 64];
        for (int x = 0; x < all.length; x++) {
            all[x] = scalarLv(rbm, x);
            double lv = e.lv(x & (e.numA - 1), x >> e.nA, tmp);
            assertThat(lv).as("state %d", x).isFinite().isCloseTo(all[x], within(1e-12 * Math.max(1, Math.abs(all[x]))));
        }
        double ref = logSumExp(all);
        assertThat(e.logZ(true)).isCloseTo(ref, within(1e-12 * Math.abs(ref)));
        assertThat(e.logZ(true)).isEqualTo(e.logZ(true));
    }

    @Test
    void smallWeightsTakeTheFastPathEverywhere() {
        assertThat(new SplitEnumerator(random(10, 20, 0.1, 3)).fastFraction()).isEqualTo(1.0);
    }

    @Test
    void refusesMoreThanThirtyUnitsAndCountsProgressInGroupsOfRows() {
        SplitEnumerator.checkSize(SplitEnumerator.MAX_UNITS);
        assertThatThrownBy(() -> SplitEnumerator.checkSize(31)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 30").hasMessageContaining("got 31");
        // 2^ceil(n/2) rows in groups of 16 rows (one group when there are fewer rows)
        assertThat(SplitEnumerator.progressUnits(2)).isEqualTo(1);
        assertThat(SplitEnumerator.progressUnits(8)).isEqualTo(1);
        assertThat(SplitEnumerator.progressUnits(10)).isEqualTo(2);
        assertThat(SplitEnumerator.progressUnits(20)).isEqualTo(64);
    }
}
