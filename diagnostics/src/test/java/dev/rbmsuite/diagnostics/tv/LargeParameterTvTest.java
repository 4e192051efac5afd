package dev.rbmsuite.diagnostics.tv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.diagnostics.exact.StateIndex;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

/**
 * TV and ln P(v) at large parameters (|W| ~ 1e17, issue 16): ln P(v) = lv(v) - ln Z is a difference
 * of two numbers of size ~1e17 whose float64 rounding (ulp 16) is hundreds of nats, so exp(lv - ln Z)
 * can exceed 1 and TV leave [0, 1]. The table normalised by its own values keeps every ln P &lt;= 0
 * and gives the exact answer, checked against an enumeration of the joint energies in exact decimal
 * arithmetic.
 */
class LargeParameterTvTest {
    /** Exact P(v) by BigDecimal energies: only differences of energies are ever rounded to double. */
    private static double[] exactP(Rbm r) {
        int n = r.numVisible();
        int m = r.numHidden();
        int joint = 1 << (n + m);
        BigDecimal[] e = new BigDecimal[joint];
        BigDecimal max = null;
        for (int s = 0; s < joint; s++) {
            BigDecimal x = BigDecimal.ZERO;
            for (int i = 0; i < n; i++) {
                if ((s >> i & 1) == 1) {
                    x = x.add(new BigDecimal(r.visibleBias(i)));
                }
            }
            for (int j = 0; j < m; j++) {
                if ((s >> (n + j) & 1) == 1) {
                    x = x.add(new BigDecimal(r.hiddenBias(j)));
                    for (int i = 0; i < n; i++) {
                        if ((s >> i & 1) == 1) {
                            x = x.add(new BigDecimal(r.weight(i, j)));
                        }
                    }
                }
            }
            e[s] = x;
            max = max == null || x.compareTo(max) > 0 ? x : max;
        }
        double[] w = new double[joint];
        double z = 0;
        for (int s = 0; s < joint; s++) {
            w[s] = Math.exp(e[s].subtract(max, MathContext.DECIMAL128).doubleValue());
            z += w[s];
        }
        double[] p = new double[1 << n];
        for (int s = 0; s < joint; s++) {
            p[s & ((1 << n) - 1)] += w[s] / z;
        }
        return p;
    }

    private static Rbm scaled(double std, long seed) {
        return Rbm.gaussian(6, 5, std, Rng.seeded(seed));
    }

    @Test
    void theTableIsNormalisedByItsOwnValuesAtEveryScale() {
        for (double std : new double[] {1.0, 1e8, 1e17, 1e100, 1e290}) {
            for (long seed = 1; seed <= 5; seed++) {
                Rbm r = scaled(std, seed);
                VisibleDistribution d = VisibleDistribution.of(r);
                double sum = 0;
                for (int x = 0; x < d.size(); x++) {
                    assertThat(d.logProbability(x)).isLessThanOrEqualTo(0.0);
                    sum += d.probability(x);
                }
                assertThat(sum).isCloseTo(1.0, within(1e-12));
                assertThat(Double.isFinite(d.logZ())).isTrue();
            }
        }
    }

    @Test
    void tvAtLargeParametersMatchesExactArithmetic() {
        Rng rng = Rng.seeded(5);
        for (double std : new double[] {1e17, 1e100}) {
            for (long seed = 1; seed <= 5; seed++) {
                Rbm r = scaled(std, seed);
                double[] exact = exactP(r);
                VisibleDistribution d = VisibleDistribution.of(r);
                int rows = 40;
                double[] s = new double[rows * 6];
                for (int k = 0; k < s.length; k++) {
                    s[k] = rng.nextBernoulli(0.5) ? 1 : 0;
                }
                // the modal state for half of the rows
                int mode = 0;
                for (int x = 1; x < exact.length; x++) {
                    mode = exact[x] > exact[mode] ? x : mode;
                }
                for (int row = 0; row < rows / 2; row++) {
                    StateIndex.state(mode, 6, s, row);
                }
                double[] q = new double[exact.length];
                for (int row = 0; row < rows; row++) {
                    q[(int) StateIndex.index(s, row, 6)] += 1.0 / rows;
                }
                double ref = 0;
                for (int x = 0; x < q.length; x++) {
                    ref += 0.5 * Math.abs(exact[x] - q[x]);
                }
                assertThat(TotalVariation.distance(d, s, rows)).as("std %g seed %d", std, seed).isCloseTo(ref, within(1e-9));
            }
        }
    }

    @Test
    void theLogZPathStaysInRangeAndItsErrorBoundIsLargeAtLargeScale() {
        Rbm r = scaled(1e17, 3);
        double[] s = new double[10 * 6];
        double tv = TotalVariation.distance(r, ExactLogZ.logZ(r), s, 10);
        assertThat(tv).isBetween(0.0, 1.0);
        // the rounding bound above which the tv command uses the table (n <= 25) or refuses (n > 25)
        assertThat(FloatLimits.logProbabilityError(r)).isGreaterThan(1.0);
        assertThat(FloatLimits.logProbabilityError(scaled(1.0, 3))).isLessThan(1e-12);
    }
}
