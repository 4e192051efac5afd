package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import org.junit.jupiter.api.Test;

/** AIS on the joint space: close to exact log Z from below, noisier than mAIS, deterministic. */
class JointAisTest {
    @Test
    void estimatesLogZFromBelowWithMoreSpreadThanMarginalAis() {
        Rbm rbm = Rbm.gaussian(12, 20, 0.6, Rng.seeded(75));
        double exact = ExactLogZ.logZ(rbm);
        AisOptions o = AisOptions.linearUniform(300, 200);
        AisResult fwd = JointAis.estimate(rbm, o, Rng.seeded(76));
        assertThat(fwd.logZ()).isLessThanOrEqualTo(exact + 3 * fwd.stdErr());
        assertThat(fwd.logZ()).isCloseTo(exact, within(0.5));
        assertThat(fwd.logWeights()).hasSize(200);
        // mAIS beats joint AIS in log-weight spread at equal cost (the Rao-Blackwell step, methods section 1.2)
        AisResult marg = MarginalAis.estimate(rbm, o, Rng.seeded(76));
        assertThat(marg.logWeightSd()).isLessThan(fwd.logWeightSd());
    }

    @Test
    void aSingleStepIsUnbiasedForZ() {
        // K = 1: w = f_1(v, h) / f_0(v, h) with (v, h) from the uniform base, so E[Z_hat] = Z
        Rbm rbm = Rbm.gaussian(3, 2, 0.8, Rng.seeded(85));
        double z = Math.exp(ExactLogZ.logZ(rbm));
        AisResult r = JointAis.estimate(rbm, AisOptions.linearUniform(1, 20_000), Rng.seeded(86));
        double zHat = Math.exp(r.logZ());
        assertThat(zHat).isCloseTo(z, within(6 * r.stdErr() * zHat));
    }

    @Test
    void sameSeedSameBitsOtherSeedOtherWeights() {
        Rbm rbm = Rbm.gaussian(9, 13, 0.5, Rng.seeded(81));
        AisOptions o = AisOptions.linearUniform(50, 120);
        double[] a = JointAis.estimate(rbm, o, Rng.seeded(82)).logWeights();
        assertThat(JointAis.estimate(rbm, o, Rng.seeded(82)).logWeights()).isEqualTo(a);
        assertThat(JointAis.estimate(rbm, o, Rng.seeded(83)).logWeights()).isNotEqualTo(a);
    }
}
