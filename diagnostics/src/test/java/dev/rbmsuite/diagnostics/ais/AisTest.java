package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import org.junit.jupiter.api.Test;

class AisTest {
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
    void forwardAndReverseAisSandwichTheExactValue() {
        Rbm rbm = Rbm.gaussian(12, 20, 0.6, Rng.seeded(75));
        double exact = ExactLogZ.logZ(rbm);
        AisOptions o = AisOptions.linearUniform(300, 200);
        AisResult fwd = JointAis.estimate(rbm, o, Rng.seeded(76));
        AisResult rev = ReverseAis.estimateExact(rbm, o, Rng.seeded(77));
        assertThat(fwd.logZ()).isLessThanOrEqualTo(exact + 3 * fwd.stdErr());
        assertThat(rev.logZ()).isGreaterThanOrEqualTo(exact - 3 * rev.stdErr());
        assertThat(fwd.logZ()).isCloseTo(exact, within(0.5));
        assertThat(rev.logZ()).isCloseTo(exact, within(0.5));
        // mAIS beats joint AIS in log-weight spread at equal cost (the Rao-Blackwell step, METHODS 1.2)
        AisResult marg = MarginalAis.estimate(rbm, o, Rng.seeded(76));
        assertThat(marg.logWeightSd()).isLessThan(fwd.logWeightSd());
    }

    @Test
    void forwardIsALowerAndReverseAnUpperBoundOnAverage() {
        // few temperatures and 2 runs per estimate make the Jensen biases (about var/(2N)) large
        // compared with the noise of the mean over repeats, so the ordering is a real check
        Rbm rbm = Rbm.gaussian(8, 10, 1.0, Rng.seeded(78));
        double exact = ExactLogZ.logZ(rbm);
        AisOptions o = AisOptions.linearUniform(5, 2);
        int reps = 300;
        double[] fwd = new double[reps];
        double[] rev = new double[reps];
        for (int r = 0; r < reps; r++) {
            fwd[r] = MarginalAis.estimate(rbm, o, Rng.seeded(79).fork(r)).logZ();
            rev[r] = ReverseAis.estimateExact(rbm, o, Rng.seeded(80).fork(r)).logZ();
        }
        assertThat(mean(fwd)).isLessThan(exact - 3 * stdErr(fwd));
        assertThat(mean(rev)).isGreaterThan(exact + 3 * stdErr(rev));
    }

    private static double mean(double[] x) {
        double s = 0;
        for (double t : x) {
            s += t / x.length;
        }
        return s;
    }

    private static double stdErr(double[] x) {
        double mu = mean(x);
        double v = 0;
        for (double t : x) {
            v += (t - mu) * (t - mu) / (x.length - 1);
        }
        return Math.sqrt(v / x.length);
    }

    @Test
    void sameSeedSameResult() {
        Rbm rbm = Rbm.gaussian(9, 13, 0.5, Rng.seeded(81));
        AisOptions o = AisOptions.linearUniform(50, 120);
        assertThat(MarginalAis.estimate(rbm, o, Rng.seeded(82)).logWeights())
                .isEqualTo(MarginalAis.estimate(rbm, o, Rng.seeded(82)).logWeights());
        assertThat(JointAis.estimate(rbm, o, Rng.seeded(82)).logZ()).isEqualTo(JointAis.estimate(rbm, o, Rng.seeded(82)).logZ());
    }

    @Test
    void schedulesRunFromZeroToOneIncreasing() {
        for (AnnealingSchedule s : new AnnealingSchedule[] {AnnealingSchedule.linear(7), AnnealingSchedule.piecewise(100),
            AnnealingSchedule.piecewise(14500)}) {
            double[] b = s.betas();
            assertThat(b[0]).isEqualTo(0.0);
            assertThat(b[b.length - 1]).isEqualTo(1.0);
            for (int k = 1; k < b.length; k++) {
                assertThat(b[k]).isGreaterThan(b[k - 1]);
            }
        }
        AnnealingSchedule sm = AnnealingSchedule.piecewise(14500);
        assertThat(sm.beta(500)).isCloseTo(0.5, within(1e-12));
        assertThat(sm.beta(4500)).isCloseTo(0.9, within(1e-12));
        assertThat(sm.beta(501) - sm.beta(500)).isCloseTo(1e-4, within(1e-12));
    }

    @Test
    void baseRateIsFiniteForConstantColumnsAndMatchesRates() {
        double[] data = {1, 0, 1, 1, 0, 1, 1, 1, 0};
        double[] bA = BaseRate.visibleBias(data, 3, 3);
        assertThat(bA[0]).isCloseTo(Math.log(8.0 / 5.0), within(1e-12)); // p = (3+5)/(3+10)
        assertThat(bA[2]).isCloseTo(Math.log(7.0 / 6.0), within(1e-12)); // p = (2+5)/13
        for (double x : bA) {
            assertThat(x).isFinite();
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
}
