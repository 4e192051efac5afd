package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import org.junit.jupiter.api.Test;

/** mAIS against exact log Z: accuracy, unbiasedness of Z at one step, the lower-bound bias, determinism. */
class MarginalAisTest {
    @Test
    void marginalAisIsWithinFiveHundredthsOfExact() {
        for (int[] s : new int[][] {{10, 30}, {20, 40}}) {
            Rbm rbm = Rbm.gaussian(s[0], s[1], 0.3, Rng.seeded(71).fork(s[0]));
            double exact = ExactLogZ.logZ(rbm);
            AisResult uniform = MarginalAis.estimate(rbm, AisOptions.linearUniform(2000, 100), Rng.seeded(72));
            assertThat(uniform.logZ()).as("uniform n=%d", s[0]).isCloseTo(exact, within(0.05));
            assertThat(uniform.stdErr()).isLessThan(0.05);
            assertThat(uniform.ess()).isBetween(1.0, 100.0);
            // base-rate start from exact samples, piecewise schedule
            double[] data = VisibleDistribution.of(rbm).sample(200, Rng.seeded(73));
            AisOptions br = new AisOptions(AnnealingSchedule.piecewise(2000), 100, BaseRate.visibleBias(data, 200, s[0]));
            AisResult baseRate = MarginalAis.estimate(rbm, br, Rng.seeded(74));
            assertThat(baseRate.logZ()).as("base rate n=%d", s[0]).isCloseTo(exact, within(0.05));
        }
    }

    @Test
    void singleStepAisIsUnbiasedImportanceSampling() {
        // K = 1: w = f_1(v) / f_0(v) with v from the base, so E[Z_hat] = Z exactly
        Rbm rbm = Rbm.gaussian(3, 2, 0.8, Rng.seeded(83));
        double z = Math.exp(ExactLogZ.logZ(rbm));
        AisResult r = MarginalAis.estimate(rbm, AisOptions.linearUniform(1, 20_000), Rng.seeded(84));
        double zHat = Math.exp(r.logZ());
        assertThat(zHat).isCloseTo(z, within(6 * r.stdErr() * zHat));
    }

    @Test
    void isALowerBoundOnAverage() {
        // few temperatures and 2 runs per estimate make the Jensen bias (about var/(2N)) large compared
        // with the noise of the mean over repeats, so the ordering is a real check
        Rbm rbm = Rbm.gaussian(8, 10, 1.0, Rng.seeded(78));
        double exact = ExactLogZ.logZ(rbm);
        AisOptions o = AisOptions.linearUniform(5, 2);
        double[] fwd = new double[300];
        for (int r = 0; r < fwd.length; r++) {
            fwd[r] = MarginalAis.estimate(rbm, o, Rng.seeded(79).fork(r)).logZ();
        }
        assertThat(AisStats.mean(fwd)).isLessThan(exact - 3 * AisStats.stdErr(fwd));
    }

    @Test
    void sameSeedSameBitsOtherSeedOtherWeights() {
        Rbm rbm = Rbm.gaussian(9, 13, 0.5, Rng.seeded(81));
        AisOptions o = AisOptions.linearUniform(50, 120);
        double[] a = MarginalAis.estimate(rbm, o, Rng.seeded(82)).logWeights();
        assertThat(MarginalAis.estimate(rbm, o, Rng.seeded(82)).logWeights()).isEqualTo(a);
        assertThat(MarginalAis.estimate(rbm, o, Rng.seeded(83)).logWeights()).isNotEqualTo(a);
    }
}
