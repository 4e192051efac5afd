package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.learning.Brute;
import dev.rbmsuite.learning.estimators.Moments;
import org.junit.jupiter.api.Test;

/** The monitors against brute-force enumeration of the joint distribution. */
class MonitorTest {
    @Test
    void exactMomentsMatchJointEnumeration() {
        Rbm rbm = Rbm.gaussian(5, 4, 1.3, Rng.seeded(3));
        double[] e = Monitor.exactMoments(rbm).meanAbsoluteErrors(Brute.moments(rbm));
        assertThat(e[0]).isLessThan(1e-13);
        assertThat(e[1]).isLessThan(1e-13);
        assertThat(e[2]).isLessThan(1e-13);
    }

    @Test
    void logLikelihoodAndMaesMatchBruteForce() {
        TrainingSettings s = new TrainingSettings("bgs", new int[] {5}, 3, 0.05, 10, "smci2", 1, 2, false);
        Trainer t = new Trainer(s, TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N);
        t.update();
        t.update();
        Monitor mon = new Monitor(TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N, 5);
        double[] row = mon.evaluate(t);
        assertThat(row[0]).isEqualTo(2.0);
        assertThat(row[1]).isCloseTo(Brute.logLikelihood(t.model().bottom(), TrainerTest.data(), TrainerTest.ROWS),
                org.assertj.core.data.Offset.offset(1e-12));
        Moments exactUsed = Brute.moments(t.lastUpdateModel().bottom());
        double[] e = t.lastNegative(0).meanAbsoluteErrors(exactUsed);
        assertThat(row[2]).isCloseTo(e[0], org.assertj.core.data.Offset.offset(1e-13));
        assertThat(row[3]).isCloseTo(e[1], org.assertj.core.data.Offset.offset(1e-13));
        assertThat(row[4]).isCloseTo(e[2], org.assertj.core.data.Offset.offset(1e-13));
    }
}
