package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.cost.CostLimitException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ExactLogZTest {
    private static double rel(double a, double b) {
        return Math.abs(a - b) / Math.max(1.0, Math.abs(b));
    }

    @Test
    void matchesBruteForceOverBothLayersOnTinyModels() {
        Rng rng = Rng.seeded(11);
        int[][] sizes = {{1, 1}, {1, 3}, {3, 1}, {2, 5}, {4, 3}, {5, 6}, {6, 4}, {7, 5}};
        for (int[] s : sizes) {
            for (double scale : new double[] {0.1, 1.0, 4.0}) {
                Rbm rbm = BruteForce.random(s[0], s[1], scale, scale, rng.fork(s[0], s[1], (long) (scale * 10)));
                double ref = BruteForce.logZ(rbm);
                assertThat(ExactLogZ.logZ(rbm)).as("fast %s scale %s", rbm, scale).isCloseTo(ref, within(1e-12 * Math.max(1, Math.abs(ref))));
                assertThat(ExactLogZ.logZPlain(rbm)).as("plain %s", rbm).isCloseTo(ref, within(1e-12 * Math.max(1, Math.abs(ref))));
            }
        }
    }

    @Test
    void fastPathEqualsPlainPathOnRandomParameters() {
        Rng rng = Rng.seeded(12);
        int[][] sizes = {{10, 100}, {13, 40}, {16, 64}, {30, 12}, {9, 9}};
        for (int[] s : sizes) {
            for (double scale : new double[] {0.05, 0.3, 1.0, 3.0}) {
                Rbm rbm = BruteForce.random(s[0], s[1], scale, scale, rng.fork(s[0], s[1], (long) (scale * 100)));
                if (scale <= 1.0) {
                    assertThat(new SplitEnumerator(ExactLogZ.smallerLayerFirst(rbm)).fastFraction()).isEqualTo(1.0);
                }
                double fast = ExactLogZ.logZ(rbm);
                double plain = ExactLogZ.logZPlain(rbm);
                assertThat(rel(fast, plain)).as("%s scale %s: fast %s plain %s", rbm, scale, fast, plain).isLessThan(1e-10);
            }
        }
    }

    @Test
    void fastPathEqualsPlainPathOnExtremeParameters() {
        Rng rng = Rng.seeded(13);
        int[][] sizes = {{10, 60}, {12, 100}, {6, 7}};
        double minFast = 1;
        double maxFast = 0;
        for (int[] s : sizes) {
            for (double ws : new double[] {10.0, 50.0}) {
                for (double bs : new double[] {0.0, 30.0, 200.0}) {
                    Rbm rbm = BruteForce.random(s[0], s[1], ws, bs, rng.fork(s[0], (long) ws, (long) bs));
                    double fraction = new SplitEnumerator(ExactLogZ.smallerLayerFirst(rbm)).fastFraction();
                    minFast = Math.min(minFast, fraction);
                    maxFast = Math.max(maxFast, fraction);
                    double fast = ExactLogZ.logZ(rbm);
                    double plain = ExactLogZ.logZPlain(rbm);
                    assertThat(fast).isFinite();
                    assertThat(rel(fast, plain)).as("%s ws %s bs %s", rbm, ws, bs).isLessThan(1e-10);
                }
            }
        }
        // both paths, and mixtures of them within rows, were exercised
        assertThat(minFast).isLessThan(0.05);
        assertThat(maxFast).isGreaterThan(0.0);
        // weights of exactly +-50 everywhere and huge biases, on a model small enough for brute force
        int n = 5;
        int m = 6;
        double[] w = new double[n * m];
        for (int k = 0; k < w.length; k++) {
            w[k] = (k % 3 == 0) ? -50 : 50;
        }
        double[] b = {300, -300, 50, -50, 0};
        double[] c = {-400, 400, 10, -10, 0, 25};
        Rbm rbm = Rbm.of(n, m, w, b, c);
        double ref = BruteForce.logZ(rbm);
        assertThat(ExactLogZ.logZ(rbm)).isCloseTo(ref, within(1e-12 * Math.abs(ref)));
    }

    @Test
    void usesTheTransposeWhenTheHiddenLayerIsSmaller() {
        Rbm rbm = BruteForce.random(14, 5, 0.7, 0.5, Rng.seeded(14));
        assertThat(ExactLogZ.logZ(rbm)).isCloseTo(ExactLogZ.logZPlain(rbm.transpose()), within(1e-10));
        assertThat(ExactLogZ.logZ(rbm)).isCloseTo(BruteForce.logZ(rbm), within(1e-11));
    }

    @Test
    void isBitIdenticalRunToRun() {
        Rbm rbm = BruteForce.random(18, 50, 0.5, 0.5, Rng.seeded(15));
        double first = ExactLogZ.logZ(rbm);
        for (int r = 0; r < 3; r++) {
            assertThat(Double.doubleToRawLongBits(ExactLogZ.logZ(rbm))).isEqualTo(Double.doubleToRawLongBits(first));
        }
    }

    @Test
    void costGuardRefusesEnumerationsEstimatedAboveItsLimitBeforeStarting() {
        Rbm huge = Rbm.gaussian(30, 5000, 0.01, Rng.seeded(3));
        assertThat(ExactLogZ.estimatedSeconds(huge)).isGreaterThan(CostGuard.DEFAULT_LIMIT_SECONDS);
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> ExactLogZ.logZ(huge)).isInstanceOf(CostLimitException.class)
                .hasMessageStartingWith("exact log Z (2^30 states x 5000 units) would take about");
        assertThatThrownBy(() -> ExactMoments.of(huge)).isInstanceOf(CostLimitException.class);
        assertThat((System.nanoTime() - t0) / 1e9).as("refusal is immediate").isLessThan(2.0);
        Rbm small = Rbm.gaussian(8, 6, 1.0, Rng.seeded(4));
        assertThatThrownBy(() -> ExactLogZ.logZ(small, CostGuard.limit(1e-12))).isInstanceOf(CostLimitException.class);
        assertThatThrownBy(() -> VisibleDistribution.of(small, CostGuard.limit(1e-12))).isInstanceOf(CostLimitException.class);
        assertThat(ExactLogZ.logZ(small, CostGuard.UNLIMITED)).isEqualTo(ExactLogZ.logZ(small));
        assertThat(ExactMoments.of(small, CostGuard.UNLIMITED).joint()).isEqualTo(ExactMoments.of(small).joint());
    }

    @Test
    void costEstimateGrowsWithTheEnumeratedStatesAndReportsProgressInUnits() {
        assertThat(ExactLogZ.estimatedSeconds(Rbm.gaussian(21, 100, 1.0, Rng.seeded(5))))
                .isCloseTo(2 * ExactLogZ.estimatedSeconds(Rbm.gaussian(20, 100, 1.0, Rng.seeded(5))), within(1e-12));
        // the transposed model costs the same: the smaller layer is enumerated
        assertThat(ExactLogZ.estimatedSeconds(Rbm.gaussian(100, 20, 1.0, Rng.seeded(5))))
                .isEqualTo(ExactLogZ.estimatedSeconds(Rbm.gaussian(20, 100, 1.0, Rng.seeded(5))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CostGuard loud = CostGuard.DEFAULT.withProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                1e-9);
        Rbm rbm = Rbm.gaussian(12, 30, 1.0, Rng.seeded(6));
        assertThat(ExactLogZ.logZ(rbm, loud)).isEqualTo(ExactLogZ.logZ(rbm));
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .startsWith("rbm: exact log Z (2^12 states x 30 units): about ");
    }
}
