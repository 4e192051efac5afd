package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The shared brute-force kit checked against closed forms on the 1x1 RBM (Z = 1 + e^b + e^c +
 * e^{b+c+w}) and for consistency between its own routes on a 3x2 model, so that a slip in the
 * reference cannot silently agree with a slip in the code it judges.
 */
class BruteForceTest {
    private static final double B = 0.3;
    private static final double C = -0.7;
    private static final double W = 1.1;
    private static final Rbm ONE = Rbm.of(1, 1, new double[] {W}, new double[] {B}, new double[] {C});
    private static final double Z = 1 + Math.exp(B) + Math.exp(C) + Math.exp(B + C + W);

    @Test
    void oneByOneMatchesTheClosedForms() {
        assertThat(BruteForce.energy(ONE, new double[] {1}, new double[] {1})).isCloseTo(-(B + C + W), within(1e-15));
        assertThat(BruteForce.logZ(ONE)).isCloseTo(Math.log(Z), within(1e-14));
        double[] pv = BruteForce.visibleDistribution(ONE);
        assertThat(pv[0]).isCloseTo((1 + Math.exp(C)) / Z, within(1e-14));
        assertThat(pv[1]).isCloseTo((Math.exp(B) + Math.exp(B + C + W)) / Z, within(1e-14));
        BruteForce.JointMoments mo = BruteForce.moments(ONE);
        assertThat(mo.visible()[0]).isCloseTo(pv[1], within(1e-14));
        assertThat(mo.hidden()[0]).isCloseTo((Math.exp(C) + Math.exp(B + C + W)) / Z, within(1e-14));
        assertThat(mo.joint()[0]).isCloseTo(Math.exp(B + C + W) / Z, within(1e-14));
        double sigmoid = 1 / (1 + Math.exp(-(C + W)));
        assertThat(BruteForce.hiddenMarginals(ONE, new double[] {1})[0]).isCloseTo(sigmoid, within(1e-14));
        assertThat(BruteForce.visibleMarginals(ONE, new double[] {0})[0]).isCloseTo(1 / (1 + Math.exp(-B)), within(1e-14));
        // with one unit per layer, conditioning on v_{-0} conditions on nothing: the joint moments again
        assertThat(BruteForce.visibleConditional(ONE, new double[] {0}, 0, -1)).isCloseTo(mo.visible()[0], within(1e-14));
        assertThat(BruteForce.hiddenConditional(ONE, new double[] {1}, 0, 0)).isCloseTo(mo.joint()[0], within(1e-14));
    }

    @Test
    void itsRoutesAgreeOnALargerModel() {
        Rbm r = BruteForce.random(3, 2, 0.9, 0.4, Rng.seeded(5));
        double lz = BruteForce.logZ(r);
        double viaVisible = 0;
        double viaHidden = 0;
        for (int s = 0; s < 8; s++) {
            viaVisible += Math.exp(BruteForce.logMarginalVisible(r, BruteForce.bits(s, 3)) - lz);
        }
        for (int s = 0; s < 4; s++) {
            viaHidden += Math.exp(BruteForce.logMarginalHidden(r, BruteForce.bits(s, 2)) - lz);
        }
        assertThat(viaVisible).isCloseTo(1, within(1e-14));
        assertThat(viaHidden).isCloseTo(1, within(1e-14));
        double[] pv = BruteForce.visibleDistribution(r);
        double[] all = new double[8 * 3];
        for (int s = 0; s < 8; s++) {
            System.arraycopy(BruteForce.bits(s, 3), 0, all, 3 * s, 3);
        }
        double ll = 0;
        for (int s = 0; s < 8; s++) {
            ll += Math.log(pv[s]);
        }
        assertThat(BruteForce.logLikelihood(r, all, 8)).isCloseTo(ll / 8, within(1e-13));
        BruteForce.JointMoments mo = BruteForce.moments(r);
        for (int i = 0; i < 3; i++) {
            double ev = 0;
            for (int s = 0; s < 8; s++) {
                ev += pv[s] * BruteForce.bit(s, i);
            }
            assertThat(mo.visible()[i]).isCloseTo(ev, within(1e-14));
        }
    }

    @Test
    void exactSamplesFollowTheTable() {
        Rbm r = BruteForce.random(2, 2, 1.0, 0.5, Rng.seeded(6));
        int count = 20000;
        double[] x = BruteForce.sampleVisible(r, count, Rng.seeded(7));
        double[] freq = new double[4];
        for (int k = 0; k < count; k++) {
            freq[(int) x[2 * k] | ((int) x[2 * k + 1] << 1)] += 1.0 / count;
        }
        double[] pv = BruteForce.visibleDistribution(r);
        for (int a = 0; a < 4; a++) {
            // 5 binomial standard errors
            assertThat(freq[a]).isCloseTo(pv[a], within(5 * Math.sqrt(pv[a] * (1 - pv[a]) / count)));
        }
    }
}
