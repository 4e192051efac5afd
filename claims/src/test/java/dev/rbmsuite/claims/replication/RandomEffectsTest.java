package dev.rbmsuite.claims.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** DerSimonian-Laird and Hartung-Knapp-Sidik-Jonkman against hand computations. */
class RandomEffectsTest {
    @Test
    void homogeneousSeedsGiveNoBetweenSeedVariance() {
        // y = 1, 2, 3 with se 1: fixed mean 2, Q = 2 = k - 1, so tau^2 = 0; q = 1, se = sqrt(1/3), t(0.975, 2) = 4.302653
        RandomEffects.Pooled p = RandomEffects.pool(new double[] {1, 2, 3}, new double[] {1, 1, 1});
        assertThat(p.tau2()).isEqualTo(0);
        assertThat(p.mean()).isCloseTo(2, within(1e-15));
        assertThat(p.se()).isCloseTo(Math.sqrt(1.0 / 3), within(1e-15));
        double half = 4.302652729749464 * Math.sqrt(1.0 / 3);
        assertThat(p.lo()).isCloseTo(2 - half, within(1e-9));
        assertThat(p.hi()).isCloseTo(2 + half, within(1e-9));
        assertThat(p.df()).isEqualTo(2);
    }

    @Test
    void heterogeneousSeedsWidenTheInterval() {
        // y = 0, 10 with se 1: Q = 50, tau^2 = (50 - 1) / (2 - 1) = 49, weights 1/50, mean 5, q = 1, se = 5
        RandomEffects.Pooled p = RandomEffects.pool(new double[] {0, 10}, new double[] {1, 1});
        assertThat(p.tau2()).isCloseTo(49, within(1e-12));
        assertThat(p.mean()).isCloseTo(5, within(1e-12));
        assertThat(p.se()).isCloseTo(5, within(1e-12));
        assertThat(p.hi() - p.mean()).isCloseTo(12.706204736174698 * 5, within(1e-6));
    }

    @Test
    void seedsThatAgreeBetterThanTheirErrorsCannotNarrowTheIntervalBelowTheFixedEffectOne() {
        // y = 1, 1.1, 0.9 with se 1: q = 0.01 would shrink the interval a hundredfold; q* = max(1, q) keeps it
        RandomEffects.Pooled p = RandomEffects.pool(new double[] {1, 1.1, 0.9}, new double[] {1, 1, 1});
        assertThat(p.se()).isCloseTo(Math.sqrt(1.0 / 3), within(1e-15));
        // unequal errors weigh the precise seed more
        RandomEffects.Pooled w = RandomEffects.pool(new double[] {0, 1, 1}, new double[] {0.1, 1, 1});
        assertThat(w.mean()).isLessThan(0.1);
    }

    @Test
    void pValuesAreOneSidedTTests() {
        RandomEffects.Pooled p = RandomEffects.pool(new double[] {1, 2, 3}, new double[] {1, 1, 1});
        // at the interval's lower end the one-sided p of "at most lo" is 0.025
        assertThat(p.pAbove(p.lo())).isCloseTo(0.025, within(1e-9));
        assertThat(p.pBelow(p.hi())).isCloseTo(0.025, within(1e-9));
        assertThat(p.pAbove(p.mean())).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void refusesWhatCannotBePooled() {
        assertThatThrownBy(() -> RandomEffects.pool(new double[] {1}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RandomEffects.pool(new double[] {1, 2}, new double[] {1, 0}))
                .hasMessageContaining("standard error 0");
    }
}
