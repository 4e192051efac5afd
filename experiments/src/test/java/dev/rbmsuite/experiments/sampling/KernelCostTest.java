package dev.rbmsuite.experiments.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Bottom-layer sweeps per transition as derived in the class's documentation: BGS and the round
 * trip one, deep tempering one plus a swap redrawing h_0 and v_0 on every other step, 1.5.
 */
class KernelCostTest {
    @Test
    void sweepsPerTransitionOfThePapersKernels() {
        assertThat(KernelCost.bottomSweeps("bgs")).isEqualTo(1.0);
        assertThat(KernelCost.bottomSweeps("roundtrip")).isEqualTo(1.0);
        assertThat(KernelCost.bottomSweeps("dt")).isEqualTo(1 + 0.5 * 1);
    }
}
