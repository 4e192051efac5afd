package dev.rbmsuite.datasets.uci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A parsed table: its shape checks, row-major access, defensive copies and class counts. */
class UciTableTest {

    /** Three iris rows: feature f of row r is 10 r + f, classes 2, 0, 2. */
    private static UciTable small() {
        double[] v = new double[3 * 4];
        for (int r = 0; r < 3; r++) {
            for (int f = 0; f < 4; f++) {
                v[r * 4 + f] = 10 * r + f;
            }
        }
        return new UciTable(UciSource.IRIS, 3, v, new int[] {2, 0, 2});
    }

    @Test
    void valuesAreRowMajorAndColumnsGatherOneFeature() {
        UciTable t = small();
        assertThat(t.rows()).isEqualTo(3);
        assertThat(t.features()).isEqualTo(4);
        for (int r = 0; r < 3; r++) {
            for (int f = 0; f < 4; f++) {
                assertThat(t.value(r, f)).isEqualTo(10.0 * r + f);
            }
        }
        assertThat(t.column(1)).containsExactly(1, 11, 21);
        assertThat(t.toArray()).hasSize(12).startsWith(0, 1, 2, 3, 10);
        assertThat(t.featureNames()).isEqualTo(UciSource.IRIS.featureNames());
        assertThat(t.classNames()).isEqualTo(UciSource.IRIS.classNames());
        assertThat(t.source()).isSameAs(UciSource.IRIS);
    }

    @Test
    void classCountsCountTheLabels() {
        UciTable t = small();
        assertThat(t.classCounts()).containsExactly(1, 0, 2);
        assertThat(t.labels()).containsExactly(2, 0, 2);
        assertThat(t.toString()).contains("iris").contains("3 x 4").contains("[1, 0, 2]");
    }

    @Test
    void inputsAndOutputsAreCopies() {
        double[] v = new double[4];
        int[] l = {1};
        UciTable t = new UciTable(UciSource.IRIS, 1, v, l);
        v[0] = 99;
        l[0] = 2;
        assertThat(t.value(0, 0)).isZero();
        assertThat(t.labels()).containsExactly(1);
        t.toArray()[0] = 7;
        t.labels()[0] = 0;
        t.column(0)[0] = 5;
        assertThat(t.value(0, 0)).isZero();
        assertThat(t.labels()).containsExactly(1);
    }

    @Test
    void shapeMismatchesAreRefusedWithTheExpectedSizes() {
        assertThatThrownBy(() -> new UciTable(UciSource.SEEDS, 2, new double[13], new int[2]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("seeds")
                .hasMessageContaining("2 rows needs 14 values and 2 labels");
        assertThatThrownBy(() -> new UciTable(UciSource.SEEDS, 2, new double[14], new int[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 labels");
        assertThatThrownBy(() -> new UciTable(UciSource.IRIS, 0, new double[0], new int[0]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UciTable(null, 1, new double[4], new int[1]))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("source");
    }

    @Test
    void labelsOutsideTheClassListAndNonFiniteValuesAreRefused() {
        assertThatThrownBy(() -> new UciTable(UciSource.IRIS, 2, new double[8], new int[] {0, 3}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1")
                .hasMessageContaining("label 3").hasMessageContaining("3 classes");
        assertThatThrownBy(() -> new UciTable(UciSource.IRIS, 1, new double[4], new int[] {-1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("label -1");
        double[] v = new double[8];
        v[6] = Double.NaN;
        assertThatThrownBy(() -> new UciTable(UciSource.IRIS, 2, v, new int[] {0, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1")
                .hasMessageContaining("feature 3 (petal length)").hasMessageContaining("NaN");
    }

    @Test
    void indicesOutsideTheTableAreRefused() {
        UciTable t = small();
        assertThatThrownBy(() -> t.value(3, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.value(0, 4)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.value(-1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.column(4)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
