package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Every range check passes its range unchanged and refuses everything outside, NaN and infinities included. */
class RangesTest {
    private static final double[] NON_FINITE = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    @Test
    void valuesInRangePassUnchanged() {
        assertThat(Ranges.finite("logZ", -1e300)).isEqualTo(-1e300);
        assertThat(Ranges.nonNegative("stderr", 0.0)).isEqualTo(0.0);
        assertThat(Ranges.logProbability("logLikelihood", 0.0)).isEqualTo(0.0);
        assertThat(Ranges.logProbability("logLikelihood", -1e17)).isEqualTo(-1e17);
        assertThat(Ranges.unitInterval("tv", 0.0)).isEqualTo(0.0);
        assertThat(Ranges.unitInterval("tv", 1.0)).isEqualTo(1.0);
        assertThat(Ranges.eigenvalue("lambda2", -1.0)).isEqualTo(-1.0);
        assertThat(Ranges.eigenvalue("lambda2", 1.0)).isEqualTo(1.0);
    }

    @Test
    void valuesOutsideAreRefusedNamingTheQuantity() {
        assertThatThrownBy(() -> Ranges.logProbability("logLikelihood", 1e-300)).isInstanceOf(RangeException.class)
                .hasMessage("logLikelihood = 1.0E-300 is a log-probability, so it must be finite and <= 0");
        assertThatThrownBy(() -> Ranges.unitInterval("tv", 3.66)).hasMessage("tv = 3.66 must lie in [0, 1]");
        assertThatThrownBy(() -> Ranges.unitInterval("tv", -0.001)).isInstanceOf(RangeException.class);
        assertThatThrownBy(() -> Ranges.eigenvalue("lambda2", 1.0000001)).isInstanceOf(RangeException.class);
        assertThatThrownBy(() -> Ranges.nonNegative("stderr", -1e-12)).isInstanceOf(RangeException.class);
        assertThat(Ranges.isEigenvalue(-1.5)).isFalse();
        assertThat(Ranges.isEigenvalue(0.3)).isTrue();
        for (double x : NON_FINITE) {
            assertThatThrownBy(() -> Ranges.finite("logZ", x)).hasMessageStartingWith("logZ = ");
            assertThatThrownBy(() -> Ranges.nonNegative("ess", x)).isInstanceOf(RangeException.class);
            assertThatThrownBy(() -> Ranges.logProbability("lnP", x)).isInstanceOf(RangeException.class);
            assertThatThrownBy(() -> Ranges.unitInterval("tv", x)).isInstanceOf(RangeException.class);
            assertThatThrownBy(() -> Ranges.eigenvalue("lambda2", x)).isInstanceOf(RangeException.class);
            assertThat(Ranges.isEigenvalue(x)).isFalse();
        }
    }
}
