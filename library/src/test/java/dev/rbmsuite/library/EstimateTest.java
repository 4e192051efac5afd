package dev.rbmsuite.library;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An estimate prints its value, its standard error and the effective sample size, in ASCII. */
class EstimateTest {
    @Test
    void printsValueErrorAndEss() {
        assertThat(new Estimate(-9.5876771, 27.25, 0.0123456, 487.04)).hasToString(
                "-9.587677 +/- 0.012346 (mAIS, ESS 487.0)");
    }
}
