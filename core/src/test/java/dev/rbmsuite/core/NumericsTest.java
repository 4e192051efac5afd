package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The stable scalar functions of {@link Numerics}, including extreme arguments (their vectorised twins: VectorMathTest). */
class NumericsTest {
    @Test
    void softplusIsStableAtExtremes() {
        assertThat(Numerics.softplus(800)).isEqualTo(800.0);
        assertThat(Numerics.softplus(-800)).isEqualTo(0.0);
        assertThat(Numerics.softplus(0)).isCloseTo(Math.log(2), within(1e-16));
        assertThat(Numerics.softplus(1e308)).isEqualTo(1e308);
        assertThat(Numerics.softplus(-40)).isCloseTo(Math.exp(-40), within(1e-30));
        for (double x = -30; x <= 30; x += 0.37) {
            assertThat(Numerics.softplus(x)).isCloseTo(Math.log1p(Math.exp(x)), within(1e-13));
        }
    }

    @Test
    void sigmoidSaturatesWithoutNaN() {
        assertThat(Numerics.sigmoid(1000)).isEqualTo(1.0);
        assertThat(Numerics.sigmoid(-1000)).isEqualTo(0.0);
        assertThat(Numerics.sigmoid(0)).isEqualTo(0.5);
        assertThat(Numerics.sigmoid(-30)).isCloseTo(Math.exp(-30) / (1 + Math.exp(-30)), within(1e-25));
        assertThat(Numerics.logSigmoid(-800)).isEqualTo(-800.0);
        assertThat(Numerics.logit(Numerics.sigmoid(2.5))).isCloseTo(2.5, within(1e-12));
    }

    @Test
    void logSumExpVariants() {
        double[] x = {1000, 1000, Double.NEGATIVE_INFINITY};
        assertThat(Numerics.logSumExp(x, 0, 3)).isCloseTo(1000 + Math.log(2), within(1e-12));
        assertThat(Numerics.logAddExp(-1000, -1000)).isCloseTo(-1000 + Math.log(2), within(1e-12));
        assertThat(Numerics.logAddExp(Double.NEGATIVE_INFINITY, 3)).isEqualTo(3.0);
        assertThat(Numerics.logSumExp0(900, 900)).isCloseTo(900 + Math.log(2), within(1e-12));
        assertThat(Numerics.logSumExp0(-900, -900)).isCloseTo(0, within(1e-300));
        assertThat(Numerics.logSumExp0(1.5, -0.5)).isCloseTo(Math.log(1 + Math.exp(1.5) + Math.exp(-0.5)), within(1e-14));
        assertThat(Numerics.logMeanExp(new double[] {0, Math.log(3)})).isCloseTo(Math.log(2), within(1e-15));
        assertThat(Numerics.logSumExp(new double[] {Double.NEGATIVE_INFINITY}, 0, 1)).isEqualTo(Double.NEGATIVE_INFINITY);
    }
}
