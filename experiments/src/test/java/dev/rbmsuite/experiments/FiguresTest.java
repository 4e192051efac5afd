package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The figure registry: its ids in the paper's order, selection by id, by number and "all" (without the samplers benchmark). */
class FiguresTest {
    @Test
    void listsThePaperFiguresInOrderAndThenTheStudiesBeyondIt() {
        assertThat(Figures.ids()).containsExactly("fig1", "fig2", "fig3", "fig4", "fig5", "fig6", "fig7", "fig8",
                "fig9", "lambda2", "samplers");
    }

    @Test
    void selectsOneFigureByIdOrByNumberAndEveryFigureByAll() {
        List<Experiment> six = Figures.select("fig6");
        assertThat(six).hasSize(1);
        assertThat(six.get(0).id()).isEqualTo("fig6");
        assertThat(Figures.select("6").get(0).id()).isEqualTo("fig6");
        assertThat(Figures.select("lambda2").get(0).id()).isEqualTo("lambda2");
        assertThat(Figures.select("samplers").get(0).id()).isEqualTo("samplers");
        // "all" is every figure that needs nothing from outside the suite: not the samplers benchmark, which
        // reads the user's MNIST-format images
        assertThat(Figures.select("all")).extracting(Experiment::id).containsExactlyElementsOf(
                Figures.ids().stream().filter(id -> !id.equals("samplers")).toList());
        // a fresh experiment per selection: runs never share state
        assertThat(Figures.select("fig6").get(0)).isNotSameAs(six.get(0));
    }

    @Test
    void anUnknownIdIsAnInputErrorNamingTheChoices() {
        assertThatThrownBy(() -> Figures.select("fig10")).isInstanceOf(InputException.class)
                .hasMessage("figure: unknown figure 'fig10' (expected one of " + Figures.ids() + " or all)");
        assertThatThrownBy(() -> Figures.select("12")).isInstanceOf(InputException.class)
                .hasMessageContaining("unknown figure '12'");
    }
}
