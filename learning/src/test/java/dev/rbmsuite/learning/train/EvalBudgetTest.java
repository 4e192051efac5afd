package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The mAIS size chosen from a time budget: deterministic, within the budget, in the defaults' ratio. */
class EvalBudgetTest {
    @Test
    void choiceFitsTheBudgetInTheDefaultsRatio() {
        int[][] shapes = {{64, 500}, {784, 500}, {25, 100}, {6, 4}};
        for (int[] nm : shapes) {
            for (double budget : new double[] {0.5, 3, 10, 60, 600}) {
                int[] kn;
                try {
                    kn = EvalBudget.choose(budget, nm[0], nm[1]);
                } catch (IllegalArgumentException e) {
                    assertThat(EvalBudget.estimatedSeconds(nm[0], nm[1], EvalBudget.MIN_TEMPERATURES, EvalBudget.MIN_RUNS))
                            .as("refused only when the smallest size costs more").isGreaterThan(budget / 2);
                    continue;
                }
                double cost = EvalBudget.estimatedSeconds(nm[0], nm[1], kn[0], kn[1]);
                String at = budget + " s at " + nm[0] + "x" + nm[1];
                assertThat(cost).as(at).isLessThanOrEqualTo(budget);
                assertThat(kn[0]).isGreaterThanOrEqualTo(EvalBudget.MIN_TEMPERATURES);
                assertThat(kn[1]).isGreaterThanOrEqualTo(EvalBudget.MIN_RUNS);
                if ((double) kn[0] * kn[1] < EvalBudget.MAX_SWEEPS / 2) {
                    assertThat(cost).as(at).isGreaterThan(0.9 * budget);
                }
                if (kn[1] > EvalBudget.MIN_RUNS) {
                    assertThat((double) kn[0] / kn[1]).as(at).isBetween(0.9 * EvalBudget.RATIO, 1.2 * EvalBudget.RATIO);
                }
                assertThat(EvalBudget.choose(budget, nm[0], nm[1])).as("deterministic").isEqualTo(kn);
            }
        }
    }

    @Test
    void theDefaultsCostAboutTheirBudget() {
        // K = 10,000, N = 500 is what the cost model says they cost: the budget of that many seconds buys them
        double seconds = EvalBudget.estimatedSeconds(64, 500, 10_000, 500);
        int[] kn = EvalBudget.choose(seconds, 64, 500);
        assertThat(kn[1]).isBetween(499, 500);
        assertThat((long) kn[0] * kn[1]).isBetween(4_990_000L, 5_000_000L);
    }

    @Test
    void moreBudgetNeverBuysLess() {
        int[] prev = EvalBudget.choose(0.2, 64, 500);
        for (double b = 0.3; b < 1000; b *= 1.7) {
            int[] kn = EvalBudget.choose(b, 64, 500);
            assertThat((long) kn[0] * kn[1]).isGreaterThanOrEqualTo((long) prev[0] * prev[1]);
            prev = kn;
        }
    }

    @Test
    void badBudgetsAreRefusedNamingTheOption() {
        for (double b : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> EvalBudget.choose(b, 64, 500)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("eval-budget must be a positive number of seconds");
        }
        assertThatThrownBy(() -> EvalBudget.choose(1e-6, 784, 500)).hasMessageStartingWith("eval-budget 1.0E-6 s buys less");
    }
}
