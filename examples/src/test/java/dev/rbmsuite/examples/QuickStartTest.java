package dev.rbmsuite.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The library walk-through runs and training improves the exact log-likelihood. */
class QuickStartTest {
    @Test
    void trainsSamplesAndImprovesTheExactLogLikelihood() {
        double[] r = QuickStart.run(60);
        assertThat(r[0]).isFinite().isNegative();
        assertThat(r[1]).as("log-likelihood after training").isFinite().isGreaterThan(r[0] + 0.5);
        assertThat(r[2]).isStrictlyBetween(0.0, 1.0);
        assertThat(QuickStart.run(60)).as("same seeds, same results").containsExactly(r);
    }
}
