package dev.rbmsuite.diagnostics.tv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The TV floor: de Moivre's closed form of E|X - Np| against the plain binomial sum written here,
 * and the expected floor against the sum of those deviations and against sampled empirical TVs.
 */
class TvFloorTest {
    /** E|X - Np| for X ~ Binomial(n, p), summed over every outcome. */
    private static double plainMeanAbsoluteDeviation(int n, double p) {
        double s = 0;
        double logC = 0; // ln C(n, k), updated incrementally
        for (int k = 0; k <= n; k++) {
            if (k > 0) {
                logC += Math.log((double) (n - k + 1) / k);
            }
            s += Math.abs(k - n * p) * Math.exp(logC + k * Math.log(p) + (n - k) * Math.log1p(-p));
        }
        return s;
    }

    @Test
    void deMoivresClosedFormEqualsThePlainBinomialSum() {
        for (int n : new int[] {1, 2, 5, 17, 100, 1000}) {
            for (double p : new double[] {1e-6, 0.001, 0.1, 0.25, 0.5, 0.7, 0.999}) {
                double ref = plainMeanAbsoluteDeviation(n, p);
                assertThat(TvFloor.binomialMeanAbsoluteDeviation(n, p, Math.log(p))).as("n=%d p=%s", n, p)
                        .isCloseTo(ref, within(1e-10 * Math.max(ref, 1e-12)));
            }
        }
        // degenerate outcomes deviate by nothing
        assertThat(TvFloor.binomialMeanAbsoluteDeviation(10, 0.0, Double.NEGATIVE_INFINITY)).isZero();
        assertThat(TvFloor.binomialMeanAbsoluteDeviation(10, 1.0, 0.0)).isZero();
    }

    @Test
    void expectedFloorIsHalfTheMeanDeviationOverStatesAndMatchesSampledTvs() {
        VisibleDistribution p = VisibleDistribution.of(Rbm.gaussian(4, 3, 1.0, Rng.seeded(41)));
        int n = 50;
        double sum = 0;
        for (int x = 0; x < p.size(); x++) {
            sum += plainMeanAbsoluteDeviation(n, p.probability(x));
        }
        double expected = TvFloor.expected(p, n);
        assertThat(expected).isCloseTo(0.5 * sum / n, within(1e-12));
        double[] tv = TvFloor.sampled(p, n, 2000, Rng.seeded(42));
        double mean = Arrays.stream(tv).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(tv).map(t -> (t - mean) * (t - mean)).sum() / (tv.length - 1));
        assertThat(mean).isCloseTo(expected, within(4 * sd / Math.sqrt(tv.length)));
        assertThat(TvFloor.sampled(p, n, 3, Rng.seeded(42))).containsExactly(Arrays.copyOf(tv, 3));
        assertThatThrownBy(() -> TvFloor.expected(p, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("samples must be positive");
    }
}
