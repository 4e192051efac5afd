package dev.rbmsuite.diagnostics.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.util.Arrays;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.cost.CostLimitException;
import org.junit.jupiter.api.Test;

class Lambda2Test {
    @Test
    void exactLambda2IsTheSecondEigenvalueOfTheTransitionMatrix() {
        Rbm rbm = Rbm.gaussian(5, 6, 1.0, Rng.seeded(51));
        double[] p = BgsTransitionMatrix.exact(rbm);
        int size = 32;
        double[][] dense = new double[size][];
        for (int a = 0; a < size; a++) {
            dense[a] = Arrays.copyOfRange(p, a * size, (a + 1) * size);
        }
        double[] re = KernelSpectrum.eigenvalues(dense)[0];
        Arrays.sort(re);
        double secondLargest = re[size - 2];
        Lambda2.Result r = Lambda2.estimate(rbm, Lambda2.Estimator.EXACT, 0, Rng.seeded(1));
        assertThat(r.lambda2()).isCloseTo(secondLargest, within(1e-10));
        assertThat(r.relaxationTime()).isCloseTo(1 / (1 - secondLargest), within(1e-8));
        assertThat(re[0]).isGreaterThan(-1e-12); // BGS: S is positive semidefinite (Appendix B)
    }

    private static double[] repeats(Rbm rbm, VisibleDistribution d, Lambda2.Estimator e, int n2, int reps, long seed) {
        double[] out = new double[reps];
        for (int r = 0; r < reps; r++) {
            out[r] = Lambda2.estimate(rbm, d, e, n2, Rng.seeded(seed).fork(r)).lambda2();
        }
        return out;
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElseThrow();
    }

    private static double stdErr(double[] x) {
        double mu = mean(x);
        double v = Arrays.stream(x).map(t -> (t - mu) * (t - mu)).sum() / (x.length - 1);
        return Math.sqrt(v / x.length);
    }

    private static double meanAbsError(double[] x, double exact) {
        return Arrays.stream(x).map(t -> Math.abs(t - exact)).average().orElseThrow();
    }

    @Test
    void estimatorsApproachExactAndOnlyCountsShowAVisibleUpwardBias() {
        Rbm rbm = Rbm.gaussian(5, 8, 1.0, Rng.seeded(52));
        VisibleDistribution d = VisibleDistribution.of(rbm);
        double exact = Lambda2.estimate(rbm, d, Lambda2.Estimator.EXACT, 0, Rng.seeded(1)).lambda2();
        int reps = 30;
        double[] countsSmall = repeats(rbm, d, Lambda2.Estimator.COUNTS, 64, reps, 53);
        double[] countsLarge = repeats(rbm, d, Lambda2.Estimator.COUNTS, 8192, reps, 54);
        double[] rbSmall = repeats(rbm, d, Lambda2.Estimator.RAO_BLACKWELL, 64, reps, 55);
        double[] rbLarge = repeats(rbm, d, Lambda2.Estimator.RAO_BLACKWELL, 4096, reps, 56);

        // both approach the exact value as N2 grows
        assertThat(meanAbsError(countsLarge, exact)).isLessThan(meanAbsError(countsSmall, exact) / 3);
        assertThat(meanAbsError(rbLarge, exact)).isLessThan(meanAbsError(rbSmall, exact) / 3);
        assertThat(mean(countsLarge)).isCloseTo(exact, within(0.02));
        assertThat(mean(rbLarge)).isCloseTo(exact, within(0.005));

        // the count estimator's upward bias is visible: above exact by more than 3 standard errors
        double countBias = mean(countsSmall) - exact;
        assertThat(countBias).isGreaterThan(3 * stdErr(countsSmall));
        // the RB estimator's bias is much smaller (and consistent with its own noise)
        double rbBias = mean(rbSmall) - exact;
        assertThat(Math.abs(rbBias)).isLessThan(countBias / 4);
        assertThat(rbBias).isLessThan(4 * stdErr(rbSmall) + countBias / 10);
    }

    @Test
    void costGuardRefusesTheExactMatrixOfALargeModelAndAllowsSmallOnes() {
        Rbm big = Rbm.gaussian(12, 16, 0.1, Rng.seeded(52));
        assertThat(Lambda2.estimatedSeconds(big, Lambda2.Estimator.EXACT, 0)).isGreaterThan(CostGuard.DEFAULT_LIMIT_SECONDS);
        assertThatThrownBy(() -> Lambda2.estimate(big, Lambda2.Estimator.EXACT, 0, Rng.seeded(1)))
                .isInstanceOf(CostLimitException.class).hasMessageContaining("lambda2 (exact, 2^12 states, m = 16)");
        Rbm small = Rbm.gaussian(5, 6, 1.0, Rng.seeded(51));
        assertThat(Lambda2.estimate(small, Lambda2.Estimator.EXACT, 0, Rng.seeded(1), CostGuard.UNLIMITED))
                .isEqualTo(Lambda2.estimate(small, Lambda2.Estimator.EXACT, 0, Rng.seeded(1)));
        assertThatThrownBy(() -> Lambda2.estimate(small, Lambda2.Estimator.RAO_BLACKWELL, 0, Rng.seeded(1),
                CostGuard.limit(1e-9))).isInstanceOf(CostLimitException.class);
        double e14 = Lambda2.estimatedSeconds(small, Lambda2.Estimator.COUNTS, 1 << 14);
        double e15 = Lambda2.estimatedSeconds(small, Lambda2.Estimator.COUNTS, 1 << 15);
        double e16 = Lambda2.estimatedSeconds(small, Lambda2.Estimator.COUNTS, 1 << 16);
        assertThat(e16 - e15).as("the count matrix costs N2").isCloseTo(2 * (e15 - e14), within(1e-12));
    }
}
