package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** The bridge between ND4J arrays and row-major buffers: float64, copies, C order, shape checks. */
class NdTest {
    @Test
    void matricesAndVectorsAreFloat64CopiesInRowMajorOrder() {
        double[] data = {1, 2, 3, 4, 5, 6};
        INDArray m = Nd.matrix(data, 2, 3);
        assertThat(m.dataType()).isEqualTo(DataType.DOUBLE);
        assertThat(m.shape()).containsExactly(2L, 3L);
        assertThat(m.getDouble(1, 0)).isEqualTo(4.0); // row 1, column 0 = data[1 * 3 + 0]
        assertThat(m.getDouble(0, 2)).isEqualTo(3.0);
        data[0] = 99;
        assertThat(m.getDouble(0, 0)).as("the data were copied").isEqualTo(1.0);
        INDArray v = Nd.vector(new double[] {0.1, 1e-300});
        assertThat(v.dataType()).isEqualTo(DataType.DOUBLE);
        assertThat(v.shape()).containsExactly(2L);
        assertThat(v.getDouble(1)).as("no float32 rounding").isEqualTo(1e-300);
        Nd.init();
        Nd.init();
        assertThat(Nd4j.dataType()).isEqualTo(DataType.DOUBLE);
    }

    @Test
    void creatingArraysLeavesNd4jsGlobalDataTypeAsTheCallerSetIt() {
        DataType before = Nd4j.dataType();
        try {
            Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
            assertThat(Nd.matrix(new double[] {1, 2}, 1, 2).dataType()).isEqualTo(DataType.DOUBLE);
            assertThat(Nd.vector(new double[] {1, 2}).dataType()).isEqualTo(DataType.DOUBLE);
            assertThat(Rbm.of(Nd.matrix(new double[6], 2, 3), Nd.vector(new double[2]), Nd.vector(new double[3]))
                    .weights().dataType()).isEqualTo(DataType.DOUBLE);
            assertThat(Nd4j.dataType()).as("the global default, untouched").isEqualTo(DataType.FLOAT);
        } finally {
            Nd4j.setDefaultDataTypes(before, before);
        }
    }

    @Test
    void matrixRejectsAWrongNumberOfValues() {
        assertThatThrownBy(() -> Nd.matrix(new double[5], 2, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data has 5 values, not 2x3");
    }

    @Test
    void toArrayReadsAnyLayoutAndTypeInCOrder() {
        INDArray f = Nd4j.create(new double[][] {{1, 2, 3}, {4, 5, 6}}).dup('f');
        assertThat(f.ordering()).isEqualTo('f');
        assertThat(Nd.toArray(f)).containsExactly(1, 2, 3, 4, 5, 6);
        INDArray t = Nd.matrix(new double[] {1, 2, 3, 4, 5, 6}, 2, 3).transpose(); // a view: 3x2
        assertThat(Nd.toArray(t)).containsExactly(1, 4, 2, 5, 3, 6);
        INDArray single = Nd4j.create(new float[] {0.5f, 0.25f}, new long[] {2}, DataType.FLOAT);
        assertThat(Nd.toArray(single)).containsExactly(0.5, 0.25);
        double[] copy = Nd.toArray(f);
        copy[0] = 7;
        assertThat(f.getDouble(0, 0)).isEqualTo(1.0);
    }

    @Test
    void rowsAcceptsAMatrixOrOneVectorAndNamesWhatIsWrong() {
        INDArray m = Nd.matrix(new double[] {1, 0, 1, 0, 0, 1}, 2, 3);
        assertThat(Nd.rows(m, 3, "visible states")).containsExactly(1, 0, 1, 0, 0, 1);
        assertThat(Nd.rowCount(m)).isEqualTo(2);
        INDArray v = Nd.vector(new double[] {1, 1, 0});
        assertThat(Nd.rows(v, 3, "visible states")).containsExactly(1, 1, 0);
        assertThat(Nd.rowCount(v)).isEqualTo(1);
        assertThatThrownBy(() -> Nd.rows(m, 4, "visible states")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("visible states must have 4 columns, got shape [2, 3]");
        assertThatThrownBy(() -> Nd.rows(v, 2, "hidden states")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hidden states must have 2 columns, got shape [3]");
        INDArray cube = Nd4j.zeros(DataType.DOUBLE, 2, 3, 1);
        assertThatThrownBy(() -> Nd.rows(cube, 3, "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[2, 3, 1]");
    }
}
