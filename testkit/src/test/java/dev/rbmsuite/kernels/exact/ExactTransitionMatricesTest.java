package dev.rbmsuite.kernels.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.testkit.TinyModels;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact matrices are proper transition matrices that leave their targets invariant to 1e-12,
 * with detailed balance exactly where it holds (BGS, the visible-space swap, the round trip) and
 * not where it does not (a single DT or PT step of one parity). Targets are checked against core's
 * softplus log-marginal, an independent formula.
 */
class ExactTransitionMatricesTest {
    private static final double TOL = 1e-12;

    static double maxRowSumError(double[][] t) {
        double worst = 0;
        for (double[] row : t) {
            double s = 0;
            for (double x : row) {
                assertThat(x).isBetween(0.0, 1.0 + TOL);
                s += x;
            }
            worst = Math.max(worst, Math.abs(s - 1));
        }
        return worst;
    }

    static double maxStationarityError(double[] pi, double[][] t) {
        double[] next = new double[pi.length];
        for (int a = 0; a < pi.length; a++) {
            for (int b = 0; b < pi.length; b++) {
                next[b] += pi[a] * t[a][b];
            }
        }
        double worst = 0;
        for (int b = 0; b < pi.length; b++) {
            worst = Math.max(worst, Math.abs(next[b] - pi[b]));
        }
        return worst;
    }

    static double maxDetailedBalanceError(double[] pi, double[][] t) {
        double worst = 0;
        for (int a = 0; a < pi.length; a++) {
            for (int b = 0; b < a; b++) {
                worst = Math.max(worst, Math.abs(pi[a] * t[a][b] - pi[b] * t[b][a]));
            }
        }
        return worst;
    }

    static void assertStationary(String what, double[] pi, double[][] t) {
        assertThat(t.length).isEqualTo(pi.length);
        double total = 0;
        for (double p : pi) {
            total += p;
        }
        assertThat(total).isCloseTo(1.0, org.assertj.core.data.Offset.offset(TOL));
        assertThat(maxRowSumError(t)).as("%s: row sums", what).isLessThanOrEqualTo(TOL);
        assertThat(maxStationarityError(pi, t)).as("%s: max |pi T - pi|", what).isLessThanOrEqualTo(TOL);
    }

    @Test
    void bgsIsStationaryAndReversible() {
        for (Rbm rbm : List.of(TinyModels.bgsRbm(), Rbm.gaussian(4, 6, 3.0, Rng.seeded(7)))) {
            double[][] t = ExactTransitionMatrices.bgs(rbm);
            double[] pi = ExactTransitionMatrices.visibleMarginal(rbm);
            assertStationary("bgs", pi, t);
            assertThat(maxDetailedBalanceError(pi, t)).isLessThanOrEqualTo(TOL);
        }
    }

    @Test
    void targetMatchesCoreLogMarginal() {
        Rbm rbm = TinyModels.bgsRbm();
        double[] pi = ExactTransitionMatrices.visibleMarginal(rbm);
        int n = rbm.numVisible();
        double[] v = new double[(1 << n) * n];
        for (int s = 0; s < (1 << n); s++) {
            for (int i = 0; i < n; i++) {
                v[s * n + i] = (s >> i) & 1;
            }
        }
        double[] lv = new double[1 << n];
        rbm.logMarginalVisible(v, 1 << n, lv);
        double logZ = Numerics.logSumExp(lv, 0, lv.length);
        for (int s = 0; s < lv.length; s++) {
            assertThat(pi[s]).isCloseTo(Math.exp(lv[s] - logZ), org.assertj.core.data.Offset.offset(TOL));
        }
        // the stack target is the product of the layer marginals, layer 0 in the lowest bits
        RbmStack stack = TinyModels.stack342();
        double[] joint = ExactTransitionMatrices.target(stack);
        double[] p0 = ExactTransitionMatrices.visibleMarginal(stack.layer(0));
        double[] p1 = ExactTransitionMatrices.visibleMarginal(stack.layer(1));
        for (int a = 0; a < p0.length; a++) {
            for (int b = 0; b < p1.length; b++) {
                assertThat(joint[a | b << 3]).isCloseTo(p0[a] * p1[b], org.assertj.core.data.Offset.offset(TOL));
            }
        }
    }

