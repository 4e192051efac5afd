package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The margins agree with the reasons their documentation gives for them. */
class MarginsTest {
    @Test
    void theMarginsFollowFromTheirStatedReasons() {
        // a likelihood ratio of about 1.1 per training point
        assertThat(Math.exp(Margins.LOGLIK_NATS)).isCloseTo(1.1, within(0.01));
        // "converged to one": a relaxation time 1 / (1 - lambda2) of 100 transitions
        assertThat(1 / (1 - Margins.LAMBDA2_NEAR_ONE)).isCloseTo(100, within(1e-9));
        // levelled off: half the comparability margin
        assertThat(Margins.LEVELLED_NATS).isEqualTo(Margins.LOGLIK_NATS / 2);
    }
}
