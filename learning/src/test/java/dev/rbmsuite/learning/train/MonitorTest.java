package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.diagnostics.ais.ScheduleKind;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import dev.rbmsuite.learning.estimators.Moments;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The monitors against brute-force enumeration, exact values, and their own bounds. */
class MonitorTest {
    /** Two islands of n units: each point all-ones-ish or all-zeros-ish, P(flip) = 0.1. */
    static double[] islands(int n, int rows, long seed) {
        Rng rng = Rng.seeded(seed);
        double[] d = new double[rows * n];
        for (int r = 0; r < rows; r++) {
            boolean up = rng.nextBernoulli(0.5);
            for (int i = 0; i < n; i++) {
                d[r * n + i] = (up ^ rng.nextBernoulli(0.1)) ? 1 : 0;
            }
        }
        return d;
    }

    static TrainingSettings bgs(int hidden, int epochs, boolean lambda2, MonitorSettings ms) {
        return new TrainingSettings("bgs", new int[] {hidden}, epochs, 0.05, 10, "smci2", 1, 2, lambda2, ms);
    }

    static Trainer trained(TrainingSettings s, double[] data, int rows, int n, int epochs) {
        Trainer t = new Trainer(s, data, rows, n);
        for (int e = 0; e < epochs; e++) {
            t.update();
        }
        return t;
    }

    @Test
    void exactMomentsMatchJointEnumerationAndAreReproducible() {
        Rbm rbm = Rbm.gaussian(5, 4, 1.3, Rng.seeded(3));
        Moments a = Monitor.exactMoments(rbm);
        double[] e = a.meanAbsoluteErrors(TrainerTest.bruteMoments(rbm));
        assertThat(e[0]).isLessThan(1e-13);
        assertThat(e[1]).isLessThan(1e-13);
        assertThat(e[2]).isLessThan(1e-13);
        Rbm wide = Rbm.gaussian(9, 30, 0.8, Rng.seeded(4));
        Moments b = Monitor.exactMoments(wide);
        Moments c = Monitor.exactMoments(wide);
        assertThat(Arrays.equals(b.pair(), c.pair()) && Arrays.equals(b.visible(), c.visible())
                && Arrays.equals(b.hidden(), c.hidden())).as("bit-identical").isTrue();
    }

    @Test
    void logLikelihoodAndMaesMatchBruteForce() {
        TrainingSettings s = new TrainingSettings("bgs", new int[] {5}, 3, 0.05, 10, "smci2", 1, 2, false);
        Trainer t = trained(s, TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N, 2);
        Monitor mon = new Monitor(TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N, 5);
        assertThat(mon.columns()).containsExactly("epoch", "logLikelihood", "maeB", "maeC", "maeW");
        double[] row = mon.evaluate(t);
        assertThat(row[0]).isEqualTo(2.0);
        assertThat(row[1]).isCloseTo(BruteForce.logLikelihood(t.model().bottom(), TrainerTest.data(), TrainerTest.ROWS),
                Offset.offset(1e-12));
        Moments exactUsed = TrainerTest.bruteMoments(t.lastUpdateModel().bottom());
        double[] e = t.lastNegative(0).meanAbsoluteErrors(exactUsed);
        assertThat(row[2]).isCloseTo(e[0], Offset.offset(1e-13));
        assertThat(row[3]).isCloseTo(e[1], Offset.offset(1e-13));
        assertThat(row[4]).isCloseTo(e[2], Offset.offset(1e-13));
    }

