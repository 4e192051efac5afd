package dev.rbmsuite.learning.train;

import static dev.rbmsuite.diagnostics.ais.ScheduleKind.LINEAR;
import static dev.rbmsuite.diagnostics.ais.ScheduleKind.PIECEWISE;
import static dev.rbmsuite.diagnostics.spectral.Lambda2.Estimator.COUNTS;
import static dev.rbmsuite.diagnostics.spectral.Lambda2.Estimator.EXACT;
import static dev.rbmsuite.diagnostics.spectral.Lambda2.Estimator.RAO_BLACKWELL;
import static dev.rbmsuite.learning.train.LogLikelihoodMethod.AUTO;
import static dev.rbmsuite.learning.train.LogLikelihoodMethod.MAIS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Monitor settings: the defaults of docs/methods.md section 7.2 (mAIS K = 10,000, N = 500; Rao-Blackwell
 * lambda2), each bad value refused with a message starting with the setting's command-line name, the withers
 * changing exactly one setting, and the map in its fixed order with the choices by their option names (the
 * bytes of manifests and checkpoint keys written when the settings were strings).
 */
class MonitorSettingsTest {

    private static final MonitorSettings S = new MonitorSettings(LogLikelihoodMethod.EXACT, 100, 20, PIECEWISE,
            COUNTS, 64, 10, false);

    @Test
    void defaultsAreThoseOfTheMethodsDocument() {
        MonitorSettings d = MonitorSettings.DEFAULTS;
        assertThat(d.logLikelihood()).isEqualTo(AUTO);
        assertThat(d.aisTemperatures()).isEqualTo(10_000);
        assertThat(d.aisRuns()).isEqualTo(500);
        assertThat(d.aisSchedule()).isEqualTo(LINEAR);
        assertThat(d.lambda2Estimator()).isEqualTo(RAO_BLACKWELL);
        assertThat(d.lambda2Repeats()).isZero();
        assertThat(d.lambda2Every()).isZero();
        assertThat(d.moments()).isTrue();
        // the seven-argument form computes the MAEs
        assertThat(new MonitorSettings(MAIS, 10, 5, LINEAR, COUNTS, 0, 0).moments()).isTrue();
    }

    @Test
    void everyBadValueIsRefusedNamingItsSetting() {
        assertRefused(() -> new MonitorSettings(AUTO, 2, 20, LINEAR, COUNTS, 0, 0),
                "ais-temperatures must be at least 3, got 2");
        assertRefused(() -> new MonitorSettings(AUTO, 100, 1, LINEAR, COUNTS, 0, 0),
                "ais-runs must be at least 2, got 1");
        // the exact matrix is an estimator of the lambda2 command, not of the training monitor
        assertRefused(() -> new MonitorSettings(AUTO, 100, 20, LINEAR, EXACT, 0, 0),
                "lambda2-estimator must be one of rao-blackwell, counts, got exact");
        assertRefused(() -> new MonitorSettings(AUTO, 100, 20, LINEAR, COUNTS, -1, 0),
                "lambda2-repeats must be positive (or 0 for the default), got -1");
        assertRefused(() -> new MonitorSettings(AUTO, 100, 20, LINEAR, COUNTS, 0, -5),
                "lambda2-every must be positive (or 0 for every evaluation), got -5");
        // a missing choice is refused the same way, not with a NullPointerException later
        assertRefused(() -> new MonitorSettings(null, 100, 20, LINEAR, COUNTS, 0, 0),
                "loglik-method must be one of auto, exact, mais, got none");
        assertRefused(() -> new MonitorSettings(AUTO, 100, 20, null, COUNTS, 0, 0),
                "ais-schedule must be one of linear, piecewise, got none");
        assertRefused(() -> new MonitorSettings(AUTO, 100, 20, LINEAR, null, 0, 0),
                "lambda2-estimator must be one of rao-blackwell, counts, got none");
        // the smallest accepted values
        MonitorSettings min = new MonitorSettings(AUTO, 3, 2, LINEAR, COUNTS, 0, 0);
        assertThat(min.aisTemperatures()).isEqualTo(3);
        assertThat(min.aisRuns()).isEqualTo(2);
    }

    private static void assertRefused(Runnable r, String message) {
        assertThatThrownBy(r::run).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void withersChangeOneSettingAndKeepTheRest() {
        assertThat(S.withLogLikelihood(MAIS)).isEqualTo(new MonitorSettings(MAIS, 100, 20, PIECEWISE, COUNTS, 64, 10,
                false));
        assertThat(S.withMoments(true)).isEqualTo(new MonitorSettings(LogLikelihoodMethod.EXACT, 100, 20, PIECEWISE,
                COUNTS, 64, 10, true));
        assertThat(S.withAis(7, 3)).isEqualTo(new MonitorSettings(LogLikelihoodMethod.EXACT, 7, 3, PIECEWISE, COUNTS,
                64, 10, false));
        // the withers check like the constructor does
        assertThatThrownBy(() -> S.withAis(2, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("ais-temperatures");
        assertThatThrownBy(() -> S.withLogLikelihood(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("loglik-method");
    }

    @Test
    void theMonitorAcceptsTheTwoSampledEstimators() {
        assertThat(MonitorSettings.LAMBDA2_ESTIMATORS).containsExactly(RAO_BLACKWELL, COUNTS);
        for (var e : MonitorSettings.LAMBDA2_ESTIMATORS) {
            assertThat(new MonitorSettings(AUTO, 3, 2, LINEAR, e, 0, 0).lambda2Estimator()).isEqualTo(e);
            assertThat(MonitorSettings.parseLambda2Estimator(e.optionName())).isSameAs(e);
        }
        assertThatThrownBy(() -> MonitorSettings.parseLambda2Estimator("exact"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("'exact' is not one of rao-blackwell, counts");
    }

    @Test
    void theMapHoldsEverySettingInAFixedOrderWithTheChoicesByName() {
        Map<String, Object> m = S.asMap();
        assertThat(m.keySet()).containsExactly("logLikelihood", "aisTemperatures", "aisRuns", "aisSchedule",
                "lambda2Estimator", "lambda2Repeats", "lambda2Every", "moments");
        // Strings, not the enums: manifests and checkpoint keys keep the bytes they had
        assertThat(m.values()).containsExactly("exact", 100, 20, "piecewise", "counts", 64, 10, false);
    }

    @Test
    void theCheckpointKeyOfTheDefaultsIsTheOneWrittenWhenTheSettingsWereStrings() {
        // TrainingRun compares this text with the key stored in checkpoint.bin: a checkpoint written before
        // the choices became types must still be resumed, so its monitor part must read exactly so
        TrainingSettings s = TrainingSettings.builder().kernel("bgs").hidden(4).epochs(3).build();
        assertThat(s.withEpochs(1).toString()).contains(", monitor={logLikelihood=auto, aisTemperatures=10000, "
                + "aisRuns=500, aisSchedule=linear, lambda2Estimator=rao-blackwell, lambda2Repeats=0, lambda2Every=0, "
                + "moments=true}]");
    }
}
