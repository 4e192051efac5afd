package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import org.junit.jupiter.api.Test;

/** Reverse AIS: an upper bound on average that sandwiches log Z with forward AIS; its two entry points agree. */
class ReverseAisTest {
    @Test
    void sandwichesTheExactValueWithForwardAis() {
        Rbm rbm = Rbm.gaussian(12, 20, 0.6, Rng.seeded(75));
        double exact = ExactLogZ.logZ(rbm);
        AisOptions o = AisOptions.linearUniform(300, 200);
        AisResult fwd = JointAis.estimate(rbm, o, Rng.seeded(76));
        AisResult rev = ReverseAis.estimateExact(rbm, o, Rng.seeded(77));
        assertThat(fwd.logZ()).isLessThanOrEqualTo(exact + 3 * fwd.stdErr());
        assertThat(rev.logZ()).isGreaterThanOrEqualTo(exact - 3 * rev.stdErr());
        assertThat(rev.logZ()).isCloseTo(exact, within(0.5));
    }

    @Test
    void isAnUpperBoundOnAverage() {
        // few temperatures and 2 runs per estimate: the Jensen bias dominates the noise of the mean
        Rbm rbm = Rbm.gaussian(8, 10, 1.0, Rng.seeded(78));
        double exact = ExactLogZ.logZ(rbm);
        AisOptions o = AisOptions.linearUniform(5, 2);
        double[] rev = new double[300];
        for (int r = 0; r < rev.length; r++) {
            rev[r] = ReverseAis.estimateExact(rbm, o, Rng.seeded(80).fork(r)).logZ();
        }
        assertThat(AisStats.mean(rev)).isGreaterThan(exact + 3 * AisStats.stdErr(rev));
    }

    /** estimateExact is estimate from exact samples drawn with fork 0, annealed with fork 1 (as documented). */
    @Test
    void exactStartsAreTheTablesSamplesFromForkZero() {
        Rbm rbm = Rbm.gaussian(6, 5, 0.8, Rng.seeded(87));
        AisOptions o = AisOptions.linearUniform(20, 30);
        Rng rng = Rng.seeded(88);
        double[] start = VisibleDistribution.of(rbm).sample(30, rng.fork(0));
        AisResult byHand = ReverseAis.estimate(rbm, o, start, rng.fork(1));
        AisResult exact = ReverseAis.estimateExact(rbm, o, Rng.seeded(88));
        assertThat(exact.logWeights()).isEqualTo(byHand.logWeights());
        assertThat(exact.logZ()).isEqualTo(byHand.logZ());
        assertThat(ReverseAis.estimateExact(rbm, o, Rng.seeded(89)).logWeights()).isNotEqualTo(byHand.logWeights());
    }
}