    /**
     * n = 26 > 25 visible units with m = 20 hidden ones: "auto" would still be exact (min(n, m) = 20),
     * so mAIS is forced and checked against the exact value within 6 of its standard errors.
     */
    @Test
    void forcedMaisAgreesWithTheExactLogLikelihoodWithinItsStandardError() {
        int n = 26;
        int rows = 30;
        double[] data = islands(n, rows, 7);
        MonitorSettings ais = new MonitorSettings(LogLikelihoodMethod.MAIS, 1000, 100, ScheduleKind.LINEAR,
                Lambda2.Estimator.RAO_BLACKWELL, 0, 0);
        Trainer t = trained(bgs(20, 30, false, ais), data, rows, n, 30);
        Monitor viaAis = new Monitor(data, rows, n, bgs(20, 30, false, ais));
        Monitor exact = new Monitor(data, rows, n, bgs(20, 30, false, MonitorSettings.DEFAULTS));
        assertThat(viaAis.logLikelihoodMethod()).isEqualTo("mais");
        assertThat(exact.logLikelihoodMethod()).isEqualTo("exact");
        assertThat(viaAis.columns()).containsExactly("epoch", "logLikelihood", "logZStdErr", "maeB", "maeC", "maeW");
        double[] a = viaAis.evaluate(t);
        double[] x = exact.evaluate(t);
        System.out.printf("n=26, m=20: LL exact %.6f, mAIS %.6f +- %.2e%n", x[1], a[1], a[2]);
        assertThat(a[2]).isPositive().isLessThan(0.05);
        assertThat(Math.abs(a[1] - x[1])).isLessThan(6 * a[2]);
        assertThat(Arrays.copyOfRange(a, 3, 6)).containsExactly(Arrays.copyOfRange(x, 2, 5));
    }

    @Test
    void autoUsesMaisWhereTheSmallerLayerExceedsTwentyFive() {
        int n = 30;
        int rows = 20;
        double[] data = islands(n, rows, 8);
        MonitorSettings ais = new MonitorSettings(LogLikelihoodMethod.AUTO, 50, 20, ScheduleKind.PIECEWISE,
                Lambda2.Estimator.RAO_BLACKWELL, 0, 0);
        TrainingSettings s = bgs(28, 2, false, ais);
        Monitor mon = new Monitor(data, rows, n, s);
        assertThat(mon.logLikelihoodMethod()).isEqualTo("mais");
        assertThat(mon.columns()).containsExactly("epoch", "logLikelihood", "logZStdErr");
        double[] row = mon.evaluate(trained(s, data, rows, n, 2));
        assertThat(row[1]).isFinite().isNegative();
        assertThat(row[2]).isFinite().isPositive();
    }

    @Test
    void lambda2IsInTheUnitIntervalForBothEstimatorsAndFollowsItsCadence() {
        for (Lambda2.Estimator est : MonitorSettings.LAMBDA2_ESTIMATORS) {
            MonitorSettings ms = new MonitorSettings(LogLikelihoodMethod.AUTO, 100, 10, ScheduleKind.LINEAR, est, 256, 2);
            TrainingSettings s = bgs(5, 3, true, ms);
            Monitor mon = new Monitor(TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N, s);
            assertThat(mon.columns()).containsExactly("epoch", "logLikelihood", "maeB", "maeC", "maeW", "lambda2");
            Trainer t = new Trainer(s, TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N);
            t.update();
            assertThat(mon.evaluate(t)[5]).as("off the cadence").isNaN();
            t.update();
            double l2 = mon.evaluate(t)[5];
            assertThat(l2).as(est.optionName()).isGreaterThan(0.0).isLessThan(1.0);
        }
    }

