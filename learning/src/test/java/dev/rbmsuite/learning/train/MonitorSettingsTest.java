package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.diagnostics.spectral.Lambda2;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Monitor settings: the defaults of docs/methods.md section 7.2 (mAIS K = 10,000, N = 500; Rao-Blackwell
 * lambda2), each bad value refused with a message starting with the setting's command-line name, the withers
 * changing exactly one setting, and the map in its fixed order.
 */
class MonitorSettingsTest {

    private static final MonitorSettings S = new MonitorSettings("exact", 100, 20, "piecewise", "counts", 64, 10,
            false);

    @Test
    void defaultsAreThoseOfTheMethodsDocument() {
        MonitorSettings d = MonitorSettings.DEFAULTS;
        assertThat(d.logLikelihood()).isEqualTo("auto");
        assertThat(d.aisTemperatures()).isEqualTo(10_000);
        assertThat(d.aisRuns()).isEqualTo(500);
        assertThat(d.aisSchedule()).isEqualTo("linear");
        assertThat(d.lambda2Estimator()).isEqualTo("rao-blackwell");
        assertThat(d.lambda2Repeats()).isZero();
        assertThat(d.lambda2Every()).isZero();
        assertThat(d.moments()).isTrue();
        // the seven-argument form computes the MAEs
        assertThat(new MonitorSettings("mais", 10, 5, "linear", "counts", 0, 0).moments()).isTrue();
    }

    @Test
    void everyBadValueIsRefusedNamingItsSetting() {
        assertRefused(() -> new MonitorSettings("ais", 100, 20, "linear", "counts", 0, 0),
                "loglik-method must be one of [auto, exact, mais], got ais");
        assertRefused(() -> new MonitorSettings("auto", 2, 20, "linear", "counts", 0, 0),
                "ais-temperatures must be at least 3, got 2");
        assertRefused(() -> new MonitorSettings("auto", 100, 1, "linear", "counts", 0, 0),
                "ais-runs must be at least 2, got 1");
        assertRefused(() -> new MonitorSettings("auto", 100, 20, "geometric", "counts", 0, 0),
                "ais-schedule must be one of [linear, piecewise], got geometric");
        assertRefused(() -> new MonitorSettings("auto", 100, 20, "linear", "exact", 0, 0),
                "lambda2-estimator must be one of [rao-blackwell, counts], got exact");
        assertRefused(() -> new MonitorSettings("auto", 100, 20, "linear", "counts", -1, 0),
                "lambda2-repeats must be positive (or 0 for the default), got -1");
        assertRefused(() -> new MonitorSettings("auto", 100, 20, "linear", "counts", 0, -5),
                "lambda2-every must be positive (or 0 for every evaluation), got -5");
        // a missing name is refused the same way (List.contains(null) alone would throw NullPointerException)
        assertRefused(() -> new MonitorSettings(null, 100, 20, "linear", "counts", 0, 0),
                "loglik-method must be one of [auto, exact, mais], got null");
        assertRefused(() -> new MonitorSettings("auto", 100, 20, null, "counts", 0, 0),
                "ais-schedule must be one of [linear, piecewise], got null");
        assertRefused(() -> new MonitorSettings("auto", 100, 20, "linear", null, 0, 0),
                "lambda2-estimator must be one of [rao-blackwell, counts], got null");
        // the smallest accepted values
        MonitorSettings min = new MonitorSettings("auto", 3, 2, "linear", "counts", 0, 0);
        assertThat(min.aisTemperatures()).isEqualTo(3);
        assertThat(min.aisRuns()).isEqualTo(2);
    }

    private static void assertRefused(Runnable r, String message) {
        assertThatThrownBy(r::run).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void withersChangeOneSettingAndKeepTheRest() {
        assertThat(S.withLogLikelihood("mais")).isEqualTo(new MonitorSettings("mais", 100, 20, "piecewise", "counts",
                64, 10, false));
        assertThat(S.withMoments(true)).isEqualTo(new MonitorSettings("exact", 100, 20, "piecewise", "counts", 64, 10,
                true));
        assertThat(S.withAis(7, 3)).isEqualTo(new MonitorSettings("exact", 7, 3, "piecewise", "counts", 64, 10,
                false));
        // the withers check like the constructor does
        assertThatThrownBy(() -> S.withAis(2, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("ais-temperatures");
        assertThatThrownBy(() -> S.withLogLikelihood("fast")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("loglik-method");
    }

    @Test
    void theEstimatorNameMapsToTheDiagnosticsKind() {
        assertThat(S.lambda2EstimatorKind()).isEqualTo(Lambda2.Estimator.COUNTS);
        assertThat(MonitorSettings.DEFAULTS.lambda2EstimatorKind()).isEqualTo(Lambda2.Estimator.RAO_BLACKWELL);
        // every accepted name maps to a distinct kind
        assertThat(MonitorSettings.LAMBDA2_ESTIMATORS.stream()
                .map(n -> new MonitorSettings("auto", 3, 2, "linear", n, 0, 0).lambda2EstimatorKind()).distinct())
                .hasSize(MonitorSettings.LAMBDA2_ESTIMATORS.size());
    }

    @Test
    void theMapHoldsEverySettingInAFixedOrder() {
        Map<String, Object> m = S.asMap();
        assertThat(m.keySet()).containsExactly("logLikelihood", "aisTemperatures", "aisRuns", "aisSchedule",
                "lambda2Estimator", "lambda2Repeats", "lambda2Every", "moments");
        assertThat(m.values()).containsExactly("exact", 100, 20, "piecewise", "counts", 64, 10, false);
    }
}
