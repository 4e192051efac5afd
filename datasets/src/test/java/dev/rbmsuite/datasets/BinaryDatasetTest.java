package dev.rbmsuite.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Nd;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

class BinaryDatasetTest {

    @Test
    void holdsAnImmutableCopyWithShapeAndLabels() {
        double[] values = {1, 0, 0, 1, 1, 1};
        int[] labels = {1, 0};
        BinaryDataset d = BinaryDataset.of("toy", values, 2, 3, labels, List.of("a", "b"));
        values[0] = 0;
        labels[0] = 0;
        assertThat(d.size()).isEqualTo(2);
        assertThat(d.dimension()).isEqualTo(3);
        assertThat(d.get(0, 0)).isEqualTo(1.0);
        assertThat(d.row(1)).containsExactly(1, 1, 1);
        assertThat(d.labels()).containsExactly(1, 0);
        assertThat(d.label(0)).isEqualTo(1);
        assertThat(d.classNames()).containsExactly("a", "b");
        d.toArray()[0] = 0;
        d.labels()[0] = 0;
        assertThat(d.get(0, 0)).isEqualTo(1.0);
        assertThat(d.label(0)).isEqualTo(1);
        INDArray m = d.matrix();
        assertThat(m.shape()).containsExactly(2L, 3L);
        assertThat(Nd.toArray(m)).containsExactly(1, 0, 0, 1, 1, 1);
        assertThat(BinaryDataset.of("toy", m)).isNotEqualTo(d); // no labels
        assertThat(d.withName("x").name()).isEqualTo("x");
    }

    @Test
    void rejectsNonBinaryValuesWrongShapesAndBadLabels() {
        assertThatThrownBy(() -> BinaryDataset.of("t", new double[] {0, 0.5}, 1, 2, null, null))
                .hasMessageContaining("row 0, column 1 is not binary");
        assertThatThrownBy(() -> BinaryDataset.of("t", new double[] {0, 1, 1}, 1, 2, null, null))
                .hasMessageContaining("3 values");
        assertThatThrownBy(() -> BinaryDataset.of("t", new double[] {0, 1}, 1, 2, new int[] {2}, List.of("a", "b")))
                .hasMessageContaining("label 2");
        assertThatThrownBy(() -> BinaryDataset.of("t", new double[] {0, 1}, 1, 2, new int[] {-1}, null))
                .hasMessageContaining("label -1");
        assertThatThrownBy(() -> BinaryDataset.of("t", new double[] {0, 1}, 1, 2, null, null).labels())
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> BinaryDataset.of(" ", new double[] {0, 1}, 1, 2, null, null))
                .hasMessageContaining("name");
    }
}
