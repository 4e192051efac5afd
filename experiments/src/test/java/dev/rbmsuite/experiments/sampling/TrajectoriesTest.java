package dev.rbmsuite.experiments.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.io.CsvTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Per-chain statistics from a hand-made trajectory table (the median-mover rule is in Fig8PanelTest). */
class TrajectoriesTest {
    @Test
    void statsCountMovesDistinctStatesAndSpreadPerChain() {
        CsvTable t = CsvTable.builder("chain", "step", "pc1", "pc2", "cluster", "distinct")
                .row(0, 0, 0.0, 0.0, 0, 1).row(0, 1, 2.0, 0.0, 1, 2).row(0, 2, 0.0, 0.0, 0, 2)
                .row(1, 0, 1.0, 1.0, 1, 1).row(1, 1, 1.0, 1.0, 1, 1).row(1, 2, 1.0, 1.0, 1, 1).build();
        List<ChainStats> s = Trajectories.stats(t, true);
        assertThat(s).hasSize(2);
        assertThat(s.get(0).moves()).isEqualTo(2);
        assertThat(s.get(0).distinctStates()).isEqualTo(2);
        // x = 0, 2, 0: mean 2/3, squared deviations 4/9, 16/9, 4/9 -> mean 8/9
        assertThat(s.get(0).pcaSpread()).isCloseTo(8.0 / 9, within(1e-12));
        assertThat(s.get(1).moves()).isZero();
        assertThat(s.get(1).pcaSpread()).isZero();
        assertThat(Trajectories.stats(t, false).get(0).moves()).isNaN();
    }
}