    @Test
    void refusesMonitorsThatCannotBeComputed() {
        double[] wide = islands(13, 5, 1);
        assertThatThrownBy(() -> new Monitor(wide, 5, 13, bgs(4, 2, true, MonitorSettings.DEFAULTS)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("lambda2 needs n <= 12");
        double[] big = islands(27, 5, 1);
        assertThatThrownBy(() -> new Monitor(big, 5, 27, bgs(26, 2, false, MonitorSettings.DEFAULTS.withLogLikelihood(LogLikelihoodMethod.EXACT))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("loglik-method exact");
        assertThatThrownBy(() -> new TrainingSettings("bgs", new int[] {4}, 5, 0.1, 5, "smci2", 2, 1, true,
                new MonitorSettings(LogLikelihoodMethod.AUTO, 10, 10, ScheduleKind.LINEAR, Lambda2.Estimator.COUNTS, 0, 3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("lambda2-every");
    }

    /**
     * A held-out set adds the last column holdoutLogLikelihood under the same log Z: equal to the
     * training value when it is the training data, and no other column moves (exact and mAIS).
     */
    @Test
    void holdoutColumnSharesLogZAndLeavesTheOtherColumnsAlone() {
        int n = 6;
        double[] data = islands(n, 40, 5);
        double[] other = islands(n, 17, 6);
        for (LogLikelihoodMethod method : LogLikelihoodMethod.values()) {
            MonitorSettings ms = MonitorSettings.DEFAULTS.withLogLikelihood(method).withAis(50, 8);
            TrainingSettings s = bgs(4, 2, false, ms);
            Trainer t = trained(s, data, 40, n, 2);
            double[] plain = new Monitor(data, 40, n, s).evaluate(t);
            Monitor same = new Monitor(data, 40, n, s,
                    new MonitorExtras(data.clone(), 40, Map.of("name", "x"), Double.NaN, null));
            Monitor held = new Monitor(data, 40, n, s,
                    new MonitorExtras(other, 17, Map.of("name", "y"), Double.NaN, null));
            assertThat(held.columns()).endsWith("holdoutLogLikelihood");
            assertThat(held.columns().subList(0, plain.length)).isEqualTo(new Monitor(data, 40, n, s).columns());
            double[] a = same.evaluate(t);
            double[] b = held.evaluate(t);
            assertThat(Arrays.copyOf(b, plain.length)).as(method.optionName()).isEqualTo(plain);
            assertThat(a[a.length - 1]).as(method.optionName()).isEqualTo(plain[1]);
            assertThat(b[b.length - 1]).isNegative().isNotEqualTo(plain[1]);
        }
        TrainingSettings s = bgs(4, 2, false, MonitorSettings.DEFAULTS);
        assertThatThrownBy(() -> new Monitor(data, 40, n, s,
                new MonitorExtras(new double[10], 2, Map.of(), Double.NaN, null)))
                .hasMessageStartingWith("holdout has 5 columns, the training data 6");
    }

    /**
     * Progress: nothing for an evaluation estimated below 5 s; from a lower threshold, the start line
     * naming the mAIS size and the epoch; the values are the same either way.
     */
    @Test
    void longEvaluationsReportTheirCostAndProgress() {
        int n = 6;
        double[] data = islands(n, 40, 5);
        TrainingSettings s = bgs(4, 2, false, MonitorSettings.DEFAULTS.withLogLikelihood(LogLikelihoodMethod.MAIS)
                .withAis(200, 20));
        Trainer t = trained(s, data, 40, n, 2);
        ByteArrayOutputStream quiet = new ByteArrayOutputStream();
        Monitor cheap = new Monitor(data, 40, n, s, new MonitorExtras(null, 0, null, Double.NaN,
                new PrintStream(quiet, true)));
        double[] a = cheap.evaluate(t);
        assertThat(quiet.size()).isZero();
        assertThat(cheap.estimatedSeconds(t.model().bottom())).isLessThan(Monitor.PROGRESS_SECONDS);
        ByteArrayOutputStream loud = new ByteArrayOutputStream();
        Monitor reporting = new Monitor(data, 40, n, s);
        reporting.progressFrom(1e-12, new PrintStream(loud, true));
        double[] b = reporting.evaluate(t);
        assertThat(loud.toString()).startsWith("rbm: mAIS (K=200, N=20) log-likelihood at epoch 2: about ");
        assertThat(b).isEqualTo(a);
    }

    /** The cost of an mAIS evaluation is the fixed model's, K x N x n x m, plus the rows. */
    @Test
    void estimatedSecondsFollowsTheCostModel() {
        int n = 6;
        double[] data = islands(n, 40, 5);
        TrainingSettings small = bgs(4, 1, false, MonitorSettings.DEFAULTS.withLogLikelihood(LogLikelihoodMethod.MAIS)
                .withAis(1000, 100));
        TrainingSettings large = bgs(4, 1, false, MonitorSettings.DEFAULTS.withLogLikelihood(LogLikelihoodMethod.MAIS)
                .withAis(2000, 100));
        Rbm rbm = Rbm.gaussian(n, 4, 1.0, Rng.seeded(1));
        double a = new Monitor(data, 40, n, small).estimatedSeconds(rbm);
        double b = new Monitor(data, 40, n, large).estimatedSeconds(rbm);
        assertThat(a).isCloseTo(EvalBudget.estimatedSeconds(n, 4, 1000, 100), Offset.offset(1e-5));
        assertThat(b - a).isCloseTo(EvalBudget.estimatedSeconds(n, 4, 1000, 100), Offset.offset(1e-15));
    }
}
