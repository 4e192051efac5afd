package dev.rbmsuite.diagnostics.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/**
 * {@link EffectiveSampleSize}: a chain worked by hand, the truncation at the first negative
 * autocorrelation, and the known ESS of i.i.d. and AR(1) chains.
 */
class EffectiveSampleSizeTest {
    @Test
    void aShortChainByHand() {
        // 1, 2, 3, 4: centred -1.5, -0.5, 0.5, 1.5; lag-0 sum 5, lag 1: 1.25 (rho 0.25), lag 2: -1.5 (negative:
        // cut); 1 + (1 - 1/4) 0.25 = 1.1875; ESS = 4 / (2 * 1.1875 - 1) = 4 / 1.375
        assertThat(EffectiveSampleSize.of(new double[] {1, 2, 3, 4})).isCloseTo(4 / 1.375, within(1e-15));
        // a burn-in range: the same chain after two values of another
        assertThat(EffectiveSampleSize.of(new double[] {9, -9, 1, 2, 3, 4}, 2, 6)).isCloseTo(4 / 1.375, within(1e-15));
        // alternating: rho_1 = -3/4 < 0 cuts at once, ESS = N
        assertThat(EffectiveSampleSize.of(new double[] {0, 1, 0, 1})).isEqualTo(4.0);
    }

    @Test
    void aConstantChainCountsAsOne() {
        assertThat(EffectiveSampleSize.of(new double[] {2, 2, 2, 2, 2})).isEqualTo(1.0);
        assertThatThrownBy(() -> EffectiveSampleSize.of(new double[3], 2, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void independentAndAutoregressiveChains() {
        Rng rng = Rng.seeded(11);
        int n = 20_000;
        double[] iid = new double[n];
        double[] ar = new double[n];
        double phi = 0.9;
        for (int t = 0; t < n; t++) {
            iid[t] = rng.nextGaussian();
            ar[t] = (t == 0 ? 0 : phi * ar[t - 1]) + rng.nextGaussian();
        }
        assertThat(EffectiveSampleSize.of(iid)).isBetween(0.9 * n, 1.0 * n);
        // AR(1): N (1 - phi) / (1 + phi) = N / 19
        assertThat(EffectiveSampleSize.of(ar)).isCloseTo(n / 19.0, within(0.2 * n / 19.0));
    }
}
