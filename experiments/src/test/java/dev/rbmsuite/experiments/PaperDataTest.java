package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.datasets.BinaryDataset;
import org.junit.jupiter.api.Test;

/** Table 1 of the paper, the upper layers' widths and the seeded data sets of the figures. */
class PaperDataTest {
    @Test
    void holdsTable1() {
        assertThat(PaperData.NAMES).containsExactly("genrbm", "islands", "pentagon", "iris", "wine", "seeds");
        PaperData.Setting iris = PaperData.setting("iris");
        assertThat(iris.samples()).isEqualTo(150);
        assertThat(iris.learningRate()).isEqualTo(0.002);
        assertThat(iris.hidden()).isEqualTo(100);
        assertThat(iris.exact()).isTrue();
        assertThat(PaperData.setting("genrbm").learningRate()).isEqualTo(0.01);
        // wine and seeds are too wide for enumeration: their curves use mAIS
        assertThat(PaperData.setting("wine").exact()).isFalse();
        assertThat(PaperData.setting("seeds").exact()).isFalse();
        for (String name : PaperData.NAMES) {
            assertThat(PaperData.setting(name).name()).isEqualTo(name);
        }
        assertThatThrownBy(() -> PaperData.setting("mnist")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mnist");
    }

    @Test
    void stacksAddTheUpperLayersWidthsOnTopOfTheBottomRbm() {
        assertThat(PaperData.stackHidden(100, 0)).containsExactly(100);
        assertThat(PaperData.stackHidden(100, 1)).containsExactly(100, 50);
        assertThat(PaperData.stackHidden(80, 3)).containsExactly(80, 50, 25, 12);
    }

    @Test
    void dataSetsDependOnTheSeedOnly() {
        BinaryDataset a = PaperData.dataset("islands", 3);
        BinaryDataset b = PaperData.dataset("islands", 3);
        BinaryDataset c = PaperData.dataset("islands", 4);
        assertThat(a.size()).isEqualTo(PaperData.setting("islands").samples());
        assertThat(a.toArray()).containsExactly(b.toArray());
        assertThat(a.toArray()).isNotEqualTo(c.toArray());
    }
}
