package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.learning.estimators.Moments;
import org.junit.jupiter.api.Test;

/**
 * The positive phase: layer 0 exactly over the data (against a plain loop written here), upper
 * layers over one ancestral sample per data point, whose mean over many draws is the layer below's
 * conditional mean.
 */
class PositivePhaseTest {
    private static final int N = 4;
    private static final double[] DATA = {1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0};

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    private static Moments[] fresh(RbmStack stack) {
        Moments[] out = new Moments[stack.size()];
        for (int l = 0; l < stack.size(); l++) {
            out[l] = new Moments(stack.layer(l).numVisible(), stack.layer(l).numHidden());
        }
        return out;
    }

    @Test
    void bottomLayerIsTheExactDataAverageOfVAndItsConditionalHiddenMeans() {
        RbmStack stack = RbmStack.gaussian(N, new int[] {3}, 1.0, Rng.seeded(1));
        Rbm rbm = stack.bottom();
        int rows = DATA.length / N;
        Moments[] out = fresh(stack);
        new PositivePhase(DATA, rows).compute(stack, Rng.seeded(2), out);
        double[] ev = new double[N];
        double[] eh = new double[3];
        double[] evh = new double[N * 3];
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < 3; j++) {
                double z = rbm.hiddenBiasArray()[j];
                for (int i = 0; i < N; i++) {
                    z += DATA[r * N + i] * rbm.weightsArray()[i * 3 + j];
                }
                eh[j] += sigmoid(z) / rows;
                for (int i = 0; i < N; i++) {
                    evh[i * 3 + j] += DATA[r * N + i] * sigmoid(z) / rows;
                }
            }
            for (int i = 0; i < N; i++) {
                ev[i] += DATA[r * N + i] / rows;
            }
        }
        for (int i = 0; i < N; i++) {
            assertThat(out[0].visible()[i]).isCloseTo(ev[i], within(1e-15));
        }
        for (int j = 0; j < 3; j++) {
            assertThat(out[0].hidden()[j]).isCloseTo(eh[j], within(1e-14));
        }
        for (int k = 0; k < N * 3; k++) {
            assertThat(out[0].pair()[k]).isCloseTo(evh[k], within(1e-14));
        }
    }

    @Test
    void upperLayersAverageAncestralSamplesWhoseMeanIsTheLayerBelowsHiddenMean() {
        RbmStack stack = RbmStack.gaussian(N, new int[] {3, 2}, 1.0, Rng.seeded(3));
        PositivePhase phase = new PositivePhase(DATA, DATA.length / N);
        Moments[] out = fresh(stack);
        double[] mean = new double[3];
        int draws = 4000;
        for (int d = 0; d < draws; d++) {
            phase.compute(stack, Rng.seeded(4).fork(d), out);
            for (int i = 0; i < 3; i++) {
                double v = out[1].visible()[i] * (DATA.length / N);
                assertThat(Math.abs(v - Math.rint(v))).as("a count of binary samples").isLessThan(1e-9);
                mean[i] += out[1].visible()[i] / draws;
            }
        }
        for (int i = 0; i < 3; i++) {
            // the sample mean of N_d = 3 Bernoulli draws has variance at most 1/12; 4,000 draws: sd < 0.005
            assertThat(mean[i]).isCloseTo(out[0].hidden()[i], within(0.025));
        }
        // the same stream gives the same statistics
        Moments[] again = fresh(stack);
        phase.compute(stack, Rng.seeded(4).fork(draws - 1), again);
        assertThat(again[1].visible()).containsExactly(out[1].visible());
        assertThat(again[1].pair()).containsExactly(out[1].pair());
    }

    /**
     * The bottom layer's hidden means given by the caller (the trainer's one pass with its chains) give
     * every layer's statistics bit for bit as when the phase computes them; too short a buffer is refused.
     */
    @Test
    void givenBottomMeansGiveTheSameStatistics() {
        RbmStack stack = RbmStack.gaussian(N, new int[] {3, 2}, 1.0, Rng.seeded(5));
        int rows = DATA.length / N;
        Moments[] computed = fresh(stack);
        Moments[] given = fresh(stack);
        new PositivePhase(DATA, rows).compute(stack, Rng.seeded(6), computed);
        double[] means = new double[rows * 3];
        stack.bottom().hiddenMeans(DATA, rows, means);
        PositivePhase phase = new PositivePhase(DATA, rows);
        phase.compute(stack, Rng.seeded(6), given, DATA, rows, means);
        for (int l = 0; l < 2; l++) {
            assertThat(given[l].visible()).containsExactly(computed[l].visible());
            assertThat(given[l].hidden()).containsExactly(computed[l].hidden());
            assertThat(given[l].pair()).containsExactly(computed[l].pair());
        }
        assertThatThrownBy(() -> phase.compute(stack, Rng.seeded(6), given, DATA, rows, new double[rows * 3 - 1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bottom means");
    }

    @Test
    void needsAtLeastOneDataPoint() {
        assertThatThrownBy(() -> new PositivePhase(new double[0], 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
