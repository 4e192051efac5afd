package dev.rbmsuite.experiments.fig8;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.sampling.ChainStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plotted start (the lower median mover, ties to the lower chain) and a chain's path out of a table. */
class Fig8PanelTest {
    @Test
    void representativeIsTheLowerMedianMover() {
        List<ChainStats> s = List.of(new ChainStats(0, 5, 1, 0), new ChainStats(1, 0, 1, 0), new ChainStats(2, 3, 1, 0),
                new ChainStats(3, 9, 1, 0));
        assertThat(Fig8Panel.representative(s, true)).isEqualTo(2);
        List<ChainStats> spread = List.of(new ChainStats(0, Double.NaN, 1, 0.5), new ChainStats(1, Double.NaN, 1, 0.1),
                new ChainStats(2, Double.NaN, 1, 0.9));
        assertThat(Fig8Panel.representative(spread, false)).isEqualTo(0);
    }

    @Test
    void tiesGoToTheLowerChainAndASingleStartIsItself() {
        // moves 2, 2, 7, 2 of chains 6, 4, 0, 1: sorted by moves then chain -> 1, 4, 6, 0; the lower median is chain 4
        List<ChainStats> s = List.of(new ChainStats(6, 2, 1, 0), new ChainStats(4, 2, 1, 0), new ChainStats(0, 7, 1, 0),
                new ChainStats(1, 2, 1, 0));
        assertThat(Fig8Panel.representative(s, true)).isEqualTo(4);
        assertThat(Fig8Panel.representative(List.of(new ChainStats(5, 1, 1, 1)), true)).isEqualTo(5);
        // clustered or not picks the statistic: the same starts, another order
        List<ChainStats> both = List.of(new ChainStats(0, 1, 1, 9), new ChainStats(1, 9, 1, 1), new ChainStats(2, 5, 1, 5));
        assertThat(Fig8Panel.representative(both, true)).isEqualTo(2);
        assertThat(Fig8Panel.representative(List.of(both.get(0), both.get(1)), true)).isEqualTo(0);
        assertThat(Fig8Panel.representative(List.of(both.get(0), both.get(1)), false)).isEqualTo(1);
    }

    @Test
    void pathTakesOneChainsRowsInTableOrder() {
        CsvTable t = CsvTable.builder("chain", "step", "pc1", "pc2").row(0, 0, 1.0, 2.0).row(1, 0, 5.0, 6.0)
                .row(0, 1, 3.0, 4.0).row(1, 1, 7.0, 8.0).build();
        double[][] p = Fig8Panel.path(t, 1);
        assertThat(p[0]).containsExactly(5, 7);
        assertThat(p[1]).containsExactly(6, 8);
        assertThat(Fig8Panel.path(t, 0)[0]).containsExactly(1, 3);
        assertThat(Fig8Panel.path(t, 9)[0]).isEmpty();
    }
}
