package dev.rbmsuite.library;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Data sets and files as plain rows, with the command line's bytes. */
class DataTest {
    @TempDir
    Path dir;

    @Test
    void aDataSetHasTheRowsOfTheDatasetCommand() {
        Path cli = dir.resolve("cli.csv");
        CommandLine.run("dataset", "islands", "--seed", "3", "--param", "a=0.3", "--out", cli.toString());
        // the file adds the islands' labels as a last column; the rows are the same
        assertThat(Data.read(cli)).isEqualTo(Data.dataset("islands", 3, Map.of("a", "0.3")));

        Path plain = dir.resolve("plain.csv");
        CommandLine.run("dataset", "islands", "--out", plain.toString());
        assertThat(Data.read(plain)).isEqualTo(Data.dataset("islands")).isEqualTo(Data.dataset("islands", 1));
        assertThat(Data.dataset("islands")).hasDimensions(100, 25);
    }

    @Test
    void writtenRowsAreTheFileOfTheCommandLine() throws IOException {
        Path f = dir.resolve("rows.csv");
        Data.write(new double[][] {{1, 0, 1}, {0, 0, 1}}, f);
        assertThat(Files.readString(f)).isEqualTo("v0,v1,v2\n1,0,1\n0,0,1\n");
    }

    @Test
    void labelsAreDroppedAndTheMeanIsOfEveryValue() throws IOException {
        Path f = dir.resolve("labelled.csv");
        Files.writeString(f, "v0,v1,label\n1,0,2\n1,1,0\n");
        assertThat(Data.read(f)).isEqualTo(new double[][] {{1, 0}, {1, 1}});
        assertThat(Data.mean(Data.read(f))).isEqualTo(0.75);
    }

    @Test
    void badRowsAreRefusedNamingTheRow() {
        assertThatThrownBy(() -> Data.write(new double[0][], dir.resolve("x.csv"))).hasMessage("rows: no rows");
        assertThatThrownBy(() -> Data.write(new double[][] {{1, 0}, {1}}, dir.resolve("x.csv")))
                .hasMessage("rows: row 1 has 1 values, row 0 has 2");
        assertThatThrownBy(() -> Data.write(new double[][] {{1, 2}}, dir.resolve("x.csv")))
                .hasMessage("rows: row 0, column 1 is 2.0; the units are binary, every value must be 0 or 1");
        assertThatThrownBy(() -> Data.mean(new double[][] {{}})).hasMessage("rows: row 0 is empty");
        assertThat(dir.resolve("x.csv")).doesNotExist();
    }

    @Test
    void anNdArrayOnlyWhereTheCallerAsks() {
        INDArray m = Data.toIndArray(new double[][] {{1, 0, 1}, {0, 1, 1}});
        assertThat(m.shape()).containsExactly(2, 3);
        assertThat(m.getDouble(1, 2)).isEqualTo(1.0);
        assertThat(m.dataType().toString()).isEqualTo("DOUBLE");
    }
}