    @Test
    void visibleSwapIsStationaryAndReversible() {
        for (RbmStack stack : List.of(TinyModels.stack3432(), TinyModels.stack342())) {
            double[] pi = ExactTransitionMatrices.target(stack);
            for (int l = 0; l < stack.upperLayers(); l++) {
                double[][] t = ExactTransitionMatrices.swapVisible(stack, l);
                assertStationary("swap " + l, pi, t);
                assertThat(maxDetailedBalanceError(pi, t)).as("swap %d detailed balance", l).isLessThanOrEqualTo(TOL);
            }
        }
    }

    @Test
    void deepTemperingIsStationaryForBothParitiesButNotReversible() {
        for (RbmStack stack : List.of(TinyModels.stack3432(), TinyModels.stack342())) {
            double[] pi = ExactTransitionMatrices.target(stack);
            for (int c = 0; c < 2; c++) {
                double[][] t = ExactTransitionMatrices.deepTempering(stack, c);
                assertStationary("dt parity " + c, pi, t);
                if (c < stack.upperLayers()) {
                    // a swap followed by BGS: balance holds, detailed balance does not
                    assertThat(maxDetailedBalanceError(pi, t)).as("dt parity %d", c).isGreaterThan(1e-6);
                }
            }
        }
    }

    @Test
    void roundTripIsStationaryAndReversible() {
        for (RbmStack stack : List.of(TinyModels.stack3432(), TinyModels.stack342(), TinyModels.stack23223())) {
            double[] pi = ExactTransitionMatrices.target(stack);
            double[][] t = ExactTransitionMatrices.roundTrip(stack);
            assertStationary("roundtrip " + stack, pi, t);
            assertThat(maxDetailedBalanceError(pi, t)).as("roundtrip detailed balance").isLessThanOrEqualTo(TOL);
        }
    }

    @Test
    void roundTripOfASingleRbmIsBgs() {
        Rbm rbm = TinyModels.bgsRbm();
        double[][] rt = ExactTransitionMatrices.roundTrip(RbmStack.of(rbm));
        double[][] bgs = ExactTransitionMatrices.bgs(rbm);
        for (int a = 0; a < bgs.length; a++) {
            for (int b = 0; b < bgs.length; b++) {
                assertThat(rt[a][b]).isCloseTo(bgs[a][b], org.assertj.core.data.Offset.offset(TOL));
            }
        }
    }

    @Test
    void parallelTemperingIsStationaryForBothParitiesButNotReversible() {
        Rbm rbm = TinyModels.ptRbm();
        double[] betas = TinyModels.ptBetas();
        double[] pi = ExactTransitionMatrices.target(rbm, betas);
        for (int c = 0; c < 2; c++) {
            double[][] t = ExactTransitionMatrices.parallelTempering(rbm, betas, c);
            assertStationary("pt parity " + c, pi, t);
            assertThat(maxDetailedBalanceError(pi, t)).as("pt parity %d", c).isGreaterThan(1e-6);
        }
        // replica 0 of the PT target is the untempered marginal
        double[] p0 = ExactTransitionMatrices.visibleMarginal(rbm);
        double[] marg = new double[p0.length];
        for (int s = 0; s < pi.length; s++) {
            marg[s & 7] += pi[s];
        }
        for (int a = 0; a < p0.length; a++) {
            assertThat(marg[a]).isCloseTo(p0[a], org.assertj.core.data.Offset.offset(TOL));
        }
    }

    @Test
    void refusesJointSpacesAboveTheGuard() {
        RbmStack big = RbmStack.gaussian(5, new int[] {5, 4, 2}, 1.0, Rng.seeded(1));
        assertThatThrownBy(() -> ExactTransitionMatrices.roundTrip(big)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bits");
        assertThatThrownBy(() -> ExactTransitionMatrices.swapVisible(TinyModels.stack342(), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
