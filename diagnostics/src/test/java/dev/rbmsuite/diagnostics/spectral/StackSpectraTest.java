package dev.rbmsuite.diagnostics.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.cost.CostLimitException;
import org.junit.jupiter.api.Test;

class StackSpectraTest {
    private static final RbmStack STACK = RbmStack.gaussian(3, new int[] {2, 2}, 1.5, Rng.seeded(91));

    @Test
    void bgsOnTheBottomAgreesWithTheLambda2OfAppendixB() {
        double[] flat = BgsTransitionMatrix.exact(STACK.bottom());
        double l2 = SecondEigenvalue.of(flat, VisibleDistribution.of(STACK.bottom()).logProbabilities());
        // BGS has a PSD S, so its SLEM is lambda2 itself
        assertThat(StackSpectra.bgs(STACK)).isCloseTo(l2, within(1e-10));
    }

    @Test
    void roundTripIsReversibleSoBothEigenPathsAgree() {
        double[][] rt = ExactTransitionMatrices.roundTrip(STACK);
        double general = KernelSpectrum.secondModulus(rt);
        assertThat(StackSpectra.roundTrip(STACK)).isCloseTo(general, within(1e-9));
        assertThat(general).isBetween(0.0, 1.0);
    }

    @Test
    void deepTemperingTwoStepKernelKeepsTheTargetAndHasARateBelowOne() {
        // strong weights: slow enough mixing that the TV decay rate is measurable
        RbmStack slow = RbmStack.gaussian(3, new int[] {2, 2}, 4.0, Rng.seeded(92));
        double[][] two = KernelSpectrum.compose(ExactTransitionMatrices.deepTempering(slow, 0),
                ExactTransitionMatrices.deepTempering(slow, 1));
        double[] pi = ExactTransitionMatrices.target(slow);
        double[] next = new double[pi.length];
        for (int a = 0; a < pi.length; a++) {
            for (int b = 0; b < pi.length; b++) {
                next[b] += pi[a] * two[a][b];
            }
        }
        for (int b = 0; b < pi.length; b++) {
            assertThat(next[b]).isCloseTo(pi[b], within(1e-13));
        }
        StackSpectra.Result r = StackSpectra.compare(slow);
        assertThat(r.deepTemperingTwoStep()).isBetween(1e-6, 1.0 - 1e-9);
        assertThat(r.deepTemperingPerStep()).isCloseTo(Math.sqrt(r.deepTemperingTwoStep()), within(1e-15));
        // Gelfand: ||(T - 1 pi)^k||^(1/k) tends to the SLEM; compare ||M^32|| / ||M^16|| with SLEM^16
        int size = pi.length;
        double[][] mm = new double[size][size];
        for (int a = 0; a < size; a++) {
            for (int b = 0; b < size; b++) {
                mm[a][b] = two[a][b] - pi[b];
            }
        }
        double[][] m16 = mm;
        for (int q = 0; q < 4; q++) {
            m16 = KernelSpectrum.compose(m16, m16);
        }
        double[][] m32 = KernelSpectrum.compose(m16, m16);
        double rate = Math.pow(frobenius(m32) / frobenius(m16), 1.0 / 16);
        assertThat(rate).isCloseTo(r.deepTemperingTwoStep(), within(0.1 * r.deepTemperingTwoStep()));
    }

    private static double frobenius(double[][] m) {
        double s = 0;
        for (double[] row : m) {
            for (double x : row) {
                s += x * x;
            }
        }
        return Math.sqrt(s);
    }

    @Test
    void costGuardRefusesA13BitStackAtOnceInsteadOfRunningForAnHour() {
        RbmStack big = RbmStack.gaussian(5, new int[] {4, 4, 2}, 1.0, Rng.seeded(93));
        assertThat(StackSpectra.jointBits(big)).isEqualTo(13);
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> StackSpectra.deepTemperingTwoStep(big)).isInstanceOf(CostLimitException.class)
                .hasMessageStartingWith("exact spectrum of deep tempering (2^13 states) would take about");
        assertThatThrownBy(() -> StackSpectra.roundTrip(big)).isInstanceOf(CostLimitException.class);
        assertThatThrownBy(() -> StackSpectra.compare(big)).isInstanceOf(CostLimitException.class);
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(2.0);
        assertThat(StackSpectra.estimatedSeconds(big, StackSpectra.Kernel.DEEP_TEMPERING))
                .isGreaterThan(StackSpectra.estimatedSeconds(big, StackSpectra.Kernel.ROUND_TRIP));
        assertThat(StackSpectra.compare(STACK, CostGuard.UNLIMITED)).isEqualTo(StackSpectra.compare(STACK));
    }
}
