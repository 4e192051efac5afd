package dev.rbmsuite.experiments.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.kernels.BuiltinKernels;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.ParallelTempering;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The bottom-layer work per transition comes from the kernels' factories: one sweep for BGS and the
 * round trip, 1.5 for deep tempering (a level-0 swap on every other step), one per replica for PT.
 */
class KernelCostTest {

    @Test
    void eachPaperKernelsCostIsItsFactorys() {
        assertThat(KernelCost.bottomSweeps("bgs")).isEqualTo(1.0);
        assertThat(KernelCost.bottomSweeps("roundtrip")).isEqualTo(1.0);
        assertThat(KernelCost.bottomSweeps("dt")).isEqualTo(1.5);
    }

    @Test
    void parallelTemperingCostsOneSweepPerReplica() {
        assertThat(KernelCost.bottomSweeps("pt")).isEqualTo(ParallelTempering.DEFAULT_TEMPERATURES);
        assertThat(KernelRegistry.installed().factory("pt").bottomSweeps(Map.of(BuiltinKernels.Pt.TEMPERATURES, "4")))
                .isEqualTo(4.0);
    }
}
