package dev.rbmsuite.plots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The figure grid's validation and the builder's default size and letters (Figure's Javadoc). */
class FigureTest {

    private static final XyPanel P = XyPanel.builder()
            .add(Series.line("a", "bgs", new double[] {1, 2}, new double[] {1, 2})).build();

    @Test
    void figureChecksGridSizeAndPanelCount() {
        assertThatThrownBy(() -> Figure.grid(1, 2).panel(P).panel(P).panel(P).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 panels")
                .hasMessageContaining("1 x 2");
        assertThatThrownBy(() -> Figure.grid(0, 2).panel(P).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1 x 1");
        assertThatThrownBy(() -> Figure.grid(2, 0).panel(P).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 2 x 0");
        assertThatThrownBy(() -> Figure.grid(1, 1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one panel");
        assertThatThrownBy(() -> Figure.single(P, 0, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("size").hasMessageContaining("0 x 10");
        assertThatThrownBy(() -> Figure.single(P, 10, Figure.MAX_SIDE + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1.." + Figure.MAX_SIDE);
        assertThat(Figure.single(P, Figure.MAX_SIDE, 1).width()).isEqualTo(Figure.MAX_SIDE);
        assertThatThrownBy(() -> Figure.grid(1, 1).panel(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void defaultSizeIs800By600PerCellPlusTitleAndLegendRows() {
        Figure f = Figure.grid(2, 3).panel(P).panel(P).build();
        assertThat(f.width()).isEqualTo(3 * 800);
        assertThat(f.height()).isEqualTo(2 * 600);
        Figure titled = Figure.grid(2, 3).panel(P).title("Fig 7").build();
        assertThat(titled.height()).isEqualTo(2 * 600 + 60);
        Figure both = Figure.grid(1, 2).panel(P).title("Fig 6").sharedLegend(List.of(LegendEntry.line("BGS", "bgs")))
                .build();
        assertThat(both.width()).isEqualTo(1600);
        assertThat(both.height()).isEqualTo(600 + 60 + 80);
        assertThat(Figure.grid(2, 2).panel(P).size(640, 480).title("t").build().height()).isEqualTo(480);
    }

    @Test
    void lettersDefaultToOnForSeveralPanelsAndCanBeForced() {
        assertThat(Figure.grid(2, 3).panel(P).panel(P).build().letters()).isTrue();
        assertThat(Figure.grid(2, 3).panel(P).build().letters()).isFalse();
        assertThat(Figure.grid(2, 3).panel(P).letters(true).build().letters()).isTrue();
        assertThat(Figure.grid(2, 3).panel(P).panel(P).letters(false).build().letters()).isFalse();
        assertThat(Figure.single(P, 640, 480).letters()).isFalse();
    }

    @Test
    void singleIsAOneByOneGridWithoutTitleOrLegend() {
        Figure f = Figure.single(P, 640, 480);
        assertThat(f.rows()).isEqualTo(1);
        assertThat(f.cols()).isEqualTo(1);
        assertThat(f.panels()).containsExactly(P);
        assertThat(f.title()).isEmpty();
        assertThat(f.legend()).isEmpty();
    }

    @Test
    void nullTitleAndLegendBecomeEmptyAndListsAreFrozen() {
        List<Panel> panels = new ArrayList<>(List.of(P));
        List<LegendEntry> legend = new ArrayList<>(List.of(LegendEntry.line("BGS", "bgs")));
        Figure f = new Figure(1, 2, 100, 100, null, panels, true, legend);
        panels.add(P);
        legend.clear();
        assertThat(f.title()).isEmpty();
        assertThat(f.panels()).hasSize(1);
        assertThat(f.legend()).hasSize(1);
        assertThatThrownBy(() -> f.panels().add(P)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(new Figure(1, 1, 100, 100, "t", List.of(P), false, null).legend()).isEmpty();
        assertThat(Figure.grid(1, 1).panel(P).sharedLegend(List.of(LegendEntry.line("BGS", "bgs"),
                LegendEntry.line("DT", "dt"))).build().legend()).extracting(LegendEntry::label)
                .containsExactly("BGS", "DT");
    }
}
