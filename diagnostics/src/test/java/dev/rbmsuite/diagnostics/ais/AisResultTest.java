package dev.rbmsuite.diagnostics.ais;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The AIS summary stays finite for log weights up to the float64 limit of the model scale (FloatLimits). */
class AisResultTest {
    @Test
    void summaryOfOrdinaryWeightsIsTheTextbookOne() {
        AisResult r = AisResult.summarise(0.0, 1.0, new double[] {0.0, Math.log(3.0)});
        assertThat(r.logZ()).isCloseTo(Math.log(2.0), within(1e-15));
        assertThat(r.logWeightSd()).isCloseTo(Math.log(3.0) / Math.sqrt(2.0), within(1e-15));
        assertThat(r.ess()).isCloseTo(16.0 / 10.0, within(1e-15));
    }

    @Test
    void hugeLogWeightsGiveFiniteSpreadAndErrors() {
        double[] logw = {2e300, -2e300, 1e300, 0.0};
        AisResult r = AisResult.summarise(10.0, 1.0, logw);
        assertThat(Double.isFinite(r.logZ())).isTrue();
        // deviations from the mean 0.25e300: 1.75, -2.25, 0.75, -0.25 (x 1e300)
        assertThat(r.logWeightSd()).isCloseTo(1e300 * Math.sqrt(8.75 / 3), within(1e286));
        assertThat(r.stdErr()).isCloseTo(1.0, within(1e-15));
        assertThat(r.ess()).isEqualTo(1.0);
    }
}
